// Finished manual executions kept in memory for a while, so the editor can fetch one with
// GET /executions/{id} even when the workflow's settings say not to save it. Bounded in count
// and age: the oldest go first.
import type { IExecution } from '../../model/execution.ts';

export const RECENT_EXECUTIONS_MAX = 50;
export const RECENT_EXECUTIONS_TTL_MS = 10 * 60 * 1000;

export class RecentExecutions {
  readonly #entries = new Map<string, { execution: IExecution; expiresAt: number }>();
  readonly #max: number;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(max = RECENT_EXECUTIONS_MAX, ttlMs = RECENT_EXECUTIONS_TTL_MS, now: () => number = Date.now) {
    this.#max = max;
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  put(execution: IExecution): void {
    this.#entries.delete(execution.id);
    this.#entries.set(execution.id, { execution, expiresAt: this.#now() + this.#ttlMs });
    this.#prune();
  }

  get(id: string): IExecution | undefined {
    this.#prune();
    return this.#entries.get(id)?.execution;
  }

  delete(id: string): void {
    this.#entries.delete(id);
  }

  get size(): number {
    return this.#entries.size;
  }

  #prune(): void {
    const now = this.#now();
    // Insertion order = age order, so expired entries are at the front.
    for (const [id, e] of this.#entries) {
      if (e.expiresAt > now && this.#entries.size <= this.#max) break;
      this.#entries.delete(id);
    }
  }
}
