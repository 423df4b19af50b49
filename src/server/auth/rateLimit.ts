// Attempt limits (sign-in, recovery mail, token checks): a sliding window per key kept in
// memory. Keys are an address or an account; a caller over the limit gets 429 with the seconds
// until the oldest attempt leaves the window. Memory is bounded: the oldest keys go first.
import { HttpError } from '../errors.ts';

export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const MAX_KEYS = 50_000;

export class RateLimiter {
  readonly #attempts = new Map<string, number[]>();
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  /** Seconds until `key` may try again; 0 when it may now. */
  retryAfter(key: string): number {
    const list = this.#live(key);
    if (list.length < this.#limit) return 0;
    return Math.max(1, Math.ceil((list[0]! + this.#windowMs - this.#now()) / 1000));
  }

  /** Counts one attempt for `key`. */
  hit(key: string): void {
    const list = this.#live(key);
    list.push(this.#now());
    this.#attempts.delete(key);
    this.#attempts.set(key, list);
    if (this.#attempts.size > MAX_KEYS) this.#attempts.delete(this.#attempts.keys().next().value as string);
  }

  reset(key: string): void {
    this.#attempts.delete(key);
  }

  #live(key: string): number[] {
    const list = this.#attempts.get(key);
    if (!list) return [];
    const from = this.#now() - this.#windowMs;
    while (list.length && list[0]! <= from) list.shift();
    if (!list.length) this.#attempts.delete(key);
    return list;
  }
}

/** Throws 429 when any of the keys is over its limit. */
export function checkLimits(checks: Array<[RateLimiter, string]>, what: string): void {
  let wait = 0;
  for (const [limiter, key] of checks) wait = Math.max(wait, limiter.retryAfter(key));
  if (wait > 0) throw new TooManyRequestsError(`Too many ${what}. Try again in ${waitText(wait)}.`, wait);
}

/** '45 seconds', '1 minute', '15 minutes' (rounded up). */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
