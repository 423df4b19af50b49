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

/** The rest of a large array or object, walked a part at a time so that a slice stays short. */
class Rest {
  readonly values: unknown[];
  next = 0;
  constructor(values: unknown[]) {
    this.values = values;
  }
}
/** Members taken from one array or object per step. */
const PART = 1024;

/** What a value other than an object or array adds. */
function leafChars(v: unknown): number {
  return typeof v === 'string' ? v.length + 2 : 8;
}

/** Walks up to about `steps` values; the estimate when done (Infinity past the limit), else undefined. */
function estimateSome(state: EstimateState, limit: number, steps: number): number | undefined {
  const stack = state.stack;
  let total = state.total;
  for (let n = 0; n < steps; n++) {
    if (stack.length === 0) return total;
    const v = stack.pop();
    if (v === null || typeof v !== 'object') total += leafChars(v);
    else if (v instanceof Rest) {
      // Leaves are counted here, containers pushed: most members of large data are leaves.
      const values = v.values;
      const end = Math.min(values.length, v.next + PART);
      const from = v.next;
      v.next = end;
      if (end < values.length) stack.push(v);
      for (let i = from; i < end; i++) {
        const x = values[i];
        if (x === null || typeof x !== 'object') total += leafChars(x);
        else stack.push(x);
      }
      n += end - from;
    } else if (Array.isArray(v)) {
      total += 2 + v.length;
      stack.push(new Rest(v));
    } else {
      total += 2;
      const keys = Object.keys(v);
      const values: unknown[] = new Array(keys.length);
      for (let i = 0; i < keys.length; i++) {
        total += keys[i].length + 4;
        values[i] = (v as Record<string, unknown>)[keys[i]];
      }
      stack.push(new Rest(values));
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
