// lodash's lt and toNumber (and the shared isEqual), which n8n's list nodes use to sort and to
// find duplicates: "less than" compares two strings as strings and anything else as numbers.

export { isEqual } from '../isEqual.ts';

const BAD_HEX = /^[-+]0x[0-9a-f]+$/i;
const BINARY = /^0b[01]+$/i;
const OCTAL = /^0o[0-7]+$/i;

export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'symbol') return NaN;
  let v: unknown = value;
  if (v !== null && (typeof v === 'object' || typeof v === 'function')) {
    const other = typeof (v as { valueOf?: unknown }).valueOf === 'function' ? (v as { valueOf(): unknown }).valueOf() : v;
    v = other !== null && (typeof other === 'object' || typeof other === 'function') ? String(other) : other;
  }
  if (typeof v !== 'string') return v === 0 ? v : +(v as number);
  const text = v.trim();
  if (BINARY.test(text)) return parseInt(text.slice(2), 2);
  if (OCTAL.test(text)) return parseInt(text.slice(2), 8);
  return BAD_HEX.test(text) ? NaN : +text;
}

export function lt(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a < b;
  return toNumber(a) < toNumber(b);
}
