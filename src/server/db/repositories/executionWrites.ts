// Execution writes, batched: every start record, final save and delete requested in the same
// turn of the event loop goes into one transaction (one multi-row upsert per table), and each
// caller's promise settles when that transaction has committed — so nothing is reported saved
// before it is, while a busy webhook costs one commit per batch instead of four statements per
// execution. A start and a final save of the same execution in one batch become one row write,
// and a final save keeps the workflow snapshot written at the start (it cannot have changed).
import type { Insertable, Kysely } from 'kysely';
import type { Database, ExecutionDataTable, ExecutionsTable } from '../schema.ts';

type Row = Insertable<ExecutionsTable>;
type DataRow = Insertable<ExecutionDataTable>;

interface Pending {
  row?: Row;
  data?: DataRow;
  delete?: boolean;
  /** Callers waiting for this execution's write. */
  waiters: Waiter[];
}

interface Waiter {
  resolve: () => void;
  reject: (e: unknown) => void;
}

/** Rows per statement: well under SQLite's bound-parameter limit. */
const CHUNK = 200;

export class ExecutionWriteQueue {
  readonly #db: Kysely<Database>;
  #ops = new Map<number, Pending>();
  /** flush() callers: they settle (never reject) once what was queued before them is written or failed. */
  #flushWaiters: Array<() => void> = [];
  #scheduled = false;
  #flushing: Promise<void> = Promise.resolve();

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  upsert(row: Row, data?: DataRow): Promise<void> {
    const id = row.id as number;
    const prev = this.#ops.get(id);
    // A later write replaces an earlier one of the same turn; a delete before it is undone.
    const op: Pending = { row, data: data ?? (prev?.delete ? undefined : prev?.data), waiters: prev?.waiters ?? [] };
    this.#ops.set(id, op);
    return this.#wait(op);
  }

  delete(id: number): Promise<void> {
    const prev = this.#ops.get(id);
    const op: Pending = { delete: true, waiters: prev?.waiters ?? [] };
    this.#ops.set(id, op);
    return this.#wait(op);
  }

  /** Settles when everything queued so far is committed (or has failed: its own callers are told). */
  flush(): Promise<void> {
    if (!this.#ops.size) return this.#flushing;
    const p = new Promise<void>((resolve) => this.#flushWaiters.push(resolve));
    this.#schedule();
    return p;
  }

  #wait(op: Pending): Promise<void> {
    const p = new Promise<void>((resolve, reject) => op.waiters.push({ resolve, reject }));
    this.#schedule();
    return p;
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      // One transaction at a time, in order.
      this.#flushing = this.#flushing.then(() => this.#write());
    });
  }

  async #write(): Promise<void> {
    const ops = this.#ops;
    const flushWaiters = this.#flushWaiters;
    this.#ops = new Map();
    this.#flushWaiters = [];
    if (ops.size > 0) {
      try {
        await this.#commit([...ops]);
        for (const op of ops.values()) for (const w of op.waiters) w.resolve();
      } catch (batchError) {
        // One bad execution (a row the database refuses) must not fail the others written with
        // it: each is written again on its own, and only the ones that still fail are rejected.
        for (const entry of ops) {
          try {
            if (ops.size > 1) await this.#commit([entry]);
            else throw batchError;
            for (const w of entry[1].waiters) w.resolve();
          } catch (e) {
            for (const w of entry[1].waiters) w.reject(e);
          }
        }
      }
    }
    for (const resolve of flushWaiters) resolve();
  }

  async #commit(ops: Array<[number, Pending]>): Promise<void> {
    const rows: Row[] = [];
    const data: DataRow[] = [];
    const deletes: number[] = [];
    for (const [id, op] of ops) {
      if (op.delete) deletes.push(id);
      else {
        if (op.row) rows.push(op.row);
        if (op.data) data.push(op.data);
      }
    }
    await this.#db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await trx
          .insertInto('executions')
          .values(rows.slice(i, i + CHUNK))
          .onConflict((oc) =>
            oc.column('id').doUpdateSet((eb) => ({
              workflowId: eb.ref('excluded.workflowId'),
              workflowName: eb.ref('excluded.workflowName'),
              mode: eb.ref('excluded.mode'),
              status: eb.ref('excluded.status'),
              finished: eb.ref('excluded.finished'),
              startedAt: eb.ref('excluded.startedAt'),
              stoppedAt: eb.ref('excluded.stoppedAt'),
              waitTill: eb.ref('excluded.waitTill'),
              retryOf: eb.ref('excluded.retryOf'),
              retrySuccessId: eb.ref('excluded.retrySuccessId'),
              userId: eb.ref('excluded.userId'),
              errorMessage: eb.ref('excluded.errorMessage'),
            })),
          )
          .execute();
      }
      for (let i = 0; i < data.length; i += CHUNK) {
        await trx
          .insertInto('execution_data')
          .values(data.slice(i, i + CHUNK))
          .onConflict((oc) => oc.column('executionId').doUpdateSet((eb) => ({ data: eb.ref('excluded.data'), dataGzip: eb.ref('excluded.dataGzip') })))
          .execute();
      }
      for (let i = 0; i < deletes.length; i += CHUNK) {
        const chunk = deletes.slice(i, i + CHUNK);
        await trx.deleteFrom('execution_data').where('executionId', 'in', chunk).execute();
        await trx.deleteFrom('executions').where('id', 'in', chunk).execute();
      }
    });
  }
}
