// A node's main inputs and outputs for its parameters. Most types have fixed ports (their
// description's inputs/outputs); a few depend on parameters, the way n8n computes them with
// an expression: Switch v2/v3 (one output per rule, fallback), Webhook v2 (one output per
// HTTP method when several are allowed) and Merge v3 (numberInputs). The canvas draws these
// endpoints; deletion, insertion offsets and tidy-up count them.
//
// The engine asks the node types themselves (src/nodes outputsFor / inputsFor); these rules
// mirror them for the editor, which must not import src/nodes.
import { SWITCH_NODE_TYPE, WEBHOOK_NODE_TYPE } from './constants.ts';
import type { INodeTypeDescription } from './nodeTypes.ts';
import type { NodeParameters } from './workflow.ts';

export const MERGE_NODE_TYPE = 'n8n-nodes-base.merge';
export const RESPOND_TO_WEBHOOK_NODE_TYPE = 'n8n-nodes-base.respondToWebhook';

/** Respond to Webhook 1.3 always, 1.4+ with "Enable Response Output Branch", has a second output. */
export function respondToWebhookOutputs(typeVersion: number, p: NodeParameters): string[] {
  return typeVersion === 1.3 || (typeVersion >= 1.4 && p.enableResponseOutput === true) ? ['Input Data', 'Response'] : ['main'];
}

export interface NodePorts {
  inputs: number;
  outputs: number;
  inputNames?: string[];
  outputNames?: string[];
}

/** The type's ports depend on the node's parameters. */
export function hasDynamicPorts(type: string, typeVersion: number): boolean {
  return (type === SWITCH_NODE_TYPE && typeVersion >= 2) || (type === WEBHOOK_NODE_TYPE && typeVersion >= 2) || (type === MERGE_NODE_TYPE && typeVersion >= 3) || (type === RESPOND_TO_WEBHOOK_NODE_TYPE && typeVersion >= 1.3);
}

function switchOutputs(typeVersion: number, p: NodeParameters): string[] {
  if (typeVersion < 3) {
    if ((p.mode ?? 'rules') === 'expression') return numbered(p.outputsAmount, 4);
    const rules = (p.rules as { rules?: Array<{ outputKey?: string }> } | undefined)?.rules ?? [];
    return rules.map((r, i) => r.outputKey || String(i));
  }
  if (p.mode === 'expression') return numbered(p.numberOutputs, 4);
  const rulesParam = p.rules as { values?: Array<{ outputKey?: string }> } | undefined;
  const rules = rulesParam === undefined ? [{}] : (rulesParam.values ?? []);
  const names = rules.map((r: { outputKey?: string }, i: number) => r.outputKey || String(i));
  const options = (p.options ?? {}) as { fallbackOutput?: unknown; renameFallbackOutput?: string };
  if (options.fallbackOutput === 'extra') names.push(options.renameFallbackOutput || 'Fallback');
  return names;
}

function numbered(value: unknown, fallback: number): string[] {
  const n = Number(value ?? fallback);
  // A hostile value must not make the canvas draw a million ports.
  const count = Number.isInteger(n) && n > 0 ? Math.min(n, 64) : 0;
  return Array.from({ length: count }, (_, i) => String(i));
}

/** Ports of a node: the description's, or the parameter-dependent ones above. */
export function nodePorts(d: Pick<INodeTypeDescription, 'inputs' | 'outputs' | 'inputNames' | 'outputNames'>, type: string, typeVersion: number, parameters: NodeParameters | undefined): NodePorts {
  const p = parameters ?? {};
  const fixed: NodePorts = { inputs: d.inputs.length, outputs: d.outputs.length, inputNames: d.inputNames, outputNames: d.outputNames };
  if (!hasDynamicPorts(type, typeVersion)) return fixed;
  if (type === SWITCH_NODE_TYPE) {
    const names = switchOutputs(typeVersion, p);
    return { ...fixed, outputs: names.length, outputNames: names };
  }
  if (type === RESPOND_TO_WEBHOOK_NODE_TYPE) {
    const names = respondToWebhookOutputs(typeVersion, p);
    return names.length === 1 ? fixed : { ...fixed, outputs: names.length, outputNames: names };
  }
  if (type === WEBHOOK_NODE_TYPE) {
    if (p.multipleMethods === true && Array.isArray(p.httpMethod) && p.httpMethod.length) {
      const methods = (p.httpMethod as unknown[]).slice(0, 16).map(String);
      return { ...fixed, outputs: methods.length, outputNames: methods };
    }
    return fixed;
  }
  const n = Math.min(Math.max(Number(p.numberInputs) || 2, 1), 10);
  return { ...fixed, inputs: n, inputNames: Array.from({ length: n }, (_, i) => `Input ${i + 1}`) };
}
