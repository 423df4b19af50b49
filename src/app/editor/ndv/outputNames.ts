import type { INodeTypeDescription } from '../../../model/nodeTypes.ts';

/**
 * Names of a node type's main outputs ('true' / 'false' for IF), 'Output n' when unnamed. With
 * onError 'continueErrorOutput' the node has n8n's extra 'Error' output after them, and a single
 * regular output is called 'Success'.
 */
export function outputNamesOf(d: INodeTypeDescription | undefined, onError?: unknown): string[] {
  const count = d ? d.outputs.filter((t) => t === 'main').length : 1;
  const names = Array.from({ length: count }, (_, i) => d?.outputNames?.[i] ?? (count > 1 ? `Output ${i + 1}` : 'Output'));
  if (onError !== 'continueErrorOutput') return names;
  return [...(count === 1 ? ['Success'] : names), 'Error'];
}
