// onError = continueErrorOutput: items that carry an error go to the extra last output, as n8n's
// WorkflowExecute.handleNodeErrorOutput does. An error item is one with `error` set, or whose
// json holds a truthy `error` and nothing but error / message / details; it takes the fields of
// the input item it came from (its first pairedItem), under its own. The error output holds only
// these items (n8n replaces whatever the node put there).
import type { INodeExecutionData } from '../model/execution.ts';

function pairedOf(item: INodeExecutionData): { item: number; input?: number } | undefined {
  const p = (item as { pairedItem?: unknown }).pairedItem;
  const first = Array.isArray(p) ? p[0] : p;
  return typeof first === 'object' && first !== null && typeof (first as { item?: unknown }).item === 'number' ? (first as { item: number; input?: number }) : undefined;
}

function isErrorItem(item: INodeExecutionData): boolean {
  if (item.error) return true;
  const json = item.json;
  return !!json && !!json.error && Object.keys(json).every((k) => k === 'error' || k === 'message' || k === 'details');
}

/**
 * Splits each regular output of a node run into its success items and the error items, which
 * all go to the error output at index `regularOutputs`. `inputs` is the node's main input data
 * (the items the error items are paired with).
 */
export function routeErrorOutput(
  data: Array<INodeExecutionData[] | null>,
  regularOutputs: number,
  inputs: ReadonlyArray<INodeExecutionData[] | null | undefined> = [],
): Array<INodeExecutionData[] | null> {
  const errors: INodeExecutionData[] = [];
  const out: Array<INodeExecutionData[] | null> = [];
  for (let i = 0; i < regularOutputs; i++) {
    const ok: INodeExecutionData[] = [];
    for (const item of data[i] ?? []) {
      if (item === undefined || item === null) continue;
      if (!isErrorItem(item)) {
        ok.push(item);
        continue;
      }
      const paired = pairedOf(item);
      const source = paired ? inputs[paired.input ?? 0]?.[paired.item] : undefined;
      errors.push(source?.json ? { ...item, json: { ...source.json, ...item.json } } : item);
    }
    out.push(ok);
  }
  out.push(errors);
  return out;
}
