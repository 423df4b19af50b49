// Stored credentials, as rows: the data column is ciphertext the repository never opens
// (src/server/credentials/CredentialsService.ts encrypts and decrypts). Listing reads only the
// columns a list shows.
import type { Kysely, Selectable } from 'kysely';
import type { CredentialsTable, Database } from '../schema.ts';
import { NotFoundError } from '../../errors.ts';
import { nowIso } from './ids.ts';

export type CredentialRow = Selectable<CredentialsTable>;
export type CredentialListRow = Omit<CredentialRow, 'data' | 'oauthTokenData'>;

const LIST_COLUMNS = ['id', 'name', 'type', 'nodesAccess', 'ownerId', 'createdAt', 'updatedAt'] as const;

export class CredentialsRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Sorted by name (spec 002 §9 default credential sort), then id for a stable order. */
  async list(filter: { type?: string; ownerId?: string } = {}): Promise<CredentialListRow[]> {
    let q = this.#db.selectFrom('credentials').select([...LIST_COLUMNS]);
    if (filter.type) q = q.where('type', '=', filter.type);
    if (filter.ownerId !== undefined) q = q.where('ownerId', '=', filter.ownerId);
    return q.orderBy('name').orderBy('id').execute();
  }

  async get(id: string): Promise<CredentialRow | undefined> {
    return this.#db.selectFrom('credentials').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** One user's credentials of a type with exactly this name (imported workflows refer by name). */
  async findByName(type: string, name: string, ownerId: string): Promise<CredentialRow[]> {
    return this.#db.selectFrom('credentials').selectAll().where('type', '=', type).where('name', '=', name).where('ownerId', '=', ownerId).limit(2).execute();
  }

  /** Names equal to or starting with `prefix` (for the next default name), among one user's. */
  async namesStartingWith(prefix: string, ownerId: string): Promise<string[]> {
    const rows = await this.#db.selectFrom('credentials').select('name').where('ownerId', '=', ownerId).where('name', '>=', prefix).where('name', '<', prefix + '\uffff').execute();
    return rows.map((r) => r.name);
  }

  async insert(row: CredentialRow): Promise<void> {
    await this.#db.insertInto('credentials').values(row).execute();
  }

  async update(id: string, patch: Partial<Omit<CredentialRow, 'id' | 'createdAt' | 'updatedAt'>>): Promise<CredentialRow> {
    const updatedAt = nowIso();
    const r = await this.#db.updateTable('credentials').set({ ...patch, updatedAt }).where('id', '=', id).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw new NotFoundError(`Credential with ID "${id}" could not be found`);
    return (await this.get(id))!;
  }

  async delete(id: string): Promise<void> {
    const r = await this.#db.deleteFrom('credentials').where('id', '=', id).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw new NotFoundError(`Credential with ID "${id}" could not be found`);
  }

  /**
   * Writes the OAuth token column (ciphertext, the 'reconnect' marker or null) and nothing else:
   * a token refresh is not an edit of the credential (updatedAt stays). False when the row is gone.
   */
  async setOAuthTokenData(id: string, value: string | null): Promise<boolean> {
    const r = await this.#db.updateTable('credentials').set({ oauthTokenData: value }).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** The data and token columns of these rows, for the OAuth state of a list (src/server/oauth). */
  async oauthColumns(ids: string[]): Promise<Array<Pick<CredentialRow, 'id' | 'data' | 'oauthTokenData'>>> {
    if (ids.length === 0) return [];
    return this.#db.selectFrom('credentials').select(['id', 'data', 'oauthTokenData']).where('id', 'in', ids).execute();
  }

  /** Any one stored row, to check at start that the key opens what is stored. */
  async any(): Promise<CredentialRow | undefined> {
    return this.#db.selectFrom('credentials').selectAll().limit(1).executeTakeFirst();
  }
}
