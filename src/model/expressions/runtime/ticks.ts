// The step budget: every loop iteration and every call costs one step.
import type { Ctx } from '../compile/types.ts';
import { allocationLimitError, depthLimitError, stepLimitError, timeLimitError } from '../limits.ts';
import { EvaluationTooLong } from '../defer.ts';

/** Fixes the deadline and the end of the thread slice; true when they were already fixed. */
export function startClock(c: Ctx, now: number): boolean {
  const started = c.deadline !== 0 || c.deferAt !== 0;
  if (c.deadline === 0 && c.timeoutMs !== 0) c.deadline = now + c.timeoutMs;
  if (c.deferAt === 0 && c.deferAfterMs !== 0) c.deferAt = now + c.deferAfterMs;
  return started;
}

function checkClock(c: Ctx): boolean {
  if (c.timeoutMs === 0 && c.deferAfterMs === 0) return false;
  const now = Date.now();
  if (!startClock(c, now)) return false;
  if (c.deferAt !== 0 && now > c.deferAt) throw new EvaluationTooLong();
  return c.timeoutMs !== 0 && now > c.deadline;
}

export function tick(c: Ctx): void {
  if (++c.steps > c.maxSteps) throw stepLimitError();
  if ((c.steps & 63) === 0 && checkClock(c)) throw timeLimitError();
}

/** Strings at least this long make a host call on them "heavy" (see chargeSize). */
export const HEAVY_STRING = 65_536;
/** Arrays at least this long, likewise. */
export const HEAVY_ARRAY = 4_096;
/**
 * In an evaluation that may be deferred, a built-in call on a string this long (arrays: an
 * eighth) is not started on the server's thread: linear native work on 1M characters takes up
 * to tens of ms (split, normalize), and one call cannot be interrupted.
 */
export const DEFER_NATIVE = 1_048_576;
/** Likewise for extension methods written in JavaScript (toTitleCase, hash …): slower per character. */
export const DEFER_EXTENSION = HEAVY_STRING;

/**
 * A host call on a long string or array runs natively for a time proportional to its length
 * (indexOf over 40M characters, sort of a million elements), out of the step counter's sight.
 * Such a call costs steps in proportion — one per 64 characters, one per 16 elements —
 * charged before it runs, so the step budget bounds native work as it bounds loops (1M steps ≈
 * 64M characters scanned: about two calls on strings at the 50M-character cap), and the clock
 * is read after it (see afterHeavy). Returns whether the value was heavy.
 */
export function chargeSize(c: Ctx, value: unknown, deferFrom = DEFER_NATIVE): boolean {
  let cost: number;
  if (typeof value === 'string') {
    if (value.length < HEAVY_STRING) return false;
    if (c.deferAfterMs !== 0 && value.length >= deferFrom) throw new EvaluationTooLong();
    cost = value.length >>> 6;
  } else if (Array.isArray(value)) {
    if (value.length < HEAVY_ARRAY) return false;
    // An eighth of the text length for extensions; a 64th for built-ins (sort, flat or map with a
    // built-in callback over 131,000 elements held 140–310 ms in one call).
    if (c.deferAfterMs !== 0 && value.length >= (deferFrom === DEFER_NATIVE ? deferFrom >>> 6 : deferFrom >>> 3)) throw new EvaluationTooLong();
    cost = value.length >>> 4;
  } else {
    return false;
  }
  c.steps += cost;
  if (c.steps > c.maxSteps) throw stepLimitError();
  return true;
}

/**
 * JSON.parse of this many characters or more is not started on the server's thread: its cost
 * is the structure's, not the length's (a ~1M-character text nested 500 deep took 125–360 ms in
 * one call, a flat one 56 ms).
 */
export const DEFER_PARSE = 262_144;
/** JSON.stringify of a value with this many members and characters (/64) or more, likewise. */
export const DEFER_STRINGIFY_UNITS = 65_536;

/** Whether a value is at least `budget` units big (members, plus characters / 64): a walk that stops there. */
function atLeast(value: unknown, budget: number): boolean {
  const stack: unknown[] = [value];
  let units = 0;
  while (stack.length) {
    const v = stack.pop();
    units += typeof v === 'string' ? 1 + (v.length >>> 6) : 1;
    if (units >= budget) return true;
    if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) continue;
    if (Array.isArray(v)) for (let i = 0; i < v.length && stack.length < budget; i++) stack.push(v[i]);
    else for (const k in v) if (Object.hasOwn(v, k)) stack.push((v as Record<string, unknown>)[k]);
  }
  return false;
}

/**
 * Before JSON.parse / JSON.stringify in an evaluation that may be deferred: a large text or
 * value goes to the worker instead of one uninterruptible call on the thread.
 */
export function chargeJson(c: Ctx, fn: unknown, args: readonly unknown[]): void {
  if (c.deferAfterMs === 0) return;
  if (fn === JSON.parse) {
    if (typeof args[0] === 'string' && args[0].length >= DEFER_PARSE) throw new EvaluationTooLong();
  } else if (fn === JSON.stringify) {
    if (args[0] !== null && typeof args[0] === 'object' && atLeast(args[0], DEFER_STRINGIFY_UNITS)) throw new EvaluationTooLong();
  }
}

/**
 * Before a call that makes an array of `length` elements from a small input (Array(n),
 * Array.from({ length: n })): not started on the server's thread when that long (3M elements
 * from Array.from took 250 ms in one call). The length itself is capped by checkArrayLength.
 */
export function chargeLength(c: Ctx, length: number): void {
  if (c.deferAfterMs !== 0 && length >= DEFER_NATIVE >>> 3) throw new EvaluationTooLong();
}

/**
 * A call on a string or array this long is not charged, but the clock is read after it: 64 calls
 * of a few milliseconds each (a 4,095-character Luxon format, a 4,095-locale list) would otherwise
 * run between two readings.
 */
export function isMedium(value: unknown): boolean {
  return typeof value === 'string' ? value.length >= 1_024 : Array.isArray(value) && value.length >= 64;
}

/**
 * What a call's cost follows that its receiver's length does not show (found by attacking it):
 * the content of objects and nested arrays (an extension over 4,095 references to one object of
 * 4,000 keys held 1–8 s; shared references make a small-looking value exponentially large), and
 * later arguments (a list of 130,000 locales, a 60K-character Luxon format). In an evaluation
 * that may be deferred such a call is not started on the server's thread.
 */
export const DEFER_UNITS = 65_536;
/** A text argument (not the receiver) this long: formats and locale names are short. */
export const DEFER_ARGUMENT_CHARS = 4_096;

/** Before a call whose cost follows its values' content: defers when one of them is that big (a walk bounded by DEFER_UNITS). */
export function chargeContent(c: Ctx, value: unknown): void {
  if (c.deferAfterMs === 0 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return;
  if (atLeast(value, DEFER_UNITS)) throw new EvaluationTooLong();
}

/** Before a call: every argument after the first, as chargeSize the first; a long text argument defers. */
export function chargeArguments(c: Ctx, args: readonly unknown[], from: number): void {
  if (c.deferAfterMs === 0) return;
  for (let i = from; i < args.length; i++) {
    const a = args[i];
    if (typeof a === 'string') {
      if (a.length >= DEFER_ARGUMENT_CHARS) throw new EvaluationTooLong();
    } else if (Array.isArray(a) && a.length >= HEAVY_ARRAY) {
      throw new EvaluationTooLong();
    }
  }
}

/** After a heavy host call: the time limit fires now, not up to 63 (heavy) steps later. */
export function afterHeavy(c: Ctx): void {
  if (checkClock(c)) throw timeLimitError();
}

/** Counts a string or array a host call produced against the evaluation's allocation budget. */
export function account(c: Ctx, value: unknown): void {
  if (typeof value === 'string' || Array.isArray(value) || ArrayBuffer.isView(value)) {
    const length = (value as { length: number }).length;
    c.allocated += length;
    if (c.allocated > c.maxAllocation) throw allocationLimitError(c.maxAllocation);
    if (length >= HEAVY_STRING && checkClock(c)) throw timeLimitError();
  }
}

export function enter(c: Ctx): void {
  if (++c.steps > c.maxSteps) throw stepLimitError();
  if (++c.depth > c.maxDepth) {
    c.depth--;
    throw depthLimitError();
  }
  if ((c.steps & 63) === 0 && checkClock(c)) {
    c.depth--;
    throw timeLimitError();
  }
}
