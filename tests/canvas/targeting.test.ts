// Pointer targets (src/canvas/interaction/targeting.ts): kernel hits as machine targets, and the
// sticky grips (the smallest note wins, only stickies, tolerance in screen px).
import { describe, expect, it } from 'vitest';
import { FLAG_STICKY, NODE_STRIDE, N_FLAGS } from '../../workers/spatial/geometry.ts';
import { STICKY_GRIP_PX, stickyGripAt, targetOfHit } from '../../src/canvas/interaction/targeting.ts';

const ids = ['a', 'b', 'c'];
const idOf = (s: number) => ids[s];

describe('targetOfHit', () => {
  it('names nodes, ports, pluses, stickies and connections; freed slots are the background', () => {
    const edge = (s: number) => (s === 0 ? 'e0' : undefined);
    expect(targetOfHit({ kind: 'node', slot: 1, index: 0 }, idOf, edge)).toEqual({ kind: 'node', nodeId: 'b', sticky: false });
    expect(targetOfHit({ kind: 'sticky', slot: 0, index: 0 }, idOf, edge)).toEqual({ kind: 'node', nodeId: 'a', sticky: true });
    expect(targetOfHit({ kind: 'input', slot: 2, index: -1 }, idOf, edge)).toEqual({ kind: 'input', nodeId: 'c', index: -1 });
    expect(targetOfHit({ kind: 'output', slot: 2, index: 1 }, idOf, edge)).toEqual({ kind: 'output', nodeId: 'c', index: 1, plus: false });
    expect(targetOfHit({ kind: 'plus', slot: 2, index: 1 }, idOf, edge)).toEqual({ kind: 'output', nodeId: 'c', index: 1, plus: true });
    expect(targetOfHit({ kind: 'edge', slot: 0, index: 0 }, idOf, edge)).toEqual({ kind: 'edge', edgeId: 'e0' });
    expect(targetOfHit({ kind: 'edge', slot: 5, index: 0 }, idOf, edge)).toEqual({ kind: 'background' });
    expect(targetOfHit({ kind: 'node', slot: 9, index: 0 }, idOf, edge)).toEqual({ kind: 'background' });
  });
});

describe('stickyGripAt', () => {
  const nodes = new Float64Array(3 * NODE_STRIDE);
  nodes.set([0, 0, 400, 300], 0); // a: large sticky
  nodes[N_FLAGS] = FLAG_STICKY;
  nodes.set([0, 0, 200, 100], NODE_STRIDE); // b: small sticky at the same corner
  nodes[NODE_STRIDE + N_FLAGS] = FLAG_STICKY;
  nodes.set([500, 0, 100, 100], 2 * NODE_STRIDE); // c: a regular node

  it('the smallest sticky under the pointer wins; regular nodes have no grips', () => {
    expect(stickyGripAt(nodes, [0, 1, 2], idOf, 200, 50, 1)).toMatchObject({ kind: 'stickyEdge', nodeId: 'b' });
    expect(stickyGripAt(nodes, [0, 2], idOf, 400, 150, 1)).toMatchObject({ kind: 'stickyEdge', nodeId: 'a' });
    expect(stickyGripAt(nodes, [0, 1, 2], idOf, 600, 50, 1)).toBeNull();
    expect(stickyGripAt(nodes, [0, 1, 2], idOf, 100, 50, 1)).toBeNull();
  });

  it('the tolerance is in screen pixels', () => {
    const off = 400 + STICKY_GRIP_PX * 1.5;
    expect(stickyGripAt(nodes, [0], idOf, off, 150, 1)).toBeNull();
    expect(stickyGripAt(nodes, [0], idOf, off, 150, 0.5)).toMatchObject({ nodeId: 'a' });
  });
});
