// n8n's deepCopy: plain copies of items; values with toJSON (Date, Luxon) become their JSON
// form, circular references are kept as references to the copy.
import { deferTo, memoised, slowWorkScope, type SlowWorkScope } from '../../model/expressions/defer.ts';
import { yieldToLoop } from '../../model/yieldToLoop.ts';

/**
 * Sets an own data property, also for the key "__proto__": a plain assignment would replace
 * the object's prototype with data that came from outside (a webhook body, a Code result).
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * The cost of copying, counted as the fast copy goes: a value 1, an object or array 16 more
 * (about what making one costs against copying a number or string reference).
 */
const CONTAINER_COST = 16;
/**
 * What the fast copy spends before it gives up: data that shares objects many times over (a DAG
 * expands exponentially) is copied by the exact copy instead, each shared object once.
 */
const FAST_COPY_BUDGET = 32_000_000;
const GIVE_UP: unique symbol = Symbol('give up');

interface FastState {
  left: number;
  /** The containers being copied, root first: a cycle meets one of them again. */
  path: object[];
}

/**
 * What a copy on the server's thread inside awaitSlowWork may cost (see CONTAINER_COST; ~5 ms:
 * 200,000 numbers or 12,000 small objects): a larger copy ends the attempt and is made in
 * slices (deepCopySliced); the next attempt takes it. A Set node copying a 3M-element item held
 * the event loop 250 ms.
 */
export const COPY_ON_THREAD_VALUES = 200_000;

export function deepCopy<T>(source: T, seen?: WeakMap<object, unknown>): T {
  if (typeof source !== 'object' || source === null) return source;
  const scope = seen === undefined ? slowWorkScope() : undefined;
  if (scope !== undefined) return copyInScope(scope, source);
  if (seen === undefined) {
    // Without a map of every object copied (a WeakMap entry per object was ~80 % of the time:
    // 250,000 small objects took 320 ms): items are trees; a cycle or too much sharing falls
    // back to the exact copy.
    const copy = fastCopy(source, { left: FAST_COPY_BUDGET, path: [] });
    if (copy !== GIVE_UP) return copy as T;
  }
  return exactCopy(source, seen ?? new WeakMap());
}

function fastCopy(source: object, state: FastState): unknown {
  const withJson = source as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return withJson.toJSON();
  const path = state.path;
  for (let i = 0; i < path.length; i++) if (path[i] === source) return GIVE_UP;
  path.push(source);
  let copy: unknown[] | Record<string, unknown>;
  if (Array.isArray(source)) {
    const n = source.length;
    if ((state.left -= n + CONTAINER_COST) < 0) return GIVE_UP;
    const list: unknown[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const v: unknown = source[i];
      if (typeof v !== 'object' || v === null) list[i] = v;
      else if ((list[i] = fastCopy(v, state)) === GIVE_UP) return GIVE_UP;
    }
    copy = list;
  } else {
    const keys = Object.keys(source);
    if ((state.left -= keys.length + CONTAINER_COST) < 0) return GIVE_UP;
    const record: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      let v = (source as Record<string, unknown>)[key];
      if (typeof v === 'object' && v !== null && (v = fastCopy(v, state)) === GIVE_UP) return GIVE_UP;
      if (key === '__proto__') setOwn(record, key, v);
      else record[key] = v;
    }
    copy = record;
  }
  path.pop();
  return copy;
}

function exactCopy<T>(source: T, seen: WeakMap<object, unknown>): T {
  if (typeof source !== 'object' || source === null) return source;
  const withJson = source as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return withJson.toJSON() as T;
  if (seen.has(source)) return seen.get(source) as T;
  if (Array.isArray(source)) {
    const copy: unknown[] = [];
    seen.set(source, copy);
    for (const v of source) copy.push(exactCopy(v, seen));
    return copy as T;
  }
  const copy: Record<string, unknown> = {};
  seen.set(source, copy);
  for (const key of Object.keys(source)) setOwn(copy, key, exactCopy((source as Record<string, unknown>)[key], seen));
  return copy as T;
}

function copyInScope<T extends object>(scope: SlowWorkScope, source: T): T {
  let id = scope.objectIds.get(source);
  if (id === undefined) scope.objectIds.set(source, (id = scope.objectIds.size + 1));
  // The n-th copy of the same object in this attempt: each gets its own copy.
  const base = `copy\u0000${id}`;
  const n = (scope.attemptCounts.get(base) ?? 0) + 1;
  scope.attemptCounts.set(base, n);
  const key = `${base}\u0000${n}`;
  const known = memoised(scope, key);
  if (known !== undefined) {
    // Kept for later attempts too (taking it once made k copies in one attempt cost 2^k
    // attempts): an attempt writes into its copies only what the next one writes again.
    if ('error' in known) throw known.error;
    return known.value as T;
  }
  const copy = fastCopy(source, { left: COPY_ON_THREAD_VALUES, path: [] });
  if (copy !== GIVE_UP) return copy as T;
  return deferTo(scope, key, deepCopySliced(source));
}

/**
 * deepCopy for async callers: a value that costs up to COPY_ON_THREAD_VALUES is copied at once,
 * a larger one in slices (deepCopySliced), so that no single copy holds the loop.
 */
export function deepCopyLarge<T>(source: T): T | Promise<T> {
  if (typeof source !== 'object' || source === null) return source;
  const copy = fastCopy(source, { left: COPY_ON_THREAD_VALUES, path: [] });
  return copy !== GIVE_UP ? (copy as T) : deepCopySliced(source);
}

/**
 * Whether copying `source` costs more than `budget` (counted as the fast copy counts: a value 1,
 * a container 16 more). Stops as soon as it does, so a large value costs a walk of ~budget; a
 * cycle only spends the budget.
 */
export function costsMoreThan(source: unknown, budget = COPY_ON_THREAD_VALUES): boolean {
  if (typeof source !== 'object' || source === null) return false;
  let left = budget;
  const stack: object[] = [source];
  while (stack.length) {
    const v = stack.pop() as object;
    if (Array.isArray(v)) {
      if ((left -= v.length + CONTAINER_COST) < 0) return true;
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (typeof x === 'object' && x !== null) stack.push(x);
      }
    } else {
      const keys = Object.keys(v);
      if ((left -= keys.length + CONTAINER_COST) < 0) return true;
      for (let i = 0; i < keys.length; i++) {
        const x = (v as Record<string, unknown>)[keys[i]];
        if (typeof x === 'object' && x !== null) stack.push(x);
      }
    }
  }
  return false;
}

/**
 * structuredClone for async callers: a value that costs up to COPY_ON_THREAD_VALUES is cloned at
 * once, a larger one in slices (deepCopySliced in its structuredClone mode: plain objects and
 * arrays walked, anything else — a Date, a Buffer, a Map — cloned by structuredClone; a function
 * or symbol fails as structuredClone fails). structuredClone of a 1.9M-value item held the loop
 * 100+ ms.
 */
export function cloneLarge<T>(source: T): T | Promise<T> {
  if (typeof source !== 'object' || source === null) return source;
  return costsMoreThan(source) ? deepCopySliced(source, { structured: true }) : structuredClone(source);
}

/** Values copied between two looks at the clock, and the most the loop is held at a time. */
const SLICE_VALUES = 4096;
const SLICE_MS = 10;

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * deepCopy in slices, giving the event loop back every SLICE_MS (same result, shared objects
 * copied once). `structured`: structuredClone's result instead (see cloneLarge).
 */
export async function deepCopySliced<T>(source: T, options: { structured?: boolean } = {}): Promise<T> {
  if (typeof source !== 'object' || source === null) return source;
  const structured = options.structured === true;
  const seen = new Map<object, unknown>();
  type Frame = { from: unknown[] | Record<string, unknown>; to: unknown[] | Record<string, unknown>; keys: string[] | null; i: number };
  const stack: Frame[] = [];
  const leaf = (v: unknown): unknown => {
    if (typeof v === 'object' && v !== null) return open(v);
    // structuredClone refuses functions and symbols (DataCloneError): the same error here.
    if (structured && (typeof v === 'function' || typeof v === 'symbol')) return structuredClone(v);
    return v;
  };
  const open = (v: object): unknown => {
    if (structured) {
      if (!Array.isArray(v) && !isPlainObject(v)) return structuredClone(v);
    } else {
      const withJson = v as { toJSON?: () => unknown };
      if (typeof withJson.toJSON === 'function') return withJson.toJSON();
    }
    const known = seen.get(v);
    if (known !== undefined) return known;
    const isArray = Array.isArray(v);
    // Arrays made at their length: growing a 3M-element array by push held the loop 20–50 ms at a time.
    const to: unknown[] | Record<string, unknown> = isArray ? new Array((v as unknown[]).length) : {};
    seen.set(v, to);
    stack.push({ from: v as Frame['from'], to, keys: isArray ? null : Object.keys(v), i: 0 });
    return to;
  };
  const root = open(source);
  let sliceStart = performance.now();
  let count = 0;
  while (stack.length) {
    if (++count % SLICE_VALUES === 0 && performance.now() - sliceStart >= SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
    const f = stack[stack.length - 1];
    if (f.keys === null) {
      const list = f.from as unknown[];
      if (f.i >= list.length) {
        stack.pop();
        continue;
      }
      const i = f.i++;
      const v = list[i];
      (f.to as unknown[])[i] = leaf(v);
    } else {
      if (f.i >= f.keys.length) {
        stack.pop();
        continue;
      }
      const key = f.keys[f.i++];
      const v = (f.from as Record<string, unknown>)[key];
      setOwn(f.to as Record<string, unknown>, key, leaf(v));
    }
  }
  return root as T;
}
