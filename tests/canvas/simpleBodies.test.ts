// Simplified node bodies are cheap for a software rasteriser (few triangles), and every pipe of
// the renderer builds its shaders for the four textures the canvas uses.
import { describe, expect, it } from 'vitest';
import { GlLimitsSystem, GraphicsContext } from 'pixi.js';
import { cornerSegments, roundedBoxPoints, simpleBodyContext } from '../../src/canvas/scene/nodeGraphics.ts';
import { clampBatchTextures } from '../../src/canvas/createRenderer.ts';

describe('simplified bodies', () => {
  it('a rounded box has seg + 1 points per rounded corner and one per square corner', () => {
    expect(roundedBoxPoints(0, 0, 100, 100, 10, 10, 3, 3)).toHaveLength(4 * 4 * 2);
    expect(roundedBoxPoints(0, 0, 100, 100, 0, 0, 3, 3)).toHaveLength(4 * 2);
    // A trigger: round on the left only.
    expect(roundedBoxPoints(0, 0, 100, 100, 40, 0, 5, 0)).toHaveLength((2 * 6 + 2) * 2);
  });

  it('stays inside its box, runs clockwise from the top right, and keeps the radius', () => {
    const p = roundedBoxPoints(0, 0, 100, 60, 10, 10, 2, 2);
    for (let i = 0; i < p.length; i += 2) {
      expect(p[i]).toBeGreaterThanOrEqual(-1e-9);
      expect(p[i]).toBeLessThanOrEqual(100 + 1e-9);
      expect(p[i + 1]).toBeGreaterThanOrEqual(-1e-9);
      expect(p[i + 1]).toBeLessThanOrEqual(60 + 1e-9);
    }
    expect([p[0], p[1]]).toEqual([90, 0]);
    expect(p[4]).toBeCloseTo(100);
    expect(p[5]).toBeCloseTo(10);
    // A radius larger than half the height is cut to it (a sub-node's round body).
    const round = roundedBoxPoints(0, 0, 100, 40, 50, 50, 4, 4);
    expect(Math.min(...round.filter((_, i) => i % 2 === 1))).toBeCloseTo(0);
  });

  it('uses few segments: enough for a corner at most half size on screen', () => {
    expect(cornerSegments(0)).toBe(0);
    expect(cornerSegments(10)).toBe(2);
    expect(cornerSegments(43)).toBe(4);
    expect(cornerSegments(1000)).toBe(8);
  });

  it('builds the border and the fill as two polygons, not a stroked path', () => {
    const ctx: GraphicsContext = simpleBodyContext('regular', 100, 100, 'success', false);
    const kinds = ctx.instructions.map((i) => i.action);
    expect(kinds).toEqual(['fill', 'fill']);
    // Shared by every node that looks the same.
    expect(simpleBodyContext('regular', 100, 100, 'success', false)).toBe(ctx);
  });
});

describe('renderer limits', () => {
  it('caps the batchable textures at four before any pipe reads them', () => {
    clampBatchTextures();
    const gl = { MAX_TEXTURE_IMAGE_UNITS: 1, MAX_UNIFORM_BUFFER_BINDINGS: 2, getParameter: (p: number) => (p === 1 ? 32 : 24) };
    const limits = new GlLimitsSystem({ gl, context: { webGLVersion: 2 } } as never);
    limits.contextChange();
    expect(limits.maxTextures).toBe(32);
    expect(limits.maxBatchableTextures).toBe(4);
    expect(limits.maxUniformBindings).toBe(24);
  });
});

describe('connections at the simplified level', () => {
  it('are flattened into chords of ~32 world units, 4 to 32 of them', async () => {
    const { flattenCurve, smallCurveChords } = await import('../../src/canvas/kernels/dash.ts');
    const c = [0, 0, 100, 0, 100, 200, 200, 200];
    const n = smallCurveChords(c);
    expect(n).toBe(Math.ceil((100 + Math.hypot(0, 200) + 100) / 32));
    expect(smallCurveChords([0, 0, 1, 0, 2, 0, 3, 0])).toBe(4);
    expect(smallCurveChords([0, 0, 1e5, 0, 2e5, 0, 3e5, 0])).toBe(32);
    const out: number[] = [];
    flattenCurve(c, n, out);
    expect(out).toHaveLength(2 * (n + 1));
    expect(out.slice(0, 2)).toEqual([0, 0]);
    expect(out.slice(-2)).toEqual([200, 200]);
  });
});
