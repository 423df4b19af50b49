// n8n-workflow's small helpers that node packages call.
import { ApplicationError } from './errors.ts';
export { fileTypeFromMimeType } from '../../model/n8nConventions.ts';

/** A deep copy of JSON-like data (Dates kept as Dates, cycles kept as the same copy). */
export function deepCopy<T>(source: T, seen = new WeakMap<object, unknown>()): T {
  if (source === null || typeof source !== 'object') return source;
  if (source instanceof Date) return new Date(source.getTime()) as T;
  if (seen.has(source as object)) return seen.get(source as object) as T;
  if (typeof (source as { toJSON?: unknown }).toJSON === 'function' && !(Array.isArray(source))) {
    return (source as unknown as { toJSON: () => T }).toJSON();
  }
  const copy: unknown = Array.isArray(source) ? [] : {};
  seen.set(source as object, copy);
  for (const key of Object.keys(source as object)) (copy as Record<string, unknown>)[key] = deepCopy((source as Record<string, unknown>)[key], seen);
  return copy as T;
}

/** JSON.parse with n8n's options: a fallback value, or an error message of one's own. */
export function jsonParse<T>(text: string, options: { acceptJSObject?: boolean; errorMessage?: string; fallbackValue?: T } = {}): T {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    if (options.acceptJSObject && typeof text === 'string') {
      // n8n: unquoted keys and single quotes of a JavaScript object literal.
      try {
        const json = text.replace(/([{,]\s*)([A-Za-z_$][\w$]*)\s*:/g, '$1"$2":').replace(/'([^'\\]*(?:\\.[^'\\]*)*)'/g, (_m, s: string) => JSON.stringify(s));
        return JSON.parse(json) as T;
      } catch {
        /* fall through */
      }
    }
    if (options.fallbackValue !== undefined) return options.fallbackValue;
    if (options.errorMessage) throw new ApplicationError(options.errorMessage);
    throw error;
  }
}

/** JSON.stringify that writes a repeated reference as "[Circular Reference]" instead of failing. */
export function jsonStringify(value: unknown, options: { replaceCircularRefs?: boolean } = {}): string {
  if (!options.replaceCircularRefs) return JSON.stringify(value);
  const open: unknown[] = [];
  return JSON.stringify(value, function (this: unknown, _key, v: unknown) {
    if (v === null || typeof v !== 'object') return v;
    while (open.length && open[open.length - 1] !== this) open.pop();
    if (open.includes(v)) return '[Circular Reference]';
    open.push(v);
    return v;
  });
}

export function removeCircularRefs(value: Record<string, unknown>, seen = new Set<unknown>()): void {
  seen.add(value);
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (v === null || typeof v !== 'object') continue;
    if (seen.has(v)) value[key] = '[Circular Reference]';
    else removeCircularRefs(v as Record<string, unknown>, new Set(seen));
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function isObjectEmpty(value: object | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) return false;
  return true;
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Random alphanumeric text of `min` (to `max`) characters. */
export function randomString(min: number, max?: number): string {
  const length = max === undefined ? min : min + Math.floor(Math.random() * (max - min + 1));
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

export function assert(condition: unknown, message?: string): asserts condition {
  if (!condition) throw new ApplicationError(message ?? 'Assertion failed');
}

const UNSAFE = new Set(['__proto__', 'prototype', 'constructor', 'getPrototypeOf']);
export const isSafeObjectProperty = (key: string): boolean => !UNSAFE.has(key);
export function setSafeObjectProperty(target: Record<string, unknown>, key: string, value: unknown): void {
  if (isSafeObjectProperty(key)) target[key] = value;
}
