import { describe, expect, it } from 'vitest';
import { MAX_SCALE, MIN_SCALE, centreOn, fitAround, fitCamera, screenToWorld, visibleRect, worldToScreen, zoomAround } from '../../src/canvas/kernels/camera.ts';

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

  it('fits clear of what is drawn over the view (Execute button, minimap), else as before', () => {
    const W = 1200;
    const H = 800;
    const run = { x: 520, y: 740, w: 160, h: 44 }; // bottom centre
    const minimap = { x: W - 212, y: H - 142, w: 200, h: 130 }; // bottom right
    const covered = (c: { x: number; y: number; k: number }, b: { minX: number; minY: number; maxX: number; maxY: number }) =>
      [run, minimap].some((o) => {
        const x = b.minX * c.k + c.x, y = b.minY * c.k + c.y, w = (b.maxX - b.minX) * c.k, h = (b.maxY - b.minY) * c.k;
        return o.x < x + w && x < o.x + o.w && o.y < y + h && y < o.y + o.h;
      });
    // A wide chain: the plain fit leaves room above and below, nothing is covered: unchanged.
    const wide = { minX: 0, minY: 0, maxX: 6000, maxY: 100 };
    expect(fitAround(wide, W, H, [run, minimap])).toEqual(fitCamera(wide, W, H));
    // A square grid reaches the bottom: fitted above the overlays (smaller, nothing covered).
    const grid = { minX: 0, minY: 0, maxX: 2000, maxY: 2000 };
    const plain = fitCamera(grid, W, H);
    expect(covered(plain, grid)).toBe(true);
    const clear = fitAround(grid, W, H, [run, minimap]);
    expect(covered(clear, grid)).toBe(false);
    expect(clear.k).toBeLessThan(plain.k);
    expect(clear.k).toBeGreaterThan(plain.k * 0.8);
    // Obstacles outside the view or empty change nothing.
    expect(fitAround(grid, W, H, [{ x: 2000, y: 0, w: 100, h: 100 }, { x: 0, y: 0, w: 0, h: 0 }])).toEqual(plain);
    // A view almost all covered: the plain fit rather than a postage stamp.
    expect(fitAround(grid, W, H, [{ x: 0, y: 100, w: W, h: H - 100 }])).toEqual(plain);
  });

  it('centres a world point', () => {
    const c = centreOn(500, 300, 2, 800, 600);
    const s = worldToScreen(c, 500, 300);
    expect([s.x, s.y]).toEqual([400, 300]);
  });
});
