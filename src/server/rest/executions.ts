// Executions: the saved list, one execution, deletion, and the running ones with stop
// (spec 001 §4.9 and §7).
import type { FastifyInstance } from 'fastify';
import type { ExecutionsListResponse } from '../../model/api.ts';
import type { ServerContext } from '../context.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.ts';
import type { ExecutionListFilter } from '../db/repositories/executions.ts';
import {
  ExecutionsCurrentFilter,
  ExecutionsCurrentQuery,
  ExecutionsDeleteBody,
  ExecutionsFilter,
  ExecutionsListQuery,
  IdParams,
} from './schemas.ts';
import { parseJsonQuery } from './queryJson.ts';
import { jsonTooDeepAt } from '../../model/jsonDepth.ts';
import { currentUser } from '../auth/requestAuth.ts';
import { assertExecutionAccess, ownerScope } from '../auth/access.ts';

export const EXECUTIONS_DEFAULT_LIMIT = 20;
export const EXECUTIONS_MAX_LIMIT = 500;

const STATUSES = ['new', 'running', 'success', 'error', 'waiting', 'canceled', 'crashed', 'unknown'];
const FILTER_FIELDS = ['workflowId', 'status', 'waitTill', 'finished'];

/**
 * The list's filter, with messages that say what is allowed: the schema check alone answers
 * 'expected union value' for a status it does not know.
 */
function parseFilter(raw: string | undefined, name: string): ExecutionsFilter | undefined {
  if (raw !== undefined && raw.trim() !== '' && jsonTooDeepAt(raw) === undefined) {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const key of Object.keys(value)) {
        if (!FILTER_FIELDS.includes(key)) throw new BadRequestError(`${name} has an unknown field "${key}": use ${FILTER_FIELDS.join(', ')}`);
      }
      const status = (value as { status?: unknown }).status;
      for (const st of Array.isArray(status) ? status : status === undefined ? [] : [status]) {
        if (typeof st !== 'string' || !STATUSES.includes(st)) throw new BadRequestError(`${name}/status must be one of ${STATUSES.join(', ')} (got ${JSON.stringify(st)})`);
      }
    }
  }
  return parseJsonQuery(raw, ExecutionsFilter, name.replace(/^query\//, ''));
}

function toListFilter(f: ExecutionsFilter | undefined): ExecutionListFilter {
  if (!f) return {};
  return {
    workflowId: f.workflowId,
    status: f.status === undefined ? undefined : Array.isArray(f.status) ? f.status : [f.status],
    waitTill: f.waitTill,
    finished: f.finished,
  };
}

export function executionsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const repo = ctx.repos.executions;

  app.get('/executions', { schema: { querystring: ExecutionsListQuery } }, async (request) => {
    const q = request.query as ExecutionsListQuery;
    const filter = { ...toListFilter(parseFilter(q.filter, 'query/filter')), userId: ownerScope(currentUser(request)) };
    const limit = q.limit === undefined ? EXECUTIONS_DEFAULT_LIMIT : Number(q.limit);
    if (limit < 1 || limit > EXECUTIONS_MAX_LIMIT) throw new BadRequestError(`query/limit must be between 1 and ${EXECUTIONS_MAX_LIMIT}`);
    const data: ExecutionsListResponse = await repo.list(filter, {
      limit,
      firstId: q.firstId === undefined ? undefined : Number(q.firstId),
      lastId: q.lastId === undefined ? undefined : Number(q.lastId),
    });
    // An ended execution the database has not taken yet still has a 'running' row: show its end.
    data.results = data.results.map((r) => (r.status === 'running' || r.status === 'new' ? (ctx.executions.unsavedSummary(r.id) ?? r) : r));
    return { data };
  });

  app.get('/executions/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const { id } = request.params as IdParams;
    await assertExecutionAccess(ctx, request, id);
    // Running or recently finished in memory first: a manual run may not be saved at all.
    const live = ctx.executions.getLive(id);
    // Large ones go through the sliced-replies hook. A running one may gain node runs between
    // slices: the answer is then a little later than its start, as a later request's would be.
    if (live) return { data: live };
    // A saved one goes out as stored, never parsed (see getDataReply).
    const bytes = await repo.getDataReply(id);
    if (bytes === undefined) throw new NotFoundError(`Execution ${id} could not be found`);
    return reply.type('application/json; charset=utf-8').send(bytes);
  });

  app.post('/executions/delete', { schema: { body: ExecutionsDeleteBody } }, async (request) => {
    const body = request.body as ExecutionsDeleteBody;
    let deleted: string[];
    const scope = ownerScope(currentUser(request));
    if (body.ids !== undefined) {
      if (body.deleteBefore !== undefined) throw new BadRequestError('body must have either ids or deleteBefore, not both');
      // A running execution is not deleted under it: stop it first (nothing is deleted).
      const active = ctx.executions.activeIds();
      const running = body.ids.find((id) => active.has(id));
      if (running !== undefined) throw new ConflictError(`Execution ${running} is running: stop it before deleting it`);
      // Only executions the user may see are deleted; other ids are skipped as unknown ones are.
      // A row still marked running that nothing runs (see ExecutionService.stop) is deleted too.
      deleted = await repo.deleteMany({ ids: body.ids, userId: scope, includeRunning: true }, { keep: active });
      for (const id of deleted) ctx.executions.forgetUnsaved(id);
      // Unsaved manual executions live only in memory.
      for (const id of body.ids) {
        const owner = ctx.executions.recentUserOf(id);
        if (owner !== undefined && (scope === undefined || owner === scope)) ctx.executions.recent.delete(id);
      }
    } else if (body.deleteBefore !== undefined) {
      const before = Date.parse(body.deleteBefore);
      if (Number.isNaN(before)) throw new BadRequestError('body/deleteBefore must be a date, e.g. 2024-01-31T00:00:00.000Z');
      // In batches, each batch's binary data with it: millions of rows never hold the server up.
      deleted = await repo.deleteMany(
        { filter: { ...toListFilter(body.filters), startedBefore: new Date(before).toISOString(), userId: scope } },
        {
          keep: ctx.executions.activeIds(),
          onBatch: (ids) => {
            // A finished manual run is also held in memory for the editor: it goes too.
            for (const id of ids) {
              ctx.executions.recent.delete(id);
              ctx.executions.forgetUnsaved(id);
            }
            return ctx.binaryStore.deleteExecutions(ids);
          },
        },
      );
      request.log.info({ count: deleted.length }, 'executions deleted');
      return { data: true };
    } else {
      throw new BadRequestError('body must have ids (a list of execution ids) or deleteBefore (a date)');
    }
    await ctx.binaryStore.deleteExecutions(deleted);
    request.log.info({ count: deleted.length }, 'executions deleted');
    return { data: true };
  });

  app.get('/executions-current', { schema: { querystring: ExecutionsCurrentQuery } }, async (request) => {
    const f = parseJsonQuery((request.query as { filter?: string }).filter, ExecutionsCurrentFilter, 'filter');
    return { data: ctx.executions.listCurrent(f?.workflowId, ownerScope(currentUser(request))) };
  });

  app.post('/executions-current/:id/stop', { schema: { params: IdParams } }, async (request) => {
    const { id } = request.params as IdParams;
    await assertExecutionAccess(ctx, request, id);
    return { data: await ctx.executions.stop(id) };
  });
}
