// deepCopy (src/nodes/shared/deepCopy.ts): the fast copy, the exact copy and the sliced copy give
// n8n's result; inside awaitSlowWork a large copy is made in slices with the loop free.
import { describe, expect, it } from 'vitest';
import { COPY_ON_THREAD_VALUES, deepCopy, deepCopySliced } from '../../src/nodes/shared/deepCopy.ts';
import { awaitSlowWork } from '../../src/model/expressions/defer.ts';
import { calmLag } from '../support/loopLag.ts';

const sample = () => {
  const shared = { s: 1 };
  const v: Record<string, unknown> = {
    a: [1, 'two', null, true, { deep: [[{ x: 1 }]] }],
    when: new Date(Date.UTC(2026, 0, 2)),
    shared1: shared,
    shared2: shared,
    empty: {},
    list: [],
  };
  Object.defineProperty(v, '__proto__', { value: { kept: 'as data' }, enumerable: true, writable: true, configurable: true });
  return v;
};

describe('deepCopy', () => {
  it('copies plain data as n8n does: toJSON values as JSON, __proto__ as an own key, nothing shared with the source', async () => {
    for (const copy of [deepCopy(sample()), await deepCopySliced(sample())]) {
      const source = sample();
      expect(JSON.stringify(copy)).toBe(JSON.stringify(source));
      expect((copy as Record<string, unknown>).when).toBe('2026-01-02T00:00:00.000Z');
      expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
      expect(Object.hasOwn(copy, '__proto__')).toBe(true);
      const a = (copy as { a: unknown[] }).a;
      a.push('changed');
      expect(source.a).toHaveLength(5);
    }
  });

  it('keeps a circular reference as a reference to the copy (fast copy gives way to the exact one)', async () => {
    const loop: Record<string, unknown> = { name: 'loop', list: [1] };
    loop.self = loop;
    (loop.list as unknown[]).push(loop);
    for (const copy of [deepCopy(loop), await deepCopySliced(loop)]) {
      expect(copy).not.toBe(loop);
      expect(copy.self).toBe(copy);
      expect((copy.list as unknown[])[1]).toBe(copy);
    }
  });

  it('data that shares objects exponentially is copied each shared object once, not expanded', () => {
    let v: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 40; i++) v = { a: v, b: v };
    const t0 = performance.now();
    const copy = deepCopy(v) as Record<string, Record<string, unknown>>;
    // 2^40 paths: expanded, the copy would never end.
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(copy.a).toBe(copy.b);
  });

  it('inside awaitSlowWork a large copy ends the attempt and is made in slices, one copy per call', async () => {
    const big = { list: Array.from({ length: COPY_ON_THREAD_VALUES * 4 }, (_, i) => (i % 2 ? i : { i })) };
    let attempts = 0;
    const {
      value: [one, two],
      lag,
    } = await calmLag(() =>
      awaitSlowWork(() => {
        attempts++;
        return [deepCopy(big), deepCopy(big)];
      }),
    );
    expect(attempts).toBeGreaterThan(1);
    expect(one).not.toBe(two);
    expect(one.list).toHaveLength(big.list.length);
    expect(one.list[2]).toEqual({ i: 2 });
    expect(one.list[2]).not.toBe(big.list[2]);
    expect(JSON.stringify(two)).toBe(JSON.stringify(big));
    expect(lag).toBeLessThan(100);
  });

  it('several large copies in one attempt cost one deferral each, not 2^k attempts (review finding)', async () => {
    const bigs = Array.from({ length: 5 }, (_, k) => ({ k, list: Array.from({ length: COPY_ON_THREAD_VALUES + 10 }, (_, i) => i) }));
    let attempts = 0;
    const copies = await awaitSlowWork(() => {
      attempts++;
      return bigs.map((b) => deepCopy(b));
    });
    expect(attempts).toBeLessThanOrEqual(bigs.length + 1);
    expect(copies.map((c) => c.k)).toEqual([0, 1, 2, 3, 4]);
    expect(copies[4].list).not.toBe(bigs[4].list);
  });
});
