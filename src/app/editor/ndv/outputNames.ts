import type { INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { nodePorts } from '../../../model/nodePorts.ts';
import type { NodeParameters } from '../../../model/workflow.ts';

/**
 * Names of a node type's main outputs ('true' / 'false' for IF), 'Output n' when unnamed. With
 * onError 'continueErrorOutput' the node has n8n's extra 'Error' output after them, and a single
 * regular output is called 'Success'.
 */
export function outputNamesOf(d: INodeTypeDescription | undefined, onError?: unknown): string[] {
  const count = d ? d.outputs.filter((t) => t === 'main').length : 1;
  return withErrorOutput(namesFor(count, d?.outputNames), onError);
}

/** What the node's main outputs are called with these parameters. */
export interface OutputNode {
  type: string;
  typeVersion: number;
  parameters?: NodeParameters;
  settings?: { onError?: unknown };
}

/**
 * The node's main outputs as the canvas draws them (src/model/nodePorts.ts): one per Switch
 * rule (its output key, or its index) plus the fallback output, one per Webhook method, Respond
 * to Webhook's response branch; the type's fixed outputs otherwise. n8n computes these from the
 * type's outputs expression (Switch's configuredOutputs), and its output panel has a tab for each.
 */
export function nodeOutputNames(d: INodeTypeDescription | undefined, node: OutputNode): string[] {
  return withErrorOutput(regularOutputNames(d, node), node.settings?.onError);
}

/** The node's main outputs without the error output onError may add. */
export function regularOutputNames(d: INodeTypeDescription | undefined, node: OutputNode): string[] {
  if (!d) return namesFor(1, undefined);
  const ports = nodePorts(d, node.type, node.typeVersion, node.parameters);
  // Fixed ports come from the description, which may list non-main (AI) outputs too.
  if (ports.outputs === d.outputs.length && ports.outputNames === d.outputNames) return namesFor(d.outputs.filter((t) => t === 'main').length, d.outputNames);
  return namesFor(ports.outputs, ports.outputNames);
}

function namesFor(count: number, names: readonly string[] | undefined): string[] {
  return Array.from({ length: count }, (_, i) => names?.[i] || (count > 1 ? `Output ${i + 1}` : 'Output'));
}

function withErrorOutput(names: string[], onError: unknown): string[] {
  if (onError !== 'continueErrorOutput') return names;
  return [...(names.length === 1 ? ['Success'] : names), 'Error'];
}
