// Helpers shared by the extension tables.
import { getMember, defineField } from '../runtime/members.ts';

/** Own enumerable [key, value] pairs, read through the expression read policy. */
export function safeEntries(value: object): Array<[string, unknown]> {
  return Object.keys(value).map((k) => [k, getMember(value, k)]);
}

/** A plain copy of own enumerable fields (what `{ ...value }` gives, without host internals). */
export function safeCopy(value: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of safeEntries(value)) defineField(out, k, v);
  return out;
}

/** Structural equality for plain data (lodash isEqual for JSON-like values, Dates, NaN). */
export function deepEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b) || a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > 100) return false;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], bb[i], depth + 1)) return false;
    return true;
  }
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1)) return false;
  }
  return true;
}

/**
 * A key that deepEqual-equal values share (different values may share one too: DeepSet compares
 * within a key). Bounded: three levels, 16 elements or 32 keys per container, 256 parts in all.
 */
function equalityKey(v: unknown, depth: number, budget: { left: number }): string {
  if (--budget.left < 0) return '~';
  switch (typeof v) {
    case 'string':
      return v.length > 64 ? `s${v.length}:${v.slice(0, 64)}` : `s${v}`;
    case 'number':
      return `d${String(v)}`; // 0 and -0 alike, as deepEqual's ===
    case 'object':
      break;
    default:
      return `${(typeof v)[0]}${typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : ''}`;
  }
  if (v === null) return 'n';
  if (v instanceof Date) return `D${v.getTime()}`;
  if (depth >= 3) return Array.isArray(v) ? `A${v.length}` : 'O';
  if (Array.isArray(v)) {
    let k = `A${v.length}[`;
    for (let i = 0; i < v.length && i < 16; i++) k += `${equalityKey(v[i], depth + 1, budget)},`;
    return `${k}]`;
  }
  const keys = Object.keys(v).sort();
  let k = `O${keys.length}{`;
  for (let i = 0; i < keys.length && i < 32; i++) k += `${JSON.stringify(keys[i])}:${equalityKey((v as Record<string, unknown>)[keys[i]!], depth + 1, budget)},`;
  return `${k}}`;
}

/** A set under deepEqual: values bucketed by equalityKey, so n values cost O(n), not O(n²). */
export class DeepSet {
  readonly #buckets = new Map<string, unknown[]>();

  has(v: unknown): boolean {
    return this.#buckets.get(equalityKey(v, 0, { left: 256 }))?.some((w) => deepEqual(w, v)) ?? false;
  }

  /** Adds `v`; false when an equal value was there already. */
  add(v: unknown): boolean {
    const key = equalityKey(v, 0, { left: 256 });
    const bucket = this.#buckets.get(key);
    if (bucket === undefined) this.#buckets.set(key, [v]);
    else if (bucket.some((w) => deepEqual(w, v))) return false;
    else bucket.push(v);
    return true;
  }

  static of(values: readonly unknown[]): DeepSet {
    const set = new DeepSet();
    for (const v of values) set.add(v);
    return set;
  }
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of the UTF-8 bytes of a string (js-base64's toBase64). */
export function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63] + B64[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out += `${B64[n >> 18]}${B64[(n >> 12) & 63]}==`;
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += `${B64[n >> 18]}${B64[(n >> 12) & 63]}${B64[(n >> 6) & 63]}=`;
  }
  return out;
}

/** Text from base64 (standard or URL-safe, padding optional), decoded as UTF-8. */
export function fromBase64(text: string): string {
  const clean = text.replace(/[-_]/g, (m) => (m === '-' ? '+' : '/')).replace(/[^A-Za-z0-9+/]/g, '');
  const bytes: number[] = [];
  let buffer = 0, bits = 0;
  for (const ch of clean) {
    buffer = (buffer << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
