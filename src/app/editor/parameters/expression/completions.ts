// Completions inside `{{ }}` (and for the Code node's JavaScript): n8n's variables and the
// globals the engine defines (model/dataProxy.ts, model/expressions/globals.ts), node names of
// the workflow, `$json` fields from the node's real input item, and the extension methods the
// evaluator supports for the kind of value before the dot. Pure: the editor calls it on every
// keystroke with the text and the cursor.
import { splitTemplate } from '../../../../model/expressions/template/split.ts';

export type CompletionKind = 'variable' | 'function' | 'field' | 'method' | 'node' | 'property';

export interface CompletionOption {
  label: string;
  /** Text that replaces [from, to). */
  insert: string;
  kind: CompletionKind;
  detail?: string;
  /** Cursor offset inside `insert` after accepting (default: its end). */
  cursor?: number;
}

export interface CompletionResult {
  from: number;
  to: number;
  options: CompletionOption[];
}

import type { ValueKind } from '../../../../../workers/expression/catalog.ts';
export type { ValueKind };

export interface CompletionData {
  /** Names of the workflow's nodes other than this one (ancestors first). */
  nodeNames: string[];
  /** The json of the node's first input item, when the input has run data. */
  sample: unknown;
  /** The evaluator's extension methods per kind of value. */
  extensions: Partial<Record<ValueKind, string[]>>;
  /** The node's own parameter names, for `$parameter.`. */
  parameterNames?: string[];
}

interface Global {
  label: string;
  detail: string;
  insert?: string;
  cursor?: number;
  kind?: CompletionKind;
}

/** The variables and functions an expression sees (those dataProxy.ts and globals.ts define). */
export const EXPRESSION_GLOBALS: Global[] = [
  { label: '$json', detail: 'The current input item’s JSON' },
  { label: '$binary', detail: 'The current input item’s binary data' },
  { label: '$input', detail: 'The node’s input: .item, .all(), .first(), .last()' },
  { label: "$('')", insert: "$('')", cursor: 3, detail: 'Another node’s data by name', kind: 'function' },
  { label: '$node', detail: 'Other nodes by name: $node["Name"].json' },
  { label: '$items()', insert: '$items()', cursor: 7, detail: 'Items of a node', kind: 'function' },
  { label: '$parameter', detail: 'This node’s parameters' },
  { label: '$prevNode', detail: 'The node the input came from: name, outputIndex, runIndex' },
  { label: '$itemIndex', detail: 'Index of the current item' },
  { label: '$runIndex', detail: 'How many times this node has run before' },
  { label: '$now', detail: 'The current time (DateTime)' },
  { label: '$today', detail: 'Midnight today (DateTime)' },
  { label: '$workflow', detail: 'id, name, active' },
  { label: '$execution', detail: 'id, mode, resumeUrl' },
  { label: '$vars', detail: 'Variables' },
  { label: '$mode', detail: 'The execution mode' },
  { label: '$nodeVersion', detail: 'This node’s type version' },
  { label: '$nodeId', detail: 'This node’s id' },
  { label: '$webhookId', detail: 'This node’s webhook id' },
  { label: '$if()', insert: '$if()', cursor: 4, detail: '$if(condition, valueIfTrue, valueIfFalse)', kind: 'function' },
  { label: '$ifEmpty()', insert: '$ifEmpty()', cursor: 9, detail: '$ifEmpty(value, valueIfEmpty)', kind: 'function' },
  { label: '$not()', insert: '$not()', cursor: 5, detail: 'Negates a value', kind: 'function' },
  { label: '$min()', insert: '$min()', cursor: 5, detail: 'Smallest of the numbers', kind: 'function' },
  { label: '$max()', insert: '$max()', cursor: 5, detail: 'Largest of the numbers', kind: 'function' },
  { label: '$average()', insert: '$average()', cursor: 9, detail: 'Average of the numbers', kind: 'function' },
  { label: '$evaluateExpression()', insert: '$evaluateExpression()', cursor: 20, detail: 'Evaluates an expression string', kind: 'function' },
  { label: 'DateTime', detail: 'Luxon DateTime' },
  { label: 'Duration', detail: 'Luxon Duration' },
  { label: 'Interval', detail: 'Luxon Interval' },
  { label: 'Math', detail: 'JavaScript Math' },
  { label: 'JSON', detail: 'JSON.stringify / JSON.parse' },
  { label: 'Object', detail: 'Object.keys / values / entries …' },
  { label: 'Array', detail: 'Array.isArray / from / of' },
  { label: 'String', detail: 'String' },
  { label: 'Number', detail: 'Number' },
  { label: 'Date', detail: 'JavaScript Date' },
];

/** The Code node's extras (n8n's Code node, 'Run once for all items' and 'for each item'). */
export const CODE_GLOBALS: Global[] = [
  ...EXPRESSION_GLOBALS.filter((g) => g.label !== '$evaluateExpression()'),
  { label: 'items', detail: 'All input items (legacy)' },
  { label: 'item', detail: 'The current item (each-item mode)' },
  { label: 'console.log()', insert: 'console.log()', cursor: 12, detail: 'Writes to the browser console in manual runs', kind: 'function' },
];

const INPUT_MEMBERS: Global[] = [
  { label: 'item', detail: 'The current input item' },
  { label: 'all()', insert: 'all()', detail: 'All input items' },
  { label: 'first()', insert: 'first()', detail: 'The first input item' },
  { label: 'last()', insert: 'last()', detail: 'The last input item' },
  { label: 'params', detail: 'Parameters of the node the input came from' },
];

const NODE_SELECT_MEMBERS: Global[] = [
  { label: 'item', detail: 'The item this item came from (paired items)' },
  { label: 'first()', insert: 'first()', detail: 'First output item' },
  { label: 'last()', insert: 'last()', detail: 'Last output item' },
  { label: 'all()', insert: 'all()', detail: 'All output items' },
  { label: 'pairedItem()', insert: 'pairedItem()', detail: 'The paired item of an item index' },
  { label: 'itemMatching()', insert: 'itemMatching()', cursor: 13, detail: 'The item matching an input item index' },
  { label: 'isExecuted', detail: 'Whether the node has run' },
  { label: 'params', detail: 'The node’s parameters' },
];

const NODE_MEMBERS: Global[] = [
  { label: 'json', detail: 'JSON of the node’s item' },
  { label: 'binary', detail: 'Binary data of the node’s item' },
  { label: 'parameter', detail: 'The node’s parameters' },
  { label: 'runIndex', detail: 'The node’s last run index' },
  { label: 'context', detail: 'The node’s context' },
];

const ITEM_MEMBERS: Global[] = [
  { label: 'json', detail: 'The item’s JSON' },
  { label: 'binary', detail: 'The item’s binary data' },
  { label: 'pairedItem', detail: 'Which input item it came from' },
];

const MEMBERS_OF: Record<string, Global[]> = {
  $workflow: [
    { label: 'id', detail: 'Workflow id' },
    { label: 'name', detail: 'Workflow name' },
    { label: 'active', detail: 'Whether it is active' },
  ],
  $execution: [
    { label: 'id', detail: 'Execution id' },
    { label: 'mode', detail: "'test' or 'production'" },
    { label: 'resumeUrl', detail: 'URL that resumes a waiting execution' },
    { label: 'customData', detail: 'Custom execution data' },
  ],
  $prevNode: [
    { label: 'name', detail: 'Name of the previous node' },
    { label: 'outputIndex', detail: 'Its output the input came from' },
    { label: 'runIndex', detail: 'Its run the input came from' },
  ],
};

const DATE_METHODS = ['toFormat()', 'toISO()', 'toISODate()', 'toMillis()', 'toSeconds()', 'plus()', 'minus()', 'startOf()', 'endOf()', 'set()', 'setZone()', 'diff()', 'toRelative()', 'year', 'month', 'day', 'hour', 'minute', 'second', 'weekday'];

function identifierPath(path: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(path) ? `.${path}` : `[${JSON.stringify(path)}]`;
}

/** Kind of a sample value, as the evaluator's extension dispatch sees it. */
export function valueKind(v: unknown): ValueKind | undefined {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  if (Array.isArray(v)) return 'array';
  if (v && typeof v === 'object') return 'object';
  return undefined;
}

/** Reads `.a.b[0]["c d"]` off a value; undefined when the path leaves the data. */
export function readPath(root: unknown, path: string): { found: boolean; value: unknown } {
  let v = root;
  const re = /\.([A-Za-z_$][\w$]*)|\[\s*(\d+)\s*\]|\[\s*(['"])((?:\\.|(?!\3).)*)\3\s*\]/y;
  let i = 0;
  while (i < path.length) {
    re.lastIndex = i;
    const m = re.exec(path);
    if (!m) return { found: false, value: undefined };
    const key = m[1] ?? m[2] ?? m[4].replace(/\\(.)/g, '$1');
    if (v === null || typeof v !== 'object' || !(key in (v as object))) return { found: false, value: undefined };
    v = (v as Record<string, unknown>)[key];
    i = re.lastIndex;
  }
  return { found: true, value: v };
}

function fieldOptions(value: unknown, prefix: string): CompletionOption[] {
  const out: CompletionOption[] = [];
  if (Array.isArray(value)) return out;
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value).slice(0, 500)) {
      if (!key.toLowerCase().startsWith(prefix.toLowerCase())) continue;
      const v = (value as Record<string, unknown>)[key];
      const ident = /^[A-Za-z_$][\w$]*$/.test(key);
      out.push({ label: key, insert: ident ? key : `[${JSON.stringify(key)}]`, kind: 'field', detail: typeHint(v) });
    }
  }
  return out;
}

function typeHint(v: unknown): string {
  if (Array.isArray(v)) return `Array (${v.length})`;
  if (v === null) return 'null';
  if (typeof v === 'object') return 'Object';
  if (typeof v === 'string') return v.length > 40 ? `"${v.slice(0, 40)}…"` : JSON.stringify(v);
  return String(v);
}

function methodOptions(kind: ValueKind | undefined, data: CompletionData, prefix: string): CompletionOption[] {
  if (!kind) return [];
  const names = new Set(data.extensions[kind] ?? []);
  if (kind === 'date') for (const m of DATE_METHODS) names.add(m.replace('()', ''));
  return [...names]
    .filter((n) => n.toLowerCase().startsWith(prefix.toLowerCase()))
    .sort()
    .map((n) => {
      const isProp = kind === 'date' && DATE_METHODS.includes(n);
      return { label: isProp ? n : `${n}()`, insert: isProp ? n : `${n}()`, kind: isProp ? 'property' : 'method', detail: `${kind} method`, cursor: isProp ? undefined : n.length + 1 } as CompletionOption;
    });
}

function fromGlobals(list: Global[], prefix: string, kind: CompletionKind = 'variable'): CompletionOption[] {
  const p = prefix.toLowerCase();
  return list
    .filter((g) => g.label.toLowerCase().startsWith(p))
    .map((g) => ({ label: g.label, insert: g.insert ?? g.label, kind: g.kind ?? (g.label.endsWith(')') ? 'function' : kind), detail: g.detail, cursor: g.cursor }));
}

/** Where the cursor is inside a `{{ }}` segment: the segment's code up to the cursor, else undefined. */
export function codeBeforeCursor(template: string, cursor: number): string | undefined {
  for (const s of splitTemplate(template)) {
    if (s.type !== 'code') continue;
    const end = s.closed ? s.start + s.code.length : template.length;
    if (cursor >= s.start && cursor <= end) return template.slice(s.start, cursor);
  }
  return undefined;
}

/**
 * Completions for JavaScript code ending at the cursor (`code` is everything before it).
 * `globals` is the list offered for a bare word.
 */
export function completeCode(code: string, data: CompletionData, globals: Global[] = EXPRESSION_GLOBALS): { replace: number; options: CompletionOption[] } | undefined {
  // $('Na| or $("Na| or $node["Na| → node names.
  const nodeCall = /\$\(\s*(['"])([^'"]*)$/.exec(code) ?? /\$node\[\s*(['"])([^'"]*)$/.exec(code);
  if (nodeCall) {
    const q = nodeCall[1];
    const typed = nodeCall[2];
    const close = nodeCall[0].startsWith('$(') ? `${q})` : `${q}]`;
    const options = data.nodeNames
      .filter((n) => n.toLowerCase().includes(typed.toLowerCase()))
      .map((n) => ({ label: n, insert: n.replace(/\\/g, '\\\\').replace(new RegExp(q, 'g'), `\\${q}`) + close, kind: 'node' as const, detail: 'Node' }));
    return { replace: typed.length, options };
  }
  // A member access: <chain>.<prefix>
  const member = /((?:\$\(\s*(?:'[^']*'|"[^"]*")\s*\)|\$node\[\s*(?:'[^']*'|"[^"]*")\s*\]|[A-Za-z_$][\w$]*|\)|\])(?:\.[A-Za-z_$][\w$]*(?:\(\))?|\[\s*(?:\d+|'[^']*'|"[^"]*")\s*\])*)\.([A-Za-z_$][\w$]*)?$/.exec(code);
  if (member) {
    const chain = member[1];
    const prefix = member[2] ?? '';
    return { replace: prefix.length, options: memberOptions(chain, prefix, data) };
  }
  // String / number literal followed by a dot.
  const literal = /(['"`])(?:(?!\1).)*\1\.([A-Za-z_$][\w$]*)?$/.exec(code) ?? /(\d+(?:\.\d+)?)\.([A-Za-z_$][\w$]*)$/.exec(code);
  if (literal) {
    const prefix = literal[2] ?? '';
    const kind: ValueKind = /^['"`]/.test(literal[0]) ? 'string' : 'number';
    return { replace: prefix.length, options: methodOptions(kind, data, prefix) };
  }
  // A bare word (or a lone '$').
  const word = /(?:^|[^\w$.])([A-Za-z_$][\w$]*)$/.exec(code);
  if (word) return { replace: word[1].length, options: fromGlobals(globals, word[1]) };
  return undefined;
}

function memberOptions(chain: string, prefix: string, data: CompletionData): CompletionOption[] {
  // $json / $input.item.json / $input.first().json / $node["X"].json … → fields of the sample.
  const jsonRoot = /^(?:\$json|\$data|\$input\.(?:item|first\(\)|last\(\))\.json|\$\(\s*(?:'[^']*'|"[^"]*")\s*\)\.(?:item|first\(\)|last\(\))\.json|\$node\[\s*(?:'[^']*'|"[^"]*")\s*\]\.json)((?:\.[A-Za-z_$][\w$]*|\[\s*(?:\d+|'[^']*'|"[^"]*")\s*\])*)$/.exec(chain);
  if (jsonRoot) {
    // Other nodes' data is not sampled: fields only for the node's own input.
    const own = /^(?:\$json|\$data|\$input\.)/.test(chain);
    if (!own) return [];
    const { found, value } = readPath(data.sample, jsonRoot[1]);
    if (!found) return [];
    return [...fieldOptions(value, prefix), ...methodOptions(valueKind(value), data, prefix)];
  }
  if (chain === '$input') return fromGlobals(INPUT_MEMBERS, prefix, 'property');
  if (/^\$input\.(?:item|first\(\)|last\(\))$/.test(chain) || /^\$\(\s*(?:'[^']*'|"[^"]*")\s*\)\.(?:item|first\(\)|last\(\))$/.test(chain)) {
    return fromGlobals(ITEM_MEMBERS, prefix, 'property');
  }
  if (/^\$\(\s*(?:'[^']*'|"[^"]*")\s*\)$/.test(chain)) return fromGlobals(NODE_SELECT_MEMBERS, prefix, 'property');
  if (/^\$node\[\s*(?:'[^']*'|"[^"]*")\s*\]$/.test(chain)) return fromGlobals(NODE_MEMBERS, prefix, 'property');
  if (chain === '$node') {
    return data.nodeNames
      .filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n.toLowerCase().startsWith(prefix.toLowerCase()))
      .map((n) => ({ label: n, insert: n, kind: 'node' as const, detail: 'Node' }));
  }
  if (chain === '$now' || chain === '$today') return methodOptions('date', data, prefix);
  if (MEMBERS_OF[chain]) return fromGlobals(MEMBERS_OF[chain], prefix, 'property');
  if (chain === '$parameter') {
    return (data.parameterNames ?? [])
      .filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n.toLowerCase().startsWith(prefix.toLowerCase()))
      .map((n) => ({ label: n, insert: n, kind: 'property' as const, detail: 'Parameter' }));
  }
  return [];
}

/** Completions for an expression parameter's text (without '=') at a cursor position. */
export function completeExpression(template: string, cursor: number, data: CompletionData): CompletionResult | undefined {
  const code = codeBeforeCursor(template, cursor);
  if (code === undefined) return undefined;
  const r = completeCode(code, data);
  if (!r || r.options.length === 0) return undefined;
  return { from: cursor - r.replace, to: cursor, options: r.options.slice(0, 200) };
}

/** Applies an option: the new text and where the cursor goes. */
export function applyCompletion(text: string, result: Pick<CompletionResult, 'from' | 'to'>, option: CompletionOption): { text: string; cursor: number } {
  // A node name completing `$('Na` may already be followed by the closing quote and paren.
  let to = result.to;
  const tail = text.slice(to);
  if (option.kind === 'node') {
    const closer = option.insert.slice(-2);
    if (tail.startsWith(closer)) to += 2;
  }
  const next = text.slice(0, result.from) + option.insert + text.slice(to);
  return { text: next, cursor: result.from + (option.cursor ?? option.insert.length) };
}

/** Field paths of a sample item ('.a', '.a.b', '.list[0]', '["a b"]' …), for the full editor's input list. */
export function samplePaths(sample: unknown, limit = 200): Array<{ path: string; value: unknown }> {
  const out: Array<{ path: string; value: unknown }> = [];
  const walk = (v: unknown, path: string, depth: number) => {
    if (out.length >= limit) return;
    if (v && typeof v === 'object' && depth < 4) {
      const keys = Array.isArray(v) ? v.slice(0, 3).map((_, i) => i) : Object.keys(v);
      if (path) out.push({ path, value: v });
      for (const k of keys) walk((v as Record<string, unknown>)[k as never], path + (typeof k === 'number' ? `[${k}]` : identifierPath(k)), depth + 1);
      return;
    }
    if (path) out.push({ path, value: v });
  };
  walk(sample, '', 0);
  return out;
}
