import { describe, expect, it } from 'vitest';
import { GRID_SIZE } from '../../src/model/constants.ts';
import { LOD_FULL_MIN_SCALE, LOD_SIMPLIFIED_MIN_SCALE, NAME_MIN_CHARS, NAME_MIN_CUT, NAME_MIN_PX, edgeLabelsVisible, lodForScale, nameCharsPerLine, nameScale, scaledName, sharedNameFactor, commonNameWidth, estimateEm } from '../../src/canvas/kernels/lod.ts';
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

  it('draws a scaled name whole, cut to a useful length, or not at all; one line when large', () => {
    const ls = SIZES.labelSize;
    expect(scaledName('Set', 4, 100, ls)).toEqual({ text: 'Set', factor: 4 });
    expect(scaledName('Read the incoming order', 1.4, 100, ls)!.text.split('\n').length).toBe(2);
    // A cut keeps at least NAME_MIN_CUT characters, else the name is not drawn: no 'Step…', 'Google…'.
    expect(nameCharsPerLine(3.5, ls)).toBeLessThan(NAME_MIN_CUT);
    expect(scaledName('Step 10', 4, 100, ls)).toBeUndefined();
    expect(scaledName('Google Sheets append row', 3.5, 100, ls)).toBeUndefined();
    const f = 2 ** (6 / 4); // 2.83: 9 characters a line
    expect(scaledName('No Operation, do nothing', f, 100, ls)).toEqual({ text: 'No Opera…', factor: f });
    // With room to shrink (a wall asked 18 px, the legible minimum is lower), the whole name at a
    // smaller step wins over a cut or nothing.
    const wall = 2 ** (10 / 4); // 5.66
    const floor = 2 ** (6 / 4);
    const step = scaledName('Step 10', wall, 100, ls, floor)!;
    expect(step.text).toBe('Step 10');
    expect(step.factor).toBeLessThan(wall);
    expect(step.factor).toBeGreaterThanOrEqual(floor);
    expect(nameCharsPerLine(step.factor, ls)).toBeGreaterThanOrEqual(7);
    expect(scaledName('Set', wall, 100, ls, floor)).toEqual({ text: 'Set', factor: wall });
    // Too long for the floor too: cut at the largest step that keeps enough, never a stub.
    const long = scaledName('Synchronise customer orders', wall, 100, ls, floor)!;
    expect(long.text.endsWith('…')).toBe(true);
    expect(long.text.length - 1).toBeGreaterThanOrEqual(NAME_MIN_CUT);
  });

  it('gives a view\'s names one size that fits most of them whole (a wall asking 18 px)', () => {
    const ls = SIZES.labelSize;
    const names = Array.from({ length: 30 }, (_, i) => `Step ${i + 1}`);
    expect(commonNameWidth(names)).toBeCloseTo(estimateEm('Step 10'));
    expect(commonNameWidth([])).toBe(0);
    const asked = 2 ** (10 / 4);
    const floor = 2 ** (6 / 4);
    const shared = sharedNameFactor(asked, floor, commonNameWidth(names), ls);
    expect(shared).toBeLessThan(asked);
    // Every 'Step N' is then drawn whole at that one size.
    for (const n of names) expect(scaledName(n, shared, 100, ls, floor)).toEqual({ text: n, factor: shared });
    // A view that does not zoom may take the exact size asked when the step above it is too big.
    const exact = 2 ** (9.5 / 4);
    const em = NAME_ROOM_EM(exact) - 0.01;
    expect(sharedNameFactor(asked, floor, em, ls, exact)).toBe(exact);
    expect(sharedNameFactor(asked, floor, em, ls)).toBeLessThan(exact);
    // Short names keep the size asked; names too long for any step fall to the floor.
    expect(sharedNameFactor(asked, floor, estimateEm('Set'), ls)).toBe(asked);
    expect(sharedNameFactor(asked, floor, estimateEm('x'.repeat(40)), ls)).toBe(floor);
  });

  it('lays names out by their measured width: narrow letters fit more', () => {
    const ls = SIZES.labelSize;
    const f = 4; // 27.97 / 4: 6 characters of the estimate's mean width
    expect(scaledName('Step 10', f, 100, ls)).toBeUndefined();
    // Measured (glyph advances), 'Step 10' is ~3.4 em, not 7 × 0.55: it fits whole.
    const measured = (t: string) => t.length * 0.49;
    expect(scaledName('Step 10', f, 100, ls, f, measured)).toEqual({ text: 'Step 10', factor: f });
  });

  it('hides connection labels before node labels', () => {
    expect(edgeLabelsVisible(1)).toBe(true);
    expect(edgeLabelsVisible(0.55)).toBe(false);
    expect(lodForScale(0.55)).toBe('full');
  });
});

/** The ems a name's room holds at factor f. */
function NAME_ROOM_EM(f: number): number {
  return 200 / (SIZES.labelSize * f);
}

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
