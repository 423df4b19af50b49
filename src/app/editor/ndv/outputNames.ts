import type { INodeTypeDescription } from '../../../model/nodeTypes.ts';

/** Names of a node type's main outputs ('true' / 'false' for IF), 'Output n' when unnamed. */
export function outputNamesOf(d: INodeTypeDescription | undefined): string[] {
  const count = d?.outputs.length ?? 1;
  return Array.from({ length: count }, (_, i) => d?.outputNames?.[i] ?? (count > 1 ? `Output ${i + 1}` : 'Output'));
}
