// Execution ids are allocated in memory from blocks reserved in the settings table, so an
// execution that will not be saved costs no write, ids stay increasing (newest first = highest
// id) and are never reused across restarts. A clean shutdown gives the rest of its block back
// (release), so the ids after a restart go on from the last one; after a crash they skip it.
// On PostgreSQL several processes share the ceiling: each reservation locks its row (select …
// for update), so no two processes get the same block.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { isPostgres } from '../dialect.ts';

const CEILING_KEY = 'executions.idCeiling';
const BLOCK = 1000;

export class ExecutionIdAllocator {
  readonly #db: Kysely<Database>;
  readonly #postgres: boolean;
  #next = 0;
  #ceiling = 0;
  #reserving: Promise<void> | undefined;

  constructor(db: Kysely<Database>) {
    this.#db = db;
    this.#postgres = isPostgres(db);
  }

  async next(): Promise<string> {
    while (this.#next >= this.#ceiling) {
      this.#reserving ??= this.#reserve().finally(() => (this.#reserving = undefined));
      await this.#reserving;
    }
    return String(this.#next++);
  }

  /** At shutdown: the next process starts after the last id handed out, not after the block. */
  async release(): Promise<void> {
    await this.#reserving;
    const next = this.#next;
    const ceiling = this.#ceiling;
    if (next >= ceiling) return;
    // Any id asked for after this reserves anew, from the database.
    this.#ceiling = next;
    await this.#db
      .updateTable('settings')
      .set({ value: JSON.stringify(next) })
      .where('key', '=', CEILING_KEY)
      .where('value', '=', JSON.stringify(ceiling))
      .execute();
  }

  async #reserve(): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      let row: { value: string } | undefined;
      if (this.#postgres) {
        // The row exists before it is locked (a value of 1 changes nothing below: max() decides).
        await trx.insertInto('settings').values({ key: CEILING_KEY, value: '1', loadOnStartup: false }).onConflict((oc) => oc.column('key').doNothing()).execute();
        row = await trx.selectFrom('settings').select('value').where('key', '=', CEILING_KEY).forUpdate().executeTakeFirst();
      } else {
        // SQLite: one connection, and the transaction holds the database's write lock once it writes.
        row = await trx.selectFrom('settings').select('value').where('key', '=', CEILING_KEY).executeTakeFirst();
      }
      const stored = row ? Number(JSON.parse(row.value)) : 1;
      const max = await trx.selectFrom('executions').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
      const start = Math.max(stored, Number(max?.max ?? 0) + 1, this.#ceiling);
      const ceiling = start + BLOCK;
      if (row) await trx.updateTable('settings').set({ value: JSON.stringify(ceiling) }).where('key', '=', CEILING_KEY).execute();
      else await trx.insertInto('settings').values({ key: CEILING_KEY, value: JSON.stringify(ceiling), loadOnStartup: false }).execute();
      this.#next = start;
      this.#ceiling = ceiling;
    });
  }
}
