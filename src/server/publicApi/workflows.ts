// Public API workflows (n8n's public API v1): list (filters, cursor pages), get, create, update,
// delete, activate, deactivate, and a workflow's tags. Stored through rest/workflowSave.ts, so
// the checks, ownership and activation are the editor's own; another user's workflow (for a
// member) answers 404 as if it did not exist.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { IWorkflowDb } from '../../model/api.ts';
import type { ServerContext } from '../context.ts';
import type { WorkflowWrite } from '../db/repositories/workflows.ts';
import { NotFoundError } from '../errors.ts';
import { currentUser } from '../auth/requestAuth.ts';
import { accessibleWorkflow, ownerScope } from '../auth/access.ts';
import { createWorkflow, deleteWorkflow, updateWorkflow, workflowPatch, type WorkflowBodyParts } from '../rest/workflowSave.ts';
import { PAGE_BYTES_MAX, nextCursor, pageOf } from './pagination.ts';
import { publicTag } from './tags.ts';
import { IdParams, PageQuery, TagSchema, KEY_ERRORS, WorkflowListSchema, WorkflowSchema, answers, ref, type PublicWorkflow } from './schemas.ts';

/** A stored workflow in n8n's public shape (parts never stored answer as n8n's empty values). */
export function publicWorkflow(w: IWorkflowDb, excludePinnedData = false): PublicWorkflow {
  const out: Record<string, unknown> = {
    id: w.id,
    name: w.name,
    active: w.active,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
    versionId: w.versionId,
    nodes: w.nodes,
    connections: w.connections,
    settings: w.settings ?? {},
    staticData: w.staticData ?? null,
    meta: w.meta ?? null,
    tags: w.tags,
  };
  if (!excludePinnedData) out.pinData = w.pinData ?? null;
  return out as PublicWorkflow;
}

const ExcludePinnedData = Type.Optional(Type.Boolean({ description: 'Leave pinned data out of the answer' }));

const ListQuery = Type.Object({
  active: Type.Optional(Type.Boolean()),
  tags: Type.Optional(Type.String({ maxLength: 4096, description: 'Comma-separated tag names, e.g. test,production: workflows carrying all of them' })),
  name: Type.Optional(Type.String({ maxLength: 256, description: 'Part of the name (case-insensitive)' })),
  excludePinnedData: ExcludePinnedData,
  ...PageQuery,
});
type ListQuery = Static<typeof ListQuery>;

const TagIdsBody = Type.Array(Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }), { maxItems: 100 });
type TagIdsBody = Static<typeof TagIdsBody>;

/** n8n's parseTagNames: comma-separated, trimmed; empty names mean nothing. */
function tagNames(tags: string): string[] {
  return [...new Set(tags.split(',').map((t) => t.trim()).filter((t) => t !== ''))].slice(0, 100);
}

const WORKFLOW_ERRORS = { ...KEY_ERRORS, 404: 'No workflow with this id (or not yours)' };

export function workflowsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tags = ['Workflow'];
  const found = (request: FastifyRequest) => accessibleWorkflow(ctx, request, (request.params as IdParams).id);

  app.get('/workflows', {
    schema: {
      tags,
      operationId: 'getWorkflows',
      summary: 'Retrieve all workflows',
      description: 'Workflows the key may see (a member: their own), in id order, one page at a time. A page of large workflows may hold fewer than limit.',
      querystring: ListQuery,
      response: answers({ schema: ref(WorkflowListSchema), description: 'A page of workflows' }, { 400: 'A query parameter is invalid', ...KEY_ERRORS }),
    },
  }, async (request) => {
    const q = request.query as ListQuery;
    const page = pageOf(q);
    let tagIds: string[] | undefined;
    if (q.tags) {
      // As n8n: workflows carrying every named tag that exists; none of them existing matches nothing.
      tagIds = (await ctx.repos.tags.find({ names: tagNames(q.tags) })).map((t) => t.id);
      if (tagIds.length === 0) return { data: [], nextCursor: null };
    }
    const filter = { name: q.name, active: q.active, tags: tagIds, ownerId: ownerScope(currentUser(request)) };
    const { workflows, more } = await ctx.repos.workflows.page(filter, { ...page, maxBytes: PAGE_BYTES_MAX });
    return { data: workflows.map((w) => publicWorkflow(w, q.excludePinnedData)), nextCursor: nextCursor(workflows, more, (w) => w.id, page.limit) };
  });

  app.get('/workflows/:id', {
    schema: {
      tags,
      operationId: 'getWorkflow',
      summary: 'Retrieve a workflow',
      params: IdParams,
      querystring: Type.Object({ excludePinnedData: ExcludePinnedData }),
      response: answers({ schema: ref(WorkflowSchema), description: 'The workflow' }, WORKFLOW_ERRORS),
    },
  }, async (request) => {
    const { excludePinnedData } = request.query as { excludePinnedData?: boolean };
    return publicWorkflow((await found(request)).workflow, excludePinnedData);
  });

  app.post('/workflows', {
    schema: {
      tags,
      operationId: 'createWorkflow',
      summary: 'Create a workflow',
      description: 'The workflow belongs to the key\'s user and is created inactive. Read-only fields are ignored.',
      body: ref(WorkflowSchema),
      response: answers({ schema: ref(WorkflowSchema), description: 'The created workflow' }, { 400: 'The workflow is invalid (the message names the field)', ...KEY_ERRORS, 413: 'The workflow is too large' }),
    },
  }, async (request) => {
    const body = request.body as PublicWorkflow;
    const write = { ...workflowPatch(body as WorkflowBodyParts), staticData: body.staticData ?? undefined } as WorkflowWrite;
    return publicWorkflow(await createWorkflow(ctx, write, currentUser(request).id));
  });

  app.put('/workflows/:id', {
    schema: {
      tags,
      operationId: 'updateWorkflow',
      summary: 'Update a workflow',
      description: 'Replaces name, nodes and connections, and settings, staticData and pinData when sent. An active workflow is activated again with the new version; if that fails nothing is stored.',
      params: IdParams,
      body: ref(WorkflowSchema),
      response: answers({ schema: ref(WorkflowSchema), description: 'The updated workflow' }, { 400: 'The workflow is invalid', ...WORKFLOW_ERRORS, 413: 'The workflow is too large' }),
    },
  }, async (request) => {
    const body = request.body as PublicWorkflow;
    const patch = workflowPatch(body as WorkflowBodyParts);
    if (body.staticData !== undefined) patch.staticData = body.staticData;
    return publicWorkflow(await updateWorkflow(ctx, await found(request), patch));
  });

  app.delete('/workflows/:id', {
    schema: {
      tags,
      operationId: 'deleteWorkflow',
      summary: 'Delete a workflow',
      description: 'Deletes the workflow and its executions; answers the workflow as it was.',
      params: IdParams,
      response: answers({ schema: ref(WorkflowSchema), description: 'The deleted workflow' }, WORKFLOW_ERRORS),
    },
  }, async (request) => {
    const { workflow } = await found(request);
    await deleteWorkflow(ctx, workflow.id);
    return publicWorkflow(workflow);
  });

  app.post('/workflows/:id/activate', {
    schema: {
      tags,
      operationId: 'activateWorkflow',
      summary: 'Activate a workflow',
      description: 'Registers its production webhooks and starts its triggers. A workflow that cannot run actively (no trigger, node issues, a webhook path in use) answers 400 with the reason.',
      params: IdParams,
      response: answers({ schema: ref(WorkflowSchema), description: 'The active workflow' }, { 400: 'The workflow cannot be activated', ...WORKFLOW_ERRORS }),
    },
  }, async (request) => {
    const stored = await found(request);
    const running = stored.workflow.active && ctx.activeWorkflows.isActive(stored.workflow.id);
    return publicWorkflow(running ? stored.workflow : await updateWorkflow(ctx, stored, { active: true }));
  });

  app.post('/workflows/:id/deactivate', {
    schema: {
      tags,
      operationId: 'deactivateWorkflow',
      summary: 'Deactivate a workflow',
      params: IdParams,
      response: answers({ schema: ref(WorkflowSchema), description: 'The inactive workflow' }, WORKFLOW_ERRORS),
    },
  }, async (request) => {
    const stored = await found(request);
    return publicWorkflow(stored.workflow.active ? await updateWorkflow(ctx, stored, { active: false }) : stored.workflow);
  });

  app.get('/workflows/:id/tags', {
    schema: {
      tags,
      operationId: 'getWorkflowTags',
      summary: 'Get the tags of a workflow',
      params: IdParams,
      response: answers({ schema: Type.Array(ref(TagSchema)), description: 'Its tags, by name' }, WORKFLOW_ERRORS),
    },
  }, async (request) => {
    const { workflow } = await found(request);
    return (await ctx.repos.tags.find({ ids: workflow.tags.map((t) => t.id) })).map(publicTag);
  });

  app.put('/workflows/:id/tags', {
    schema: {
      tags,
      operationId: 'updateWorkflowTags',
      summary: 'Set the tags of a workflow',
      description: 'The workflow carries exactly these tags afterwards.',
      params: IdParams,
      body: TagIdsBody,
      response: answers({ schema: Type.Array(ref(TagSchema)), description: 'Its tags, by name' }, { 400: 'The body is invalid', ...KEY_ERRORS, 404: 'No such workflow, or some tags do not exist' }),
    },
  }, async (request) => {
    const stored = await found(request);
    const ids = [...new Set((request.body as TagIdsBody).map((t) => t.id))];
    const existing = new Set((await ctx.repos.tags.find({ ids })).map((t) => t.id));
    const missing = ids.filter((id) => !existing.has(id));
    if (missing.length) throw new NotFoundError(`Some tags not found: ${missing.join(', ')}`);
    const saved = await updateWorkflow(ctx, stored, { tags: ids });
    return (await ctx.repos.tags.find({ ids: saved.tags.map((t) => t.id) })).map(publicTag);
  });
}
