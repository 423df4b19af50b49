// What the node error view shows (spec 001 §2.7, §9; n8n's NodeErrorView), as pure functions:
// the parameter named by the error, the cause (not shown when its JSON is too large), the detail
// rows and the text the copy button puts on the clipboard.
import type { ExecutionError } from '../../../model/execution.ts';
import type { INodeProperties, INodePropertyCollection } from '../../../model/nodeTypes.ts';

/** n8n's MAX_DISPLAY_DATA_SIZE: a cause whose JSON is longer than this is not displayed. */
export const MAX_CAUSE_CHARS = 204800;

/**
 * The parameter an error names (context.parameter, a dotted path such as 'options.timeout'), as
 * its display names ('Options > Timeout'); 'Could not find parameter "…"' when the node type
 * has no such parameter.
 */
export function parameterLabel(properties: readonly INodeProperties[], path: string): string {
  const names: string[] = [];
  let level: readonly (INodeProperties | INodePropertyCollection)[] = properties;
  for (const raw of path.split('.')) {
    const seg = raw.replace(/\[\d+\]$/, '');
    if (/^\d+$/.test(seg)) continue; // list indexes ('values.0.name')
    const found = level.find((p) => p.name === seg);
    if (!found) return `Could not find parameter "${path}"`;
    names.push(found.displayName);
    const opts = (found as INodeProperties).options ?? (found as INodePropertyCollection).values ?? [];
    // Collections hold properties, fixed collections hold groups of them (each with `values`).
    level = (opts as unknown[]).filter((o): o is INodeProperties | INodePropertyCollection => typeof o === 'object' && o !== null && 'displayName' in o);
  }
  return names.join(' > ');
}

/** The cause as JSON, or undefined when there is none or it is too large to show. */
export function causeJson(cause: unknown): { value: unknown; tooLarge: false } | { tooLarge: true } | undefined {
  if (cause === undefined || cause === null || cause === '') return undefined;
  let text: string | undefined;
  try {
    text = JSON.stringify(cause);
  } catch {
    return { tooLarge: true };
  }
  if (text === undefined) return undefined;
  return text.length > MAX_CAUSE_CHARS ? { tooLarge: true } : { value: cause, tooLarge: false };
}

export interface ErrorRow {
  label: string;
  value: string;
}

/** The 'Other info' rows: time, item index, run index, parameter, HTTP code, node type. */
export function errorRows(error: ExecutionError, o: { runIndex: number; parameter?: string; timeZone?: string }): ErrorRow[] {
  const ctx = error.context ?? {};
  const rows: ErrorRow[] = [];
  if (error.httpCode) rows.push({ label: 'HTTP code', value: String(error.httpCode) });
  if (error.timestamp) rows.push({ label: 'Time', value: formatTime(error.timestamp, o.timeZone) });
  if (typeof ctx.itemIndex === 'number') rows.push({ label: 'Item index', value: String(ctx.itemIndex) });
  rows.push({ label: 'Run index', value: String(typeof ctx.runIndex === 'number' ? ctx.runIndex : o.runIndex) });
  if (o.parameter) rows.push({ label: 'Parameter', value: o.parameter });
  if (error.node) rows.push({ label: 'Node type', value: `${error.node.type}${error.node.typeVersion !== undefined ? ` (version ${error.node.typeVersion})` : ''}` });
  return rows;
}

function formatTime(ms: number, timeZone?: string): string {
  const d = new Date(ms);
  try {
    return d.toLocaleString(undefined, timeZone ? { timeZone } : undefined);
  } catch {
    return d.toISOString();
  }
}

/** What 'Copy' puts on the clipboard: the error's fields as n8n's copy does, as readable JSON. */
export function errorCopyText(error: ExecutionError, rows: readonly ErrorRow[]): string {
  const out: Record<string, unknown> = { errorMessage: error.message };
  if (error.description) out.errorDescription = error.description;
  const ctx = error.context ?? {};
  if (ctx.causeDetailed) out.errorDetails = { causeDetailed: ctx.causeDetailed };
  if (error.httpCode) out.httpCode = String(error.httpCode);
  const c = causeJson(error.cause);
  if (c && !c.tooLarge) out.cause = c.value;
  const info: Record<string, string> = {};
  for (const r of rows) info[r.label] = r.value;
  out.details = info;
  if (error.stack) out.stackTrace = error.stack.split('\n');
  return JSON.stringify(out, null, 2);
}
