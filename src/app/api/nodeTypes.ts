import type { INodeTypeDescription } from '../../model/nodeTypes.ts';
import { request } from './client.ts';

/** GET /node-types — every description the server knows. */
export function getNodeTypes(): Promise<INodeTypeDescription[]> {
  return request('GET', '/node-types');
}
