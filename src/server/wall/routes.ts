// The wall's REST routes (issue 18), under `${basePath}rest`:
//   POST/GET /wall/tokens, DELETE /wall/tokens/:id — the owner's (and the default user's) read-only
//     tokens for kiosk screens; the token is answered once, only its sha256 is stored;
//   GET /wall/workflows?ids=a,b — the workflows to draw (no parameters, credentials, pinned or
//     static data) with their live state;
//   GET /wall/stream?ids=a,b — server-sent events: a full state per workflow, then updates.
// The two reads take a session (the workflows the user may see) or a wall token (its workflows
// only; `authorization: Bearer <token>` or `?wallToken=`): `config: { auth: 'wall' }`.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { INode } from '../../model/workflow.ts';
import { WALL_TOKEN_LABEL_MAX, WALL_TOKEN_WORKFLOWS_MAX, type WallTokenCreated, type WallWorkflow, type WallWorkflowNode } from '../../model/wall.ts';
import { BadRequestError, ForbiddenError, NotFoundError, ServiceUnavailableError } from '../errors.ts';
import { currentUser, requireRole } from '../auth/requestAuth.ts';
import { mayAccess, workflowNotFound } from '../auth/access.ts';
import { newToken, sha256 } from '../auth/tokens.ts';
import { IdParams } from '../rest/schemas.ts';
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';
import { hasDynamicPorts } from '../../model/nodePorts.ts';
import { descriptionFor, drawnTypeInfo, type DrawnTypeInfo } from '../../model/drawnTypeInfo.ts';

const WorkflowId = Type.String({ minLength: 1, maxLength: 64 });
const TokenBody = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: WALL_TOKEN_LABEL_MAX }),
    workflowIds: Type.Array(WorkflowId, { minItems: 1, maxItems: WALL_TOKEN_WORKFLOWS_MAX }),
  },
  { additionalProperties: false },
);
const WallQuery = Type.Object({
  ids: Type.Optional(Type.String({ maxLength: WALL_TOKEN_WORKFLOWS_MAX * 65 })),
  wallToken: Type.Optional(Type.String({ maxLength: 256 })),
});

const STICKY_NOTE = 'n8n-nodes-base.stickyNote';

/**
 * A node as the wall draws it: no parameters (they may hold secrets), no credentials; a node
 * whose endpoints depend on its parameters comes with how it is drawn instead.
 */
function wallNode(n: INode, types: NodeTypeIndex): WallWorkflowNode {
  const out: WallWorkflowNode = { id: n.id, name: n.name, type: n.type, typeVersion: n.typeVersion, position: [n.position[0], n.position[1]] };
  if (n.disabled) out.disabled = true;
  if (hasDynamicPorts(n.type, n.typeVersion)) {
    const d = descriptionFor(types.get(n.type), n.typeVersion);
    if (d) out.look = drawnTypeInfo(d, n.type, n.typeVersion, (n.parameters ?? {}) as Record<string, unknown>);
  }
  if (n.type === STICKY_NOTE) {
    const p = n.parameters ?? {};
    out.parameters = { content: p.content, width: p.width, height: p.height, color: p.color };
  }
  return out;
}

type NodeTypeIndex = Map<string, INodeTypeDescription[]>;

/** The node types' descriptions by name, made again when the installed types change. */
function typeIndex(ctx: ServerContext): () => NodeTypeIndex {
  let index: NodeTypeIndex | undefined;
  let generation: number | undefined;
  return () => {
    if (!index || generation !== ctx.nodeTypes.generation) {
      generation = ctx.nodeTypes.generation;
      index = new Map();
      for (const d of ctx.nodeTypes.descriptions()) {
        const list = index.get(d.name);
        if (list) list.push(d);
        else index.set(d.name, [d]);
      }
    }
    return index;
  };
}

/** How each type and version the workflow uses is drawn. */
function drawnTypes(nodes: readonly INode[], types: NodeTypeIndex): Record<string, DrawnTypeInfo> {
  const out: Record<string, DrawnTypeInfo> = {};
  for (const n of nodes) {
    const key = `${n.type}@${n.typeVersion}`;
    if (key in out) continue;
    const d = descriptionFor(types.get(n.type), n.typeVersion);
    if (d) out[key] = drawnTypeInfo(d, n.type, n.typeVersion);
  }
  return out;
}

/** ?ids=a,b as a list: 1..50 ids, each 1..64 characters, duplicates dropped. */
function parseIds(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const ids = [...new Set(text.split(',').map((s) => s.trim()).filter((s) => s.length > 0))];
  if (ids.length === 0) throw new BadRequestError('query/ids must name at least one workflow');
  if (ids.length > WALL_TOKEN_WORKFLOWS_MAX) throw new BadRequestError(`query/ids names ${ids.length} workflows; a wall shows at most ${WALL_TOKEN_WORKFLOWS_MAX}`);
  const long = ids.find((id) => id.length > 64);
  if (long) throw new BadRequestError(`query/ids: "${long.slice(0, 64)}…" is not a workflow id`);
  return ids;
}

/**
 * The workflow ids a wall request may read: with a session, those named that the user may see
 * (404 for any other, as everywhere); with a wall token, those named (default: all of the
 * token's) that the token covers (403 otherwise) and that still exist.
 */
async function allowedIds(ctx: ServerContext, request: FastifyRequest): Promise<string[]> {
  const asked = parseIds((request.query as { ids?: string }).ids);
  const grant = request.wallToken;
  if (grant) {
    const covered = new Set(grant.workflowIds);
    const outside = asked?.find((id) => !covered.has(id));
    if (outside) throw new ForbiddenError(`This wall token does not show workflow "${outside}"`);
    const ids: string[] = [];
    for (const id of asked ?? grant.workflowIds) if ((await ctx.repos.workflows.ownerOf(id)) !== undefined) ids.push(id);
    return ids;
  }
  if (!asked) throw new BadRequestError('query/ids is required: the ids of the workflows to show, separated by commas');
  const user = currentUser(request);
  for (const id of asked) {
    const ownerId = await ctx.repos.workflows.ownerOf(id);
    if (ownerId === undefined || !mayAccess(user, ownerId)) throw workflowNotFound(id);
  }
  return asked;
}

export function wallRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tokens = ctx.wall.tokens;
  const nodeTypes = typeIndex(ctx);

  app.post('/wall/tokens', { schema: { body: TokenBody } }, async (request) => {
    requireRole(request, ['owner', 'default'], 'create wall tokens');
    const body = request.body as { label: string; workflowIds: string[] };
    const label = body.label.trim();
    if (!label) throw new BadRequestError('label must not be empty');
    const workflowIds = [...new Set(body.workflowIds)];
    for (const id of workflowIds) {
      if ((await ctx.repos.workflows.ownerOf(id)) === undefined) throw new BadRequestError(`Workflow with ID "${id}" could not be found`);
    }
    const token = newToken();
    const created = await tokens.create({ label, workflowIds, tokenHash: sha256(token), createdBy: currentUser(request).id });
    const data: WallTokenCreated = { ...created, token };
    return { data };
  });

  app.get('/wall/tokens', async (request) => {
    requireRole(request, ['owner', 'default'], 'list wall tokens');
    return { data: await tokens.list() };
  });

  app.delete('/wall/tokens/:id', { schema: { params: IdParams } }, async (request) => {
    requireRole(request, ['owner', 'default'], 'delete wall tokens');
    const { id } = request.params as IdParams;
    if (!(await tokens.delete(id))) throw new NotFoundError(`Wall token ${id} could not be found`);
    // Screens open with it stop at once (their reconnect is refused).
    ctx.wall.hub.closeToken(id);
    return { data: true };
  });

  app.get('/wall/workflows', { config: { auth: 'wall' }, schema: { querystring: WallQuery } }, async (request) => {
    const ids = await allowedIds(ctx, request);
    const data: WallWorkflow[] = [];
    for (const id of ids) {
      const found = await ctx.repos.workflows.getWithOwner(id);
      if (!found) continue;
      const w = found.workflow;
      const types = nodeTypes();
      const nodes = w.nodes ?? [];
      data.push({ id, name: w.name, active: Boolean(w.active), nodes: nodes.map((n) => wallNode(n, types)), connections: (w.connections ?? {}) as Record<string, unknown>, snapshot: ctx.wall.aggregator.snapshot(id), types: drawnTypes(nodes, types) });
    }
    return { data };
  });

  app.get('/wall/stream', { config: { auth: 'wall' }, schema: { querystring: WallQuery } }, async (request, reply) => {
    const ids = await allowedIds(ctx, request);
    if (!ctx.wall.hub.canAccept()) throw new ServiceUnavailableError('Too many wall screens are connected');
    reply.hijack();
    ctx.wall.hub.connect(reply.raw, ids, {
      userId: request.user?.id,
      sessionId: request.sessionToken ? sha256(request.sessionToken) : undefined,
      tokenId: request.user ? undefined : request.wallToken?.id,
    });
  });
}
