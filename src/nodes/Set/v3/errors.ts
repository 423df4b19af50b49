// n8n's `new NodeOperationError(node, error, options)`: an operation error passes through as
// it is, anything else is wrapped with the item index.
import type { INode } from '../../../model/workflow.ts';
import { NodeOperationError } from '../../types.ts';

export function toNodeOperationError(node: INode, e: unknown, itemIndex: number): NodeOperationError {
  if (e instanceof NodeOperationError) return e;
  const error = e as Error & { description?: string };
  return new NodeOperationError(node, error?.message ?? String(e), { itemIndex, description: error?.description });
}
