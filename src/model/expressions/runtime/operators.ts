// Operators whose native form could allocate without bound: string concatenation and
// BigInt growth. Everything else is the native operator.
import { checkStringLength, MAX_STRING_LENGTH } from '../limits.ts';
import { limitError } from '../errors.ts';
import { toSafeKey } from '../security.ts';

const MAX_BIGINT_BITS = 1_000_000;

export function add(l: unknown, r: unknown): unknown {
  if (typeof l === 'string' && typeof r === 'string') {
    if (l.length + r.length > MAX_STRING_LENGTH) checkStringLength(l.length + r.length);
    return l + r;
  }
  const v = (l as number) + (r as number);
  if (typeof v === 'string' && (v as string).length > MAX_STRING_LENGTH) checkStringLength((v as string).length);
  return v;
}

function bits(v: bigint): number {
  return (v < 0n ? -v : v).toString(16).length * 4;
}

function bigintTooLarge(): Error {
  return limitError(`Expression would create a BigInt larger than ${MAX_BIGINT_BITS} bits`);
}

export function mul(l: unknown, r: unknown): unknown {
  if (typeof l === 'bigint' && typeof r === 'bigint' && bits(l) + bits(r) > MAX_BIGINT_BITS) throw bigintTooLarge();
  return (l as number) * (r as number);
}

export function pow(l: unknown, r: unknown): unknown {
  if (typeof l === 'bigint' && typeof r === 'bigint' && l !== 0n && l !== 1n && l !== -1n) {
    if (r > BigInt(MAX_BIGINT_BITS) || bits(l) * Number(r) > MAX_BIGINT_BITS) throw bigintTooLarge();
  }
  return (l as number) ** (r as number);
}

export function shl(l: unknown, r: unknown): unknown {
  if (typeof l === 'bigint' && typeof r === 'bigint' && r > 0n && bits(l) + Number(r) > MAX_BIGINT_BITS) throw bigintTooLarge();
  return (l as number) << (r as number);
}

export function hasProperty(key: unknown, obj: unknown): boolean {
  if (obj === null || (typeof obj !== 'object' && typeof obj !== 'function')) {
    throw new TypeError(`Cannot use 'in' operator to search for '${String(key)}' in ${String(obj)}`);
  }
  return toSafeKeyForIn(key) in (obj as object);
}

function toSafeKeyForIn(key: unknown): string | number {
  // `'constructor' in x` only answers true/false, but the key is still converted once.
  if (typeof key === 'string' || typeof key === 'number') return key;
  return toSafeKey(key);
}

export function instanceOf(l: unknown, r: unknown): boolean {
  if (typeof r !== 'function') throw new TypeError("Right-hand side of 'instanceof' is not callable");
  return l instanceof (r as new () => unknown);
}
