// Calls and `new` from expression code. Host results that are functions pass through the
// same filter as property reads, so a host call can't hand out Function or eval either.
import type { Ctx } from '../compile/types.ts';
import { CONSTRUCTIBLE, filterFunction, FUNCTION_FILTER } from '../security.ts';
import { blockedAccess } from '../errors.ts';
import { DateTime, Duration, Interval } from 'luxon';
import { account, afterHeavy, chargeArguments, chargeContent, chargeJson, chargeLength, chargeSize, DEFER_EXTENSION, isMedium, tick } from './ticks.ts';
import { EvaluationTooLong } from '../defer.ts';
import { ARRAY_MAKERS } from './guards.ts';

const apply = Reflect.apply;

export function filterResult(r: unknown): unknown {
  if (typeof r === 'function') return filterFunction(r);
  if (r === globalThis) throw blockedAccess('globalThis');
  return r;
}

/** The functions and the guarded wrappers expressions call in their place (security.ts). */
function withWrappers(fns: unknown[]): Set<unknown> {
  return new Set(fns.flatMap((fn) => [fn, FUNCTION_FILTER.get(fn as Function)]).filter((fn) => fn != null));
}

/**
 * Built-ins whose cost follows the content of their values (nested arrays, objects), not their
 * length; and any call given an object where a text is expected converts it (startsWith(array),
 * new Date(array)). Keyed by what expressions call: the guarded wrappers (security.ts), and the
 * originals for those not wrapped.
 */
const CONTENT_WALKERS = withWrappers([
  Array.prototype.flat,
  Array.prototype.flatMap,
  Array.prototype.join,
  Array.prototype.toString,
  Array.prototype.toLocaleString,
  Array.prototype.sort,
  Array.prototype.toSorted,
  String,
  Number,
  parseInt,
  parseFloat,
  Object.assign,
  globalThis.structuredClone,
]);
/** Object.keys / values / entries of a text make one value per character (1M characters: 450–600 ms). */
const STRING_SPLITTERS = withWrappers([Object.keys, Object.values, Object.entries]);
/** Built-ins that make as many values as their arguments ask for, unbounded (200,000 intervals: 0.6 s). */
const UNBOUNDED = withWrappers([Interval.prototype.splitBy, Interval.prototype.divideEqually, Interval.prototype.splitAt]);

export function callFunction(c: Ctx, fn: unknown, thisArg: unknown, args: unknown[], describe: () => string): unknown {
  if (typeof fn !== 'function') throw new TypeError(`${describe()} is not a function`);
  tick(c);
  // Receiver or first argument long: the call's native work is charged (see chargeSize).
  const heavy = chargeSize(c, thisArg) || (args.length !== 0 && chargeSize(c, args[0])) || isMedium(thisArg) || args.some(isMedium);
  // Luxon's formats and parsing grow faster than their format's length (a 63K-character
  // Duration format: 4.2 s): a long first argument defers too.
  chargeArguments(c, args, thisArg instanceof DateTime || thisArg instanceof Duration || thisArg instanceof Interval ? 0 : 1);
  if (CONTENT_WALKERS.has(fn)) {
    // One budget for all (Object.assign({}, ...2,000 wide objects) held 0.8 s, each under it).
    chargeContent(c, args.length === 0 ? thisArg : [thisArg, ...args]);
  } else {
    // An object where a text is expected is converted: its content is the cost.
    for (const a of args) if (Array.isArray(a)) chargeContent(c, a);
  }
  if (STRING_SPLITTERS.has(fn) && typeof args[0] === 'string') chargeSize(c, args[0], DEFER_EXTENSION);
  if (c.deferAfterMs !== 0 && UNBOUNDED.has(fn)) throw new EvaluationTooLong();
  const makes = ARRAY_MAKERS.get(fn);
  if (makes !== undefined) chargeLength(c, makes(args));
  if (thisArg === JSON) chargeJson(c, fn, args);
  const r = apply(fn, thisArg, args);
  if (heavy) afterHeavy(c);
  if (typeof r === 'object' || typeof r === 'string') {
    if (r === globalThis) throw blockedAccess('globalThis');
    account(c, r);
    return r;
  }
  return typeof r === 'function' ? filterFunction(r) : r;
}

/** Factories for the constructors expressions may use with `new` (see globals.ts). */
export const CONSTRUCT_FACTORIES = new Map<Function, (args: unknown[]) => unknown>();

export function construct(c: Ctx, fn: unknown, args: unknown[], describe: () => string): unknown {
  if (typeof fn !== 'function' || !CONSTRUCTIBLE.has(fn)) throw new TypeError(`${describe()} is not a constructor`);
  tick(c);
  // new Intl.Collator(a list of 130,000 locales) held 190 ms; new Date(nested arrays) 0.5 s.
  if (args.length !== 0) chargeSize(c, args[0]);
  chargeArguments(c, args, 1);
  for (const a of args) chargeContent(c, a);
  const makes = ARRAY_MAKERS.get(fn);
  if (makes !== undefined) chargeLength(c, makes(args));
  const factory = CONSTRUCT_FACTORIES.get(fn);
  const r = factory ? factory(args) : Reflect.construct(fn, args);
  account(c, r);
  return r;
}
