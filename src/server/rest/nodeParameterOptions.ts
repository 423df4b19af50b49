// Remote options of node parameters (spec 001 §7 GET /node-parameter-options; n8n's
// DynamicNodeParametersController): a parameter whose typeOptions name a loadOptionsMethod gets its
// choices from the node type's methods.loadOptions, computed from the editor's unsaved parameters;
// a resource locator's list mode pages through methods.listSearch. Both forms n8n has used are
// answered: the spec's GET with JSON query parameters and n8n's current POST with a JSON body
// (/dynamic-node-parameters/options and /dynamic-node-parameters/resource-locator-results; GET of
// the latter too, as n8n 1.x called it). Every input is checked here: sizes, JSON depth, names.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { ServerContext } from '../context.ts';
import type { INodeProperties, INodePropertyOption } from '../../model/nodeTypes.ts';
import { getPath, propertiesForVersion } from '../../model/parameters.ts';
import { jsonTooDeepAt } from '../../model/jsonDepth.ts';
import type { IDataObject, INode, IWorkflowBase } from '../../model/workflow.ts';
import { nodeContext } from '../triggers/nodeContext.ts';
import type { ListSearchResult, LoadOptionsFunctions, NodeType } from '../../nodes/types.ts';
import { BadRequestError, HttpError, NotFoundError } from '../errors.ts';
import { currentUser } from '../auth/requestAuth.ts';
import { ownerScope } from '../auth/access.ts';
import { parseJsonQuery } from './queryJson.ts';

/** Bounds of what a caller sends: parameters of real nodes are a few KB, nest about a dozen levels. */
export const OPTIONS_LIMITS = {
  bodyBytes: 1024 * 1024,
  queryJsonChars: 64 * 1024,
  jsonDepth: 64,
  pathChars: 512,
  filterChars: 256,
  /** A method that has not answered by then is given up (the answer is 504). */
  timeoutMs: 10_000,
  /** At most this many options are sent back. */
  maxOptions: 10_000,
} as const;

const METHOD_NAME = '^[A-Za-z_$][A-Za-z0-9_$]{0,127}$';
const NodeTypeAndVersion = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 256 }), version: Type.Number({ minimum: 0, maximum: 10_000 }) },
  { additionalProperties: false },
);
const Parameters = Type.Record(Type.String({ maxLength: 256 }), Type.Unknown());
const Credentials = Type.Record(
  Type.String({ maxLength: 256 }),
  Type.Object({ id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])), name: Type.String({ maxLength: 256 }) }, { additionalProperties: false }),
);

const Common = {
  nodeTypeAndVersion: NodeTypeAndVersion,
  path: Type.String({ minLength: 1, maxLength: OPTIONS_LIMITS.pathChars }),
  currentNodeParameters: Parameters,
  credentials: Type.Optional(Credentials),
  projectId: Type.Optional(Type.String({ maxLength: 64 })),
};

const OptionsBody = Type.Object(
  {
    ...Common,
    methodName: Type.Optional(Type.String({ pattern: METHOD_NAME })),
    loadOptions: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown())),
  },
  { additionalProperties: false },
);
type OptionsBody = Static<typeof OptionsBody>;

const LocatorBody = Type.Object(
  {
    ...Common,
    methodName: Type.String({ pattern: METHOD_NAME }),
    filter: Type.Optional(Type.String({ maxLength: OPTIONS_LIMITS.filterChars })),
    paginationToken: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Number()])),
  },
  { additionalProperties: false },
);
type LocatorBody = Static<typeof LocatorBody>;

// The GET forms: JSON values travel as strings in the query.
const jsonQuery = Type.String({ maxLength: OPTIONS_LIMITS.queryJsonChars });
const OptionsQuery = Type.Object(
  {
    nodeTypeAndVersion: jsonQuery,
    path: Type.String({ minLength: 1, maxLength: OPTIONS_LIMITS.pathChars }),
    methodName: Type.Optional(Type.String({ pattern: METHOD_NAME })),
    loadOptions: Type.Optional(jsonQuery),
    currentNodeParameters: jsonQuery,
    credentials: Type.Optional(jsonQuery),
    projectId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
const LocatorQuery = Type.Object(
  {
    nodeTypeAndVersion: jsonQuery,
    path: Type.String({ minLength: 1, maxLength: OPTIONS_LIMITS.pathChars }),
    methodName: Type.String({ pattern: METHOD_NAME }),
    filter: Type.Optional(Type.String({ maxLength: OPTIONS_LIMITS.filterChars })),
    paginationToken: Type.Optional(Type.String({ maxLength: 64 })),
    currentNodeParameters: jsonQuery,
    credentials: Type.Optional(jsonQuery),
    projectId: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

function checkDepth(raw: string | undefined, name: string): void {
  if (raw !== undefined && jsonTooDeepAt(raw, OPTIONS_LIMITS.jsonDepth) !== undefined) {
    throw new BadRequestError(`query/${name} is nested more than ${OPTIONS_LIMITS.jsonDepth} levels deep`);
  }
}

/** How deep a parsed value nests, stopping once past `limit` (bodies are already bounded at 512 by the parser). */
function deeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit <= 0) return true;
  for (const v of Array.isArray(value) ? value : Object.values(value)) if (deeperThan(v, limit - 1)) return true;
  return false;
}

function fromQuery(query: Record<string, string | undefined>): Record<string, unknown> {
  for (const k of ['nodeTypeAndVersion', 'currentNodeParameters', 'credentials', 'loadOptions']) checkDepth(query[k], k);
  return {
    ...query,
    nodeTypeAndVersion: parseJsonQuery(query.nodeTypeAndVersion, NodeTypeAndVersion, 'nodeTypeAndVersion'),
    currentNodeParameters: parseJsonQuery(query.currentNodeParameters, Parameters, 'currentNodeParameters') ?? {},
    credentials: parseJsonQuery(query.credentials, Credentials, 'credentials'),
    loadOptions: parseJsonQuery(query.loadOptions, Type.Record(Type.String({ maxLength: 64 }), Type.Unknown()), 'loadOptions'),
  };
}

function resolveNodeType(ctx: ServerContext, body: { nodeTypeAndVersion?: { name: string; version: number } }): NodeType {
  const nv = body.nodeTypeAndVersion;
  if (!nv) throw new BadRequestError('query/nodeTypeAndVersion is required, e.g. nodeTypeAndVersion={"name":"n8n-nodes-base.switch","version":3}');
  const type = ctx.nodeTypes.get(nv.name, nv.version);
  if (!type) throw new NotFoundError(`Node type "${nv.name}" version ${nv.version} is not known`);
  return type;
}

/** The parameter path as the editor sends it: 'options.fallbackOutput' or n8n's 'parameters.options.fallbackOutput'. */
function parameterPath(path: string): string {
  return path.startsWith('parameters.') ? path.slice('parameters.'.length) : path;
}

function loadOptionsContext(ctx: ServerContext, request: FastifyRequest, type: NodeType, version: number, path: string, parameters: IDataObject, credentials?: INode['credentials']): LoadOptionsFunctions {
  const properties: INodeProperties[] = propertiesForVersion(type.description.properties, version);
  const user = currentUser(request);
  return {
    nodeContext() {
      // The node as the editor holds it, with the credentials chosen there (the caller's own).
      const node: INode = { id: 'parameter-options', name: type.description.displayName, type: type.description.name, typeVersion: version, position: [0, 0], parameters: parameters as INode['parameters'], credentials };
      const workflow = { name: '', active: false, nodes: [node], connections: {}, settings: {} } as unknown as IWorkflowBase;
      return nodeContext({ workflow, node, type, mode: 'manual', timezone: ctx.config.timezone, getCredentials: (t, n) => ctx.credentials.resolveForNode(t, n, user?.id ?? null) });
    },
    getCurrentNodeParameters: () => parameters,
    getCurrentNodeParameter(p) {
      // n8n: '&name' is a sibling of the asking parameter.
      const full = p.startsWith('&') ? [...path.split('.').slice(0, -1), p.slice(1)].join('.') : p;
      return getPath(parameters, full);
    },
    getNodeParameter(name, fallback) {
      let value: unknown = parameters[name];
      if (value === undefined) value = properties.find((x) => x.name === name)?.default;
      // An expression cannot be computed without input data here: the method gets its fallback.
      if (value === undefined || (typeof value === 'string' && value.startsWith('='))) return fallback;
      return value;
    },
    helpers: {
      async searchWorkflows(filter, offset, limit) {
        const rows = await ctx.repos.workflows.list({ name: filter, ownerId: ownerScope(user) });
        const page = rows.slice(offset, offset + limit).map((r) => ({ id: r.id, name: r.name }));
        return { workflows: page, more: rows.length > offset + limit };
      },
    },
  };
}

async function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(504, `${what} did not answer within ${OPTIONS_LIMITS.timeoutMs / 1000} s`)), OPTIONS_LIMITS.timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } catch (e) {
    if (e instanceof HttpError) throw e;
    // The node's own error (its message is what the editor shows in the parameter's issue).
    throw new HttpError(500, `${what} failed: ${(e as Error)?.message ?? String(e)}`);
  } finally {
    clearTimeout(timer);
  }
}

function checkParameters(body: { currentNodeParameters: unknown }): void {
  if (deeperThan(body.currentNodeParameters, OPTIONS_LIMITS.jsonDepth)) {
    throw new BadRequestError(`body/currentNodeParameters is nested more than ${OPTIONS_LIMITS.jsonDepth} levels deep`);
  }
}

async function options(ctx: ServerContext, request: FastifyRequest, body: OptionsBody): Promise<INodePropertyOption[]> {
  checkParameters(body);
  const type = resolveNodeType(ctx, body);
  const name = `${body.nodeTypeAndVersion.name} ${body.nodeTypeAndVersion.version}`;
  if (!body.methodName) {
    if (body.loadOptions) {
      // n8n's declarative loadOptions (an HTTP request described in the node); no node here has them.
      throw new BadRequestError(`Node type "${name}" does not describe loadOptions requests; ask by methodName`);
    }
    throw new BadRequestError('One of methodName or loadOptions is required');
  }
  const method = type.methods?.loadOptions?.[body.methodName];
  if (!method || !Object.hasOwn(type.methods!.loadOptions!, body.methodName)) {
    throw new NotFoundError(`Node type "${name}" has no load-options method "${body.methodName}"`);
  }
  const path = parameterPath(body.path);
  const result = await withTimeout(method(loadOptionsContext(ctx, request, type, body.nodeTypeAndVersion.version, path, body.currentNodeParameters as IDataObject, body.credentials as INode['credentials'])), `The method "${body.methodName}"`);
  return result.slice(0, OPTIONS_LIMITS.maxOptions);
}

async function locatorResults(ctx: ServerContext, request: FastifyRequest, body: LocatorBody): Promise<ListSearchResult> {
  checkParameters(body);
  const type = resolveNodeType(ctx, body);
  const name = `${body.nodeTypeAndVersion.name} ${body.nodeTypeAndVersion.version}`;
  const method = type.methods?.listSearch?.[body.methodName];
  if (!method || !Object.hasOwn(type.methods!.listSearch!, body.methodName)) {
    throw new NotFoundError(`Node type "${name}" has no list-search method "${body.methodName}"`);
  }
  const path = parameterPath(body.path);
  const token = body.paginationToken === undefined ? undefined : String(body.paginationToken);
  const result = await withTimeout(
    method(loadOptionsContext(ctx, request, type, body.nodeTypeAndVersion.version, path, body.currentNodeParameters as IDataObject, body.credentials as INode['credentials']), body.filter, token),
    `The method "${body.methodName}"`,
  );
  return { results: result.results.slice(0, OPTIONS_LIMITS.maxOptions), paginationToken: result.paginationToken };
}

export function nodeParameterOptionsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/node-parameter-options', { schema: { querystring: OptionsQuery } }, async (request) => {
    const body = fromQuery(request.query as Record<string, string | undefined>) as OptionsBody;
    return { data: await options(ctx, request, body) };
  });
  app.post('/dynamic-node-parameters/options', { schema: { body: OptionsBody }, bodyLimit: OPTIONS_LIMITS.bodyBytes }, async (request) => {
    return { data: await options(ctx, request, request.body as OptionsBody) };
  });
  app.get('/dynamic-node-parameters/resource-locator-results', { schema: { querystring: LocatorQuery } }, async (request) => {
    const body = fromQuery(request.query as Record<string, string | undefined>) as LocatorBody;
    return { data: await locatorResults(ctx, request, body) };
  });
  app.post('/dynamic-node-parameters/resource-locator-results', { schema: { body: LocatorBody }, bodyLimit: OPTIONS_LIMITS.bodyBytes }, async (request) => {
    return { data: await locatorResults(ctx, request, request.body as LocatorBody) };
  });
}
