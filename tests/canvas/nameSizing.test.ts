import { describe, expect, it } from 'vitest';
import { NameSizing } from '../../src/canvas/scene/NameSizing.ts';
import { estimateEm, nameScale } from '../../src/canvas/kernels/lod.ts';

const LS = 13;

describe('NameSizing', () => {
  it('the editor: names at their own size, or the legible minimum (9 px) when zoomed out', () => {
    let reads = 0;
    const s = new NameSizing({ names: () => (reads++, ['Step 1']), measure: estimateEm }, LS);
    expect(s.update(1)).toBe(false);
    expect(s.factor).toBe(1);
    expect(s.update(0.3)).toBe(true);
    expect(s.factor).toBe(nameScale(0.3, LS));
    expect(LS * 0.3 * s.factor).toBeGreaterThanOrEqual(9);
    expect(s.floor).toBe(s.factor);
    // Nearby zooms share a step: nothing to lay out again, and the names are never read.
    expect(s.update(0.31)).toBe(false);
    expect(reads).toBe(0);
  });

  it('a wall: 18 px where the names fit whole, one size for all of them', () => {
    const short = new NameSizing({ names: () => ['If', 'Set', 'Wait'], measure: estimateEm }, LS, 18);
    short.update(0.38);
    expect(LS * 0.38 * short.factor).toBeGreaterThanOrEqual(18);
    const steps = Array.from({ length: 300 }, (_, i) => `Step ${i + 1}`);
    const wall = new NameSizing({ names: () => steps, measure: estimateEm }, LS, 18);
    wall.update(0.38);
    // 'Step 270' does not fit whole at 18 px in its room: one smaller size, above the floor.
    expect(LS * 0.38 * wall.factor).toBeLessThan(18);
    expect(wall.factor).toBeGreaterThanOrEqual(wall.floor);
    expect(LS * 0.38 * wall.floor).toBeGreaterThanOrEqual(9);
    // Closer, the step over 18 px fits them; between the two, exactly 18 px does.
    wall.update(0.6);
    expect(LS * 0.6 * wall.factor).toBeGreaterThanOrEqual(18);
    wall.update(0.5);
    expect(LS * 0.5 * wall.factor).toBeGreaterThanOrEqual(18);
  });
});
