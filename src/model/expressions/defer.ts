// Slow work awaited instead of held. Expressions are synchronous, so work that may run long
// (a regex operation in the regex worker, a whole evaluation that outgrows its slice of the
// thread) cannot simply be awaited where it happens. Inside awaitSlowWork(fn) such work ends
// fn's attempt instead (WorkDeferred): it is started elsewhere, the caller awaits it with the
// event loop free, and fn runs again, finding the answer in the scope's memo. The answers are
// functions of their requests, so fn must be free of side effects outside its result: it may
// run more than once. Copies it takes from the memo (deepCopy) are the same objects in every
// attempt: what an attempt writes into them, the next one writes again.

/** Ends an attempt of awaitSlowWork's fn; whatever catches it, the attempt is discarded. */
export class WorkDeferred extends Error {
  constructor() {
    super('Slow work is still running (the evaluation is repeated when it ends)');
    this.name = 'WorkDeferred';
  }
}

/**
 * Thrown inside an evaluation that may be deferred (EvaluateOptions.deferAfterMs) once it has
 * run its slice of the thread, or before a host call on a value so long that the call alone
 * could. The outermost evaluation's caller (the engine) catches it and evaluates elsewhere.
 */
export class EvaluationTooLong extends Error {
  constructor() {
    super('The expression is evaluated off the server thread');
    this.name = 'EvaluationTooLong';
  }
}

export interface SlowWorkScope {
  memo: Map<string, unknown>;
  pending: Array<Promise<unknown>>;
  deferred: boolean;
  /** Counters kept for the running attempt only (which copy of an object this is: deepCopy). */
  attemptCounts: Map<string, number>;
  /** Ids of objects named in memo keys (deepCopy), for the scope's life: a global WeakMap took an entry per request. */
  objectIds: Map<object, number>;
}

let current: SlowWorkScope | undefined;
/** Attempts before fn runs once more holding the thread (an fn whose inputs keep changing). */
const MAX_DEFERRALS = 16;

/** The scope of the running attempt, if any. */
export function slowWorkScope(): SlowWorkScope | undefined {
  return current;
}

/**
 * Runs fn (synchronous, free of outside side effects) with slow work awaited instead of held:
 * the value fn returns (or its error) once nothing it asked for is outstanding.
 */
export async function awaitSlowWork<T>(fn: () => T): Promise<T> {
  return runSlowWork(fn);
}

/**
 * awaitSlowWork without the promise when nothing was deferred: the value itself (or its
 * error, thrown), else a promise of it. For loops over many items, where a microtask per item
 * would cost more than the item.
 */
export function runSlowWork<T>(fn: () => T): T | Promise<T> {
  if (current !== undefined) return fn();
  const scope: SlowWorkScope = { memo: new Map(), pending: [], deferred: false, attemptCounts: new Map(), objectIds: new Map() };
  const first = attempt(scope, fn);
  return scope.deferred ? retry(scope, fn) : (first as T);
}

function attempt<T>(scope: SlowWorkScope, fn: () => T): T | undefined {
  scope.deferred = false;
  scope.pending = [];
  scope.attemptCounts.clear();
  current = scope;
  try {
    return fn();
  } catch (error) {
    if (!scope.deferred) throw error;
    return undefined;
  } finally {
    current = undefined;
  }
}

async function retry<T>(scope: SlowWorkScope, fn: () => T): Promise<T> {
  for (let n = 1; n < MAX_DEFERRALS; n++) {
    await Promise.all(scope.pending);
    const value = attempt(scope, fn);
    if (!scope.deferred) return value as T;
  }
  await Promise.all(scope.pending);
  return fn();
}

/**
 * Ends the running attempt: `later` settles with the answer for `key`, memoised for the next
 * attempt (a rejection is memoised as { error }).
 */
export function deferTo(scope: SlowWorkScope, key: string, later: Promise<unknown>): never {
  scope.pending.push(
    later.then(
      (value) => scope.memo.set(key, { value }),
      (error: unknown) => scope.memo.set(key, { error }),
    ),
  );
  scope.deferred = true;
  throw new WorkDeferred();
}

/** A memoised answer: { value } or { error }, undefined when there is none. */
export function memoised(scope: SlowWorkScope, key: string): { value?: unknown; error?: unknown } | undefined {
  return scope.memo.get(key) as { value?: unknown; error?: unknown } | undefined;
}
