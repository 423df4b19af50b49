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
import { assertValidWorkflow, normaliseNodes } from './workflowChecks.ts';
import { createWorkflow, deleteWorkflow, updateWorkflow, workflowPatch, type WorkflowBodyParts } from './workflowSave.ts';
import { workflowWebhooks, WebhookConfigurationError } from '../webhooks/workflowWebhooks.ts';
import { fetchWorkflowFromUrl, FromUrlQuery } from './workflowFromUrl.ts';
import { buildGraph, findStartNode } from '../../model/graph.ts';
import { nodesThatRun, workflowIssuesMessage } from '../../model/workflowIssues.ts';
import { createNodeIssueCheck } from '../nodeIssueCheck.ts';
import { currentUser } from '../auth/requestAuth.ts';
import { accessibleWorkflow, ownerScope, seesAll } from '../auth/access.ts';

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
    const parts = workflowPatch(body as WorkflowBodyParts);
    if (body.active === true) throw new BadRequestError(CREATED_INACTIVE);
    const write = { ...parts, staticData: body.staticData ?? undefined, meta: body.meta ?? undefined, tags: body.tags } as WorkflowWrite;
    const saved: IWorkflowDb = await createWorkflow(ctx, write, currentUser(request).id);
    return { data: saved };
  });

  app.get('/workflows/:id', { schema: { params: IdParams } }, async (request) => {
    const { id } = request.params as IdParams;
    return { data: (await accessibleWorkflow(ctx, request, id)).workflow };
  });

  app.patch('/workflows/:id', { schema: { params: IdParams, body: WorkflowPatchBody } }, async (request) => {
    const { id } = request.params as IdParams;
    const body = request.body as WorkflowPatchBody;
    const stored = await accessibleWorkflow(ctx, request, id);
    const patch = workflowPatch(body as WorkflowBodyParts);
    if (body.meta !== undefined) patch.meta = body.meta ?? undefined;
    if (body.tags !== undefined) patch.tags = body.tags;
    if (body.active !== undefined) patch.active = body.active;
    return { data: await updateWorkflow(ctx, stored, patch, body.versionId) };
  });

  app.delete('/workflows/:id', { schema: { params: IdParams } }, async (request) => {
    const { id } = request.params as IdParams;
    await accessibleWorkflow(ctx, request, id);
    await deleteWorkflow(ctx, id);
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
    // Progress goes only to the caller's own editor: a pushRef held by another user's stream is ignored.
    const sentRef = pushRefOf(request.headers[PUSH_REF_HEADER]);
    const pushRef = sentRef && ctx.push.mayUse(sentRef, user.id) ? sentRef : undefined;
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
