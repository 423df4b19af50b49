import { describe, expect, it } from 'vitest';
import { EDGE_STRIDE, FLAG_ALIVE, FLAG_STICKY, NODE_STRIDE, PLUS_CENTER_DX, bezierPoint, edgeCurve } from '../../workers/spatial/geometry.ts';
import { contentBounds, createSpatialState, everything, hitTest, patchEdges, patchNodes, queryRect, selectInRect, type SpatialState } from '../../workers/spatial/kernel.ts';

/**
 * Nodes: [x, y, inputs, outputs, sticky?, w?, h?, bottom?, top?] (bottom / top: sub-node ports);
 * edges: [source, output, target, input] (-1 - k: the k-th top output / bottom input).
 */
function build(nodes: Array<[number, number, number, number, boolean?, number?, number?, number?, number?]>, edges: Array<[number, number, number, number]> = [], connectedMask: number[] = []): SpatialState {
  const s = createSpatialState();
  const values: number[] = [];
  nodes.forEach(([x, y, i, o, sticky, w, h, bottom, top], k) => values.push(x, y, w ?? 100, h ?? 100, i, o, FLAG_ALIVE | (sticky ? FLAG_STICKY : 0), connectedMask[k] ?? 0, bottom ?? 0, top ?? 0));
  patchNodes(s, nodes.map((_, k) => k), values);
  patchEdges(s, edges.map((_, k) => k), edges.flat());
  return s;
}

const full = { scale: 1, ports: true };

describe('spatial kernel: culling', () => {
  it('returns the nodes and connections meeting a rectangle', () => {
    const s = build([[0, 0, 1, 1], [1000, 0, 1, 1], [5000, 5000, 1, 1]], [[0, 0, 1, 0], [1, 0, 2, 0]]);
    const r = queryRect(s, { minX: -50, minY: -50, maxX: 600, maxY: 200 });
    expect([...r.nodes].sort()).toEqual([0]);
    expect([...r.edges].sort()).toEqual([0]);
    const all = queryRect(s, { minX: -1e6, minY: -1e6, maxX: 1e6, maxY: 1e6 });
    expect(all.nodes.length).toBe(3);
    expect(all.edges.length).toBe(2);
  });

  it('sees moves and removals after a patch (index rebuilt lazily)', () => {
    const s = build([[0, 0, 1, 1], [1000, 0, 1, 1]], [[0, 0, 1, 0]]);
    patchNodes(s, [1], [3000, 3000, 100, 100, 1, 1, FLAG_ALIVE, 0, 0, 0]);
    expect([...queryRect(s, { minX: 2900, minY: 2900, maxX: 3200, maxY: 3200 }).nodes]).toEqual([1]);
    patchNodes(s, [0], [0, 0, 100, 100, 1, 1, 0, 0, 0, 0]);
    const r = queryRect(s, { minX: -1e6, minY: -1e6, maxX: 1e6, maxY: 1e6 });
    expect([...r.nodes]).toEqual([1]);
    expect(r.edges.length).toBe(0); // a connection to a removed node is gone too
  });

  it('answers an overview with every live node and connection, the same set the index gives for a rectangle holding all', () => {
    const s = build([[0, 0, 1, 1], [1000, 0, 1, 1], [5000, 5000, 1, 1], [-300, 80, 1, 1]], [[0, 0, 1, 0], [1, 0, 2, 0], [2, 0, 3, 0]]);
    patchNodes(s, [1], [1000, 0, 100, 100, 1, 1, 0, 0, 0, 0]); // removed: its connections go too
    const all = everything(s);
    const byIndex = queryRect(s, { minX: -1e6, minY: -1e6, maxX: 1e6, maxY: 1e6 });
    expect([...all.nodes]).toEqual([0, 2, 3]);
    expect([...all.edges]).toEqual([2]);
    expect([...byIndex.nodes].sort()).toEqual([...all.nodes]);
    expect([...byIndex.edges].sort()).toEqual([...all.edges]);
    expect(everything(createSpatialState())).toEqual({ nodes: new Int32Array(0), edges: new Int32Array(0) });
  });

  it('rejects patches of the wrong length', () => {
    const s = createSpatialState();
    expect(() => patchNodes(s, [0], [1, 2, 3])).toThrow(/expected 10 values/);
    expect(() => patchEdges(s, [0, 1], new Array(EDGE_STRIDE).fill(0))).toThrow(/expected 8 values/);
  });

  it('grows past its initial capacity', () => {
    const nodes: Array<[number, number, number, number]> = [];
    for (let i = 0; i < 500; i++) nodes.push([i * 200, 0, 1, 1]);
    const s = build(nodes);
    expect(queryRect(s, { minX: 0, minY: 0, maxX: 1e6, maxY: 100 }).nodes.length).toBe(500);
    expect(contentBounds(s)).toMatchObject({ maxY: expect.any(Number) });
  });
});

describe('spatial kernel: rubber band', () => {
  it('selects nodes the band touches but stickies only when wholly inside', () => {
    const s = build([[0, 0, 1, 1], [300, 0, 1, 1], [-20, -20, 0, 0, true, 200, 200]]);
    expect([...selectInRect(s, { minX: 50, minY: 50, maxX: 320, maxY: 60 })].sort()).toEqual([0, 1]);
    expect([...selectInRect(s, { minX: -30, minY: -30, maxX: 190, maxY: 190 })].sort()).toEqual([0, 2]);
  });
});

describe('spatial kernel: hit-testing', () => {
  const s = build(
    [[0, 0, 1, 1], [400, 0, 1, 2], [0, 400, 1, 1], [-100, -100, 0, 0, true, 900, 700]],
    [[0, 0, 1, 0]],
    [1, 0, 0, 0],
  );

  it('finds the plus button of an unconnected output, not of a connected one', () => {
    // Node 1 has two outputs (y = 33.3, 66.7), neither connected.
    const y = 100 / 3;
    expect(hitTest(s, 500 + PLUS_CENTER_DX, y, full)).toEqual({ kind: 'plus', slot: 1, index: 0 });
    expect(hitTest(s, 500 + PLUS_CENTER_DX, 2 * y, full)).toEqual({ kind: 'plus', slot: 1, index: 1 });
    // Node 0's output is connected: no plus there, the click falls through to the sticky.
    expect(hitTest(s, 100 + PLUS_CENTER_DX, 50, full)?.kind).not.toBe('plus');
  });

  it('prefers ports over bodies, bodies over connections, connections over stickies', () => {
    expect(hitTest(s, 101, 50, full)).toEqual({ kind: 'output', slot: 0, index: 0 });
    expect(hitTest(s, 396, 50, full)).toEqual({ kind: 'input', slot: 1, index: 0 });
    expect(hitTest(s, 50, 50, full)).toEqual({ kind: 'node', slot: 0, index: 0 });
    const c = new Float64Array(8);
    edgeCurve(s.nodes, s.edges, 0, c);
    const p = [0, 0];
    bezierPoint(c, 0.5, p);
    expect(hitTest(s, p[0], p[1] + 3, full)).toEqual({ kind: 'edge', slot: 0, index: 0 });
    expect(hitTest(s, 250, 300, full)).toEqual({ kind: 'sticky', slot: 3, index: 0 });
    expect(hitTest(s, 2000, 2000, full)).toBeNull();
  });

  it('ignores ports when they are not drawn (zoomed out)', () => {
    expect(hitTest(s, 98, 50, { scale: 0.3, ports: false })).toEqual({ kind: 'node', slot: 0, index: 0 });
    expect(hitTest(s, 98, 50, full)).toEqual({ kind: 'output', slot: 0, index: 0 });
  });

  it('gives the same answer from candidate lists as from the index', () => {
    const all = queryRect(s, { minX: -1e6, minY: -1e6, maxX: 1e6, maxY: 1e6 });
    for (let x = -120; x < 700; x += 37) {
      for (let y = -120; y < 700; y += 41) {
        expect(hitTest(s, x, y, full, all)).toEqual(hitTest(s, x, y, full));
      }
    }
  });

  it('scales tolerances with zoom: a connection is easier to hit zoomed out', () => {
    const c = new Float64Array(8);
    edgeCurve(s.nodes, s.edges, 0, c);
    const p = [0, 0];
    bezierPoint(c, 0.5, p);
    expect(hitTest(s, p[0], p[1] + 15, { scale: 1, ports: false })?.kind).not.toBe('edge');
    expect(hitTest(s, p[0], p[1] + 15, { scale: 0.25, ports: false })).toEqual({ kind: 'edge', slot: 0, index: 0 });
  });

  it('skips removed nodes and their connections', () => {
    const t = build([[0, 0, 1, 1], [400, 0, 1, 1]], [[0, 0, 1, 0]]);
    patchNodes(t, [1], new Array(NODE_STRIDE).fill(0));
    expect(hitTest(t, 450, 50, full)).toBeNull();
  });
});
