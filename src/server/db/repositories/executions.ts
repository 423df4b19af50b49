// Saved executions: the summary row in `executions`, the (possibly large) workflow snapshot and
// run data in `execution_data`, written together in one transaction (batched: executionWrites.ts).
import { appendMember } from '../../slicedJson.ts';
import { packRunData, unpackRunData, unpackRunDataBytes } from './packedRunData.ts';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { ExecutionStatus, IExecution, IExecutionSummary, IRunExecutionData, WorkflowExecuteMode } from '../../../model/execution.ts';
import type { IWorkflowBase } from '../../../model/workflow.ts';
import type { Database } from '../schema.ts';
import { nowIso } from './ids.ts';
import { ExecutionWriteQueue } from './executionWrites.ts';

/** Workflow snapshots serialised once per workflow object (webhooks save the same one often). */
const workflowJson = new WeakMap<IWorkflowBase, string>();
function snapshot(w: IWorkflowBase): string {
  let s = workflowJson.get(w);
  if (s === undefined) {
    s = JSON.stringify(w);
    workflowJson.set(w, s);
  }
  return s;
}

export interface ExecutionListFilter {
  workflowId?: string;
  status?: ExecutionStatus[];
  /** true: only waiting executions (waitTill set); false: only those without waitTill. */
  waitTill?: boolean;
  finished?: boolean;
  /** ISO time: only executions started before it. */
  startedBefore?: string;
  /** Only this user's runs (a member's view): of their workflows, or their runs of unsaved ones. */
  userId?: string;
  /** Only this user's runs of unsaved workflows (a branch of a member's list; see list()). */
  ownRunsOf?: string;
}

/** A member with more workflows than this is listed with one OR query instead of one per workflow. */
const OWNED_BRANCHES_MAX = 100;

/** Rows per branch whose spacing estimates a member's count above EXACT_COUNT_MAX. */
const SAMPLE = 2000;

export interface ExecutionPage {
  /** Executions with a smaller id (older): "load more". */
  lastId?: number;
  /** Executions with a larger id (newer): auto-refresh. */
  firstId?: number;
  limit: number;
}

function filterExpr(eb: ExpressionBuilder<Database, 'executions'>, f: ExecutionListFilter): Expression<SqlBool> {
  const conds: Expression<SqlBool>[] = [];
  if (f.workflowId !== undefined) conds.push(eb('executions.workflowId', '=', f.workflowId));
  if (f.status && f.status.length > 0) conds.push(eb('executions.status', 'in', f.status));
  if (f.waitTill === true) conds.push(eb('executions.waitTill', 'is not', null));
  if (f.waitTill === false) conds.push(eb('executions.waitTill', 'is', null));
  if (f.finished !== undefined) conds.push(eb('executions.finished', '=', f.finished));
  if (f.startedBefore !== undefined) conds.push(eb('executions.startedAt', '<', f.startedBefore));
  if (f.userId !== undefined) conds.push(ownedBy(eb, f.userId));
  if (f.ownRunsOf !== undefined) conds.push(eb.and([eb('executions.workflowId', 'is', null), eb('executions.userId', '=', f.ownRunsOf)]));
  return eb.and(conds);
}

/** Executions that are `userId`'s: runs of their workflows, and their runs of unsaved workflows. */
function ownedBy(eb: ExpressionBuilder<Database, 'executions'>, userId: string): Expression<SqlBool> {
  return eb.or([
    eb('executions.workflowId', 'in', eb.selectFrom('workflows').select('workflows.id').where('workflows.ownerId', '=', userId)),
    eb.and([eb('executions.workflowId', 'is', null), eb('executions.userId', '=', userId)]),
  ]);
}

function summaryOf(row: {
  id: number;
  workflowId: string | null;
  workflowName: string | null;
  mode: string;
  status: string;
  finished: number | boolean;
  startedAt: string;
  stoppedAt: string | null;
  waitTill: string | null;
  retryOf: string | null;
  retrySuccessId: string | null;
  errorMessage?: string | null;
}): StoredExecutionSummary {
  const summary: StoredExecutionSummary = {
    id: String(row.id),
    finished: Boolean(row.finished),
    mode: row.mode as WorkflowExecuteMode,
    status: row.status as ExecutionStatus,
    startedAt: row.startedAt,
    stoppedAt: row.stoppedAt,
    workflowId: row.workflowId,
    workflowName: row.workflowName ?? undefined,
    retryOf: row.retryOf,
    retrySuccessId: row.retrySuccessId,
    waitTill: row.waitTill,
  };
  if (row.errorMessage) summary.errorMessage = row.errorMessage;
  return summary;
}

/** A list row: the summary, plus why a failed execution failed (the list shows it). */
export type StoredExecutionSummary = IExecutionSummary & { errorMessage?: string };

/** Longest error message kept on the summary row (the run data has the whole error). */
const ERROR_MESSAGE_MAX = 1000;

/** The message of a failed execution's error, for its summary row; null when it did not fail. */
export function errorMessageOf(e: Pick<IExecution, 'status' | 'data'>): string | null {
  if (e.status === 'success' || e.status === 'running' || e.status === 'new' || e.status === 'waiting') return null;
  const message = e.data?.resultData?.error?.message;
  if (typeof message !== 'string' || message === '') return null;
  return message.length > ERROR_MESSAGE_MAX ? message.slice(0, ERROR_MESSAGE_MAX - 1) + '…' : message;
}

/** Above this many matching executions the list's count is estimated (n8n: 100,000 too). */
export const EXACT_COUNT_MAX = 100_000;

/** Rows deleted per batch by pruning and deleteBefore: each batch holds the event loop a few ms. */
export const DELETE_BATCH = 200;

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export interface ExecutionStart {
  id: string;
  workflowId: string | null;
  workflowName: string;
  mode: WorkflowExecuteMode;
  startedAt: string;
  retryOf?: string | null;
  workflowData: IWorkflowBase;
  data: IRunExecutionData;
  /** Who ran an unsaved workflow; null for a stored workflow's run (its owner's). */
  userId: string | null;
}

export class ExecutionsRepository {
  readonly #db: Kysely<Database>;
  readonly #writes: ExecutionWriteQueue;
  constructor(db: Kysely<Database>) {
    this.#db = db;
    this.#writes = new ExecutionWriteQueue(db);
  }

  /** Settles when every start, save and delete asked for so far is committed. */
  flushWrites(): Promise<void> {
    return this.#writes.flush();
  }

  /** Records a run as it starts, so a crash leaves a row that startup marks 'crashed'. */
  async insertRunning(e: ExecutionStart, status: 'running' | 'new' = 'running'): Promise<void> {
    await this.#writes.upsert(
      {
        id: Number(e.id),
        workflowId: e.workflowId,
        workflowName: e.workflowName,
        mode: e.mode,
        status,
        finished: false,
        startedAt: e.startedAt,
        stoppedAt: null,
        waitTill: null,
        retryOf: e.retryOf ?? null,
        retrySuccessId: null,
        userId: e.userId,
        errorMessage: null,
      },
      { executionId: Number(e.id), workflowData: snapshot(e.workflowData), data: JSON.stringify(e.data), dataGzip: null },
    );
  }

  /** Progress saving: the run data so far, after each node. */
  async saveProgress(id: string, data: IRunExecutionData): Promise<void> {
    await this.#writes.flush();
    await this.#db.updateTable('execution_data').set({ data: JSON.stringify(data), dataGzip: null }).where('executionId', '=', Number(id)).execute();
  }

  /** Writes the finished execution, whether or not its start was recorded. */
  async saveFinished(e: IExecution, userId: string | null): Promise<void> {
    const id = Number(e.id);
    // Finished run data does not change any more: it can be serialised in slices, and when
    // large it is compressed off the event loop (packedRunData.ts).
    const { data, dataGzip } = await packRunData(e.data);
    await this.#writes.upsert(
      {
        id,
        workflowId: e.workflowId ?? null,
        workflowName: e.workflowName ?? e.workflowData.name ?? null,
        mode: e.mode,
        status: e.status,
        finished: e.finished,
        startedAt: e.startedAt,
        stoppedAt: e.stoppedAt ?? null,
        waitTill: e.waitTill ?? null,
        retryOf: e.retryOf ?? null,
        retrySuccessId: e.retrySuccessId ?? null,
        userId,
        errorMessage: errorMessageOf(e),
      },
      { executionId: id, workflowData: snapshot(e.workflowData), data, dataGzip },
    );
  }

  async delete(id: string): Promise<void> {
    await this.#writes.delete(Number(id));
  }

  async get(id: string): Promise<IExecution | undefined> {
    const row = await this.#getRow(id, unpackRunData);
    if (!row) return undefined;
    return {
      ...row.summary,
      workflowData: JSON.parse(row.workflowData) as IWorkflowBase,
      data: JSON.parse(row.data) as IRunExecutionData,
    };
  }

  /**
   * `{"data":<the execution>}` as UTF-8 bytes for GET /rest/executions/:id, made from the stored
   * texts without parsing them: run data can be tens of megabytes, and parsing and serialising
   * it again held the server's event loop for hundreds of milliseconds per request. The run
   * data stays bytes from the database (or gunzip) to the socket: decoding and encoding 15 MB
   * held it another ~60 ms.
   */
  async getDataReply(id: string): Promise<Buffer | undefined> {
    const row = await this.#getRow(id, unpackRunDataBytes);
    if (!row) return undefined;
    const head = `{"data":${appendMember(JSON.stringify(row.summary), 'workflowData', row.workflowData).slice(0, -1)},"data":`;
    return Buffer.concat([Buffer.from(head, 'utf8'), row.data, Buffer.from('}}', 'utf8')]);
  }

  async #getRow<D>(id: string, unpack: (row: { data: string; dataGzip: Uint8Array | null }) => Promise<D>): Promise<{ summary: StoredExecutionSummary; workflowData: string; data: D } | undefined> {
    await this.#writes.flush();
    const n = Number(id);
    if (!Number.isSafeInteger(n)) return undefined;
    const row = await this.#db
      .selectFrom('executions')
      .innerJoin('execution_data', 'execution_data.executionId', 'executions.id')
      .leftJoin('workflows', 'workflows.id', 'executions.workflowId')
      .selectAll('executions')
      .select(['execution_data.workflowData', 'execution_data.data', 'execution_data.dataGzip', 'workflows.name as currentName'])
      .where('executions.id', '=', n)
      .executeTakeFirst();
    if (!row) return undefined;
    return { summary: summaryOf({ ...row, workflowName: row.currentName ?? row.workflowName }), workflowData: row.workflowData, data: await unpack(row) };
  }

  /** Whose run an execution is (its workflow's owner, else who ran it); undefined when there is no such execution. */
  async userOf(id: string): Promise<string | null | undefined> {
    await this.#writes.flush();
    const n = Number(id);
    if (!Number.isSafeInteger(n)) return undefined;
    const row = await this.#db
      .selectFrom('executions')
      .leftJoin('workflows', 'workflows.id', 'executions.workflowId')
      .select(['executions.userId', 'workflows.ownerId'])
      .where('executions.id', '=', n)
      .executeTakeFirst();
    return row ? (row.ownerId ?? row.userId ?? null) : undefined;
  }

  async summary(id: string): Promise<IExecutionSummary | undefined> {
    await this.#writes.flush();
    const n = Number(id);
    if (!Number.isSafeInteger(n)) return undefined;
    const row = await this.#db.selectFrom('executions').selectAll().where('id', '=', n).executeTakeFirst();
    return row ? summaryOf(row) : undefined;
  }

  /**
   * Newest first, with the number of executions matching the filter: exact up to
   * EXACT_COUNT_MAX, estimated above (`estimated` true). The filter is split into branches that
   * each walk one index in id order — one per status of a several-status filter, and for a
   * member one per workflow they own plus their runs of unsaved workflows — merged here: one
   * query with `status IN (…)` or the ownership OR and `ORDER BY id` sorts every matching row
   * (631 ms for a member with 380,000 executions).
   */
  async list(filter: ExecutionListFilter, page: ExecutionPage): Promise<{ results: StoredExecutionSummary[]; count: number; estimated: boolean }> {
    await this.#writes.flush();
    const owned = await this.#ownedBranches(filter);
    const branches = (owned ?? [filter]).flatMap((f) => (f.status && f.status.length > 1 ? [...new Set(f.status)].map((st) => ({ ...f, status: [st] })) : [f]));
    const rows: StoredExecutionSummary[] = [];
    for (const f of branches) {
      let q = this.#db
        .selectFrom('executions')
        .leftJoin('workflows', 'workflows.id', 'executions.workflowId')
        .selectAll('executions')
        .select('workflows.name as currentName')
        .where((eb) => filterExpr(eb, f));
      if (page.lastId !== undefined) q = q.where('executions.id', '<', page.lastId);
      if (page.firstId !== undefined) q = q.where('executions.id', '>', page.firstId);
      const found = await q.orderBy('executions.id', 'desc').limit(page.limit).execute();
      for (const r of found) rows.push(summaryOf({ ...r, workflowName: r.currentName ?? r.workflowName }));
    }
    rows.sort((a, b) => Number(b.id) - Number(a.id));
    const results = rows.slice(0, page.limit);
    // Counted across the branches within one budget; above it, estimated.
    let total = 0;
    const exact: number[] = [];
    for (const f of branches) {
      const cap = EXACT_COUNT_MAX + 1 - total;
      const n = await this.#cappedCount(f, cap);
      total += n;
      if (n < cap) exact.push(n);
      if (total > EXACT_COUNT_MAX) break;
    }
    if (total <= EXACT_COUNT_MAX) return { results, count: total, estimated: false };
    if (owned) {
      // The branches counted whole keep their count; the others are estimated, each on its own
      // index, from the spacing of its newest SAMPLE rows.
      let estimate = exact.reduce((a, b) => a + b, 0);
      for (const f of branches.slice(exact.length)) estimate += await this.#sampleEstimate(f);
      return { results, count: Math.max(EXACT_COUNT_MAX + 1, estimate), estimated: true };
    }
    let count = 0;
    for (const f of branches) count += (await this.count(f)).count;
    return { results, count, estimated: true };
  }

  /** A member's filter as one branch per workflow they own plus their runs of unsaved ones; undefined when not split. */
  async #ownedBranches(filter: ExecutionListFilter): Promise<ExecutionListFilter[] | undefined> {
    if (filter.userId === undefined || filter.workflowId !== undefined) return undefined;
    const workflows = await this.#db.selectFrom('workflows').select('id').where('ownerId', '=', filter.userId).limit(OWNED_BRANCHES_MAX + 1).execute();
    if (workflows.length > OWNED_BRANCHES_MAX) return undefined;
    const { userId, ...rest } = filter;
    return [...workflows.map((w) => ({ ...rest, workflowId: w.id })), { ...rest, ownRunsOf: userId }];
  }

  /** A branch's rows: exact up to SAMPLE, else extrapolated from where its SAMPLE-th newest lies between its newest and oldest. */
  async #sampleEstimate(filter: ExecutionListFilter): Promise<number> {
    const exact = await this.#cappedCount(filter, SAMPLE + 1);
    if (exact <= SAMPLE) return exact;
    const edge = async (dir: 'asc' | 'desc', offset: number) =>
      Number(
        (await this.#db.selectFrom('executions').select('executions.id').where((eb) => filterExpr(eb, filter)).orderBy('executions.id', dir).limit(1).offset(offset).executeTakeFirst())?.id ?? 0,
      );
    const newest = await edge('desc', 0);
    const nth = await edge('desc', SAMPLE);
    const oldest = await edge('asc', 0);
    return Math.round(SAMPLE * ((newest - oldest + 1) / Math.max(1, newest - nth)));
  }

  /** Matching rows, counted up to `cap` (the planner walks the filter's own index and stops there). */
  async #cappedCount(filter: ExecutionListFilter, cap: number): Promise<number> {
    const capped = await this.#db
      .selectFrom((eb) => eb.selectFrom('executions').select('executions.id').where((w) => filterExpr(w, filter)).limit(cap).as('matching'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst();
    return Number(capped?.count ?? 0);
  }

  /**
   * How many executions match: counted up to EXACT_COUNT_MAX; above that, estimated from where
   * the EXACT_COUNT_MAX-th newest match lies in the id range (ids grow with time), so no request
   * walks more than about EXACT_COUNT_MAX index entries.
   */
  async count(filter: ExecutionListFilter): Promise<{ count: number; estimated: boolean }> {
    const exact = await this.#cappedCount(filter, EXACT_COUNT_MAX + 1);
    if (exact <= EXACT_COUNT_MAX) return { count: exact, estimated: false };
    return this.#estimate(filter);
  }

  async #estimate(filter: ExecutionListFilter): Promise<{ count: number; estimated: boolean }> {
    const nth = await this.#db
      .selectFrom('executions')
      .select('executions.id')
      .where((eb) => filterExpr(eb, filter))
      .orderBy('executions.id', 'desc')
      .limit(1)
      .offset(EXACT_COUNT_MAX)
      .executeTakeFirst();
    if (!nth) return { count: await this.#cappedCount(filter, EXACT_COUNT_MAX + 1), estimated: false };
    const newest = await this.#db
      .selectFrom('executions')
      .select('executions.id')
      .where((eb) => filterExpr(eb, filter))
      .orderBy('executions.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const oldest = await this.#db.selectFrom('executions').select('id').orderBy('id', 'asc').limit(1).executeTakeFirst();
    const top = Number(newest?.id ?? nth.id);
    const bottom = Number(oldest?.id ?? nth.id);
    // EXACT_COUNT_MAX matches lie in (nth, top]; assume the same density down to the oldest id.
    const span = Math.max(1, top - Number(nth.id));
    const estimate = Math.round(EXACT_COUNT_MAX * ((top - bottom + 1) / span));
    return { count: Math.max(EXACT_COUNT_MAX + 1, estimate), estimated: true };
  }

  /** Startup: executions a crash left 'new' or 'running' become 'crashed'. Returns how many. */
  async markCrashed(): Promise<number> {
    await this.#writes.flush();
    const r = await this.#db
      .updateTable('executions')
      .set({ status: 'crashed', finished: false, stoppedAt: nowIso() })
      .where('status', 'in', ['new', 'running'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Takes a waiting execution for resuming (status running, waitTill cleared); false when it is not waiting. */
  async claimWaiting(id: string): Promise<boolean> {
    await this.#writes.flush();
    const r = await this.#db
      .updateTable('executions')
      .set({ status: 'running', waitTill: null })
      .where('id', '=', Number(id))
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * Gives a claimed execution back when its resume was refused before it started (503 'Too many
   * executions are running', shutting down): waiting again until `waitTill`, so a later call or
   * the wait tracker resumes it instead of it staying 'running' for ever.
   */
  async releaseWaiting(id: string, waitTill: string | null): Promise<void> {
    await this.#db
      .updateTable('executions')
      .set({ status: 'waiting', waitTill })
      .where('id', '=', Number(id))
      .where('status', '=', 'running')
      .executeTakeFirst();
  }

  /** Waiting executions due before `before` (ISO), earliest first; bounded per call. */
  async waitingDue(before: string, limit = 1000): Promise<Array<{ id: string; waitTill: string }>> {
    const rows = await this.#db
      .selectFrom('executions')
      .select(['id', 'waitTill'])
      .where('status', '=', 'waiting')
      .where('waitTill', 'is not', null)
      .where('waitTill', '<=', before)
      .orderBy('waitTill')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: String(r.id), waitTill: r.waitTill as string }));
  }

  /** Records that a retry of `id` succeeded. */
  async setRetrySuccess(id: string, retryId: string): Promise<void> {
    await this.#writes.flush();
    await this.#db.updateTable('executions').set({ retrySuccessId: retryId }).where('id', '=', Number(id)).execute();
  }

  /** Ids of saved executions among `ids`. */
  async existing(ids: string[]): Promise<Set<string>> {
    const wanted = ids.map(Number).filter(Number.isSafeInteger);
    const out = new Set<string>();
    for (let i = 0; i < wanted.length; i += 500) {
      const rows = await this.#db.selectFrom('executions').select('id').where('id', 'in', wanted.slice(i, i + 500)).execute();
      for (const r of rows) out.add(String(r.id));
    }
    return out;
  }

  /** Cancels a waiting execution; false when it is not waiting. */
  async cancelWaiting(id: string): Promise<boolean> {
    await this.#writes.flush();
    const r = await this.#db
      .updateTable('executions')
      .set({ status: 'canceled', finished: false, stoppedAt: nowIso(), waitTill: null })
      .where('id', '=', Number(id))
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * Queue mode: an execution a worker began and did not end (the worker was killed) becomes
   * 'crashed'; false when it is not 'new' or 'running'.
   */
  async crashOrphan(id: string, message: string): Promise<boolean> {
    return this.#endOrphan(id, 'crashed', message);
  }

  /** Ids (with summaries) of executions stored as 'new' or 'running' (queue mode: running on workers). */
  async runningSummaries(limit = 1000): Promise<IExecutionSummary[]> {
    const rows = await this.#db.selectFrom('executions').select('id').where('status', 'in', ['new', 'running']).orderBy('id', 'desc').limit(limit).execute();
    const out: IExecutionSummary[] = [];
    for (const r of rows) {
      const s = await this.summary(String(r.id));
      if (s) out.push(s);
    }
    return out;
  }

  /**
   * Marks an execution that is 'new' or 'running' in the database but that no code runs any more
   * as canceled (stop on it); false when it is not in such a state.
   */
  async cancelOrphan(id: string, message: string): Promise<boolean> {
    return this.#endOrphan(id, 'canceled', message);
  }

  /** A 'new' or 'running' execution no process runs any more, ended with `status`. */
  async #endOrphan(id: string, status: 'canceled' | 'crashed', message: string): Promise<boolean> {
    await this.#writes.flush();
    const r = await this.#db
      .updateTable('executions')
      .set({ status, finished: false, stoppedAt: nowIso(), errorMessage: message })
      .where('id', '=', Number(id))
      .where('status', 'in', ['new', 'running'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * Deletes by ids, or everything matching the filter (with startedBefore for deleteBefore), in
   * batches of DELETE_BATCH rows with a turn of the event loop between them, so deleting millions
   * never holds webhooks up. Executions whose id is in `keep` (running now) are never deleted,
   * and neither are stored 'new'/'running' rows unless `includeRunning`; a filter without a
   * status also keeps waiting executions. `onBatch` sees each batch's ids once committed (binary
   * data). Returns the deleted ids.
   */
  async deleteMany(
    selection: { ids: string[]; userId?: string; includeRunning?: boolean } | { filter: ExecutionListFilter },
    options: { keep?: ReadonlySet<string>; onBatch?: (ids: string[]) => Promise<void> } = {},
  ): Promise<string[]> {
    await this.#writes.flush();
    const deleted: string[] = [];
    const keep = options.keep ?? new Set<string>();
    const finish = async (ids: number[]) => {
      const batch = ids.filter((id) => !keep.has(String(id)));
      if (batch.length === 0) return;
      await this.#deleteBatch(batch);
      const done = batch.map(String);
      deleted.push(...done);
      await options.onBatch?.(done);
    };
    if ('ids' in selection) {
      const wanted = [...new Set(selection.ids.map(Number).filter(Number.isSafeInteger))];
      for (let i = 0; i < wanted.length; i += DELETE_BATCH) {
        let q = this.#db.selectFrom('executions').select('executions.id').where('executions.id', 'in', wanted.slice(i, i + DELETE_BATCH));
        if (!selection.includeRunning) q = q.where('executions.status', 'not in', ['new', 'running']);
        if (selection.userId !== undefined) q = q.where((eb) => ownedBy(eb, selection.userId!));
        await finish((await q.execute()).map((r) => r.id));
        if (i + DELETE_BATCH < wanted.length) await yieldToEventLoop();
      }
      return deleted;
    }
    const f = selection.filter;
    const excluded = f.status && f.status.length > 0 ? ['new', 'running'] : ['new', 'running', 'waiting'];
    // Oldest first with a cursor: each batch is an index range from where the last one ended.
    let after = 0;
    for (;;) {
      const rows = await this.#db
        .selectFrom('executions')
        .select('executions.id')
        .where((eb) => filterExpr(eb, f))
        .where('executions.status', 'not in', excluded)
        .where('executions.id', '>', after)
        .orderBy('executions.id', 'asc')
        .limit(DELETE_BATCH)
        .execute();
      if (rows.length === 0) break;
      after = rows[rows.length - 1].id;
      await finish(rows.map((r) => r.id));
      await yieldToEventLoop();
    }
    return deleted;
  }

  /** Pruning: up to `limit` prunable ids above `after`, oldest first (see executions/pruning.ts). */
  async prunable(options: { after: number; upTo: number; startedBefore: string; idAtMost: number; limit: number }): Promise<number[]> {
    // No flush: what is queued is new executions, never prunable.
    const rows = await this.#db
      .selectFrom('executions')
      .select('id')
      .where('id', '>', options.after)
      .where('id', '<=', options.upTo)
      .where((eb) => eb.or([eb('id', '<=', options.idAtMost), eb('startedAt', '<', options.startedBefore)]))
      .where('status', 'not in', ['new', 'running', 'waiting'])
      .orderBy('id', 'asc')
      .limit(options.limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The id of the `n`-th newest execution (n from 1), or undefined when there are fewer. */
  async nthNewestId(n: number): Promise<number | undefined> {
    const row = await this.#db.selectFrom('executions').select('id').orderBy('id', 'desc').limit(1).offset(n - 1).executeTakeFirst();
    return row?.id;
  }

  /** The newest id started before `startedBefore` (by the startedAt index), or undefined. */
  async lastStartedBefore(startedBefore: string): Promise<number | undefined> {
    const row = await this.#db.selectFrom('executions').select('id').where('startedAt', '<', startedBefore).orderBy('startedAt', 'desc').limit(1).executeTakeFirst();
    return row?.id;
  }

  /** Deletes these executions and their data in one short transaction. */
  async deleteBatch(ids: number[]): Promise<void> {
    await this.#deleteBatch(ids);
  }

  async #deleteBatch(ids: number[]): Promise<void> {
    // One statement (execution_data goes by its ON DELETE CASCADE): the single connection is held
    // for that statement only. A transaction of two statements kept it across turns of the event
    // loop, and the webhooks' execution writes queued behind it (webhook throughput fell by half
    // while pruning).
    await this.#db.deleteFrom('executions').where('id', 'in', ids).execute();
  }
}
