// Writing a stored workflow, shared by the editor's REST API (/rest/workflows) and the public API
// (/api/v1/workflows): the same checks before anything is stored, and activation kept in step
// with the stored `active` flag (spec 001 §4.5, §4.6). Access is checked by the caller.
import type { IConnections, INode, IWorkflowSettings, IPinData } from '../../model/workflow.ts';
import type { IWorkflowDb } from '../../model/api.ts';
import type { ServerContext } from '../context.ts';
import type { WorkflowWrite } from '../db/repositories/workflows.ts';
import { BadRequestError, ForbiddenError } from '../errors.ts';
import { WorkflowActivationError } from '../activation/ActiveWorkflows.ts';
import { credentialRef } from '../../model/readWorkflow.ts';
import { assertExecutionTimeout, assertValidWorkflow, cleanWorkflowName, normaliseNodes, withoutDanglingConnections } from './workflowChecks.ts';
import { EXTRA_WORKFLOW_FIELDS } from './schemas.ts';

/**
 * The parts of a workflow a request sends, as checked by its JSON schema (n8n JSON). A part
 * sent as null is stored as null (n8n writes it so; readWorkflow.ts reads it as absent).
 */
export interface WorkflowBodyParts {
  name?: string | null;
  nodes?: unknown[];
  connections?: unknown;
  settings?: IWorkflowSettings | null;
  pinData?: IPinData | null;
  [field: string]: unknown;
}

/** The stored parts a body changes: only those it sends, cleaned (trimmed name, nodes with ids). */
export function workflowPatch(body: WorkflowBodyParts): Partial<WorkflowWrite> {
  const patch: Partial<WorkflowWrite> = {};
  if (body.name !== undefined && body.name !== null) patch.name = cleanWorkflowName(body.name, 'body/name');
  if (body.nodes !== undefined) patch.nodes = normaliseNodes(body.nodes as INode[]);
  if (body.connections !== undefined) patch.connections = body.connections as IConnections;
  if (body.settings !== undefined) patch.settings = body.settings;
  if (body.pinData !== undefined) patch.pinData = body.pinData;
  const extra = extraFieldsOf(body);
  if (extra) patch.extra = extra;
  return patch;
}

/** n8n's workflow fields without a part of their own (description, nodeGroups, …) that the body sends. */
export function extraFieldsOf(body: Record<string, unknown>): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined;
  for (const key of EXTRA_WORKFLOW_FIELDS) if (body[key] !== undefined) (out ??= {})[key] = body[key];
  return out;
}

/**
 * A workflow may use its owner's credentials only (issue 9): a node naming by id a stored
 * credential of another user is refused with the node's name. Names and unknown ids are
 * resolved at run time among the owner's own.
 */
export async function assertOwnCredentials(ctx: ServerContext, nodes: INode[], ownerId: string): Promise<void> {
  const refs: Array<{ node: string; id: string }> = [];
  for (const n of nodes) {
    for (const raw of Object.values(n.credentials ?? {})) {
      const ref = credentialRef(raw);
      if (ref?.id) refs.push({ node: n.name, id: ref.id });
    }
  }
  if (!refs.length) return;
  const foreign = await ctx.credentials.foreignIds(refs.map((r) => r.id), ownerId);
  const bad = refs.find((r) => foreign.has(r.id));
  if (bad) throw new ForbiddenError(`The node "${bad.node}" uses a credential that belongs to another user; a workflow may use only its owner's credentials`);
}

/**
 * Stores a new workflow of `ownerId` (always inactive, spec 001 §4.5) once every check passed.
 * Connections to nodes the workflow does not contain are dropped; `notices` gets the sentence
 * saying which.
 */
export async function createWorkflow(ctx: ServerContext, write: WorkflowWrite, ownerId: string, notices?: string[]): Promise<IWorkflowDb> {
  const pruned = withoutDanglingConnections(write.connections, write.nodes);
  if (pruned.notice) {
    write = { ...write, connections: pruned.connections };
    notices?.push(pruned.notice);
  }
  await assertValidWorkflow(write, 'body/');
  await assertOwnCredentials(ctx, write.nodes, ownerId);
  return ctx.repos.workflows.create({ ...write, active: false }, ownerId);
}

/**
 * Applies `patch` to a stored workflow the caller may change. The result is checked as it will
 * be stored (new parts with the stored ones they refer to); a workflow that will be active is
 * prepared for activation first, so one that cannot run actively is answered 400 with the
 * reason and stays as it was. With `versionId`, a save based on an older version is a 409.
 */
export async function updateWorkflow(
  ctx: ServerContext,
  stored: { workflow: IWorkflowDb; ownerId: string | null },
  patch: Partial<WorkflowWrite>,
  versionId?: string,
  notices?: string[],
): Promise<IWorkflowDb> {
  const { workflow: current, ownerId } = stored;
  const id = current.id;
  // Nodes removed without their connections, or connections to nodes that are not there: dropped.
  const pruned = withoutDanglingConnections(patch.connections ?? current.connections, patch.nodes ?? current.nodes);
  if (pruned.notice) {
    patch = { ...patch, connections: pruned.connections };
    notices?.push(pruned.notice);
  }
  await assertValidWorkflow(
    {
      nodes: patch.nodes ?? current.nodes,
      connections: patch.connections ?? current.connections,
      settings: patch.settings !== undefined ? patch.settings : current.settings,
      pinData: patch.pinData !== undefined ? patch.pinData : current.pinData,
    },
    'body/',
  );
  if (patch.settings !== undefined) assertExecutionTimeout(patch.settings, current.settings, ctx.config.executionsTimeoutMax);
  if (patch.nodes && ownerId) await assertOwnCredentials(ctx, patch.nodes, ownerId);
  const willBeActive = patch.active ?? current.active;
  if (willBeActive) {
    try {
      ctx.activeWorkflows.prepare({ ...current, ...patch, id, tags: current.tags } as IWorkflowDb);
    } catch (e) {
      if (e instanceof WorkflowActivationError) throw new BadRequestError(e.message);
      throw e;
    }
  }
  const saved = await ctx.repos.workflows.update(id, patch, versionId);
  if (saved.active) {
    try {
      await ctx.activeWorkflows.activate(ctx.activeWorkflows.prepare(saved, { nodeIssuesChecked: true }), current.active ? 'update' : 'activate');
    } catch (e) {
      // Another workflow took a path in between: keep the stored state honest.
      await ctx.repos.workflows.setInactive(id);
      throw e instanceof WorkflowActivationError ? new BadRequestError(e.message) : e;
    }
  } else {
    ctx.activeWorkflows.deactivate(id);
  }
  return saved;
}

/** Deletes a stored workflow (its executions go with it) and stops everything that runs it. */
export async function deleteWorkflow(ctx: ServerContext, id: string): Promise<void> {
  await ctx.repos.workflows.delete(id);
  ctx.activeWorkflows.deactivate(id);
  ctx.testWebhooks.cancel(id);
}
