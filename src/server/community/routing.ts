// Declarative nodes (n8n's RoutingNode): a node without execute describes its HTTP calls as data:
// `requestDefaults`, and on its parameters (and on the chosen option of an options parameter)
// `routing.request` (url, method, qs, body, headers), `routing.send` (put the value into the
// query or the body, at a property path), `routing.output.postReceive` (rootProperty, set,
// setKeyValue, filter, limit, sort, binaryData) and `routing.operations.pagination`. Values may
// be expressions over $parameter, $value, $response, $responseItem and $request, evaluated by
// the engine's expression code. Requests go out authenticated with the node's credential, as
// built-in nodes send them. Functions in routing (preSend, postReceive functions, a custom
// pagination function) are package code: they run in the package host through `hooks`, with
// `this` as n8n's IExecuteSingleFunctions of the item.
import type { INodeProperties, INodeTypeDescription } from '../../model/nodeTypes.ts';
import type { IDataObject } from '../../model/workflow.ts';
import type { INodeExecutionData } from '../../model/execution.ts';
import { displayParameter } from '../../model/parameters.ts';
import { NodeApiError, NodeOperationError, type ExecuteFunctions, type HttpResponse, type NodeOutput } from '../../nodes/types.ts';

type Loose = Record<string, any>;
interface Request {
  baseURL?: string;
  url: string;
  method: string;
  qs: IDataObject;
  body: IDataObject | undefined;
  headers: Record<string, string>;
  ignoreHttpStatusErrors?: boolean;
  returnFullResponse?: boolean;
  encoding?: 'arraybuffer' | 'json' | 'text';
}
interface Routing {
  request?: Loose;
  send?: Loose;
  output?: { postReceive?: Loose[]; maxResults?: number | string };
  operations?: { pagination?: Loose };
}

const MAX_PAGES = 10_000;

type FunctionRef = { $hostFunction: number };
/** How package code of the routing is reached (the package host), and how requests are sent. */
export interface RoutingHooks {
  /** Calls a function of the description for item `itemIndex`; `onCall` answers its calls back. */
  callFunction(ref: FunctionRef, itemIndex: number, args: unknown[], onCall?: (method: string, args: unknown[]) => Promise<unknown> | undefined): Promise<unknown>;
  /** Sends with a credential whose authentication is package code; undefined = the engine's own. */
  sendAuthenticated?(credentialType: string, options: Record<string, unknown>): Promise<unknown> | undefined;
}

function isFunctionRef(v: unknown): v is FunctionRef {
  return typeof v === 'object' && v !== null && '$hostFunction' in v;
}

function setPath(target: IDataObject, path: string, value: unknown, dotNotation: boolean): void {
  const keys = dotNotation ? path.split('.') : [path];
  let o = target as Loose;
  for (const k of keys.slice(0, -1)) {
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') return;
    o = o[k] = o[k] && typeof o[k] === 'object' ? o[k] : {};
  }
  const last = keys[keys.length - 1];
  if (last !== '__proto__' && last !== 'constructor' && last !== 'prototype') o[last] = value;
}

function getPath(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Loose)[k] : undefined), value);
}

/** The routing of a parameter: its own, or that of the option chosen for it. */
function routingsOf(p: INodeProperties & { routing?: Routing }, value: unknown): Routing[] {
  const out: Routing[] = [];
  if (p.routing) out.push(p.routing);
  if ((p.type === 'options' || p.type === 'multiOptions') && Array.isArray(p.options)) {
    const chosen = Array.isArray(value) ? value : [value];
    for (const option of p.options as Array<Loose>) if (option.routing && chosen.includes(option.value)) out.push(option.routing);
  }
  return out;
}

export async function runDeclarative(ctx: ExecuteFunctions, description: INodeTypeDescription, hooks?: RoutingHooks): Promise<NodeOutput> {
  const node = ctx.getNode();
  const items = ctx.getInputData(0);
  const parameters = (node.parameters ?? {}) as IDataObject;
  const properties = description.properties.filter((p) => displayParameter(p.displayOptions, parameters, parameters, node.typeVersion));
  const credential = (description.credentials ?? []).find((c) => displayParameter((c as Loose).displayOptions, parameters, parameters, node.typeVersion) && node.credentials?.[c.name]) ?? (description.credentials ?? []).find((c) => node.credentials?.[c.name]);
  const defaults = ((description as Loose).requestDefaults ?? {}) as Loose;
  const output: INodeExecutionData[] = [];
  // n8n's routing sees the credential as $credentials (requestDefaults.baseURL: '={{$credentials.url}}').
  let $credentials: IDataObject = {};
  if (credential) {
    try {
      $credentials = (await ctx.getCredentials(credential.name)) as IDataObject;
    } catch {
      // Not readable (deleted, not allowed): each item's request fails with the reason, continue-on-fail applies.
    }
  }
  const callFunction = (ref: FunctionRef, i: number, args: unknown[], onCall?: (method: string, args: unknown[]) => Promise<unknown> | undefined) => {
    if (!hooks) throw new NodeOperationError(node, 'The node runs package code in its routing, which only community packages can', { itemIndex: i });
    return hooks.callFunction(ref, i, args, onCall);
  };

  // n8n's RoutingNode sends the items' requests at once and settles them all, as HTTP Request does.
  const runItem = async (i: number): Promise<INodeExecutionData[]> => {
    const parameterValues = Object.fromEntries(properties.map((p) => [p.name, ctx.getNodeParameter(p.name, i, undefined as unknown)]).filter(([, v]) => v !== undefined));
    const evaluate = (value: unknown, keys: Record<string, unknown> = {}): unknown => {
      if (typeof value === 'string' && value.startsWith('=')) return ctx.evaluateExpression(value, i, { $parameter: parameterValues, $credentials, ...keys });
      if (Array.isArray(value)) return value.map((v) => evaluate(v, keys));
      if (value !== null && typeof value === 'object' && !(value instanceof Date)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, evaluate(v, keys)]));
      return value;
    };
    const request: Request = { url: '', method: 'GET', qs: {}, body: undefined, headers: {} };
    const applyRequest = (r: Loose | undefined, keys?: Record<string, unknown>) => {
      if (!r) return;
      const e = evaluate(r, keys) as Loose;
      if (e.baseURL !== undefined) request.baseURL = String(e.baseURL);
      if (e.url !== undefined) request.url = String(e.url);
      if (e.method !== undefined) request.method = String(e.method).toUpperCase();
      if (e.qs) Object.assign(request.qs, e.qs);
      if (e.headers) Object.assign(request.headers, e.headers);
      if (e.body !== undefined) request.body = e.body && typeof e.body === 'object' ? { ...(request.body ?? {}), ...e.body } : e.body;
      if (e.ignoreHttpStatusErrors !== undefined) request.ignoreHttpStatusErrors = !!e.ignoreHttpStatusErrors;
      if (e.returnFullResponse !== undefined) request.returnFullResponse = !!e.returnFullResponse;
      if (e.encoding !== undefined) request.encoding = e.encoding;
    };
    applyRequest(defaults);
    const postReceive: Loose[] = [];
    const preSend: FunctionRef[] = [];
    let maxResults: unknown;
    let pagination: Loose | undefined;
    const visit = (p: INodeProperties & { routing?: Routing }, value: unknown) => {
      for (const routing of routingsOf(p, value)) {
        const keys = { $value: value };
        applyRequest(routing.request, keys);
        if (routing.send) {
          for (const fn of routing.send.preSend ?? []) if (isFunctionRef(fn)) preSend.push(fn);
          const send = evaluate({ ...routing.send, preSend: undefined }, keys) as Loose;
          if (send.type && send.property !== undefined && !(send.value === undefined && value === undefined)) {
            const v = routing.send.value === undefined ? value : send.value;
            if (send.type === 'query') setPath(request.qs, String(send.property), v, send.propertyInDotNotation !== false);
            else setPath((request.body ??= {}) as IDataObject, String(send.property), v, send.propertyInDotNotation !== false);
          }
          if (send.paginate) pagination ??= { type: 'generic' };
        }
        if (routing.output?.postReceive) postReceive.push(...routing.output.postReceive);
        if (routing.output?.maxResults !== undefined) maxResults = evaluate(routing.output.maxResults, keys);
        if (routing.operations?.pagination) pagination = routing.operations.pagination;
      }
      // Collections: their fields route too.
      if ((p.type === 'collection' || p.type === 'fixedCollection') && value && typeof value === 'object' && Array.isArray(p.options)) {
        for (const option of p.options as Array<INodeProperties & { values?: INodeProperties[] }>) {
          const inner = (value as Loose)[option.name];
          if (inner === undefined) continue;
          if (p.type === 'collection') visit(option as INodeProperties & { routing?: Routing }, inner);
          else for (const field of option.values ?? []) for (const entry of Array.isArray(inner) ? inner : [inner]) if (entry?.[field.name] !== undefined) visit(field as INodeProperties & { routing?: Routing }, entry[field.name]);
        }
      }
    };
    for (const p of properties) visit(p as INodeProperties & { routing?: Routing }, parameterValues[p.name]);
    if (!request.url && !request.baseURL) throw new NodeOperationError(node, 'The node describes no URL for its request (requestDefaults.baseURL or routing.request.url)', { itemIndex: i });

    // n8n: a binaryData postReceive makes the request read its answer as bytes.
    const binary = postReceive.some((a) => !isFunctionRef(a) && a.type === 'binaryData');
    if (binary) request.encoding = 'arraybuffer';
    const send = async (r: Request): Promise<HttpResponse> => {
      const options = { ...r, body: r.body, json: !binary, returnFullResponse: true };
      try {
        const packaged = credential ? hooks?.sendAuthenticated?.(credential.name, options) : undefined;
        const response = packaged ? await packaged : credential ? await ctx.helpers.httpRequestWithAuthentication(credential.name, options) : await ctx.helpers.httpRequest({ ...options, url: r.baseURL && !/^https?:/i.test(r.url) ? `${r.baseURL.replace(/\/+$/, '')}/${r.url.replace(/^\/+/, '')}` : r.url });
        return response as HttpResponse;
      } catch (e) {
        if (e instanceof NodeApiError || e instanceof NodeOperationError) throw e;
        throw new NodeApiError(node, (e as Error).message, { itemIndex: i });
      }
    };
    const toItems = async (response: HttpResponse, pageRequest: Request): Promise<INodeExecutionData[]> => {
      let list: INodeExecutionData[] = [];
      const body = response.body;
      list = (Array.isArray(body) ? body : [body]).map((json) => ({ json: (json ?? {}) as IDataObject }));
      for (const action of postReceive) {
        if (isFunctionRef(action)) {
          const got = await callFunction(action, i, [list, { body: response.body, headers: response.headers, statusCode: response.statusCode, statusMessage: response.statusMessage }]);
          if (!Array.isArray(got)) throw new NodeOperationError(node, 'A postReceive function of the node returned no list of items', { itemIndex: i });
          list = got as INodeExecutionData[];
          continue;
        }
        const keys = { $response: response, $request: pageRequest };
        const props = (action.properties ?? {}) as Loose;
        if (action.enabled !== undefined && !evaluate(action.enabled, keys)) continue;
        switch (action.type) {
          case 'rootProperty': {
            const root = list.flatMap((it) => {
              const v = getPath(it.json, String(props.property));
              return (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((json) => ({ json: json as IDataObject }));
            });
            list = root;
            break;
          }
          case 'set':
            list = [{ json: evaluate(props.value, keys) as IDataObject }];
            break;
          case 'setKeyValue':
            list = list.map((it) => ({ json: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, evaluate(v, { ...keys, $responseItem: it.json })])) as IDataObject }));
            break;
          case 'filter':
            list = list.filter((it) => !!evaluate(props.pass, { ...keys, $responseItem: it.json }));
            break;
          case 'limit':
            list = list.slice(0, Number(evaluate(props.maxResults, keys)));
            break;
          case 'sort': {
            const key = String(props.key);
            list = [...list].sort((a, b) => String(getPath(a.json, key) ?? '').localeCompare(String(getPath(b.json, key) ?? ''), undefined, { numeric: true }));
            break;
          }
          case 'binaryData': {
            const body = response.body;
            const bytes = body instanceof Uint8Array ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body ?? ''));
            const contentType = Object.entries(response.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
            const binaryData = await ctx.helpers.prepareBinaryData(bytes, undefined, typeof contentType === 'string' ? contentType.split(';')[0] : undefined);
            list = [{ json: {}, binary: { [String(evaluate(props.destinationProperty ?? 'data', keys))]: binaryData } }];
            break;
          }
          default:
            throw new NodeOperationError(node, `Unknown postReceive action "${String(action.type)}"`, { itemIndex: i });
        }
      }
      return list;
    };

    // The package's preSend functions, in order, each given the request the previous returned.
    let prepared: Request = request;
    for (const fn of preSend) {
      const next = (await callFunction(fn, i, [prepared])) as Request | undefined;
      if (!next || typeof next !== 'object') throw new NodeOperationError(node, 'A preSend function of the node returned no request', { itemIndex: i });
      prepared = { ...next, qs: next.qs ?? {}, headers: next.headers ?? {} };
    }

    const collected: INodeExecutionData[] = [];
    if (!pagination) {
      collected.push(...(await toItems(await send(prepared), prepared)));
    } else if (isFunctionRef(pagination)) {
      // n8n's custom pagination: the function pages itself, each page through makeRoutingRequest.
      const resultOptions = { options: prepared, maxResults, paginate: true, preSend: [], postReceive: [], requestOperations: {} };
      const got = await callFunction(pagination, i, [resultOptions], (method, args) => {
        if (method !== 'makeRoutingRequest') return undefined;
        const options = ((args[0] as Loose | undefined)?.options ?? args[0] ?? prepared) as Request;
        const r: Request = { ...prepared, ...options, qs: options.qs ?? {}, headers: options.headers ?? {} };
        return send(r).then((response) => toItems(response, r));
      });
      if (!Array.isArray(got)) throw new NodeOperationError(node, 'The pagination function of the node returned no list of items', { itemIndex: i });
      collected.push(...(got as INodeExecutionData[]));
    } else {
      const props = (pagination.properties ?? {}) as Loose;
      let pageRequest = structuredClone(prepared);
      for (let page = 0; page < MAX_PAGES; page++) {
        const response = await send(pageRequest);
        const got = await toItems(response, pageRequest);
        collected.push(...got);
        if (maxResults !== undefined && collected.length >= Number(maxResults)) break;
        if (pagination.type === 'offset') {
          const limit = Number(props.pageSize ?? 100);
          if (got.length < limit) break;
          const target = props.type === 'body' ? ((pageRequest.body ??= {}) as IDataObject) : pageRequest.qs;
          target[String(props.limitParameter ?? 'limit')] = limit;
          target[String(props.offsetParameter ?? 'offset')] = (page + 1) * limit;
        } else {
          const keys = { $response: response, $request: pageRequest, $pageCount: page + 1 };
          if (!evaluate(props.continue, keys)) break;
          const next = structuredClone(pageRequest);
          const r = evaluate(props.request ?? {}, keys) as Loose;
          if (r.url) next.url = String(r.url);
          if (r.qs) Object.assign(next.qs, r.qs);
          if (r.body) next.body = { ...(next.body ?? {}), ...r.body };
          pageRequest = next;
        }
      }
    }
    const limited = maxResults !== undefined ? collected.slice(0, Number(maxResults)) : collected;
    return limited.map((item) => ({ ...item, pairedItem: { item: i } }));
  };
  const started: Array<Promise<INodeExecutionData[]>> = [];
  for (let i = 0; i < items.length; i++) {
    const work = runItem(i);
    work.catch(() => undefined); // settled below, in item order
    started.push(work);
    // Building requests is synchronous work per item: give the event loop back now and then.
    if (i % 64 === 63) await new Promise((resolve) => setImmediate(resolve));
  }
  const settled = await Promise.allSettled(started);
  for (let i = 0; i < items.length; i++) {
    const result = settled[i];
    if (result.status === 'fulfilled') {
      for (const item of result.value) output.push(item);
      continue;
    }
    const e = result.reason as Error;
    if (ctx.continueOnFail()) {
      output.push({ json: { error: e.message }, pairedItem: { item: i } });
      continue;
    }
    if (e instanceof NodeApiError || e instanceof NodeOperationError) throw e;
    throw new NodeOperationError(node, e.message, { itemIndex: i });
  }
  return [output];
}
