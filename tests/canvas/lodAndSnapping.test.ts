import { describe, expect, it } from 'vitest';
import { GRID_SIZE } from '../../src/model/constants.ts';
import { LOD_FULL_MIN_SCALE, LOD_SIMPLIFIED_MIN_SCALE, NAME_MIN_CHARS, NAME_MIN_PX, edgeLabelsVisible, lodForScale, nameCharsPerLine, nameScale, scaledName } from '../../src/canvas/kernels/lod.ts';
import { SIZES } from '../../src/canvas/scene/theme.ts';
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

  it('draws icons whenever a 100-unit node is at least 12 px on screen', () => {
    expect(lodForScale(0.12)).toBe('simplified');
    expect(lodForScale(0.119)).toBe('boxes');
  });

  it('draws names at least 9 px tall while a legible part of them fits, re-laid out only at zoom steps', () => {
    const size = SIZES.labelSize;
    expect(nameScale(1, size)).toBe(1);
    expect(nameScale(NAME_MIN_PX / size, size)).toBe(1);
    for (let k = 0.9; k > 0.05; k *= 0.97) {
      const f = nameScale(k, size);
      if (f === 0) {
        // Hidden only once the smallest legible name would not fit its room.
        expect(nameCharsPerLine((NAME_MIN_PX / (size * k)), size)).toBeLessThan(NAME_MIN_CHARS + 1);
        continue;
      }
      const px = size * k * f;
      expect(px).toBeGreaterThanOrEqual(NAME_MIN_PX - 1e-9);
      if (f > 1) expect(px).toBeLessThan(NAME_MIN_PX * 1.2);
      expect(nameCharsPerLine(f, size)).toBeGreaterThanOrEqual(NAME_MIN_CHARS);
    }
    // At the smallest simplified zoom a name cannot be legible; at 0.2 it is.
    expect(nameScale(LOD_SIMPLIFIED_MIN_SCALE, size)).toBe(0);
    expect(nameScale(0.2, size)).toBeGreaterThan(1);
    // Steps: nearby zooms share a factor, so a zoom does not re-lay names out every frame.
    expect(nameScale(0.3, size)).toBe(nameScale(0.31, size));
    // A wall asks 18 px.
    expect(size * 0.6 * nameScale(0.6, size, 18)).toBeGreaterThanOrEqual(18);
  });

  it('cuts a scaled name to its room with an ellipsis, one line when large', () => {
    expect(scaledName('Google Sheets append row', 3.5, 100, SIZES.labelSize)).toBe('Google…');
    expect(scaledName('No Operation, do nothing', 3.5, 100, SIZES.labelSize)).toBe('No Ope…');
    expect(scaledName('Set', 4, 100, SIZES.labelSize)).toBe('Set');
    expect(scaledName('Read the incoming order', 1.4, 100, SIZES.labelSize).split('\n').length).toBe(2);
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
