import { describe, expect, it } from 'vitest';
import { GRID_SIZE } from '../../src/model/constants.ts';
import { LOD_FULL_MIN_SCALE, LOD_SIMPLIFIED_MIN_SCALE, edgeLabelsVisible, lodForScale } from '../../src/canvas/kernels/lod.ts';
import { snapToGrid, snappedDragDelta } from '../../src/canvas/kernels/snapping.ts';

describe('level of detail', () => {
  it('goes from full to simplified to boxes as the view zooms out', () => {
    expect(lodForScale(2)).toBe('full');
    expect(lodForScale(LOD_FULL_MIN_SCALE)).toBe('full');
    expect(lodForScale(LOD_FULL_MIN_SCALE - 0.01)).toBe('simplified');
    expect(lodForScale(LOD_SIMPLIFIED_MIN_SCALE)).toBe('simplified');
    expect(lodForScale(LOD_SIMPLIFIED_MIN_SCALE - 0.01)).toBe('boxes');
    expect(lodForScale(0.02)).toBe('boxes');
  });

  it('hides connection labels before node labels', () => {
    expect(edgeLabelsVisible(1)).toBe(true);
    expect(edgeLabelsVisible(0.55)).toBe(false);
    expect(lodForScale(0.55)).toBe('full');
  });
});

describe('snapping', () => {
  it('snaps to the spec grid', () => {
    expect(GRID_SIZE).toBe(20);
    expect(snapToGrid(29)).toBe(20);
    expect(snapToGrid(31)).toBe(40);
    expect(Object.is(snapToGrid(-9), 0)).toBe(true);
  });

  it('moves the selection so the anchor node lands on the grid', () => {
    expect(snappedDragDelta(100, 200, 27, -13)).toEqual({ dx: 20, dy: -20 });
    expect(snappedDragDelta(100, 200, 4, 4)).toEqual({ dx: 0, dy: 0 });
    // An off-grid anchor is pulled onto the grid by the first move.
    expect(snappedDragDelta(105, 200, 0, 0)).toEqual({ dx: -5, dy: 0 });
    expect(snappedDragDelta(112, 200, 0, 0)).toEqual({ dx: 8, dy: 0 });
  });
});
