// The only globals an expression sees, plus the reach policy for them: which static members
// each whitelisted constructor exposes, which constructors `new` accepts, which host objects
// are shared and so read-only, which host classes keep their fields private, and which host
// functions are never handed out. Everything not listed here is "<name> is not defined".
import { DateTime, Duration, Interval, Zone, IANAZone, FixedOffsetZone, InvalidZone, SystemZone } from 'luxon';
import {
  CONSTRUCTIBLE,
  OPAQUE_PROTOS,
  READONLY,
  STATIC_MEMBERS,
  FUNCTION_FILTER,
  denyFunction,
  isBlockedName,
} from './security.ts';
import { CONSTRUCT_FACTORIES } from './runtime/calls.ts';
import { ARRAY_MAKERS, guardedArray, guardedTypedArray, TYPED_ARRAYS } from './runtime/guards.ts';
import { createRegExp } from './regex.ts';
import { EXTENDED_FUNCTIONS } from './extensions/functions.ts';

export const GLOBALS: Record<string, unknown> = Object.create(null);

/**
 * Array and RegExp as expressions see them: callable and constructible stand-ins that check
 * sizes / go through the regex seam, with the real prototype so `x instanceof Array` works.
 * The real constructors are never reachable, so no call/apply/bind chain can bypass them.
 */
function facade(name: string, impl: (args: unknown[]) => unknown, proto: object, members: Record<string, unknown>): Function {
  const f = function (...args: unknown[]): unknown {
    return impl(args);
  };
  Object.defineProperty(f, 'name', { value: name });
  Object.defineProperty(f, 'prototype', { value: proto, writable: false });
  for (const [k, v] of Object.entries(members)) Object.defineProperty(f, k, { value: v });
  return f;
}
const SafeArray = facade('Array', guardedArray, Array.prototype, {
  isArray: Array.isArray,
  from: FUNCTION_FILTER.get(Array.from) ?? Array.from,
  of: FUNCTION_FILTER.get(Array.of) ?? Array.of,
});
ARRAY_MAKERS.set(SafeArray, (args) => (args.length === 1 && typeof args[0] === 'number' ? args[0] : 0));
const SafeRegExp = facade('RegExp', (args) => createRegExp(args[0], args[1]), RegExp.prototype, {});

function statics(fn: Function, names: readonly string[]): void {
  STATIC_MEMBERS.set(fn, new Set(names));
}

const ERRORS = [Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError];

Object.assign(GLOBALS, {
  Math,
  JSON,
  Intl,
  Number,
  String,
  Boolean,
  Array: SafeArray,
  Object,
  Date,
  RegExp: SafeRegExp,
  Map,
  Set,
  WeakMap,
  WeakSet,
  BigInt,
  parseInt,
  parseFloat,
  isNaN,
  isFinite,
  encodeURI,
  encodeURIComponent,
  decodeURI,
  decodeURIComponent,
  NaN,
  Infinity,
  DateTime,
  Duration,
  Interval,
  ...EXTENDED_FUNCTIONS,
});
for (const E of ERRORS) GLOBALS[E.name] = E;
for (const T of TYPED_ARRAYS) GLOBALS[T.name] = T;

// Static members per constructor. Reading anything else off a function is refused, which
// keeps out defineProperty, getPrototypeOf, Error.prepareStackTrace, RegExp.$1 and friends.
statics(Number, ['isFinite', 'isInteger', 'isNaN', 'isSafeInteger', 'parseFloat', 'parseInt', 'MAX_SAFE_INTEGER', 'MIN_SAFE_INTEGER', 'MAX_VALUE', 'MIN_VALUE', 'EPSILON', 'NaN', 'POSITIVE_INFINITY', 'NEGATIVE_INFINITY']);
statics(String, ['fromCharCode', 'fromCodePoint']);
statics(SafeArray, ['isArray', 'from', 'of']);
statics(Object, ['keys', 'values', 'entries', 'assign', 'fromEntries', 'freeze', 'isFrozen', 'seal', 'isSealed', 'preventExtensions', 'isExtensible', 'is', 'hasOwn', 'groupBy']);
statics(Date, ['now', 'parse', 'UTC']);
statics(Map, ['groupBy']);
statics(BigInt, []); // asUintN(2 ** 30, x) would allocate a huge BigInt
statics(Boolean, []);
statics(SafeRegExp, []);
statics(Set, []);
for (const E of ERRORS) statics(E, []);
for (const T of TYPED_ARRAYS) statics(T, ['BYTES_PER_ELEMENT']);

// luxon's classes: their public static API (now, fromISO, DATE_SHORT …).
for (const cls of [DateTime, Duration, Interval]) {
  statics(cls, Object.getOwnPropertyNames(cls).filter((n) => !isBlockedName(n) && n !== 'length' && n !== 'name'));
}

// Intl: a namespace object whose members are constructors.
for (const name of Object.getOwnPropertyNames(Intl)) {
  const v = (Intl as unknown as Record<string, unknown>)[name];
  if (typeof v === 'function' && /^[A-Z]/.test(name)) {
    statics(v, ['supportedLocalesOf']);
    CONSTRUCTIBLE.add(v);
  }
}

for (const ctor of [Object, SafeArray, SafeRegExp, Date, Map, Set, WeakMap, WeakSet, Number, String, Boolean, ...ERRORS, ...TYPED_ARRAYS]) {
  CONSTRUCTIBLE.add(ctor);
}
CONSTRUCT_FACTORIES.set(SafeArray, guardedArray);
CONSTRUCT_FACTORIES.set(SafeRegExp, (args) => createRegExp(args[0], args[1]));
for (const T of TYPED_ARRAYS) {
  CONSTRUCT_FACTORIES.set(T, (args) => guardedTypedArray(T, args));
  ARRAY_MAKERS.set(T, (args) => (typeof args[0] === 'number' ? args[0] : 0));
}
// The real constructors, should they ever be reached, are refused outright.
denyFunction(Array);
denyFunction(RegExp);

// luxon objects keep zones, locales and caches in own fields shared across DateTimes:
// expressions use the public getters and methods only.
const sampleLocale = (DateTime.now() as unknown as { loc?: object }).loc;
for (const proto of [DateTime.prototype, Duration.prototype, Interval.prototype, Zone.prototype, IANAZone.prototype, FixedOffsetZone.prototype, InvalidZone.prototype, SystemZone.prototype]) {
  OPAQUE_PROTOS.add(proto);
}
if (sampleLocale) OPAQUE_PROTOS.add(Object.getPrototypeOf(sampleLocale));

// Shared host objects: readable, never writable (Math.max = …, DateTime.DATE_SHORT.x = …).
function markReadonly(value: unknown, depth: number, seen: Set<unknown>): void {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value) || depth > 3) return;
  seen.add(value);
  if (typeof value === 'object') READONLY.add(value);
  for (const name of Object.getOwnPropertyNames(value)) {
    if (isBlockedName(name) || name === 'caller' || name === 'arguments' || name === 'callee') continue;
    const desc = Object.getOwnPropertyDescriptor(value, name);
    if (desc && 'value' in desc) markReadonly(desc.value, depth + 1, seen);
    // luxon exposes its shared presets (DateTime.DATE_SHORT …) through static getters.
    else if (desc?.get && typeof value === 'function') markReadonly((value as unknown as Record<string, unknown>)[name], depth + 1, seen);
  }
}
const seen = new Set<unknown>();
for (const name of Object.keys(GLOBALS)) markReadonly(GLOBALS[name], 0, seen);

// Never handed to an expression, however reached.
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
const GeneratorFunction = Object.getPrototypeOf(function* () {}).constructor;
const AsyncGeneratorFunction = Object.getPrototypeOf(async function* () {}).constructor;
for (const fn of [Function, AsyncFunction, GeneratorFunction, AsyncGeneratorFunction, eval, Proxy, RegExp.prototype.compile]) denyFunction(fn);
for (const name of ['defineProperty', 'defineProperties', 'getOwnPropertyDescriptor', 'getOwnPropertyDescriptors', 'getPrototypeOf', 'setPrototypeOf', 'create', 'getOwnPropertyNames', 'getOwnPropertySymbols']) {
  denyFunction((Object as unknown as Record<string, unknown>)[name]);
}
for (const name of ['__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']) {
  denyFunction((Object.prototype as unknown as Record<string, unknown>)[name]);
}
for (const name of Object.getOwnPropertyNames(Reflect)) denyFunction((Reflect as unknown as Record<string, unknown>)[name]);
for (const name of ['then', 'catch', 'finally']) denyFunction((Promise.prototype as unknown as Record<string, unknown>)[name]);
denyFunction((Error as unknown as { captureStackTrace?: unknown }).captureStackTrace);
const host = globalThis as unknown as Record<string, unknown>;
for (const name of ['setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask', 'fetch', 'require', 'structuredClone', 'importScripts', 'postMessage', 'WebAssembly', 'SharedArrayBuffer', 'Atomics']) {
  const v = host[name];
  if (typeof v === 'function') denyFunction(v);
  else if (v && typeof v === 'object') for (const k of Object.getOwnPropertyNames(v)) denyFunction((v as Record<string, unknown>)[k]);
}
