// Mirror-only label changes (src/canvas/a11y/LabelBatch.ts): once per node per batch, in slices
// a gap apart, changes during a sweep left for the next batch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LabelBatch } from '../../src/canvas/a11y/LabelBatch.ts';

const timing = { intervalMs: 1000, slice: 3, gapMs: 40 };

describe('label batch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes each marked slot once, a batch interval after the first mark, in slices', () => {
    const seen: number[][] = [];
    let task: number[] = [];
    const batch = new LabelBatch((s) => task.push(s), timing);
    for (const s of [1, 2, 3, 2, 4, 5, 6, 7, 1]) batch.mark(s);
    vi.advanceTimersByTime(999);
    expect(task).toEqual([]);
    const flush = () => {
      seen.push(task);
      task = [];
    };
    vi.advanceTimersByTime(1);
    flush();
    vi.advanceTimersByTime(39);
    flush();
    vi.advanceTimersByTime(1);
    flush();
    vi.advanceTimersByTime(40);
    flush();
    expect(seen).toEqual([[1, 2, 3], [], [4, 5, 6], [7]]);
    vi.advanceTimersByTime(10_000);
    expect(task).toEqual([]);
  });

  it('leaves changes made during a sweep to the next batch, then stops', () => {
    const done: number[] = [];
    const batch = new LabelBatch((s) => done.push(s), timing);
    for (const s of [1, 2, 3, 4]) batch.mark(s);
    vi.advanceTimersByTime(1000);
    expect(done).toEqual([1, 2, 3]);
    batch.mark(1);
    vi.advanceTimersByTime(40);
    expect(done).toEqual([1, 2, 3, 4]);
    vi.advanceTimersByTime(999);
    expect(done).toEqual([1, 2, 3, 4]);
    vi.advanceTimersByTime(1);
    expect(done).toEqual([1, 2, 3, 4, 1]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does nothing after destroy', () => {
    const done: number[] = [];
    const batch = new LabelBatch((s) => done.push(s), timing);
    batch.mark(1);
    batch.destroy();
    vi.advanceTimersByTime(5000);
    expect(done).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
