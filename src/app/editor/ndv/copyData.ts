// Copy from the output panel's JSON view (spec 001 §2.7): the selected value, its item path or
// its parameter path, as n8n's editor words them; a success toast for 2000 ms (§9).
import { COPY_TOAST_MS } from '../../../model/constants.ts';
import type { ToastStore } from '../../stores/ToastStore.ts';
import { errorMessage } from '../../api/errors.ts';
import type { DataPath } from './mapping/mappingExpression.ts';

export const COPIED = 'Copied to clipboard';

/** ["key"][0]["other key"] */
export function bracketPath(path: DataPath): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `[${JSON.stringify(p)}]`)).join('');
}

export function itemPathOf(nodeName: string, item: number, path: DataPath): string {
  return `{{ $item(${item}).$node[${JSON.stringify(nodeName)}].json${bracketPath(path)} }}`;
}

export function parameterPathOf(nodeName: string, path: DataPath): string {
  return `{{ $node[${JSON.stringify(nodeName)}].json${bracketPath(path)} }}`;
}

export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value, null, 2);
}

export async function copyText(toasts: ToastStore, text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toasts.show({ kind: 'success', title: COPIED, duration: COPY_TOAST_MS });
    return true;
  } catch (err) {
    toasts.error('Could not copy to the clipboard', errorMessage(err), false);
    return false;
  }
}
