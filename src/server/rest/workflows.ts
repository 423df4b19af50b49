// Workflows: list, create, new-name, read, update (with optimistic versionId check), delete,
// and POST /workflows/run (spec 001 §7). Nothing is stored unless every check has passed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { readPinData, readWorkflow } from '../../model/readWorkflow.ts';
import { IMPORT_ERROR } from './jsonBody.ts';
import { MAX_WORKFLOW_PAYLOAD_BYTES } from '../../model/constants.ts';
import { createWorkflow, deleteWorkflow, updateWorkflow, workflowPatch, type WorkflowBodyParts } from './workflowSave.ts';
import { workflowWebhooks, WebhookConfigurationError } from '../webhooks/workflowWebhooks.ts';
import { FORM_TRIGGER_NODE_TYPE } from '../../nodes/Form/FormTrigger.node.ts';
import { fetchWorkflowFromUrl, FromUrlQuery } from './workflowFromUrl.ts';
import { buildGraph, findStartNode } from '../../model/graph.ts';
import { nodesThatRun, workflowIssuesMessage } from '../../model/workflowIssues.ts';
import { createNodeIssueCheck } from '../nodeIssueCheck.ts';
import { currentUser } from '../auth/requestAuth.ts';
import { accessibleWorkflow, ownerScope, seesAll } from '../auth/access.ts';


/** The push-ref header, if well-formed (it only routes progress messages). */
export function pushRefOf(header: string | string[] | undefined): string | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  return v && /^[A-Za-z0-9_.:-]{1,128}$/.test(v) ? v : undefined;
}

/**
 * POST /workflows asks for a workflow (spec 001 §3 "Pasted or imported workflow": nodes and
 * connections); anything else is not one, whatever else it holds.
 */
async function requireWorkflowShape(request: FastifyRequest): Promise<void> {
  const body = request.body as unknown;
  const obj = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  const what = obj === undefined ? (Array.isArray(body) ? 'a list' : body === null || body === undefined ? 'nothing' : `a ${typeof body}`) : undefined;
  if (what) throw new BadRequestError(`${IMPORT_ERROR}: the JSON is ${what}, not a workflow (an object with a "nodes" array and a "connections" object)`);
  const missing = [!Array.isArray(obj!.nodes) ? '"nodes" array' : '', typeof obj!.connections !== 'object' || obj!.connections === null || Array.isArray(obj!.connections) ? '"connections" object' : ''].filter(Boolean);
  if (missing.length) throw new BadRequestError(`${IMPORT_ERROR}: the JSON is not a workflow: it has no ${missing.join(' and no ')}`);
}

export function workflowsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const repo = ctx.repos.workflows;
  // A workflow body may be at most the workflow payload limit (spec 001 §9), or the server's
  // body limit when that is lower; run requests carry run data too and keep the server's limit.
  const workflowBodyLimit = Math.min(ctx.config.payloadSizeMax, MAX_WORKFLOW_PAYLOAD_BYTES);
  const nodeIssues = createNodeIssueCheck(ctx.nodeTypes, ctx.config);

  app.get('/workflows', { schema: { querystring: WorkflowsListQuery } }, async (request) => {
    const { filter } = request.query as { filter?: string };
    const f = parseJsonQuery(filter, WorkflowsFilter, 'filter') ?? {};
    return { data: await repo.list({ ...f, ownerId: ownerScope(currentUser(request)) }) };
  });

  /** The next free name starting with `base` ('My workflow', 'My workflow 2', …). */
  async function freeName(base: string): Promise<string> {
    const name = nextDefaultWorkflowName(base, await repo.namesStartingWith(base));
    // Spec 001 §9: a suffix that would reach the maximum length is skipped.
    return name.length >= MAX_WORKFLOW_NAME_LENGTH ? base : name;
  }

  app.get('/workflows/new', { schema: { querystring: NewWorkflowQuery } }, async (request) => {
    const wanted = (request.query as { name?: string }).name?.trim();
    const data: NewWorkflowData = { name: await freeName(wanted || DEFAULT_WORKFLOW_NAME), onboardingFlowEnabled: false };
    return { data };
  });

  // Import from URL (pasted link, confirmed by the user): see workflowFromUrl.ts for the limits.
  app.get('/workflows/from-url', { schema: { querystring: FromUrlQuery } }, async (request) => {
    if (!pushRefOf(request.headers[PUSH_REF_HEADER])) throw new BadRequestError(`Import from URL is only answered to the editor (the ${PUSH_REF_HEADER} header is missing)`);
    const { url } = request.query as { url: string };
    return { data: await fetchWorkflowFromUrl(url) };
  });

  // Create, and import: any n8n workflow file is accepted as n8n keeps it (issue 10). Stored as
  // sent, except: a missing name gets the next default name (as the editor names an imported
  // file), nodes without an id get one, the workflow starts inactive (active: true is not an
  // error, activation is a later step), connections to missing nodes are dropped with a notice.
  app.post(
    '/workflows',
    { schema: { body: WorkflowCreateBody }, bodyLimit: workflowBodyLimit, config: { workflowBody: true, workflowImport: true }, preValidation: requireWorkflowShape },
    async (request) => {
      const body = request.body as WorkflowCreateBody;
      const name = typeof body.name === 'string' ? body.name : await freeName(DEFAULT_WORKFLOW_NAME);
      const parts = workflowPatch({ ...(body as WorkflowBodyParts), name });
      const write = { ...parts, staticData: body.staticData, meta: body.meta, tags: body.tags ?? undefined } as WorkflowWrite;
      const notices: string[] = [];
      const saved: IWorkflowDb = await createWorkflow(ctx, write, currentUser(request).id, notices);
      return notices.length ? { data: saved, notices } : { data: saved };
    },
  );

  app.get('/workflows/:id', { schema: { params: IdParams } }, async (request) => {
    const { id } = request.params as IdParams;
    return { data: (await accessibleWorkflow(ctx, request, id)).workflow };
  });

  app.patch('/workflows/:id', { schema: { params: IdParams, body: WorkflowPatchBody }, bodyLimit: workflowBodyLimit, config: { workflowBody: true } }, async (request) => {
    const { id } = request.params as IdParams;
    const body = request.body as WorkflowPatchBody;
    const stored = await accessibleWorkflow(ctx, request, id);
    const patch = workflowPatch(body as WorkflowBodyParts);
    if (body.meta !== undefined) patch.meta = body.meta;
    if (body.staticData !== undefined) patch.staticData = body.staticData;
    if (body.tags !== undefined) patch.tags = body.tags ?? [];
    if (body.active !== undefined && body.active !== null) patch.active = body.active;
    const notices: string[] = [];
    const saved = await updateWorkflow(ctx, stored, patch, body.versionId, notices);
    return notices.length ? { data: saved, notices } : { data: saved };
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
    const sent: IWorkflowBase = {
      ...(wd as unknown as IWorkflowBase),
      name: typeof wd.name === 'string' && wd.name.trim() !== '' ? wd.name.trim() : DEFAULT_WORKFLOW_NAME,
      active: false,
      nodes: normaliseNodes(wd.nodes as INode[]),
      connections: wd.connections as IConnections,
    };
    await assertValidWorkflow(sent, 'body/workflowData/');
    if (body.pinData) await assertValidWorkflow({ nodes: [], connections: {}, pinData: body.pinData }, 'body/');
    // Older forms (credentials by name, unwrapped pinned items, nulls) read as n8n reads them.
    const workflow = readWorkflow(sent);
    const sentPinData = body.pinData ? readPinData(body.pinData) : undefined;
    const names = new Set(workflow.nodes.map((n) => n.name));
    const startNodes = (body.startNodes ?? []).map((s) => (typeof s === 'string' ? { name: s } : s));
    startNodes.forEach((s, i) => {
      if (!names.has(s.name)) throw new BadRequestError(`body/startNodes/${i} names node ${JSON.stringify(s.name)}, which is not in the workflow`);
    });
    if (body.destinationNode !== undefined && !names.has(body.destinationNode)) {
      throw new BadRequestError(`body/destinationNode names node ${JSON.stringify(body.destinationNode)}, which is not in the workflow`);
    }
    // Node issues of the nodes that would run block it, as in the editor (spec 001 §5, §8).
    const pinData = sentPinData ?? workflow.pinData;
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
    const listenFor = { workflowId: workflowId ?? '', workflow: workflowId ? { ...workflow, id: workflowId } : workflow, pushRef, runData, pinData, destinationNode: body.destinationNode, runAs };
    let listens = false;
    try {
      listens = !startNodes.length && workflowWebhooks(workflow, undefined, ctx.nodeTypes).length > 0;
    } catch (e) {
      if (e instanceof WebhookConfigurationError) throw new BadRequestError(e.message);
      throw e;
    }
    if (listens) {
      if (!workflowId) throw new BadRequestError('Save the workflow before listening for a test webhook call', 'Test webhook URLs belong to a saved workflow.');
      let waiting: boolean;
      try {
        waiting = ctx.testWebhooks.listen(listenFor);
      } catch (e) {
        if (e instanceof WebhookConfigurationError) throw new BadRequestError(e.message);
        throw e;
      }
      if (waiting) {
        // Node webhooks that register at their service (community webhook nodes) do so now.
        try {
          await ctx.testWebhooks.setUpNodeHooks(listenFor.workflowId);
        } catch (e) {
          throw new BadRequestError((e as Error).message);
        }
        return { data: { waitingForWebhook: true } };
      }
    }
    const { executionId } = await ctx.executions.start({
      workflow: workflowId ? { ...workflow, id: workflowId } : workflow,
      workflowId,
      runAs,
      mode: 'manual',
      pushRef,
      runData,
      pinData: sentPinData,
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
  return workflow.nodes.filter((n) => !n.disabled && (n.type === WEBHOOK_NODE_TYPE || n.type === FORM_TRIGGER_NODE_TYPE)).map((n) => n.name);
}
