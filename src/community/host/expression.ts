// n8n's `this.evaluateExpression` for package code, in the host: the engine's expression language
// (src/model/expressions) over what the host has of the run: the item, its input list, the node's
// resolved parameters and the run's ids. Other nodes' data ($('Name'), $node["Name"].json) is not
// in the host, so such an expression gives undefined there.
import type { ExecutePayload } from '../protocol.ts';
import type { INodeExecutionData } from '../../model/execution.ts';
import { evaluateExpression as evaluate } from '../../model/expressions/index.ts';

/** n8n's evaluateExpression in the host: $json, $binary, $input, $parameter, $itemIndex, $runIndex, $workflow, $execution. */
export function evaluateForItem(payload: ExecutePayload, expression: string, itemIndex: number): unknown {
  const items = payload.inputs[0] ?? [];
  const item: INodeExecutionData = items[itemIndex] ?? { json: {} };
  const $parameter: Record<string, unknown> = { ...payload.parameters.shared };
  for (const [name, values] of Object.entries(payload.parameters.perItem)) $parameter[name] = values[itemIndex] ?? values[0];
  const scope = {
    $json: item.json,
    $binary: item.binary ?? {},
    $input: { item, all: () => items, first: () => items[0], last: () => items[items.length - 1], params: $parameter },
    $parameter,
    $itemIndex: itemIndex,
    $runIndex: payload.runIndex,
    $workflow: payload.workflow,
    $execution: { id: payload.executionId, mode: payload.mode === 'manual' ? 'test' : 'production' },
    $node: { name: payload.node.name, type: payload.node.type, parameters: payload.node.parameters },
  };
  const value = expression.startsWith('=') ? expression : `=${expression}`;
  return evaluate(value, scope, { mode: 'n8n' });
}

