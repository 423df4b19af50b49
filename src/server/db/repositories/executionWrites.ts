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
}

/** Rows per statement: well under SQLite's bound-parameter limit. */
const CHUNK = 200;

export class ExecutionWriteQueue {
  readonly #db: Kysely<Database>;
  #ops = new Map<number, Pending>();
  #waiters: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
  #scheduled = false;
  #flushing: Promise<void> = Promise.resolve();

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  upsert(row: Row, data?: DataRow): Promise<void> {
    const id = row.id as number;
    const prev = this.#ops.get(id);
    // A later write replaces an earlier one of the same turn; a delete before it is undone.
    this.#ops.set(id, { row, data: data ?? prev?.data });
    return this.#enqueue();
  }

  delete(id: number): Promise<void> {
    this.#ops.set(id, { delete: true });
    return this.#enqueue();
  }

  /** Settles when everything queued so far is committed. */
  flush(): Promise<void> {
    return this.#ops.size ? this.#enqueue() : this.#flushing;
  }

  #enqueue(): Promise<void> {
    const p = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }));
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => {
        this.#scheduled = false;
        // One transaction at a time, in order.
        this.#flushing = this.#flushing.then(() => this.#write());
      });
    }
    return p;
  }

  async #write(): Promise<void> {
    const ops = this.#ops;
    const waiters = this.#waiters;
    this.#ops = new Map();
    this.#waiters = [];
    if (ops.size === 0) {
      for (const w of waiters) w.resolve();
      return;
    }
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
    try {
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
              })),
            )
            .execute();
        }
        for (let i = 0; i < data.length; i += CHUNK) {
          await trx
            .insertInto('execution_data')
            .values(data.slice(i, i + CHUNK))
            .onConflict((oc) => oc.column('executionId').doUpdateSet((eb) => ({ data: eb.ref('excluded.data') })))
            .execute();
        }
        for (let i = 0; i < deletes.length; i += CHUNK) {
          const chunk = deletes.slice(i, i + CHUNK);
          await trx.deleteFrom('execution_data').where('executionId', 'in', chunk).execute();
          await trx.deleteFrom('executions').where('id', 'in', chunk).execute();
        }
      });
      for (const w of waiters) w.resolve();
    } catch (e) {
      for (const w of waiters) w.reject(e);
    }
  }
}
