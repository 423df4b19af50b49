// The name and reach policy: which property names an expression may read or write, which
// host functions it may hold, and which objects it may change. Every member access of the
// evaluator goes through these checks at run time (computed keys included), with the key
// converted exactly once by toSafeKey so a toString/valueOf trick cannot show one name to
// the check and another to the access.
import { blockedAccess, securityError } from './errors.ts';

/** Names that reach prototypes, constructors or the accessor machinery on any value. */
const ALWAYS_BLOCKED = new Set([
  '__proto__',
  'prototype',
  'constructor',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  // n8n blocks these too (utils.ts unsafeObjectProperties): ways to process internals.
  'getPrototypeOf',
  'mainModule',
  'binding',
  '_load',
  'prepareStackTrace',
]);

/** The only properties readable on a function that is not a whitelisted namespace. */
const FUNCTION_PROPS = new Set(['name', 'length', 'call', 'apply', 'bind']);

export function isBlockedName(name: string): boolean {
  return ALWAYS_BLOCKED.has(name);
}

/** A property key as the access will use it; throws for blocked names and symbols. */
export function toSafeKey(raw: unknown): string | number {
  if (typeof raw === 'number') return raw;
  let key: string;
  if (typeof raw === 'string') key = raw;
  else if (typeof raw === 'symbol') throw securityError('Symbol property keys are not allowed in expressions');
  else key = String(raw); // one conversion: user toString/valueOf runs once, its result is checked
  if (ALWAYS_BLOCKED.has(key)) throw blockedAccess(key);
  return key;
}

// --- Registries filled by globals.ts and runtime/guards.ts -------------------------------

/** Static members readable on whitelisted constructors and namespaces-as-functions. */
export const STATIC_MEMBERS = new Map<Function, ReadonlySet<string>>();

/**
 * Host functions as an expression may see them: null means never (Function, eval,
 * defineProperty …); another function means "use this guarded wrapper instead"
 * ('x'.repeat → a repeat that checks the size first).
 */
export const FUNCTION_FILTER = new Map<Function, Function | null>();

/** Host-global objects (Math, JSON, Intl, luxon presets …): shared by every execution. */
export const READONLY = new WeakSet<object>();

/** Prototypes of host classes whose own fields are internals (luxon DateTime, Locale …). */
export const OPAQUE_PROTOS = new Set<object>();

/** Host functions expressions may call with `new`. */
export const CONSTRUCTIBLE = new Set<Function>();

export function denyFunction(fn: unknown): void {
  if (typeof fn === 'function') FUNCTION_FILTER.set(fn, null);
}

export function guardFunction(fn: Function, wrapper: Function): void {
  FUNCTION_FILTER.set(fn, wrapper);
  // The wrapper itself passes through unchanged.
  FUNCTION_FILTER.set(wrapper, wrapper);
}

/** The function an expression gets for a host function value. */
export function filterFunction(fn: Function): Function {
  const f = FUNCTION_FILTER.get(fn);
  if (f === undefined) return fn;
  if (f === null) throw securityError(`Cannot use "${fn.name || 'this function'}" due to security concerns`);
  return f;
}

export function readFunctionMember(fn: Function, key: string | number): unknown {
  const statics = STATIC_MEMBERS.get(fn);
  if (typeof key === 'string' && (FUNCTION_PROPS.has(key) || (statics !== undefined && statics.has(key)))) {
    const v = (fn as unknown as Record<string, unknown>)[key];
    return typeof v === 'function' ? filterFunction(v) : v;
  }
  throw blockedAccess(String(key));
}

const ObjectProto = Object.prototype;
const ArrayProto = Array.prototype;
const getProto = Object.getPrototypeOf;
const hasOwn = Object.prototype.hasOwnProperty;

/** Called when a member read yields an object or function: stops reads of host internals. */
export function checkReach(obj: object, key: string | number, value: unknown): void {
  if (value === globalThis) throw blockedAccess(String(key));
  const proto = getProto(obj);
  if (proto === ObjectProto || proto === ArrayProto || proto === null) return;
  if (OPAQUE_PROTOS.has(proto) && hasOwn.call(obj, key)) {
    throw securityError(`Cannot access internal field "${String(key)}" of ${proto.constructor?.name ?? 'this object'}`);
  }
}

export function isOpaque(value: unknown): boolean {
  return typeof value === 'object' && value !== null && OPAQUE_PROTOS.has(getProto(value));
}

/** Whether expression code may add, change or delete properties of `obj`. */
export function isWritable(obj: object): boolean {
  if (READONLY.has(obj)) return false;
  if (Array.isArray(obj)) return true;
  const proto = getProto(obj);
  if (proto === ObjectProto || proto === null) return true;
  return obj instanceof Error || ArrayBuffer.isView(obj);
}

export function assertWritable(obj: unknown, key: string | number): void {
  if (typeof obj === 'function') throw securityError(`Cannot assign "${String(key)}" on a function due to security concerns`);
  if (typeof obj !== 'object' || obj === null) return;
  if (!isWritable(obj)) {
    const what = READONLY.has(obj) ? 'a shared built-in object' : (getProto(obj)?.constructor?.name ?? 'this object');
    throw securityError(`Cannot modify "${String(key)}" of ${what} due to security concerns`);
  }
}
