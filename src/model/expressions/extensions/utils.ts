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

export function uniqueBy<T>(values: readonly T[], eq: (a: T, b: T) => boolean): T[] {
  const out: T[] = [];
  for (const v of values) if (!out.some((w) => eq(w, v))) out.push(v);
  return out;
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
