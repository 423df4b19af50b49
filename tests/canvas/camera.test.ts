import { describe, expect, it } from 'vitest';
import { MAX_SCALE, MIN_SCALE, centreOn, fitCamera, screenToWorld, visibleRect, worldToScreen, zoomAround } from '../../src/canvas/kernels/camera.ts';

describe('camera kernel', () => {
  it('round-trips screen and world points', () => {
    const c = { x: 120, y: -40, k: 0.75 };
    const w = screenToWorld(c, 300, 200);
    const s = worldToScreen(c, w.x, w.y);
    expect(s.x).toBeCloseTo(300);
    expect(s.y).toBeCloseTo(200);
  });

  it('zooms around a point keeping it fixed, within the scale limits', () => {
    const c = { x: 10, y: 20, k: 1 };
    const before = screenToWorld(c, 400, 300);
    const z = zoomAround(c, 1.25, 400, 300);
    const after = screenToWorld(z, 400, 300);
    expect(z.k).toBeCloseTo(1.25);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    expect(zoomAround(c, 1000, 0, 0).k).toBe(MAX_SCALE);
    expect(zoomAround(c, 1e-6, 0, 0).k).toBe(MIN_SCALE);
  });

  it('fits content centred with padding, never magnifying past 100%', () => {
    const big = fitCamera({ minX: 0, minY: 0, maxX: 10000, maxY: 2000 }, 1000, 800, 50);
    expect(big.k).toBeCloseTo(900 / 10000);
    const r = visibleRect(big, 1000, 800);
    expect(r.minX).toBeLessThan(0);
    expect(r.maxX).toBeGreaterThan(10000);
    expect((r.minY + r.maxY) / 2).toBeCloseTo(1000);
    const small = fitCamera({ minX: 0, minY: 0, maxX: 100, maxY: 100 }, 1000, 800);
    expect(small.k).toBe(1);
    expect(fitCamera(null, 1000, 800)).toEqual({ x: 0, y: 0, k: 1 });
  });

  it('centres a world point', () => {
    const c = centreOn(500, 300, 2, 800, 600);
    const s = worldToScreen(c, 500, 300);
    expect([s.x, s.y]).toEqual([400, 300]);
  });
});
