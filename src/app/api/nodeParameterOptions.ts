// Remote options of node parameters (spec 001 §7): the spec's GET /node-parameter-options while
// the query stays short, n8n's POST /dynamic-node-parameters/options when the node's parameters
// are too long for a URL; the resource locator's list search (POST …/resource-locator-results).
import type { INodePropertyOption } from '../../model/nodeTypes.ts';
import { request } from './client.ts';

export interface NodeParameterOptionsRequest {
  nodeTypeAndVersion: { name: string; version: number };
  /** The parameter's dotted path in the node's parameters ('options.fallbackOutput'). */
  path: string;
  methodName: string;
  currentNodeParameters: Record<string, unknown>;
  credentials?: Record<string, { id?: string | null; name: string }>;
}

/** The node's credential references as the server takes them ({ id, name }); other shapes are left out. */
export function credentialRefs(credentials: Record<string, unknown> | undefined): NodeParameterOptionsRequest['credentials'] {
  if (!credentials) return undefined;
  const out: NonNullable<NodeParameterOptionsRequest['credentials']> = {};
  for (const [type, ref] of Object.entries(credentials)) {
    if (!ref || typeof ref !== 'object') continue;
    const { id, name } = ref as { id?: unknown; name?: unknown };
    if (typeof name !== 'string') continue;
    out[type] = { id: typeof id === 'string' ? id : null, name };
  }
  return Object.keys(out).length ? out : undefined;
}

/** URLs past this many characters go as a POST body (proxies and the server's header limit). */
export const MAX_GET_QUERY = 6000;

export function getNodeParameterOptions(asked: NodeParameterOptionsRequest, signal?: AbortSignal): Promise<INodePropertyOption[]> {
  const req = { ...asked, credentials: credentialRefs(asked.credentials) };
  const query = {
    nodeTypeAndVersion: JSON.stringify(req.nodeTypeAndVersion),
    path: req.path,
    methodName: req.methodName,
    currentNodeParameters: JSON.stringify(req.currentNodeParameters),
    credentials: req.credentials ? JSON.stringify(req.credentials) : undefined,
  };
  const length = Object.values(query).reduce((n, v) => n + (v ? encodeURIComponent(v).length + 16 : 0), 0);
  if (length <= MAX_GET_QUERY) return request('GET', '/node-parameter-options', { query, signal });
  return request('POST', '/dynamic-node-parameters/options', { body: req, signal });
}

export interface ResourceLocatorResults {
  results: Array<{ name: string; value: string | number; url?: string; description?: string }>;
  paginationToken?: string;
}

export function getResourceLocatorResults(req: NodeParameterOptionsRequest & { filter?: string; paginationToken?: string }, signal?: AbortSignal): Promise<ResourceLocatorResults> {
  return request('POST', '/dynamic-node-parameters/resource-locator-results', { body: { ...req, credentials: credentialRefs(req.credentials) }, signal });
}
