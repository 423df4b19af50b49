// What the legacy Function node accepts back from user code (n8n's checks and messages):
// an array of items, each with an object `json` and an optional object `binary`.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { INode } from '../../model/workflow.ts';
import { NodeOperationError } from '../types.ts';

/** n8n's normalizeItems: a single object or plain JSON objects become items. */
function normalizeItems(result: unknown): unknown {
  if (result === null || result === undefined || typeof result !== 'object') return result;
  const list = Array.isArray(result) ? result : [result];
  if (list.every((i) => i && typeof i === 'object' && 'json' in i)) return list;
  if (list.some((i) => i && typeof i === 'object' && 'json' in i)) return list;
  return list.map((json) => ({ json }));
}

export function validateFunctionItems(node: INode, result: unknown): INodeExecutionData[] {
  const items = normalizeItems(result);
  if (items === undefined || items === null) throw new NodeOperationError(node, 'No data got returned. Always return an Array of items!');
  if (!Array.isArray(items)) throw new NodeOperationError(node, 'Always an Array of items has to be returned!');
  for (const item of items as INodeExecutionData[]) {
    if (item.json === undefined) throw new NodeOperationError(node, 'All returned items have to contain a property named "json"!');
    if (typeof item.json !== 'object') throw new NodeOperationError(node, 'The json-property has to be an object!');
    if (item.binary !== undefined && (Array.isArray(item.binary) || typeof item.binary !== 'object')) {
      throw new NodeOperationError(node, 'The binary-property has to be an object!');
    }
  }
  return items as INodeExecutionData[];
}
