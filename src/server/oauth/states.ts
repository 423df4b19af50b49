// The OAuth `state` of connections under way: 32 random bytes (unguessable), bound to the
// credential and the user who asked for the authorization URL, usable once, valid for
// STATE_TTL_MS. Kept in memory: a restart (or 5 minutes) ends a connection under way, and the
// user clicks "Connect" again. The PKCE code verifier and OAuth 1's request token secret stay
// here, server-side, and never reach the browser.
import { randomBytes } from 'node:crypto';

export const STATE_TTL_MS = 5 * 60_000;
/** Connections under way at once; beyond it the oldest are forgotten. */
export const MAX_PENDING = 10_000;
/** Per user: a user asking again and again forgets their own oldest, never someone else's. */
export const MAX_PENDING_PER_USER = 20;

export interface PendingConnection {
  kind: 'oauth1' | 'oauth2';
  credentialId: string;
  userId: string;
  /** The redirect_uri sent with the authorization request (sent again with the code, RFC 6749 §4.1.3). */
  redirectUri: string;
  codeVerifier?: string;
  /** OAuth 1: the request token and its secret (the access token request is signed with it). */
  requestToken?: string;
  requestTokenSecret?: string;
  expiresAt: number;
}

export class OAuthStates {
  readonly #pending = new Map<string, PendingConnection>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** A new state for this connection. */
  create(connection: Omit<PendingConnection, 'expiresAt'>): string {
    this.#sweep();
    const mine = [...this.#pending].filter(([, p]) => p.userId === connection.userId);
    for (const [old] of mine.slice(0, Math.max(0, mine.length - MAX_PENDING_PER_USER + 1))) this.#pending.delete(old);
    const state = randomBytes(32).toString('base64url');
    this.#pending.set(state, { ...connection, expiresAt: this.#now() + STATE_TTL_MS });
    while (this.#pending.size > MAX_PENDING) this.#pending.delete(this.#pending.keys().next().value!);
    return state;
  }

  /**
   * The connection `state` names, removed (single use), if it is live, of this kind and this user's;
   * undefined otherwise. A state presented by another user is consumed too: it was leaked.
   */
  take(state: string | undefined, kind: PendingConnection['kind'], userId: string): PendingConnection | undefined {
    if (!state) return undefined;
    const found = this.#pending.get(state);
    if (!found) return undefined;
    this.#pending.delete(state);
    if (found.expiresAt <= this.#now() || found.kind !== kind || found.userId !== userId) return undefined;
    return found;
  }

  /** Adds what a connection learnt after its state was made (OAuth 1's request token and secret). */
  attach(state: string, fields: Pick<PendingConnection, 'requestToken' | 'requestTokenSecret'>): void {
    const p = this.#pending.get(state);
    if (p) Object.assign(p, fields);
  }

  /** Forgets a state (its flow failed before the user was sent to the provider). */
  drop(state: string): void {
    this.#pending.delete(state);
  }

  /** OAuth 1 providers send back the request token, not our state: find the connection by it. */
  stateOfRequestToken(token: string | undefined): string | undefined {
    if (!token) return undefined;
    for (const [state, p] of this.#pending) if (p.kind === 'oauth1' && p.requestToken === token) return state;
    return undefined;
  }

  get size(): number {
    return this.#pending.size;
  }

  #sweep(): void {
    const now = this.#now();
    for (const [state, p] of this.#pending) if (p.expiresAt <= now) this.#pending.delete(state);
  }
}
