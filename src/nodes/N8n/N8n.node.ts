// n8n: n8n-nodes-base.n8n 1 with its credential n8nApi. Calls the public API (/api/v1, README
// "Public API") of this instance or another, as n8n's declarative node does: workflows (get,
// getAll, create, update, delete, activate, deactivate), executions (get, getAll, delete),
// credentials (create, delete, getSchema) and the security audit (POST /audit, which
// Switchyard's API does not have: a clear error). Once per input item; the answer's body is the
// output (lists: one item per element, all pages with Return All).
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { NodeApiError, NodeOperationError, type ExecuteFunctions, type HttpResponse, type NodeType } from '../types.ts';
import { n8nDescription } from './description.ts';
import { searchWorkflows } from '../ExecuteWorkflow/listSearch.ts';

/** Pages read by one Return All (at most 250 items each): a runaway cursor stops here. */
const MAX_PAGES = 10_000;

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  qs?: Record<string, unknown>;
  body?: unknown;
}

async function request(ctx: ExecuteFunctions, itemIndex: number, call: Call): Promise<unknown> {
  const credentials = await ctx.getCredentials('n8nApi');
  const requestOptions = ctx.getNodeParameter('requestOptions', itemIndex, {}) as IDataObject;
  const baseUrl = String(credentials.baseUrl ?? '').replace(/\/$/, '');
  if (!baseUrl) throw new NodeOperationError(ctx.getNode(), 'The n8n API credential has no Base URL', { itemIndex, description: 'Set it to the instance\'s API address, e.g. http://127.0.0.1:5678/api/v1' });
  const response = (await ctx.helpers.httpRequestWithAuthentication('n8nApi', {
    url: `${baseUrl}${call.path}`,
    method: call.method,
    headers: { accept: 'application/json', ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    qs: call.qs,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    encoding: 'json',
    returnFullResponse: true,
    ignoreHttpStatusErrors: true,
    skipSslCertificateValidation: requestOptions.allowUnauthorizedCerts === true,
    timeout: typeof requestOptions.timeout === 'number' && requestOptions.timeout > 0 ? requestOptions.timeout : undefined,
  }, { credentialsDecrypted: { data: credentials } })) as HttpResponse;
  if (response.statusCode >= 400) {
    const body = response.body as { message?: unknown } | string | undefined;
    const detail = body && typeof body === 'object' && typeof body.message === 'string' ? body.message : typeof body === 'string' && body ? body.slice(0, 300) : response.statusMessage;
    if (call.path === '/audit' && response.statusCode === 404) {
      throw new NodeApiError(ctx.getNode(), 'The security audit is not available: this instance\'s public API has no POST /audit', { httpCode: '404', itemIndex, description: 'Switchyard\'s public API has workflows, executions, credentials and tags, but no security audit. n8n instances answer it.' });
    }
    throw new NodeApiError(ctx.getNode(), `${response.statusCode} - ${detail}`, { httpCode: String(response.statusCode), itemIndex });
  }
  return response.body;
}

function workflowIdOf(ctx: ExecuteFunctions, itemIndex: number, name = 'workflowId', value?: unknown): string {
  const raw = value !== undefined ? value : ctx.getNodeParameter(name, itemIndex, '');
  let id: unknown = raw;
  if (raw && typeof raw === 'object' && '__rl' in raw) {
    const rl = raw as { mode?: string; value?: unknown };
    id = rl.value;
    if (rl.mode === 'url' && typeof id === 'string') {
      const m = /.*\/workflow\/([^/?#]+)/.exec(id);
      if (!m) throw new NodeOperationError(ctx.getNode(), `Not a valid Workflow URL: "${id}"`, { itemIndex });
      id = m[1];
    }
  }
  if (id === undefined || id === null || String(id).trim() === '') throw new NodeOperationError(ctx.getNode(), 'The parameter "Workflow" has to be set', { itemIndex });
  return encodeURIComponent(String(id).trim());
}

function jsonParameter(ctx: ExecuteFunctions, name: string, itemIndex: number): IDataObject {
  const raw = ctx.getNodeParameter(name, itemIndex, '{}');
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw === '' ? '{}' : raw);
    } catch {
      throw new NodeOperationError(ctx.getNode(), `The '${name}' property must be valid JSON, but cannot be parsed`, { itemIndex });
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new NodeOperationError(ctx.getNode(), `The '${name}' property must be a JSON object`, { itemIndex });
  return parsed as IDataObject;
}

/** Every page (Return All) or the first `limit` items, following nextCursor. */
async function list(ctx: ExecuteFunctions, itemIndex: number, path: string, qs: Record<string, unknown>): Promise<IDataObject[]> {
  const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) === true;
  if (!returnAll) qs.limit = ctx.getNodeParameter('limit', itemIndex, 100);
  const out: IDataObject[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = (await request(ctx, itemIndex, { method: 'GET', path, qs: { ...qs, cursor } })) as { data?: IDataObject[]; nextCursor?: string | null };
    out.push(...(body?.data ?? []));
    cursor = body?.nextCursor ?? undefined;
    if (!returnAll || !cursor) break;
  }
  return out;
}

async function run(ctx: ExecuteFunctions, resource: string, operation: string, i: number): Promise<unknown> {
  if (resource === 'workflow') {
    switch (operation) {
      case 'get':
        return request(ctx, i, { method: 'GET', path: `/workflows/${workflowIdOf(ctx, i)}` });
      case 'activate':
      case 'deactivate':
        return request(ctx, i, { method: 'POST', path: `/workflows/${workflowIdOf(ctx, i)}/${operation}` });
      case 'delete':
        return request(ctx, i, { method: 'DELETE', path: `/workflows/${workflowIdOf(ctx, i)}` });
      case 'getAll': {
        const filters = ctx.getNodeParameter('filters', i, {}) as IDataObject;
        const qs: Record<string, unknown> = {};
        if (filters.activeWorkflows !== undefined) qs.active = filters.activeWorkflows;
        if (typeof filters.tags === 'string' && filters.tags !== '') qs.tags = filters.tags;
        return list(ctx, i, '/workflows', qs);
      }
      case 'create': {
        const body = jsonParameter(ctx, 'workflowObject', i);
        return request(ctx, i, {
          method: 'POST',
          path: '/workflows',
          body: { name: body.name || 'My workflow', nodes: body.nodes || [], settings: body.settings || {}, connections: body.connections || {}, staticData: body.staticData || null },
        });
      }
      case 'update': {
        const body = jsonParameter(ctx, 'workflowObject', i);
        const next: IDataObject = {};
        for (const key of ['name', 'nodes', 'settings', 'connections', 'staticData']) if (body[key]) next[key] = body[key];
        return request(ctx, i, { method: 'PUT', path: `/workflows/${workflowIdOf(ctx, i)}`, body: next });
      }
    }
  } else if (resource === 'execution') {
    const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
    const includeData = options.activeWorkflows !== undefined ? { includeData: options.activeWorkflows } : {};
    const executionId = () => {
      const id = String(ctx.getNodeParameter('executionId', i, '')).trim();
      if (!id) throw new NodeOperationError(ctx.getNode(), 'The parameter "Execution ID" has to be set', { itemIndex: i });
      return encodeURIComponent(id);
    };
    switch (operation) {
      case 'get':
        return request(ctx, i, { method: 'GET', path: `/executions/${executionId()}`, qs: includeData });
      case 'delete':
        return request(ctx, i, { method: 'DELETE', path: `/executions/${executionId()}` });
      case 'getAll': {
        const filters = ctx.getNodeParameter('filters', i, {}) as IDataObject;
        const qs: Record<string, unknown> = { ...includeData };
        if (filters.workflowId !== undefined) {
          const value = (filters.workflowId as { value?: unknown })?.value ?? filters.workflowId;
          if (value !== '' && value !== undefined && value !== null) qs.workflowId = decodeURIComponent(workflowIdOf(ctx, i, 'filters.workflowId', filters.workflowId));
        }
        if (filters.status !== undefined) qs.status = filters.status;
        return list(ctx, i, '/executions', qs);
      }
    }
  } else if (resource === 'credential') {
    switch (operation) {
      case 'create': {
        const name = String(ctx.getNodeParameter('name', i, ''));
        const type = String(ctx.getNodeParameter('credentialTypeName', i, ''));
        return request(ctx, i, { method: 'POST', path: '/credentials', body: { name, type, data: jsonParameter(ctx, 'data', i) } });
      }
      case 'delete': {
        const id = String(ctx.getNodeParameter('credentialId', i, '')).trim();
        if (!id) throw new NodeOperationError(ctx.getNode(), 'The parameter "Credential ID" has to be set', { itemIndex: i });
        return request(ctx, i, { method: 'DELETE', path: `/credentials/${encodeURIComponent(id)}` });
      }
      case 'getSchema': {
        const type = String(ctx.getNodeParameter('credentialTypeName', i, '')).trim();
        if (!type) throw new NodeOperationError(ctx.getNode(), 'The parameter "Credential Type" has to be set', { itemIndex: i });
        return request(ctx, i, { method: 'GET', path: `/credentials/schema/${encodeURIComponent(type)}` });
      }
    }
  } else if (resource === 'audit') {
    if (operation === 'generate') {
      const additionalOptions = ctx.getNodeParameter('additionalOptions', i, {}) as IDataObject;
      return request(ctx, i, { method: 'POST', path: '/audit', body: { additionalOptions } });
    }
  } else {
    throw new NodeOperationError(ctx.getNode(), `The resource "${resource}" is not known`, { itemIndex: i });
  }
  throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" is not known for the resource "${resource}"`, { itemIndex: i });
}

export const n8n: NodeType = {
  kind: 'regular',
  description: n8nDescription,
  // The Workflow picker lists this instance's workflows the user may see (n8n asks the
  // credential's instance; a credential pointing elsewhere takes the ID or URL modes).
  methods: { listSearch: { searchWorkflows } },
  async execute(ctx) {
    const items = ctx.getInputData();
    const out: INodeExecutionData[] = [];
    for (let i = 0; i < items.length; i++) {
      try {
        const resource = ctx.getNodeParameter('resource', i, 'workflow') as string;
        const defaults: Record<string, string> = { workflow: 'getAll', execution: 'getAll', credential: 'create', audit: 'generate' };
        let operation = ctx.getNodeParameter('operation', i, defaults[resource] ?? '') as string;
        // n8n's audit operation defaults to 'get', which is none of its options: generate is meant.
        if (resource === 'audit' && operation === 'get') operation = 'generate';
        const body = await run(ctx, resource, operation, i);
        const list = Array.isArray(body) ? body : [body];
        for (const json of list) out.push({ json: (json && typeof json === 'object' ? json : { data: json ?? null }) as IDataObject, pairedItem: { item: i } });
      } catch (error) {
        if (ctx.continueOnFail()) {
          out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
          continue;
        }
        throw error;
      }
    }
    return [out];
  },
};
