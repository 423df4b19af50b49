import { describe, expect, it } from 'vitest';
import { CULL_MARGIN, containsRect, diffVisible, expandRect, needsQuery } from '../../src/canvas/kernels/culling.ts';

describe('culling kernel', () => {
  const vp = { minX: 0, minY: 0, maxX: 1000, maxY: 800 };

  it('covers a margin around the viewport', () => {
    const r = expandRect(vp, CULL_MARGIN);
    expect(r).toEqual({ minX: -500, minY: -400, maxX: 1500, maxY: 1200 });
    expect(containsRect(r, vp)).toBe(true);
  });

  it('asks again only when the view leaves the covered area or the zoom moves a lot', () => {
    const covered = { rect: expandRect(vp, CULL_MARGIN), scale: 1 };
    expect(needsQuery(null, vp, 1)).toBe(true);
    expect(needsQuery(covered, { minX: 300, minY: 200, maxX: 1300, maxY: 1000 }, 1)).toBe(false);
    expect(needsQuery(covered, { minX: 600, minY: 0, maxX: 1600, maxY: 800 }, 1)).toBe(true);
    expect(needsQuery(covered, vp, 1.5)).toBe(false);
    expect(needsQuery(covered, vp, 2)).toBe(true);
    expect(needsQuery(covered, vp, 0.5)).toBe(true);
  });

  it('diffs visible sets', () => {
    const mark = { buf: new Uint8Array(2) };
    const d = diffVisible(new Set([1, 2, 3]), Int32Array.from([2, 3, 4, 4000]), mark);
    expect(d.entered.sort((a, b) => a - b)).toEqual([4, 4000]);
    expect(d.exited).toEqual([1]);
    expect(mark.buf.every((b) => b === 0)).toBe(true); // scratch left clean for the next call
    expect(diffVisible(new Set([5]), new Int32Array(0), mark)).toEqual({ entered: [], exited: [5] });
  });
});
