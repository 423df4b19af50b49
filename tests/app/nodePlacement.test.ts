import { describe, expect, it } from 'vitest';
import { afterSource, freePosition, PUSH_NODES_OFFSET } from '../../src/app/commands/nodePlacement.ts';

describe('node placement', () => {
  it('places after the source, offset per output on multi-output nodes', () => {
    expect(afterSource({ x: 100, y: 200 }, 0, 1)).toEqual([100 + PUSH_NODES_OFFSET, 200]);
    expect(afterSource({ x: 100, y: 200 }, 0, 2)).toEqual([100 + PUSH_NODES_OFFSET, 100]);
    expect(afterSource({ x: 100, y: 200 }, 1, 2)).toEqual([100 + PUSH_NODES_OFFSET, 300]);
    expect(afterSource({ x: 0, y: 0 }, 3, 4)).toEqual([PUSH_NODES_OFFSET, 240]);
  });

  it('moves off occupied spots and snaps to the grid', () => {
    expect(freePosition([451, 449], [])).toEqual([460, 440]);
    expect(freePosition([450, 450], [{ x: 440, y: 440 }])).toEqual([460, 600]);
    expect(freePosition([450, 450], [{ x: 440, y: 440 }, { x: 460, y: 600 }])).toEqual([460, 740]);
  });
});
