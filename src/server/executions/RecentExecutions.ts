// Finished manual executions kept in memory for a while, so the editor can fetch one with
// GET /executions/{id} even when the workflow's settings say not to save it. Bounded in count,
// size (an estimate of their JSON: 50 runs of 100 MB each were held otherwise) and age: the
// oldest go first, and one larger than the whole budget is not kept (the editor got its data
// in the push message that said it finished; a saved one is read from the database).
import { yieldToLoop } from '../../model/yieldToLoop.ts';
import type { IExecution } from '../../model/execution.ts';

export const RECENT_EXECUTIONS_MAX = 50;
export const RECENT_EXECUTIONS_TTL_MS = 10 * 60 * 1000;
/** Estimated JSON characters of all kept executions together. */
export const RECENT_EXECUTIONS_MAX_CHARS = 64 * 1024 * 1024;

/**
 * About how many characters `value` takes as JSON, counted up to `limit` (a larger value
 * answers Infinity as soon as it passes it). Iterative: no depth can overflow the stack.
 */
export function estimateJsonChars(value: unknown, limit: number): number {
  const state: EstimateState = { total: 0, stack: [value] };
  return estimateSome(state, limit, Infinity) ?? Infinity;
}

interface EstimateState {
  total: number;
  stack: unknown[];
}

/** Walks up to `steps` values; the estimate when done (Infinity past the limit), else undefined. */
function estimateSome(state: EstimateState, limit: number, steps: number): number | undefined {
  const stack = state.stack;
  let total = state.total;
  for (let n = 0; n < steps; n++) {
    if (stack.length === 0) return total;
    const v = stack.pop();
    if (typeof v === 'string') total += v.length + 2;
    else if (v === null || typeof v !== 'object') total += 8;
    else if (Array.isArray(v)) {
      total += 2 + v.length;
      for (const x of v) stack.push(x);
    } else {
      total += 2;
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        total += k.length + 4;
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
    if (total > limit) return Infinity;
  }
  state.total = total;
  return stack.length === 0 ? total : undefined;
}

/** Values walked between two looks at the clock, and the most the loop is held at a time. */
const ESTIMATE_STEPS = 4096;
const ESTIMATE_SLICE_MS = 10;

/**
 * estimateJsonChars in slices, giving the event loop back every ESTIMATE_SLICE_MS: at the
 * 64 MB budget the walk takes 100–200 ms, too long to hold the server.
 */
export async function estimateJsonCharsSliced(value: unknown, limit: number): Promise<number> {
  const state: EstimateState = { total: 0, stack: [value] };
  let sliceStart = performance.now();
  for (;;) {
    const done = estimateSome(state, limit, ESTIMATE_STEPS);
    if (done !== undefined) return done;
    if (performance.now() - sliceStart >= ESTIMATE_SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
}

export class RecentExecutions {
  readonly #entries = new Map<string, { execution: IExecution; expiresAt: number; chars: number }>();
  readonly #max: number;
  readonly #maxChars: number;
  #chars = 0;
  /** Prunes when the oldest entry expires, so an idle server lets go of them too. */
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(max = RECENT_EXECUTIONS_MAX, ttlMs = RECENT_EXECUTIONS_TTL_MS, now: () => number = Date.now, maxChars = RECENT_EXECUTIONS_MAX_CHARS) {
    this.#max = max;
    this.#maxChars = maxChars;
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  /** Keeps `execution`; `chars` is its estimate when already made (estimateJsonCharsSliced). */
  put(execution: IExecution, chars = estimateJsonChars(execution.data, this.#maxChars)): void {
    this.delete(execution.id);
    if (chars > this.#maxChars) return;
    this.#entries.set(execution.id, { execution, expiresAt: this.#now() + this.#ttlMs, chars });
    this.#chars += chars;
    this.#prune();
  }

  get(id: string): IExecution | undefined {
    this.#prune();
    return this.#entries.get(id)?.execution;
  }

  delete(id: string): void {
    const e = this.#entries.get(id);
    if (!e) return;
    this.#entries.delete(id);
    this.#chars -= e.chars;
  }

  /** Estimated JSON characters of the kept executions. */
  get chars(): number {
    return this.#chars;
  }

  get size(): number {
    return this.#entries.size;
  }

  #prune(): void {
    const now = this.#now();
    // Insertion order = age order, so expired entries are at the front.
    for (const [id, e] of this.#entries) {
      if (e.expiresAt > now && this.#entries.size <= this.#max && this.#chars <= this.#maxChars) break;
      this.delete(id);
    }
    this.#schedule();
  }

  #schedule(): void {
    if (this.#timer) return;
    const first = this.#entries.values().next().value;
    if (!first) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#prune();
    }, Math.min(Math.max(0, first.expiresAt - this.#now()), this.#ttlMs) + 1000);
    this.#timer.unref?.();
  }
}
