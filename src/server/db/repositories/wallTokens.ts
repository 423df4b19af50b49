// Wall tokens (issue 18, table wall_tokens): the database holds sha256 of each token, so a copy
// of it opens no wall.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { WallToken } from '../../../model/wall.ts';
import { newEntityId, nowIso } from './ids.ts';

function parseIds(text: string): string[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export class WallTokensRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async create(t: { label: string; workflowIds: string[]; tokenHash: string; createdBy: string | null }): Promise<WallToken> {
    const row = { id: newEntityId(), label: t.label, workflowIds: JSON.stringify(t.workflowIds), tokenHash: t.tokenHash, createdBy: t.createdBy, createdAt: nowIso() };
    await this.#db.insertInto('wall_tokens').values(row).execute();
    return { id: row.id, label: row.label, workflowIds: [...t.workflowIds], createdAt: row.createdAt };
  }

  async list(): Promise<WallToken[]> {
    const rows = await this.#db.selectFrom('wall_tokens').select(['id', 'label', 'workflowIds', 'createdAt']).orderBy('createdAt', 'asc').orderBy('id', 'asc').execute();
    return rows.map((r) => ({ id: r.id, label: r.label, workflowIds: parseIds(r.workflowIds), createdAt: r.createdAt }));
  }

  /** The token whose sha256 this is. */
  async byHash(tokenHash: string): Promise<WallToken | undefined> {
    const r = await this.#db.selectFrom('wall_tokens').select(['id', 'label', 'workflowIds', 'createdAt']).where('tokenHash', '=', tokenHash).executeTakeFirst();
    return r ? { id: r.id, label: r.label, workflowIds: parseIds(r.workflowIds), createdAt: r.createdAt } : undefined;
  }

  /** true when a token was deleted. */
  async delete(id: string): Promise<boolean> {
    const r = await this.#db.deleteFrom('wall_tokens').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
