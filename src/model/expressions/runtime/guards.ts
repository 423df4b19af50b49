// Host methods an expression may call only through a wrapper: those that allocate a lot
// from a small input ('x'.repeat(1e9), new Array(1e9), join/concat/pad on huge sizes), those
// that write into their receiver or argument (Array mutators, Object.assign/freeze — never
// into shared built-ins), and those that copy fields out (Object.values/entries — never a
// host object's internals). The wrappers replace the originals wherever an expression reads
// them (security.ts FUNCTION_FILTER), so passing `''.repeat` as a callback is guarded too.
import { assertWritable, FUNCTION_FILTER, guardFunction, isOpaque } from '../security.ts';
import { checkArrayLength, checkStringLength, checkedString, MAX_ARRAY_LENGTH, MAX_STRING_LENGTH } from '../limits.ts';
import { checkArrayWrite, defineField } from './members.ts';
import { securityError } from '../errors.ts';
import { createRegExp, GuardedRegExp } from '../regex.ts';


type AnyFn = (this: unknown, ...args: unknown[]) => unknown;

function wrap(target: object, name: string, make: (original: AnyFn) => AnyFn): void {
  const original = (target as Record<string, unknown>)[name];
  if (typeof original !== 'function') return;
  const wrapper = make(original as AnyFn);
  Object.defineProperty(wrapper, 'name', { value: name });
  guardFunction(original, wrapper);
}

const call = (fn: AnyFn, self: unknown, args: unknown[]) => Reflect.apply(fn, self, args);
const str = (self: unknown) => (typeof self === 'string' ? self : String(self));

function noOpaque(value: unknown): void {
  if (isOpaque(value)) throw securityError('Cannot read the internal fields of this object due to security concerns');
}

// --- Strings -----------------------------------------------------------------------------
const SP = String.prototype;
wrap(SP, 'repeat', (orig) => function (this: unknown, ...args) {
  const count = Number(args[0]);
  if (count > 0) checkStringLength(str(this).length * count);
  return call(orig, this, args);
});
for (const name of ['padStart', 'padEnd']) {
  wrap(SP, name, (orig) => function (this: unknown, ...args) {
    const target = Number(args[0]);
    if (target > MAX_STRING_LENGTH) checkStringLength(target);
    return call(orig, this, args);
  });
}
wrap(SP, 'concat', (orig) => function (this: unknown, ...args) {
  let total = str(this).length;
  for (const a of args) total += typeof a === 'string' ? a.length : 0;
  if (total > MAX_STRING_LENGTH) checkStringLength(total);
  return checkedString(call(orig, this, args) as string);
});
/** A RegExp that did not come from createRegExp (none should reach an expression) is remade by it. */
function guardedPattern(args: unknown[]): void {
  if (args[0] instanceof RegExp && !(args[0] instanceof GuardedRegExp)) args[0] = createRegExp(args[0]);
}

for (const name of ['replace', 'replaceAll']) {
  wrap(SP, name, (orig) => function (this: unknown, ...args) {
    guardedPattern(args);
    const s = str(this);
    const replacement = args[1];
    if (typeof replacement === 'string' && replacement.length > 1 && !replacement.includes('$')) {
      // Worst case every character matches; only then count the real matches.
      if (s.length * replacement.length > MAX_STRING_LENGTH) {
        const pattern = args[0];
        let count = 1;
        if (pattern instanceof RegExp) count = pattern.global ? (s.match(pattern)?.length ?? 0) : 1;
        else if (name === 'replaceAll') count = s.split(String(pattern)).length - 1;
        checkStringLength(s.length + count * replacement.length);
      }
    }
    return checkedString(call(orig, this, args) as string);
  });
}

// String patterns become regexes inside these natives: route them through the regex seam.
for (const name of ['match', 'matchAll', 'search']) {
  wrap(SP, name, (orig) => function (this: unknown, ...args) {
    const pattern = args[0];
    if (!(pattern instanceof GuardedRegExp) && pattern !== undefined) {
      args[0] = createRegExp(pattern === null ? 'null' : pattern, name === 'matchAll' && !(pattern instanceof RegExp) ? 'g' : undefined);
    }
    return call(orig, this, args);
  });
}

wrap(SP, 'split', (orig) => function (this: unknown, ...args) {
  guardedPattern(args);
  const s = str(this);
  const limit = args[1] === undefined ? Infinity : Number(args[1]);
  if (s.length + 1 > MAX_ARRAY_LENGTH && limit > MAX_ARRAY_LENGTH) {
    const sep = args[0];
    let pieces = s.length;
    if (typeof sep === 'string' && sep !== '') {
      pieces = 1;
      for (let i = s.indexOf(sep); i !== -1 && pieces <= MAX_ARRAY_LENGTH; i = s.indexOf(sep, i + sep.length)) pieces++;
    }
    checkArrayLength(pieces);
  }
  return call(orig, this, args);
});

// --- Arrays ------------------------------------------------------------------------------
const AP = Array.prototype;
wrap(AP, 'join', (orig) => function (this: unknown, ...args) {
  const length = (this as { length?: unknown } | null)?.length;
  if (typeof length === 'number') {
    checkArrayLength(length);
    const sep = args[0] === undefined ? 1 : String(args[0]).length;
    if (length * sep > MAX_STRING_LENGTH) checkStringLength(length * sep);
  }
  return checkedString(call(orig, this, args) as string);
});
wrap(AP, 'concat', (orig) => function (this: unknown, ...args) {
  let total = Array.isArray(this) ? this.length : 1;
  for (const a of args) total += Array.isArray(a) ? a.length : 1;
  checkArrayLength(total);
  return call(orig, this, args);
});
for (const name of ['push', 'unshift']) {
  wrap(AP, name, (orig) => function (this: unknown, ...args) {
    assertWritable(this, name);
    const length = (this as { length?: unknown } | null)?.length;
    if (typeof length === 'number' && length + args.length > MAX_ARRAY_LENGTH) checkArrayLength(length + args.length);
    return call(orig, this, args);
  });
}
for (const name of ['pop', 'shift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']) {
  wrap(AP, name, (orig) => function (this: unknown, ...args) {
    assertWritable(this, name);
    const length = (this as { length?: unknown } | null)?.length;
    if (typeof length === 'number') checkArrayLength(length);
    return call(orig, this, args);
  });
}

// Any other Array method on an array-like with a huge length ([].indexOf.call({ length: 1e15 }))
// would loop in native code where the step budget cannot stop it.
const GUARDED_ELSEWHERE = new Set(['constructor', 'join', 'concat', 'push', 'unshift', 'pop', 'shift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);
for (const name of Object.getOwnPropertyNames(AP)) {
  if (GUARDED_ELSEWHERE.has(name) || typeof (AP as unknown as Record<string, unknown>)[name] !== 'function') continue;
  wrap(AP, name, (orig) => function (this: unknown, ...args) {
    if (!Array.isArray(this)) checkArrayLength(arrayLikeLength(this));
    return call(orig, this, args);
  });
}

function arrayLikeLength(value: unknown): number {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return 0;
  const length = (value as { length?: unknown }).length;
  return typeof length === 'number' ? length : 0;
}

/**
 * Functions that make an array from a length (Array(n), Array.from({ length: n }), typed
 * arrays): the length each call would make, so that the caller can charge it before the
 * native work (3M elements from Array.from took 250 ms in one call).
 */
export const ARRAY_MAKERS = new Map<Function, (args: unknown[]) => number>();
const madeLength = (args: unknown[]): number => (typeof args[0] === 'number' ? args[0] : arrayLikeLength(args[0]));

export function guardedArray(args: unknown[]): unknown[] {
  if (args.length === 1 && typeof args[0] === 'number') checkArrayLength(args[0]);
  return Reflect.construct(Array, args) as unknown[];
}

wrap(Array, 'from', (orig) => function (this: unknown, ...args) {
  checkArrayLength(arrayLikeLength(args[0]));
  return call(orig, Array, args);
});
ARRAY_MAKERS.set(FUNCTION_FILTER.get(Array.from)!, (args) => arrayLikeLength(args[0]));
wrap(Array, 'of', (orig) => function (this: unknown, ...args) {
  return call(orig, Array, args);
});

// --- Object ------------------------------------------------------------------------------
wrap(Object, 'assign', () => function (this: unknown, ...args) {
  const [target, ...sources] = args;
  if (target === null || target === undefined) throw new TypeError('Cannot convert undefined or null to object');
  assertWritable(target, 'assign');
  for (const src of sources) {
    if (src === null || src === undefined) continue;
    noOpaque(src);
    for (const k of Object.keys(src)) {
      assertWritable(target, k);
      const value = (src as Record<string, unknown>)[k];
      if (Array.isArray(target)) checkArrayWrite(k, value);
      defineField(target as Record<string, unknown>, k, value);
    }
  }
  return target;
});
for (const name of ['freeze', 'seal', 'preventExtensions']) {
  wrap(Object, name, (orig) => function (this: unknown, ...args) {
    if (args[0] !== null && typeof args[0] === 'object') assertWritable(args[0], name);
    else if (typeof args[0] === 'function') assertWritable(args[0], name);
    return call(orig, Object, args);
  });
}
for (const name of ['values', 'entries', 'groupBy', 'fromEntries']) {
  wrap(Object, name, (orig) => function (this: unknown, ...args) {
    noOpaque(args[0]);
    return call(orig, Object, args);
  });
}

// --- Typed arrays: a numeric length allocates ---------------------------------------------
export const TYPED_ARRAYS = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array];

export function guardedTypedArray(ctor: Function, args: unknown[]): unknown {
  if (typeof args[0] === 'number') checkArrayLength(args[0]);
  else checkArrayLength(arrayLikeLength(args[0]));
  return Reflect.construct(ctor, args);
}
