// DeepSet (the linear unique/union/difference/intersection) keeps the answers of the quadratic
// scan it replaced: the first of each set of deepEqual values, in order.
import { describe, expect, it } from 'vitest';
import { DeepSet, deepEqual } from '../../src/model/expressions/extensions/utils.ts';

function scanUnique(values: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const v of values) if (!out.some((w) => deepEqual(w, v))) out.push(v);
  return out;
}

function randomValue(r: () => number, depth = 0): unknown {
  const k = Math.floor(r() * (depth > 3 ? 6 : 10));
  switch (k) {
    case 0: return Math.floor(r() * 4);
    case 1: return [0, -0, NaN, 1.5][Math.floor(r() * 4)];
    case 2: return ['a', 'b', '', 'x'.repeat(70 + Math.floor(r() * 2))][Math.floor(r() * 4)];
    case 3: return [true, false, null, undefined][Math.floor(r() * 4)];
    case 4: return new Date(Math.floor(r() * 3) * 1000);
    case 5: return String(Math.floor(r() * 3));
    case 6: case 7: return Array.from({ length: Math.floor(r() * 3) }, () => randomValue(r, depth + 1));
    default: {
      const keys = ['a', 'b', 'c'].filter(() => r() < 0.6);
      if (r() < 0.5) keys.reverse(); // key order does not matter to deepEqual
      return Object.fromEntries(keys.map((key) => [key, randomValue(r, depth + 1)]));
    }
  }
}

describe('DeepSet', () => {
  it('unique by DeepSet equals the quadratic scan on random nested values', () => {
    let seed = 7;
    const r = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
    for (let round = 0; round < 200; round++) {
      const values = Array.from({ length: 40 }, () => randomValue(r));
      const seen = new DeepSet();
      expect(values.filter((v) => seen.add(v))).toEqual(scanUnique(values));
    }
  });

  it('has() agrees with deepEqual for values alike past its key depth and size', () => {
    const deep = (leaf: number) => ({ a: { b: { c: { d: leaf } } } });
    const wide = (leaf: number) => Array.from({ length: 40 }, (_, i) => (i === 39 ? leaf : i));
    const set = DeepSet.of([deep(1), wide(1), 0, NaN]);
    expect(set.has(deep(1))).toBe(true);
    expect(set.has(deep(2))).toBe(false);
    expect(set.has(wide(1))).toBe(true);
    expect(set.has(wide(2))).toBe(false);
    expect(set.has(-0)).toBe(true);
    expect(set.has(NaN)).toBe(true);
    expect(set.has('0')).toBe(false);
  });
});
