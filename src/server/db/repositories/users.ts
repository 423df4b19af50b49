// Users. Until user management exists (a later issue) the instance has one user with the role
// 'default' (spec 000 §6: the instance is not set up yet); it is created on first start.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { newEntityId, nowIso } from './ids.ts';

export type GlobalRole = 'default' | 'owner' | 'member';

export interface User {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  role: GlobalRole;
  isPending: boolean;
}

export class UsersRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The default user, created when the instance has none. */
  async ensureDefaultUser(): Promise<User> {
    return this.#db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('users').selectAll().where('role', '=', 'default').executeTakeFirst();
      if (existing) return toUser(existing);
      const now = nowIso();
      const row = {
        id: newEntityId(),
        email: null,
        firstName: null,
        lastName: null,
        password: null,
        role: 'default',
        personalizationAnswers: null,
        createdAt: now,
        updatedAt: now,
      };
      await trx.insertInto('users').values(row).execute();
      return toUser(row);
    });
  }

  async get(id: string): Promise<User | undefined> {
    const row = await this.#db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toUser(row) : undefined;
  }
}

function toUser(row: { id: string; email: string | null; firstName: string | null; lastName: string | null; role: string }): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role as GlobalRole,
    // spec 000 §3: a user with no first name is pending.
    isPending: !row.firstName,
  };
}
