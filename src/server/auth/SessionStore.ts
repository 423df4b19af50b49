// Sessions: an opaque random token in the cookie, its sha256 in the sessions table. Each request
// resolves the token through an in-memory cache in front of the table, so a signed-in request
// costs a hash and a map lookup; ending sessions (sign-out, password change, user deleted)
// deletes the rows and the cache entries at once, so the token stops working on the next request.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { User, UsersRepository } from '../db/repositories/users.ts';
import { newToken, sha256 } from './tokens.ts';

const MAX_CACHED = 10_000;

interface Cached {
  user: User;
  expiresAt: number;
}

export class SessionStore {
  readonly #db: Kysely<Database>;
  readonly #users: UsersRepository;
  readonly #ttlMs: number;
  readonly #cache = new Map<string, Cached>();
  readonly #now: () => number;

  constructor(db: Kysely<Database>, users: UsersRepository, ttlMs: number, now: () => number = Date.now) {
    this.#db = db;
    this.#users = users;
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  get ttlMs(): number {
    return this.#ttlMs;
  }

  /** A new session for the user; returns the token for the cookie. */
  async create(user: User): Promise<string> {
    const token = newToken();
    const id = sha256(token);
    const now = this.#now();
    await this.#db
      .insertInto('sessions')
      .values({ id, userId: user.id, createdAt: new Date(now).toISOString(), expiresAt: new Date(now + this.#ttlMs).toISOString() })
      .execute();
    this.#remember(id, { user, expiresAt: now + this.#ttlMs });
    return token;
  }

  /** The user of a live session, or undefined. */
  async resolve(token: string): Promise<User | undefined> {
    if (!token || token.length > 256) return undefined;
    const id = sha256(token);
    const now = this.#now();
    const hit = this.#cache.get(id);
    if (hit) {
      if (hit.expiresAt > now) return hit.user;
      this.#cache.delete(id);
      return undefined;
    }
    const row = await this.#db.selectFrom('sessions').select(['userId', 'expiresAt']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const expiresAt = Date.parse(row.expiresAt);
    if (!(expiresAt > now)) {
      await this.#db.deleteFrom('sessions').where('id', '=', id).execute();
      return undefined;
    }
    const user = await this.#users.get(row.userId);
    if (!user) return undefined;
    this.#remember(id, { user, expiresAt });
    return user;
  }

  /** Ends one session (sign-out). */
  async end(token: string): Promise<void> {
    const id = sha256(token);
    this.#cache.delete(id);
    await this.#db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** Ends every session of a user, except the one with `keepToken` (password changed here). */
  async endAllOf(userId: string, keepToken?: string): Promise<void> {
    const keep = keepToken ? sha256(keepToken) : undefined;
    for (const [id, c] of this.#cache) if (c.user.id === userId && id !== keep) this.#cache.delete(id);
    let q = this.#db.deleteFrom('sessions').where('userId', '=', userId);
    if (keep) q = q.where('id', '!=', keep);
    await q.execute();
  }

  /** A user's details changed (name, email, role): cached sessions pick up the new ones. */
  async userChanged(userId: string): Promise<void> {
    const user = await this.#users.get(userId);
    for (const [id, c] of this.#cache) {
      if (c.user.id !== userId) continue;
      if (user) c.user = user;
      else this.#cache.delete(id);
    }
  }

  /** Removes expired rows (run now and then). */
  async sweep(): Promise<number> {
    const now = this.#now();
    for (const [id, c] of this.#cache) if (c.expiresAt <= now) this.#cache.delete(id);
    const r = await this.#db.deleteFrom('sessions').where('expiresAt', '<=', new Date(now).toISOString()).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  #remember(id: string, entry: Cached): void {
    this.#cache.set(id, entry);
    if (this.#cache.size > MAX_CACHED) this.#cache.delete(this.#cache.keys().next().value as string);
  }
}
