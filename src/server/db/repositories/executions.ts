// Saved executions: the summary row in `executions`, the (possibly large) workflow snapshot and
// run data in `execution_data`, written together in one transaction (batched: executionWrites.ts).
import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely';
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
}

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
}): IExecutionSummary {
  return {
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
  async insertRunning(e: ExecutionStart): Promise<void> {
    await this.#writes.upsert(
      {
        id: Number(e.id),
        workflowId: e.workflowId,
        workflowName: e.workflowName,
        mode: e.mode,
        status: 'running',
        finished: false,
        startedAt: e.startedAt,
        stoppedAt: null,
        waitTill: null,
        retryOf: e.retryOf ?? null,
        retrySuccessId: null,
        userId: e.userId,
      },
      { executionId: Number(e.id), workflowData: snapshot(e.workflowData), data: JSON.stringify(e.data) },
    );
  }

  /** Progress saving: the run data so far, after each node. */
  async saveProgress(id: string, data: IRunExecutionData): Promise<void> {
    await this.#writes.flush();
    await this.#db.updateTable('execution_data').set({ data: JSON.stringify(data) }).where('executionId', '=', Number(id)).execute();
  }

  /** Writes the finished execution, whether or not its start was recorded. */
  async saveFinished(e: IExecution, userId: string | null): Promise<void> {
    const id = Number(e.id);
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
      },
      { executionId: id, workflowData: snapshot(e.workflowData), data: JSON.stringify(e.data) },
    );
  }

  async delete(id: string): Promise<void> {
    await this.#writes.delete(Number(id));
  }

  async get(id: string): Promise<IExecution | undefined> {
    await this.#writes.flush();
    const n = Number(id);
    if (!Number.isSafeInteger(n)) return undefined;
    const row = await this.#db
      .selectFrom('executions')
      .innerJoin('execution_data', 'execution_data.executionId', 'executions.id')
      .leftJoin('workflows', 'workflows.id', 'executions.workflowId')
      .selectAll('executions')
      .select(['execution_data.workflowData', 'execution_data.data', 'workflows.name as currentName'])
      .where('executions.id', '=', n)
      .executeTakeFirst();
    if (!row) return undefined;
    const summary = summaryOf({ ...row, workflowName: row.currentName ?? row.workflowName });
    return {
      ...summary,
      workflowData: JSON.parse(row.workflowData) as IWorkflowBase,
      data: JSON.parse(row.data) as IRunExecutionData,
    };
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

  /** Newest first, with the total count of the filter (exact, so `estimated` is false). */
  async list(filter: ExecutionListFilter, page: ExecutionPage): Promise<{ results: IExecutionSummary[]; count: number; estimated: boolean }> {
    await this.#writes.flush();
    let q = this.#db
      .selectFrom('executions')
      .leftJoin('workflows', 'workflows.id', 'executions.workflowId')
      .selectAll('executions')
      .select('workflows.name as currentName')
      .where((eb) => filterExpr(eb, filter));
    if (page.lastId !== undefined) q = q.where('executions.id', '<', page.lastId);
    if (page.firstId !== undefined) q = q.where('executions.id', '>', page.firstId);
    const rows = await q.orderBy('executions.id', 'desc').limit(page.limit).execute();
    const countRow = await this.#db
      .selectFrom('executions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) => filterExpr(eb, filter))
      .executeTakeFirst();
    return {
      results: rows.map((r) => summaryOf({ ...r, workflowName: r.currentName ?? r.workflowName })),
      count: Number(countRow?.count ?? 0),
      estimated: false,
    };
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
   * Deletes by ids, or everything matching the filter (with startedBefore for deleteBefore).
   * Running executions are never deleted. Returns the deleted ids.
   */
  async deleteMany(selection: { ids: string[]; userId?: string } | { filter: ExecutionListFilter }): Promise<string[]> {
    await this.#writes.flush();
    return this.#db.transaction().execute(async (trx) => {
      let q = trx.selectFrom('executions').select('executions.id').where('executions.status', 'not in', ['new', 'running']);
      if ('ids' in selection) {
        const wanted = selection.ids.map(Number).filter(Number.isSafeInteger);
        if (wanted.length === 0) return [];
        q = q.where('executions.id', 'in', wanted);
        if (selection.userId !== undefined) q = q.where((eb) => ownedBy(eb, selection.userId!));
      } else {
        q = q.where((eb) => filterExpr(eb, selection.filter));
      }
      const ids = (await q.execute()).map((r) => r.id);
      await deleteIds(trx, ids);
      return ids.map(String);
    });
  }
}

async function deleteIds(trx: Transaction<Database>, ids: number[]): Promise<void> {
  // Chunked: SQLite limits the number of bound parameters per statement.
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await trx.deleteFrom('execution_data').where('executionId', 'in', chunk).execute();
    await trx.deleteFrom('executions').where('id', 'in', chunk).execute();
  }
}
