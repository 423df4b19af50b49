// Workflows: list, create, new-name, read, update (with optimistic versionId check), delete,
// and POST /workflows/run (spec 001 §7). Nothing is stored unless every check has passed.
import type { FastifyInstance } from 'fastify';
import type { IWorkflowBase, INode, IConnections } from '../../model/workflow.ts';
import type { NewWorkflowData, IWorkflowDb } from '../../model/api.ts';
import type { IRunData } from '../../model/execution.ts';
import type { StartExecution } from '../executions/ExecutionService.ts';
import { PUSH_REF_HEADER } from '../../model/api.ts';
import { DEFAULT_WORKFLOW_NAME, MAX_WORKFLOW_NAME_LENGTH, WEBHOOK_NODE_TYPE } from '../../model/constants.ts';
import { nextDefaultWorkflowName } from '../../model/names.ts';
import type { ServerContext } from '../context.ts';
import { BadRequestError, NotFoundError, WorkflowHasIssuesError } from '../errors.ts';
import type { WorkflowWrite } from '../db/repositories/workflows.ts';
import {
  IdParams,
  NewWorkflowQuery,
  StartRunBody,
  WorkflowCreateBody,
  WorkflowPatchBody,
  WorkflowsFilter,
  WorkflowsListQuery,
} from './schemas.ts';
import { parseJsonQuery } from './queryJson.ts';
import { assertValidWorkflow, cleanWorkflowName, normaliseNodes } from './workflowChecks.ts';
import { WorkflowActivationError } from '../activation/ActiveWorkflows.ts';
import { workflowWebhooks, WebhookConfigurationError } from '../webhooks/workflowWebhooks.ts';
import { fetchWorkflowFromUrl, FromUrlQuery } from './workflowFromUrl.ts';
import { buildGraph, findStartNode } from '../../model/graph.ts';
import { nodesThatRun, workflowIssuesMessage } from '../../model/workflowIssues.ts';
import { createNodeIssueCheck } from '../nodeIssueCheck.ts';
import { currentUser } from '../auth/requestAuth.ts';
import { accessibleWorkflow, ownerScope, seesAll } from '../auth/access.ts';
import { ForbiddenError } from '../errors.ts';

/**
 * A workflow may use its owner's credentials only (issue 9): a node naming by id a stored
 * credential of another user is refused with the node's name. Names and unknown ids are
 * resolved at run time among the owner's own.
 */
async function assertOwnCredentials(ctx: ServerContext, nodes: INode[], ownerId: string): Promise<void> {
  const refs: Array<{ node: string; id: string }> = [];
  for (const n of nodes) for (const ref of Object.values(n.credentials ?? {})) if (ref && typeof ref.id === 'string' && ref.id) refs.push({ node: n.name, id: ref.id });
  if (!refs.length) return;
  const foreign = await ctx.credentials.foreignIds(refs.map((r) => r.id), ownerId);
  const bad = refs.find((r) => foreign.has(r.id));
  if (bad) throw new ForbiddenError(`The node "${bad.node}" uses a credential that belongs to another user; a workflow may use only its owner's credentials`);
}

const CREATED_INACTIVE = 'A workflow is created inactive: save it first, then activate it with PATCH /workflows/{id} and { "active": true }';

/** The push-ref header, if well-formed (it only routes progress messages). */
export function pushRefOf(header: string | string[] | undefined): string | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  return v && /^[A-Za-z0-9_.:-]{1,128}$/.test(v) ? v : undefined;
}

export function workflowsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const repo = ctx.repos.workflows;
  const nodeIssues = createNodeIssueCheck(ctx.nodeTypes, ctx.config);

  app.get('/workflows', { schema: { querystring: WorkflowsListQuery } }, async (request) => {
    const { filter } = request.query as { filter?: string };
    const f = parseJsonQuery(filter, WorkflowsFilter, 'filter') ?? {};
    return { data: await repo.list({ ...f, ownerId: ownerScope(currentUser(request)) }) };
  });

  app.get('/workflows/new', { schema: { querystring: NewWorkflowQuery } }, async (request) => {
    const wanted = (request.query as { name?: string }).name?.trim();
    const base = wanted || DEFAULT_WORKFLOW_NAME;
    let name = nextDefaultWorkflowName(base, await repo.namesStartingWith(base));
    // Spec 001 §9: a suffix that would reach the maximum length is skipped.
    if (name.length >= MAX_WORKFLOW_NAME_LENGTH) name = base;
    const data: NewWorkflowData = { name, onboardingFlowEnabled: false };
    return { data };
  });

  // Import from URL (pasted link, confirmed by the user): see workflowFromUrl.ts for the limits.
  app.get('/workflows/from-url', { schema: { querystring: FromUrlQuery } }, async (request) => {
    if (!pushRefOf(request.headers[PUSH_REF_HEADER])) throw new BadRequestError(`Import from URL is only answered to the editor (the ${PUSH_REF_HEADER} header is missing)`);
    const { url } = request.query as { url: string };
    return { data: await fetchWorkflowFromUrl(url) };
  });

  app.post('/workflows', { schema: { body: WorkflowCreateBody } }, async (request) => {
    const body = request.body as WorkflowCreateBody;
    const name = cleanWorkflowName(body.name, 'body/name');
    if (body.active === true) throw new BadRequestError(CREATED_INACTIVE);
    const write: WorkflowWrite = {
      name,
      nodes: normaliseNodes(body.nodes as INode[]),
      connections: body.connections as IConnections,
      settings: body.settings,
      pinData: body.pinData ?? undefined,
      staticData: body.staticData ?? undefined,
      meta: body.meta ?? undefined,
      tags: body.tags,
      // Spec 001 §4.5: a created workflow is always inactive.
      active: false,
    };
    assertValidWorkflow(write, ctx.nodeTypeVersions, 'body/');
    const user = currentUser(request);
    await assertOwnCredentials(ctx, write.nodes, user.id);
    const saved: IWorkflowDb = await repo.create(write, user.id);
    return { data: saved };
  });

  app.get('/workflows/:id', { schema: { params: IdParams } }, async (request) => {
    const { id } = request.params as IdParams;
    return { data: (await accessibleWorkflow(ctx, request, id)).workflow };
  });

  app.patch('/workflows/:id', { schema: { params: IdParams, body: WorkflowPatchBody } }, async (request) => {
    const { id } = request.params as IdParams;
    const body = request.body as WorkflowPatchBody;
    const { workflow: current, ownerId } = await accessibleWorkflow(ctx, request, id);
    const patch: Partial<WorkflowWrite> = {};
    if (body.name !== undefined) patch.name = cleanWorkflowName(body.name, 'body/name');
    if (body.nodes !== undefined) patch.nodes = normaliseNodes(body.nodes as INode[]);
    if (body.connections !== undefined) patch.connections = body.connections as IConnections;
    if (body.settings !== undefined) patch.settings = body.settings;
    if (body.pinData !== undefined) patch.pinData = body.pinData ?? undefined;
    if (body.meta !== undefined) patch.meta = body.meta ?? undefined;
    if (body.tags !== undefined) patch.tags = body.tags;
    if (body.active !== undefined) patch.active = body.active;
    // Checked as it will be stored: new parts together with the stored ones they refer to.
    assertValidWorkflow(
      {
        nodes: patch.nodes ?? current.nodes,
        connections: patch.connections ?? current.connections,
        settings: patch.settings ?? current.settings,
        pinData: patch.pinData ?? current.pinData,
      },
      ctx.nodeTypeVersions,
      'body/',
    );
    if (patch.nodes && ownerId) await assertOwnCredentials(ctx, patch.nodes, ownerId);
    // Activation (spec 001 §4.6): checked before anything is stored, so a workflow that cannot
    // run actively is answered 400 with the reason and stays as it was.
    const willBeActive = patch.active ?? current.active;
    if (willBeActive) {
      try {
        ctx.activeWorkflows.prepare({ ...current, ...patch, id, tags: current.tags } as IWorkflowDb);
      } catch (e) {
        if (e instanceof WorkflowActivationError) throw new BadRequestError(e.message);
        throw e;
      }
    }
    const saved = await repo.update(id, patch, body.versionId);
    if (saved.active) {
      try {
        ctx.activeWorkflows.activate(ctx.activeWorkflows.prepare(saved, { nodeIssuesChecked: true }));
      } catch (e) {
        // Another workflow took a path in between: keep the stored state honest.
        await repo.setInactive(id);
        throw e instanceof WorkflowActivationError ? new BadRequestError(e.message) : e;
      }
    } else {
      ctx.activeWorkflows.deactivate(id);
    }
    return { data: saved };
  });

  app.delete('/workflows/:id', { schema: { params: IdParams } }, async (request) => {
    const { id } = request.params as IdParams;
    await accessibleWorkflow(ctx, request, id);
    await repo.delete(id);
    ctx.activeWorkflows.deactivate(id);
    ctx.testWebhooks.cancel(id);
    return { data: true };
  });

  app.post('/workflows/run', { schema: { body: StartRunBody } }, async (request) => {
    const body = request.body as StartRunBody;
    const wd = body.workflowData;
    const workflow: IWorkflowBase = {
      ...(wd as unknown as IWorkflowBase),
      name: typeof wd.name === 'string' && wd.name.trim() !== '' ? wd.name.trim() : DEFAULT_WORKFLOW_NAME,
      active: false,
      nodes: normaliseNodes(wd.nodes as INode[]),
      connections: wd.connections as IConnections,
    };
    assertValidWorkflow(workflow, ctx.nodeTypeVersions, 'body/workflowData/');
    const names = new Set(workflow.nodes.map((n) => n.name));
    const startNodes = (body.startNodes ?? []).map((s) => (typeof s === 'string' ? { name: s } : s));
    startNodes.forEach((s, i) => {
      if (!names.has(s.name)) throw new BadRequestError(`body/startNodes/${i} names node ${JSON.stringify(s.name)}, which is not in the workflow`);
    });
    if (body.destinationNode !== undefined && !names.has(body.destinationNode)) {
      throw new BadRequestError(`body/destinationNode names node ${JSON.stringify(body.destinationNode)}, which is not in the workflow`);
    }
    // Node issues of the nodes that would run block it, as in the editor (spec 001 §5, §8).
    const pinData = body.pinData ?? workflow.pinData;
    const partialFrom = body.runData ? startNodes.map((s) => s.name) : [];
    const issues = nodeIssues(workflow.nodes, { scope: manualRunScope(workflow, partialFrom, body.destinationNode, ctx), pinData });
    if (Object.keys(issues).length) throw new WorkflowHasIssuesError(workflowIssuesMessage(issues), issues);
    // The run belongs to a stored workflow only when that workflow exists (an unsaved one has no
    // id) and the user may see it; then it runs as its owner's (credentials), else as the user's.
    const user = currentUser(request);
    const stored = wd.id ? await repo.ownerOf(wd.id) : undefined;
    const workflowId = wd.id && stored !== undefined && (seesAll(user) || stored === user.id) ? wd.id : null;
    const runAs = workflowId ? (stored ?? null) : user.id;
    const pushRef = pushRefOf(request.headers[PUSH_REF_HEADER]);
    const runData = body.runData as IRunData | undefined;
    // A run that starts at a webhook waits for a call to its test URL (spec 001 §2.7, §4.10).
    const listenFor = { workflowId: workflowId ?? '', workflow: workflowId ? { ...workflow, id: workflowId } : workflow, pushRef, runData, pinData: body.pinData ?? workflow.pinData, destinationNode: body.destinationNode, runAs };
    if (!startNodes.length && workflowWebhooks(workflow).length > 0) {
      if (!workflowId) throw new BadRequestError('Save the workflow before listening for a test webhook call', 'Test webhook URLs belong to a saved workflow.');
      let waiting: boolean;
      try {
        waiting = ctx.testWebhooks.listen(listenFor);
      } catch (e) {
        if (e instanceof WebhookConfigurationError) throw new BadRequestError(e.message);
        throw e;
      }
      if (waiting) return { data: { waitingForWebhook: true } };
    }
    const { executionId } = await ctx.executions.start({
      workflow: workflowId ? { ...workflow, id: workflowId } : workflow,
      workflowId,
      runAs,
      mode: 'manual',
      pushRef,
      runData,
      pinData: body.pinData,
      startNodes: startNodes.length > 0 ? (startNodes as StartExecution['startNodes']) : undefined,
      destinationNode: body.destinationNode,
    });
    return { data: { executionId, waitingForWebhook: false } };
  });
}

/**
 * The nodes a manual run would execute: towards a destination, it and its ancestors; from the
 * start nodes of a partial run (they need run data), what follows them; otherwise what follows
 * the webhooks it would listen on and the node a full run starts from (n8n's editor: webhooks
 * first, then the start node).
 */
function manualRunScope(workflow: IWorkflowBase, startNodes: string[], destinationNode: string | undefined, ctx: ServerContext): Set<string> {
  const graph = buildGraph(workflow.nodes, workflow.connections);
  if (destinationNode || startNodes.length) return nodesThatRun(graph, startNodes, destinationNode);
  const starts = workflowWebhooksNodeNames(workflow);
  const start = findStartNode(workflow.nodes, { isTrigger: (type, version) => ctx.nodeTypes.get(type, version)?.kind === 'trigger' });
  if (start) starts.push(start.name);
  return nodesThatRun(graph, starts);
}

function workflowWebhooksNodeNames(workflow: IWorkflowBase): string[] {
  return workflow.nodes.filter((n) => !n.disabled && n.type === WEBHOOK_NODE_TYPE).map((n) => n.name);
}
