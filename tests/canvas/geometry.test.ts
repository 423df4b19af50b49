import { describe, expect, it } from 'vitest';
import {
  bezierPoint, connectionCurve, curveBounds, distanceToCurve, nodeExtent, nodeHeight, portY, NODE_STRIDE, FLAG_ALIVE, FLAG_STICKY, FLAG_NOTES, NOTES_HALF_WIDTH, NOTES_HEIGHT,
} from '../../workers/spatial/geometry.ts';

function bruteDistance(c: number[], px: number, py: number): number {
  let best = Infinity;
  const p = [0, 0];
  for (let i = 0; i <= 20000; i++) {
    bezierPoint(c, i / 20000, p);
    best = Math.min(best, Math.hypot(p[0] - px, p[1] - py));
  }
  return best;
}

describe('connection curve geometry', () => {
  it('leaves outputs and enters inputs horizontally', () => {
    const c = [0, 0, 0, 0, 0, 0, 0, 0];
    connectionCurve(100, 50, 400, 250, c);
    expect(c[3]).toBe(50);
    expect(c[5]).toBe(250);
    expect(c[2]).toBeGreaterThan(100);
    expect(c[4]).toBeLessThan(400);
  });

  it('routes backward connections in a U below both ports, clear of the node bodies', () => {
    const c = [0, 0, 0, 0, 0, 0, 0, 0];
    connectionCurve(500, 50, 100, 50, c);
    expect(c[2]).toBeGreaterThan(500);
    expect(c[4]).toBeLessThan(100);
    const p = [0, 0];
    bezierPoint(c, 0.5, p);
    // Ports sit at the middle of 100-high nodes: the lowest point passes under their bottom edge.
    expect(p[1]).toBeGreaterThan(50 + 50 + 40);
    expect(p[0]).toBeGreaterThan(100);
    expect(p[0]).toBeLessThan(500);
  });

  it('measures the distance to a curve like dense sampling does', () => {
    const c = [0, 0, 0, 0, 0, 0, 0, 0];
    connectionCurve(0, 0, 300, 200, c);
    const points = [[150, 100], [10, 40], [290, 150], [-30, -30], [500, 220], [80, 2], [200, 199]];
    for (const [x, y] of points) {
      expect(distanceToCurve(c, x, y)).toBeCloseTo(bruteDistance(c, x, y), 2);
    }
    // A point on the curve is at distance ~0.
    const p = [0, 0];
    bezierPoint(c, 0.37, p);
    expect(distanceToCurve(c, p[0], p[1])).toBeLessThan(0.05);
  });

  it('bounds contain every point of the curve', () => {
    const c = [0, 0, 0, 0, 0, 0, 0, 0];
    connectionCurve(500, 300, 120, -80, c);
    const b = [0, 0, 0, 0];
    curveBounds(c, b);
    const p = [0, 0];
    for (let i = 0; i <= 100; i++) {
      bezierPoint(c, i / 100, p);
      expect(p[0]).toBeGreaterThanOrEqual(b[0] - 1e-9);
      expect(p[0]).toBeLessThanOrEqual(b[2] + 1e-9);
      expect(p[1]).toBeGreaterThanOrEqual(b[1] - 1e-9);
      expect(p[1]).toBeLessThanOrEqual(b[3] + 1e-9);
    }
  });
});

describe('node geometry', () => {
  it('keeps the spec box for up to three ports and grows beyond', () => {
    expect(nodeHeight(1, 1)).toBe(100);
    expect(nodeHeight(1, 3)).toBe(100);
    expect(nodeHeight(1, 6)).toBeGreaterThan(100);
  });

  it('spreads ports evenly', () => {
    expect(portY(0, 100, 1, 0)).toBe(50);
    expect([portY(0, 90, 2, 0), portY(0, 90, 2, 1)]).toEqual([30, 60]);
  });

  it('culling extent covers ports, plus buttons and the label; stickies are their box', () => {
    const nodes = new Float64Array(NODE_STRIDE * 2);
    nodes.set([100, 200, 100, 100, 1, 1, FLAG_ALIVE, 0], 0);
    nodes.set([0, 0, 380, 300, 0, 0, FLAG_ALIVE | FLAG_STICKY, 0], NODE_STRIDE);
    const e = [0, 0, 0, 0];
    nodeExtent(nodes, 0, e);
    expect(e[0]).toBeLessThan(100);
    expect(e[2]).toBeGreaterThan(200 + 50);
    expect(e[3]).toBeGreaterThan(300 + 30);
    nodeExtent(nodes, 1, e);
    expect(e).toEqual([0, 0, 380, 300]);
  });

  it('culling extent of a node showing its note reaches under and beside the note', () => {
    const nodes = new Float64Array(NODE_STRIDE * 2);
    nodes.set([100, 200, 100, 100, 1, 1, FLAG_ALIVE, 0], 0);
    nodes.set([100, 200, 100, 100, 1, 1, FLAG_ALIVE | FLAG_NOTES, 0], NODE_STRIDE);
    const plain = [0, 0, 0, 0];
    const noted = [0, 0, 0, 0];
    nodeExtent(nodes, 0, plain);
    nodeExtent(nodes, 1, noted);
    expect(noted[3]).toBe(plain[3] + NOTES_HEIGHT);
    expect(noted[0]).toBe(150 - NOTES_HALF_WIDTH);
    expect(noted[2]).toBe(Math.max(plain[2], 150 + NOTES_HALF_WIDTH));
    expect(noted[1]).toBe(plain[1]);
  });
});
