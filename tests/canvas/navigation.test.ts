// Arrow-key navigation over the graph and shift+arrow reachability.
import { describe, expect, it } from 'vitest';
import { navigate, reachable, type NavGraph } from '../../src/canvas/kernels/navigation.ts';

//   T ─> A ─> C
//        └──> D ─> E
//   B ──────> D          (B is a second parent of D)
function graph(): NavGraph {
  const pos: Record<string, [number, number]> = { T: [0, 100], A: [200, 100], B: [200, 300], C: [400, 0], D: [400, 200], E: [600, 200] };
  const edges: Array<[string, string]> = [['T', 'A'], ['A', 'C'], ['A', 'D'], ['B', 'D'], ['D', 'E']];
  return {
    parents: (id) => edges.filter((e) => e[1] === id).map((e) => e[0]),
    children: (id) => edges.filter((e) => e[0] === id).map((e) => e[1]),
    position: (id) => (pos[id] ? { x: pos[id][0], y: pos[id][1] } : undefined),
  };
}

describe('arrow navigation', () => {
  it('right goes to the child nearest in height, left to the parent nearest in height', () => {
    const g = graph();
    expect(navigate(g, 'T', 'right')).toBe('A');
    expect(navigate(g, 'A', 'right')).toBe('C'); // C and D are both 100 away: ties by x, then id
    expect(navigate(g, 'D', 'left')).toBe('A'); // A is 100 above, B 100 below: tie, A first
    expect(navigate(g, 'E', 'left')).toBe('D');
    expect(navigate(g, 'E', 'right')).toBeUndefined();
    expect(navigate(g, 'T', 'left')).toBeUndefined();
  });

  it('up and down go to siblings (sharing a parent or a child)', () => {
    const g = graph();
    expect(navigate(g, 'C', 'down')).toBe('D');
    expect(navigate(g, 'D', 'up')).toBe('C');
    expect(navigate(g, 'C', 'up')).toBeUndefined();
    // A and B share the child D.
    expect(navigate(g, 'A', 'down')).toBe('B');
    expect(navigate(g, 'B', 'up')).toBe('A');
    expect(navigate(g, 'missing', 'up')).toBeUndefined();
  });

  it('selects everything downstream or upstream, cycles included', () => {
    const g = graph();
    expect(reachable(g, ['A'], 'downstream').sort()).toEqual(['A', 'C', 'D', 'E']);
    expect(reachable(g, ['D'], 'upstream').sort()).toEqual(['A', 'B', 'D', 'T']);
    const cyc: NavGraph = { parents: (id) => [id === 'x' ? 'y' : 'x'], children: (id) => [id === 'x' ? 'y' : 'x'], position: () => ({ x: 0, y: 0 }) };
    expect(reachable(cyc, ['x'], 'downstream').sort()).toEqual(['x', 'y']);
  });
});
