import { describe, expect, it } from 'vitest';
import { afterSource, duplicateOffset, freePosition, outputOffsetY, PUSH_NODES_OFFSET } from '../../src/model/placement.ts';
import * as constants from '../../src/model/constants.ts';

describe('node placement', () => {
  it('uses the spec insertion offsets for two, three and four outputs', () => {
    expect([0, 1].map((i) => outputOffsetY(i, 2))).toEqual([-100, 100]);
    expect([0, 1, 2].map((i) => outputOffsetY(i, 3))).toEqual([-140, 0, 140]);
    expect([0, 1, 2, 3].map((i) => outputOffsetY(i, 4))).toEqual([-240, -100, 100, 240]);
    expect(outputOffsetY(0, 1)).toBe(0);
    expect(outputOffsetY(4, 5)).toBe(0);
  });

  it('takes the x gap from constants.ts (220: two node boxes and a grid step)', () => {
    expect(PUSH_NODES_OFFSET).toBe(constants.PUSH_NODES_OFFSET);
    expect(PUSH_NODES_OFFSET).toBe(220);
  });

  it('places after the source, offset per output on multi-output nodes', () => {
    expect(afterSource({ x: 100, y: 200 }, 0, 1)).toEqual([100 + PUSH_NODES_OFFSET, 200]);
    expect(afterSource({ x: 100, y: 200 }, 0, 2)).toEqual([100 + PUSH_NODES_OFFSET, 100]);
    expect(afterSource({ x: 100, y: 200 }, 1, 2)).toEqual([100 + PUSH_NODES_OFFSET, 300]);
    expect(afterSource({ x: 0, y: 0 }, 3, 4)).toEqual([PUSH_NODES_OFFSET, 240]);
    expect(afterSource({ x: 0, y: 0 }, 1, 3)).toEqual([PUSH_NODES_OFFSET, 0]);
  });

  it('moves off occupied spots and snaps to the grid', () => {
    expect(freePosition([451, 449], [])).toEqual([460, 440]);
    expect(freePosition([450, 450], [{ x: 440, y: 440 }])).toEqual([460, 600]);
    expect(freePosition([450, 450], [{ x: 440, y: 440 }, { x: 460, y: 600 }])).toEqual([460, 740]);
  });

  it('duplicates 140 px below, sticky notes 40 × 40', () => {
    expect(duplicateOffset(false)).toEqual([0, 140]);
    expect(duplicateOffset(true)).toEqual([40, 40]);
  });
});
