// Instance settings: key → JSON value (instanceId and other values the instance keeps).
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

const INSTANCE_ID_KEY = 'instanceId';

export class SettingsRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async get<T>(key: string): Promise<T | undefined> {
    const row = await this.#db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async set(key: string, value: unknown, loadOnStartup = false): Promise<void> {
    const text = JSON.stringify(value);
    await this.#db
      .insertInto('settings')
      .values({ key, value: text, loadOnStartup })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, loadOnStartup }))
      .execute();
  }

  /** The instance's id: made once on first start (64 hex characters, like n8n's), then kept. */
  async ensureInstanceId(): Promise<string> {
    const existing = await this.get<string>(INSTANCE_ID_KEY);
    if (existing) return existing;
    const id = randomBytes(32).toString('hex');
    await this.set(INSTANCE_ID_KEY, id, true);
    return id;
  }
}
