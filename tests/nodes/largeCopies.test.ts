// Whole-item copies of large data made in slices (issue 14): cloneLarge gives structuredClone's
// result, mergeLarge lodash merge's, at any size; past ~200,000 values they give the loop back.
import { describe, expect, it } from 'vitest';
import { cloneLarge, costsMoreThan, COPY_ON_THREAD_VALUES } from '../../src/nodes/shared/deepCopy.ts';
import { merge, mergeLarge, mergeWith } from '../../src/nodes/shared/objectMerge.ts';
import { maxLag } from '../support/loopLag.ts';

const item = (n: number) => ({
  when: new Date(Date.UTC(2026, 0, 2)),
  bytes: new Uint8Array([1, 2, 3]),
  list: Array.from({ length: n }, (_, i) => (i % 50 === 0 ? { i, tags: ['a', i] } : i)),
  nested: { a: { b: [1, { c: null }] }, empty: '' },
});

describe('cloneLarge', () => {
  it('small and large values clone as structuredClone does (Dates and typed arrays kept, nothing shared)', async () => {
    for (const n of [10, COPY_ON_THREAD_VALUES + 10_000]) {
      const source = item(n);
      expect(costsMoreThan(source)).toBe(n > 10);
      const copy = await cloneLarge(source);
      expect(copy).toEqual(structuredClone(source));
      expect(copy.when).toBeInstanceOf(Date);
      expect(copy.when).not.toBe(source.when);
      expect(copy.bytes).toBeInstanceOf(Uint8Array);
      expect(copy.list).not.toBe(source.list);
      expect(copy.list[0]).toEqual(source.list[0]);
      expect(copy.list[0]).not.toBe(source.list[0]);
    }
  });

  it('a function fails as structuredClone fails, also inside large data', async () => {
    const source = { list: new Array(COPY_ON_THREAD_VALUES + 1).fill(0), f: () => 1 };
    await expect(async () => cloneLarge(source)).rejects.toThrow(/could not be cloned/);
  });

  it('a large clone gives the loop back', async () => {
    const source = { list: Array.from({ length: 1_500_000 }, (_, i) => (i % 100 === 0 ? { i } : i)) };
    const { value, lag } = await maxLag(async () => cloneLarge(source));
    expect((value as typeof source).list).toHaveLength(1_500_000);
    expect(lag).toBeLessThan(100);
  });
});

describe('mergeLarge', () => {
  it('gives lodash merge its result, small or large, with and without a customizer', async () => {
    const keep = (t: unknown, s: unknown) => (s === '' || s === null || s === undefined ? t : undefined);
    for (const n of [10, COPY_ON_THREAD_VALUES + 10_000]) {
      const a = { ...item(n), only1: 1, nested: { a: { b: [9] }, empty: 'x' } };
      const b = { list: [5, 6], nested: { a: { b: [1, { c: 2 }] }, empty: '' }, only2: 2 };
      expect(await mergeLarge({}, [a, b])).toEqual(merge({}, a, b));
      expect(await mergeLarge({ ...a }, [b], keep)).toEqual(mergeWith({ ...a }, [b], keep));
    }
  });

  it('a large merge gives the loop back', async () => {
    const a = { list: Array.from({ length: 1_000_000 }, (_, i) => (i % 100 === 0 ? { i } : i)) };
    const { value, lag } = await maxLag(async () => mergeLarge({}, [a, { x: 1 }]));
    expect((value as typeof a).list).toHaveLength(1_000_000);
    expect((value as typeof a).list).not.toBe(a.list);
    expect(lag).toBeLessThan(100);
  });
});
