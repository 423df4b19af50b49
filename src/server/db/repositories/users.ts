// Users (spec 000 §3, §6). Before setup the instance has one user with the role 'default'; owner
// setup turns that row into the owner, so everything it owned stays owned. Invited users are
// rows with an email and no first name or password (pending) until they sign up.
// Password hashes, recovery-token hashes and API keys live here but never leave as a User.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, UsersTable } from '../schema.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { newEntityId, nowIso } from './ids.ts';
import type { GlobalRole, UserSettings } from '../../../model/users.ts';

export type { GlobalRole };

export interface User {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  role: GlobalRole;
  isPending: boolean;
  personalizationAnswers: Record<string, unknown> | null;
  settings: UserSettings;
  invitedBy: string | null;
  createdAt: string;
}

type UserRow = Selectable<UsersTable>;

/** Columns read for a User (not the secrets). */
const USER_COLUMNS = ['id', 'email', 'firstName', 'lastName', 'role', 'personalizationAnswers', 'settings', 'invitedBy', 'createdAt'] as const;

export class UsersRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The instance's first user while no owner exists: made on first start. */
  async ensureDefaultUser(): Promise<User> {
    return this.#db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('users').select([...USER_COLUMNS]).where('role', 'in', ['default', 'owner']).orderBy('createdAt').executeTakeFirst();
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
        invitedBy: null,
        createdAt: now,
        updatedAt: now,
      };
      await trx.insertInto('users').values(row).execute();
      return toUser(row);
    });
  }

  async get(id: string): Promise<User | undefined> {
    const row = await this.#db.selectFrom('users').select([...USER_COLUMNS]).where('id', '=', id).executeTakeFirst();
    return row ? toUser(row) : undefined;
  }

  async getOwner(): Promise<User | undefined> {
    const row = await this.#db.selectFrom('users').select([...USER_COLUMNS]).where('role', '=', 'owner').executeTakeFirst();
    return row ? toUser(row) : undefined;
  }

  /** The user and their password hash, by email (sign-in). */
  async findForLogin(email: string): Promise<{ user: User; password: string | null } | undefined> {
    const row = await this.#db.selectFrom('users').select([...USER_COLUMNS, 'password']).where('email', '=', email).executeTakeFirst();
    return row ? { user: toUser(row), password: row.password } : undefined;
  }

  async passwordHash(id: string): Promise<string | null | undefined> {
    const row = await this.#db.selectFrom('users').select('password').where('id', '=', id).executeTakeFirst();
    return row ? row.password : undefined;
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const row = await this.#db.selectFrom('users').select([...USER_COLUMNS]).where('email', '=', email).executeTakeFirst();
    return row ? toUser(row) : undefined;
  }

  /** Everyone but the default user, owner first, then by creation. */
  async list(): Promise<User[]> {
    const rows = await this.#db.selectFrom('users').select([...USER_COLUMNS]).where('role', '!=', 'default').orderBy('createdAt').orderBy('id').execute();
    return rows.map(toUser).sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
  }

  /** Owner setup: the default user becomes the owner with these details (spec 000 §2). */
  async setupOwner(defaultUserId: string, details: { email: string; firstName: string; lastName: string; passwordHash: string }): Promise<User> {
    return this.#db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('users').select(['id', 'role']).where('id', '=', defaultUserId).executeTakeFirst();
      if (!current || current.role !== 'default') throw new ConflictError('The instance owner is already set up');
      await assertEmailFree(trx, details.email, defaultUserId);
      await trx
        .updateTable('users')
        .set({ email: details.email, firstName: details.firstName, lastName: details.lastName, password: details.passwordHash, role: 'owner', updatedAt: nowIso() })
        .where('id', '=', defaultUserId)
        .execute();
      return toUser((await trx.selectFrom('users').select([...USER_COLUMNS]).where('id', '=', defaultUserId).executeTakeFirstOrThrow()));
    });
  }

  /** Invited users (pending members). Addresses already taken come back in `existing`. */
  async invite(emails: string[], invitedBy: string): Promise<{ created: User[]; existing: string[] }> {
    return this.#db.transaction().execute(async (trx) => {
      const taken = new Set((await trx.selectFrom('users').select('email').where('email', 'in', emails).execute()).map((r) => r.email));
      const created: User[] = [];
      const now = nowIso();
      for (const email of emails) {
        if (taken.has(email)) continue;
        const row = { id: newEntityId(), email, firstName: null, lastName: null, password: null, role: 'member', personalizationAnswers: null, invitedBy, createdAt: now, updatedAt: now };
        await trx.insertInto('users').values(row).execute();
        created.push(toUser(row));
      }
      return { created, existing: emails.filter((e) => taken.has(e)) };
    });
  }

  /** Sign-up from an invitation: the pending user gets a name and a password. */
  async completeSignup(id: string, details: { firstName: string; lastName: string; passwordHash: string }): Promise<User> {
    return this.#db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('users')
        .set({ firstName: details.firstName, lastName: details.lastName, password: details.passwordHash, updatedAt: nowIso() })
        .where('id', '=', id)
        .where('password', 'is', null)
        .where('role', '=', 'member')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw new ConflictError('This invitation has already been accepted', 'Sign in with your email and password instead.');
      return toUser((await trx.selectFrom('users').select([...USER_COLUMNS]).where('id', '=', id).executeTakeFirstOrThrow()));
    });
  }

  async updateProfile(id: string, details: { firstName: string; lastName: string; email: string }): Promise<User> {
    return this.#db.transaction().execute(async (trx) => {
      await assertEmailFree(trx, details.email, id);
      const r = await trx.updateTable('users').set({ ...details, updatedAt: nowIso() }).where('id', '=', id).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw new NotFoundError('User not found');
      return toUser((await trx.selectFrom('users').select([...USER_COLUMNS]).where('id', '=', id).executeTakeFirstOrThrow()));
    });
  }

  /** Merges `patch` into the user's settings. */
  async updateSettings(id: string, patch: UserSettings): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('users').select('settings').where('id', '=', id).executeTakeFirst();
      if (!row) throw new NotFoundError('User not found');
      const next = { ...parseSettings(row.settings), ...patch };
      await trx.updateTable('users').set({ settings: JSON.stringify(next), updatedAt: nowIso() }).where('id', '=', id).execute();
    });
  }

  async setPersonalizationAnswers(id: string, answers: Record<string, unknown>): Promise<void> {
    await this.#db.updateTable('users').set({ personalizationAnswers: JSON.stringify(answers), updatedAt: nowIso() }).where('id', '=', id).execute();
  }

  /** New password; any outstanding recovery token is void. */
  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.#db.updateTable('users').set({ password: passwordHash, resetTokenHash: null, resetTokenExpiresAt: null, updatedAt: nowIso() }).where('id', '=', id).execute();
  }

  /** One outstanding recovery token per user: a new request replaces the previous one. */
  async setResetToken(id: string, tokenHash: string, expiresAt: string): Promise<void> {
    await this.#db.updateTable('users').set({ resetTokenHash: tokenHash, resetTokenExpiresAt: expiresAt }).where('id', '=', id).execute();
  }

  /** The user whose unexpired recovery token hashes to `tokenHash`. */
  async findByResetToken(id: string, tokenHash: string, now: string): Promise<User | undefined> {
    const row = await this.#db
      .selectFrom('users')
      .select([...USER_COLUMNS])
      .where('id', '=', id)
      .where('resetTokenHash', '=', tokenHash)
      .where('resetTokenExpiresAt', '>', now)
      .executeTakeFirst();
    return row ? toUser(row) : undefined;
  }

  /**
   * Uses a recovery token: sets the password only if the token is still the user's and unexpired
   * (single use: two requests with the same token cannot both succeed).
   */
  async resetPassword(id: string, tokenHash: string, passwordHash: string, now: string): Promise<boolean> {
    const r = await this.#db
      .updateTable('users')
      .set({ password: passwordHash, resetTokenHash: null, resetTokenExpiresAt: null, updatedAt: now })
      .where('id', '=', id)
      .where('resetTokenHash', '=', tokenHash)
      .where('resetTokenExpiresAt', '>', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async apiKey(id: string): Promise<string | null> {
    const row = await this.#db.selectFrom('users').select('apiKey').where('id', '=', id).executeTakeFirst();
    return row?.apiKey ?? null;
  }

  async setApiKey(id: string, key: { hash: string; sealed: string } | null): Promise<void> {
    await this.#db
      .updateTable('users')
      .set({ apiKeyHash: key?.hash ?? null, apiKey: key?.sealed ?? null, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  async findByApiKeyHash(hash: string): Promise<User | undefined> {
    const row = await this.#db.selectFrom('users').select([...USER_COLUMNS]).where('apiKeyHash', '=', hash).executeTakeFirst();
    return row ? toUser(row) : undefined;
  }

  /**
   * Deletes a user in one transaction: their workflows and credentials go to `transferTo`, or
   * are deleted with everything that hangs off them (executions, tags links, history).
   */
  async delete(id: string, transferTo?: string): Promise<{ workflows: number; credentials: number }> {
    return this.#db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select(['id', 'role']).where('id', '=', id).executeTakeFirst();
      if (!user) throw new NotFoundError(`User with ID "${id}" could not be found`);
      let workflows: number;
      let credentials: number;
      if (transferTo) {
        workflows = Number((await trx.updateTable('workflows').set({ ownerId: transferTo }).where('ownerId', '=', id).executeTakeFirst()).numUpdatedRows);
        credentials = Number((await trx.updateTable('credentials').set({ ownerId: transferTo }).where('ownerId', '=', id).executeTakeFirst()).numUpdatedRows);
        await trx.updateTable('executions').set({ userId: transferTo }).where('userId', '=', id).execute();
      } else {
        const ids = trx.selectFrom('workflows').select('id').where('ownerId', '=', id);
        await trx.deleteFrom('execution_data').where('executionId', 'in', (eb) => eb.selectFrom('executions').select('id').where('workflowId', 'in', ids)).execute();
        await trx.deleteFrom('execution_data').where('executionId', 'in', (eb) => eb.selectFrom('executions').select('id').where('userId', '=', id)).execute();
        await trx.deleteFrom('executions').where('workflowId', 'in', ids).execute();
        await trx.deleteFrom('executions').where('userId', '=', id).execute();
        await trx.deleteFrom('workflow_tags').where('workflowId', 'in', ids).execute();
        await trx.deleteFrom('processed_data').where('workflowId', 'in', ids).execute();
        workflows = Number((await trx.deleteFrom('workflows').where('ownerId', '=', id).executeTakeFirst()).numDeletedRows);
        credentials = Number((await trx.deleteFrom('credentials').where('ownerId', '=', id).executeTakeFirst()).numDeletedRows);
      }
      await trx.deleteFrom('sessions').where('userId', '=', id).execute();
      await trx.deleteFrom('users').where('id', '=', id).execute();
      return { workflows, credentials };
    });
  }

  /** Ids of the workflows a user owns (to stop the active ones before deleting them). */
  async workflowIdsOf(id: string): Promise<string[]> {
    return (await this.#db.selectFrom('workflows').select('id').where('ownerId', '=', id).execute()).map((r) => r.id);
  }
}

async function assertEmailFree(trx: Transaction<Database>, email: string, exceptId: string): Promise<void> {
  const other = await trx.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', exceptId).executeTakeFirst();
  if (other) throw new ConflictError(`The email ${email} is already in use by another user`);
}

function parseSettings(text: string | null | undefined): UserSettings {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as UserSettings) : {};
  } catch {
    return {};
  }
}

function toUser(row: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'personalizationAnswers' | 'createdAt'> & { invitedBy?: string | null; settings?: string | null }): User {
  let answers: Record<string, unknown> | null = null;
  if (row.personalizationAnswers) {
    try {
      answers = JSON.parse(row.personalizationAnswers) as Record<string, unknown>;
    } catch {
      answers = null;
    }
  }
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role as GlobalRole,
    // spec 000 §3: a user with no first name is pending.
    isPending: !row.firstName,
    personalizationAnswers: answers,
    settings: parseSettings(row.settings),
    invitedBy: row.invitedBy ?? null,
    createdAt: row.createdAt,
  };
}
