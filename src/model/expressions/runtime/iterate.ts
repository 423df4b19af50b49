// Iteration for spread, for-of and array patterns. Arrays and strings are walked by index;
// other iterables (Map, Set, their iterators) through the native protocol. Every element
// costs a step, so spreading or looping over a huge host collection stays within budget.
import type { Ctx } from '../compile/types.ts';
import { checkArrayLength, MAX_ARRAY_LENGTH } from '../limits.ts';
import { account, chargeLength, tick } from './ticks.ts';

function notIterable(value: unknown): TypeError {
  const what = value === null || value === undefined ? String(value) : typeof value === 'object' ? 'object' : typeof value;
  return new TypeError(`${what} is not iterable`);
}

export function toIterator(value: unknown): Iterator<unknown> {
  if (value !== null && value !== undefined) {
    const fn = (value as { [Symbol.iterator]?: unknown })[Symbol.iterator];
    if (typeof fn === 'function') return Reflect.apply(fn, value, []) as Iterator<unknown>;
  }
  throw notIterable(value);
}

export function iterateInto(c: Ctx, value: unknown, out: unknown[]): void {
  if (Array.isArray(value)) {
    checkArrayLength(out.length + value.length);
    account(c, value);
    tick(c);
    // Not started on the thread past 128K elements (deferred, not charged: a spread costs no steps).
    chargeLength(c, value.length);
    for (let i = 0; i < value.length; i++) out.push(value[i]);
    return;
  }
  const it = toIterator(value);
  for (let r = it.next(); !r.done; r = it.next()) {
    tick(c);
    out.push(r.value);
    if (out.length > MAX_ARRAY_LENGTH) checkArrayLength(out.length);
  }
}

/** Calls `each` per element; stops early when it returns true (break/return). */
export function forEachOf(c: Ctx, value: unknown, each: (v: unknown) => boolean): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      tick(c);
      if (each(value[i])) return;
    }
    return;
  }
  if (typeof value === 'string') {
    for (const ch of value) {
      tick(c);
      if (each(ch)) return;
    }
    return;
  }
  const it = toIterator(value);
  for (let r = it.next(); !r.done; r = it.next()) {
    tick(c);
    if (each(r.value)) {
      it.return?.();
      return;
    }
  }
}
