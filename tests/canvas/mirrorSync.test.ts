// The mirror's membership (src/canvas/a11y/mirrorSync.ts): the visible nodes, capped nearest the
// centre, and the update that drops those gone and names those to add.
import { describe, expect, it } from 'vitest';
import { NODE_STRIDE, N_X, N_Y } from '../../workers/spatial/geometry.ts';
import { mirrorSlots, syncMirrorMembers, type MirrorMembers } from '../../src/canvas/a11y/mirrorSync.ts';

function nodesAt(points: Array<[number, number]>): Float64Array {
  const a = new Float64Array(points.length * NODE_STRIDE);
  points.forEach(([x, y], i) => {
    a[i * NODE_STRIDE + N_X] = x;
    a[i * NODE_STRIDE + N_Y] = y;
  });
  return a;
}

describe('mirror membership', () => {
  it('keeps every visible slot up to the cap, then the nearest to the centre', () => {
    const nodes = nodesAt([[0, 0], [1000, 0], [10, 10], [-500, 0], [50, 0]]);
    expect(mirrorSlots(new Set([0, 1, 2]), nodes, { x: 0, y: 0 }, 3)).toEqual([0, 1, 2]);
    expect(mirrorSlots(new Set([0, 1, 2, 3, 4]), nodes, { x: 0, y: 0 }, 3)).toEqual([0, 2, 4]);
    expect(mirrorSlots(new Set([0, 1, 2, 3, 4]), nodes, { x: 1000, y: 0 }, 2)).toEqual([1, 4]);
  });

  it('removes ids no longer kept and returns the kept slots missing from the mirror', () => {
    const present = new Set(['a', 'b', 'gone']);
    const mirror: MirrorMembers = { ids: () => present.values(), has: (id) => present.has(id), remove: (id) => present.delete(id) };
    const ids = ['a', 'b', 'c', undefined];
    const missing = syncMirrorMembers(mirror, [0, 1, 2, 3], (s) => ids[s]);
    expect([...present].sort()).toEqual(['a', 'b']);
    expect(missing).toEqual([2]);
  });
});
