// Connections of other types than main (n8n's AI sub-node connections): their curve from a
// sub-node's top port to its root's bottom port, their dashes, and hit-testing of the ports and
// of the dashed curve (the gaps between dashes are part of the connection).
import { describe, expect, it } from 'vitest';
import { FLAG_ALIVE, PORT_LABEL_HEIGHT, bezierPoint, edgeCurve, inputPoint, nodeExtent, nodeWidth, outputPoint, subConnectionCurve } from '../../workers/spatial/geometry.ts';
import { createSpatialState, hitTest, patchEdges, patchNodes, queryRect } from '../../workers/spatial/kernel.ts';
import { dashCurve, dashSegmentsFor } from '../../src/canvas/kernels/dash.ts';

/** An agent (wide, three bottom inputs) at (0, 0) and a model sub-node (one top output) below it at (0, 300). */
function agentAndModel() {
  const s = createSpatialState();
  const w = nodeWidth(3, false);
  patchNodes(s, [0, 1], [
    0, 0, w, 100, 1, 1, FLAG_ALIVE, 0, 3, 0,
    0, 300, 100, 100, 0, 0, FLAG_ALIVE, 0, 0, 1,
  ]);
  // model top output 0 → agent bottom input 0 (ai_languageModel)
  patchEdges(s, [0], [1, -1, 0, -1]);
  return { s, w };
}

describe('sub-node connection geometry', () => {
  it('puts bottom inputs along the root’s bottom edge and the sub-node output on its top edge', () => {
    const { s, w } = agentAndModel();
    expect(w).toBe(280);
    const p = [0, 0];
    inputPoint(s.nodes, 0, -1, p);
    expect(p).toEqual([w / 4, 100]);
    inputPoint(s.nodes, 0, -3, p);
    expect(p).toEqual([(3 * w) / 4, 100]);
    outputPoint(s.nodes, 1, -1, p);
    expect(p).toEqual([50, 300]);
    // Main ports stay on the sides.
    outputPoint(s.nodes, 0, 0, p);
    expect(p).toEqual([w, 50]);
  });

  it('leaves the sub-node upwards and enters the root from below, vertically', () => {
    const { s, w } = agentAndModel();
    const c = new Float64Array(8);
    edgeCurve(s.nodes, s.edges, 0, c);
    expect([c[0], c[1], c[6], c[7]]).toEqual([50, 300, w / 4, 100]);
    expect(c[2]).toBe(50);
    expect(c[3]).toBeLessThan(300);
    expect(c[4]).toBe(w / 4);
    expect(c[5]).toBeGreaterThan(100);
  });

  it('counts the port labels under a node with bottom inputs in its extent (culling)', () => {
    const { s } = agentAndModel();
    const with3 = [0, 0, 0, 0];
    const without = [0, 0, 0, 0];
    nodeExtent(s.nodes, 0, with3);
    nodeExtent(s.nodes, 1, without);
    expect(with3[3] - 100).toBe(without[3] - 400 + PORT_LABEL_HEIGHT);
  });
});

describe('hit-testing sub-node ports and dashed connections', () => {
  const full = { scale: 1, ports: true };

  it('finds bottom inputs and top outputs as ports with negative indexes', () => {
    const { s, w } = agentAndModel();
    expect(hitTest(s, w / 2, 102, full)).toEqual({ kind: 'input', slot: 0, index: -2 });
    expect(hitTest(s, 51, 299, full)).toEqual({ kind: 'output', slot: 1, index: -1 });
    // The main ports are still there.
    expect(hitTest(s, w, 50, full)).toEqual({ kind: 'output', slot: 0, index: 0 });
    // Without ports drawn (lower detail), the same spot is the node body or nothing.
    expect(hitTest(s, w / 2, 98, { scale: 1, ports: false })).toEqual({ kind: 'node', slot: 0, index: 0 });
  });

  it('hits a dashed connection anywhere along its curve, also in the gaps between dashes', () => {
    const { s } = agentAndModel();
    const c = new Float64Array(8);
    edgeCurve(s.nodes, s.edges, 0, c);
    const p = [0, 0];
    for (const t of [0.2, 0.35, 0.5, 0.65, 0.8]) {
      bezierPoint(c, t, p);
      expect(hitTest(s, p[0] + 2, p[1], full)).toEqual({ kind: 'edge', slot: 0, index: 0 });
    }
    bezierPoint(c, 0.5, p);
    expect(hitTest(s, p[0] + 20, p[1], full)).toBeNull();
    // Through the index (the worker's path) too.
    expect([...queryRect(s, { minX: p[0] - 1, minY: p[1] - 1, maxX: p[0] + 1, maxY: p[1] + 1 }).edges]).toEqual([0]);
  });
});

describe('dashes along a curve', () => {
  it('cuts the curve into dash-long pieces with gaps, continuing across chords', () => {
    const c = new Float64Array(8);
    subConnectionCurve(0, 200, 0, 0, c); // a straight vertical curve of length 200
    const out: number[] = [];
    const n = dashCurve(c, 8, 8, out, dashSegmentsFor(c));
    let drawn = 0;
    for (let i = 0; i < n; i++) drawn += Math.hypot(out[4 * i + 2] - out[4 * i], out[4 * i + 3] - out[4 * i + 1]);
    expect(drawn).toBeGreaterThan(95);
    expect(drawn).toBeLessThan(108);
    for (let i = 0; i < n; i++) expect(out[4 * i]).toBeCloseTo(0, 6);
    expect(out[1]).toBeCloseTo(200, 6);
  });

  it('draws nothing for a nonsense pattern and bounds the work per curve', () => {
    const c = new Float64Array(8);
    subConnectionCurve(0, 1e6, 0, 0, c);
    expect(dashCurve(c, 0, 8, [])).toBe(0);
    expect(dashSegmentsFor(c)).toBe(64);
  });
});
