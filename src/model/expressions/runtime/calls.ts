// Calls and `new` from expression code. Host results that are functions pass through the
// same filter as property reads, so a host call can't hand out Function or eval either.
import type { Ctx } from '../compile/types.ts';
import { CONSTRUCTIBLE, filterFunction } from '../security.ts';
import { blockedAccess } from '../errors.ts';
import { account, tick } from './ticks.ts';

const apply = Reflect.apply;
const fnCall = Function.prototype.call;
const fnApply = Function.prototype.apply;
const fnBind = Function.prototype.bind;

export function filterResult(r: unknown): unknown {
  if (typeof r === 'function') return filterFunction(r);
  if (r === globalThis) throw blockedAccess('globalThis');
  return r;
}

/** Plain calls that must not reach the native function (`Array(1e9)`, `RegExp(p)`). */
export const CALL_OVERRIDES = new Map<Function, (args: unknown[]) => unknown>();

export function callFunction(c: Ctx, fn: unknown, thisArg: unknown, args: unknown[], describe: () => string): unknown {
  if (typeof fn !== 'function') throw new TypeError(`${describe()} is not a function`);
  tick(c);
  const override = CALL_OVERRIDES.get(fn);
  if (override !== undefined) return override(args);
  if (typeof thisArg === 'function' && (fn === fnCall || fn === fnApply || fn === fnBind)) {
    // Array.call(null, 1e9), RegExp.apply(…), Array.bind(null, 1e9): still the override.
    const target = CALL_OVERRIDES.get(thisArg);
    if (target !== undefined) {
      if (fn === fnCall) return target(args.slice(1));
      if (fn === fnApply) return target(args[1] === undefined || args[1] === null ? [] : Array.from(args[1] as ArrayLike<unknown>));
      const bound = args.slice(1);
      return (...more: unknown[]) => target([...bound, ...more]);
    }
  }
  const r = apply(fn, thisArg, args);
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
  const factory = CONSTRUCT_FACTORIES.get(fn);
  const r = factory ? factory(args) : Reflect.construct(fn, args);
  account(c, r);
  return r;
}
