// Property reads, writes and deletes as expression code performs them. Keys arrive already
// converted by toSafeKey (or checked at compile time for `a.b`).
import { assertWritable, checkReach, filterFunction, readFunctionMember } from '../security.ts';
import { checkArrayLength, MAX_ARRAY_LENGTH } from '../limits.ts';

export function getMember(obj: unknown, key: string | number): unknown {
  if (obj === null || obj === undefined) {
    throw new TypeError(`Cannot read properties of ${obj} (reading '${String(key)}')`);
  }
  if (typeof obj === 'function') return readFunctionMember(obj, key);
  const v = (obj as Record<string | number, unknown>)[key];
  if (key === 'stack' && typeof v === 'string' && obj instanceof Error) return withoutFrames(v);
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return v;
  if (typeof obj === 'object') checkReach(obj, key, v);
  return typeof v === 'function' ? filterFunction(v) : v;
}

/**
 * An error's stack as an expression may see it: the frames are the evaluator's own (host file
 * paths and internals), so only the "Name: message" lines stay.
 */
function withoutFrames(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => !/^\s+at /.test(line))
    .join('\n');
}

export function checkArrayWrite(key: string | number, value: unknown): void {
  if (typeof key === 'number') {
    if (key >= MAX_ARRAY_LENGTH) checkArrayLength(key + 1);
  } else if (key === 'length') {
    checkArrayLength(Number(value));
  } else if (key.length >= 8 && /^\d+$/.test(key)) {
    checkArrayLength(Number(key) + 1);
  }
}

export function setMember(obj: unknown, key: string | number, value: unknown): unknown {
  if (obj === null || obj === undefined) {
    throw new TypeError(`Cannot set properties of ${obj} (setting '${String(key)}')`);
  }
  if (typeof obj !== 'object') {
    assertWritable(obj, key);
    throw new TypeError(`Cannot create property '${String(key)}' on ${typeof obj} '${String(obj)}'`);
  }
  assertWritable(obj, key);
  if (Array.isArray(obj)) checkArrayWrite(key, value);
  (obj as Record<string | number, unknown>)[key] = value;
  return value;
}

export function deleteMember(obj: unknown, key: string | number): boolean {
  if (obj === null || obj === undefined) throw new TypeError('Cannot convert undefined or null to object');
  if (typeof obj !== 'object') {
    assertWritable(obj, key);
    return true;
  }
  assertWritable(obj, key);
  return delete (obj as Record<string | number, unknown>)[key];
}

/** Own data property, never a setter call (object literals, spread, rest patterns). */
export function defineField(target: Record<string, unknown>, key: string | number, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** `{...src}`: copies own enumerable fields as data properties, through the read policy. */
export function spreadInto(target: Record<string, unknown>, src: unknown): void {
  if (src === null || src === undefined) return;
  if (typeof src === 'string') {
    for (let i = 0; i < src.length; i++) target[i] = src[i];
    return;
  }
  if (typeof src !== 'object') return;
  for (const k of Object.keys(src)) defineField(target, k, getMember(src, k));
}
