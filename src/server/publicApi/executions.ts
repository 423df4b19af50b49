// Public API executions (n8n's public API v1): the stored executions, newest first in cursor
// pages, one execution, deletion. A member sees the runs that are theirs (executions.userId),
// the owner all; any other id answers 404. With includeData a page also ends once it holds
// PAGE_BYTES_MAX of run data (at least one execution), so no page is unbounded.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { IExecution, IExecutionSummary } from '../../model/execution.ts';
import type { ServerContext } from '../context.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { currentUser } from '../auth/requestAuth.ts';
import { assertExecutionAccess, ownerScope } from '../auth/access.ts';
import { PAGE_BYTES_MAX, encodeCursor, pageOf } from './pagination.ts';
import { ExecutionListSchema, ExecutionSchema, PageQuery, KEY_ERRORS, answers, ref, type PublicExecution } from './schemas.ts';

export function publicExecution(e: IExecutionSummary | IExecution, includeData = false): PublicExecution {
  const out: PublicExecution = {
    id: e.id,
    finished: e.finished,
    mode: e.mode,
    retryOf: e.retryOf ?? null,
    retrySuccessId: e.retrySuccessId ?? null,
    startedAt: e.startedAt,
    stoppedAt: e.stoppedAt ?? null,
    workflowId: e.workflowId ?? null,
    waitTill: e.waitTill ?? null,
    status: e.status,
  };
  if (includeData && 'data' in e) {
    out.data = e.data as unknown as Record<string, unknown>;
    out.workflowData = e.workflowData as unknown as Record<string, unknown>;
  }
  return out;
}

const IncludeData = Type.Optional(Type.Boolean({ description: 'Include the run data and the workflow as it ran' }));
const ExecutionId = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,15}$', description: 'The execution id' }) });
type ExecutionId = Static<typeof ExecutionId>;

const ListQuery = Type.Object({
  includeData: IncludeData,
  status: Type.Optional(ExecutionSchema.properties.status),
  workflowId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only runs of this workflow' })),
  ...PageQuery,
});
type ListQuery = Static<typeof ListQuery>;

const EXECUTION_ERRORS = { ...KEY_ERRORS, 404: 'No stored execution with this id (or not yours)' };

export function executionsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const repo = ctx.repos.executions;
  const tags = ['Execution'];
  /** The stored execution's summary, if the key's user may see it. */
  const summaryOf = async (request: FastifyRequest): Promise<IExecutionSummary> => {
    const { id } = request.params as ExecutionId;
    const message = `Execution ${id} could not be found`;
    await assertExecutionAccess(ctx, request, id, message);
    const summary = await repo.summary(id);
    if (!summary) throw new NotFoundError(message);
    return summary;
  };

  app.get('/executions', {
    schema: {
      tags,
      operationId: 'getExecutions',
      summary: 'Retrieve all executions',
      description: 'Stored executions the key may see, newest first.',
      querystring: ListQuery,
      response: answers({ schema: ref(ExecutionListSchema), description: 'A page of executions' }, { 400: 'A query parameter is invalid', ...KEY_ERRORS }),
    },
  }, async (request, reply) => {
    const q = request.query as ListQuery;
    const page = pageOf(q);
    if (page.afterId !== undefined && !/^[0-9]{1,15}$/.test(page.afterId)) throw new BadRequestError('An invalid cursor was provided: it is not one of an executions list');
    const filter = { workflowId: q.workflowId, status: q.status ? [q.status] : undefined, userId: ownerScope(currentUser(request)) };
    const { results } = await repo.list(filter, { lastId: page.afterId === undefined ? undefined : Number(page.afterId), limit: page.limit + 1 });
    // Each execution is serialised once, as it is added: the page's size is known as it grows.
    const items: string[] = [];
    let bytes = 0;
    let last: string | undefined;
    for (const summary of results.slice(0, page.limit)) {
      const full = q.includeData ? await repo.get(summary.id) : undefined;
      const text = JSON.stringify(publicExecution(full ?? summary, q.includeData));
      if (items.length > 0 && bytes + text.length > PAGE_BYTES_MAX) break;
      items.push(text);
      bytes += text.length;
      last = summary.id;
    }
    const more = results.length > items.length;
    const next = more && last !== undefined ? encodeCursor(last, page.limit) : null;
    return reply.type('application/json; charset=utf-8').send(`{"data":[${items.join(',')}],"nextCursor":${JSON.stringify(next)}}`);
  });

  app.get('/executions/:id', {
    schema: {
      tags,
      operationId: 'getExecution',
      summary: 'Retrieve an execution',
      params: ExecutionId,
      querystring: Type.Object({ includeData: IncludeData }),
      response: answers({ schema: ref(ExecutionSchema), description: 'The execution' }, EXECUTION_ERRORS),
    },
  }, async (request) => {
    const summary = await summaryOf(request);
    if (!(request.query as { includeData?: boolean }).includeData) return publicExecution(summary);
    return publicExecution((await repo.get(summary.id)) ?? summary, true);
  });

  app.delete('/executions/:id', {
    schema: {
      tags,
      operationId: 'deleteExecution',
      summary: 'Delete an execution',
      description: 'Deletes a finished execution with its data; answers it as it was. A running one cannot be deleted (stop it first).',
      params: ExecutionId,
      response: answers({ schema: ref(ExecutionSchema), description: 'The deleted execution' }, { 400: 'The execution is still running', ...EXECUTION_ERRORS }),
    },
  }, async (request) => {
    const summary = await summaryOf(request);
    if (summary.status === 'new' || summary.status === 'running') throw new BadRequestError('Cannot delete a running execution');
    const deleted = await repo.deleteMany({ ids: [summary.id] });
    await ctx.binaryStore.deleteExecutions(deleted);
    if (!ctx.executions.isActive(summary.id)) ctx.executions.recent.delete(summary.id);
    return publicExecution(summary);
  });
}
