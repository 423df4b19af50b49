// Queue mode: the start of each execution waiting for a worker (migration 0009).
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { nowIso } from './ids.ts';

export class QueuedStartsRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async put(executionId: string, payload: string): Promise<void> {
    await this.#db.insertInto('queued_starts').values({ executionId: Number(executionId), payload, createdAt: nowIso() }).execute();
  }

  /** Takes (deletes) the start of an execution; undefined when it was taken before. */
  async take(executionId: string): Promise<string | undefined> {
    const id = Number(executionId);
    const row = await this.#db.selectFrom('queued_starts').select('payload').where('executionId', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const r = await this.#db.deleteFrom('queued_starts').where('executionId', '=', id).executeTakeFirst();
    // Two workers with the same job (a stalled one picked up again): one deletes it.
    return Number(r.numDeletedRows) > 0 ? row.payload : undefined;
  }

  async remove(executionId: string): Promise<boolean> {
    const r = await this.#db.deleteFrom('queued_starts').where('executionId', '=', Number(executionId)).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Ids of starts queued before `before` (ISO), oldest first (Redis lost their jobs?). */
  async olderThan(before: string, limit = 1000): Promise<string[]> {
    const rows = await this.#db.selectFrom('queued_starts').select('executionId').where('createdAt', '<', before).orderBy('executionId').limit(limit).execute();
    return rows.map((r) => String(r.executionId));
  }
}
