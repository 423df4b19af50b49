// The culling part (src/canvas/spatial/Culling.ts) over a real GraphGeometry and VisibleSet:
// the overview shortcut answers at once without the spatial client, a partial view asks the
// client once (one query in flight), answers name live slots only, and nodesInView counts.
import { describe, expect, it } from 'vitest';
import { GraphGeometry } from '../../src/canvas/doc/GraphGeometry.ts';
import { VisibleSet, type VisibleChange } from '../../src/canvas/spatial/VisibleSet.ts';
import { Culling } from '../../src/canvas/spatial/Culling.ts';
import type { SpatialClient } from '../../src/canvas/spatial/SpatialClient.ts';
import type { Rect } from '../../workers/spatial/kernel.ts';
import { MAX_DETAILED_NODES } from '../../src/canvas/kernels/lod.ts';

function setup(size: [number, number] = [1000, 800]) {
  const geometry = new GraphGeometry();
  // A row of 100 nodes, 1000 units apart.
  for (let i = 0; i < 100; i++) geometry.setNode(`n${i}`, { x: i * 1000, y: 0, w: 100, h: 100, inputs: 1, outputs: 1, flags: 0 });
  geometry.takePatch();
  const visible = new VisibleSet();
  const queries: Rect[] = [];
  let resolveQuery: ((slots: number[]) => void) | null = null;
  const client: SpatialClient = {
    kind: 'worker',
    patch() {},
    query: (rect) => {
      queries.push(rect);
      return new Promise((res) => (resolveQuery = (slots) => res({ nodes: Int32Array.from(slots), edges: new Int32Array(0), workerMs: 1 })));
    },
    select: async () => new Int32Array(0),
    destroy() {},
  };
  const changes: VisibleChange[] = [];
  const answered: number[] = [];
  const culling = new Culling({
    geometry,
    visible,
    spatial: () => client,
    size: () => size,
    current: () => true,
    edgesShown: () => new Set(),
    keep: () => false,
    changed: (c) => changes.push(c),
    answered: (rt, w) => answered.push(w),
    onError: (m) => { throw new Error(m); },
  });
  return { geometry, visible, culling, queries, changes, answered, answer: (slots: number[]) => resolveQuery!(slots) };
}

describe('Culling', () => {
  it('an overview holding all content is answered at once with everything, without the client', () => {
    const t = setup();
    const overview = { x: 500, y: 400, k: 0.005 };
    expect(t.culling.needsRequery(overview)).toBe(true);
    t.culling.update(overview);
    expect(t.queries).toEqual([]);
    expect(t.changes.length).toBe(1);
    expect(t.changes[0].enteredNodes.length).toBe(100);
    expect(t.culling.needsRequery(overview)).toBe(false);
  });

  it('a partial view asks the client once; the answer drops freed slots; no second query while one is in flight', async () => {
    const t = setup();
    const cam = { x: 0, y: 0, k: 1 };
    t.culling.update(cam);
    t.culling.update(cam);
    expect(t.queries.length).toBe(1);
    t.geometry.removeNode('n1');
    t.answer([0, 1]);
    await new Promise((r) => setTimeout(r, 0));
    expect(t.changes.length).toBe(1);
    expect(t.changes[0].enteredNodes).toEqual([0]);
    expect(t.answered).toEqual([1]);
    expect(t.visible.nodes.has(0)).toBe(true);
  });

  it('nothing is asked while the view has no size', () => {
    const t = setup([0, 0]);
    t.culling.update({ x: 0, y: 0, k: 1 });
    expect(t.queries.length + t.changes.length).toBe(0);
  });

  it('nodesInView counts the answer, and above the detail cap only the nodes meeting the view', () => {
    const t = setup();
    t.culling.apply({ nodes: Int32Array.from({ length: 100 }, (_, i) => i), edges: new Int32Array(0) });
    // 100 nodes is under the cap: the answer's length.
    expect(t.culling.nodesInView({ x: 0, y: 0, k: 1 })).toBe(100);
    // Over the cap: only those in the view count (the row has 100 nodes 1000 apart; 3000 more sit at one spot far away).
    for (let i = 0; i < MAX_DETAILED_NODES + 500; i++) t.geometry.setNode(`far${i}`, { x: 1e6, y: 1e6, w: 100, h: 100, inputs: 1, outputs: 1, flags: 0 });
    const all = Int32Array.from({ length: 100 + MAX_DETAILED_NODES + 500 }, (_, i) => i);
    t.culling.apply({ nodes: all, edges: new Int32Array(0) });
    // View 1000 × 800 at k = 1 from (0, 0): the nodes at x = 0 and x = 1000 (touching the edge).
    expect(t.culling.nodesInView({ x: 0, y: 0, k: 1 })).toBe(2);
    // Looking at the pile: counting stops just past the cap.
    expect(t.culling.nodesInView({ x: -1e6 + 10, y: -1e6 + 10, k: 1 })).toBe(MAX_DETAILED_NODES + 1);
  });
});
