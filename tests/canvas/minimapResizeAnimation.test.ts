// Minimap mapping, sticky resize math, animation interpolation and edge auto-pan.
import { describe, expect, it } from 'vitest';
import { fillBox, minimapLayout, minimapToWorld, pixelColor, viewportInMinimap, worldToMinimap } from '../../src/canvas/kernels/minimap.ts';
import { minimapStickyColors } from '../../src/canvas/scene/Minimap.ts';
import { STICKY_MIN_HEIGHT, STICKY_MIN_WIDTH, handleAt, resizeBox } from '../../src/canvas/kernels/resize.ts';
import { easeInOutCubic, interpolateCamera, interpolatePositions, progress } from '../../src/canvas/kernels/animation.ts';
import { autoPanDelta, AUTOPAN_MAX_PX } from '../../src/canvas/kernels/autopan.ts';

describe('minimap sticky colours', () => {
  it("draws each sticky in its own n8n colour (1–7), others as colour 1, a selected one outlined in blue", () => {
    const yellow = minimapStickyColors(1, false);
    expect(yellow).toEqual({ fill: '#fff5d6', stroke: '#f0d48a' });
    expect(minimapStickyColors(4, false)).toEqual({ fill: '#e2ecfc', stroke: '#a3bff0' });
    expect(minimapStickyColors('5', false).fill).toBe('#ede6fd');
    expect(new Set([1, 2, 3, 4, 5, 6, 7].map((c) => minimapStickyColors(c, false).fill)).size).toBe(7);
    for (const bad of [undefined, 0, 8, 'x', null]) expect(minimapStickyColors(bad, false)).toEqual(yellow);
    expect(minimapStickyColors(3, true)).toEqual({ fill: '#e2f5e8', stroke: '#4f7cf7' });
  });
});

describe('minimap pixels', () => {
  const at = (px: Uint32Array, w: number) => (x: number, y: number) => px[y * w + x];

  it('packs 0xrrggbb as an opaque RGBA pixel (ImageData byte order)', () => {
    const bytes = new Uint8ClampedArray(new Uint32Array([pixelColor(0x4f7cf7)]).buffer);
    expect([...bytes]).toEqual([0x4f, 0x7c, 0xf7, 0xff]);
  });

  it('fills boxes snapped to whole pixels, at least one pixel, clipped to the buffer', () => {
    const w = 10, h = 6;
    const px = new Uint32Array(w * h);
    const p = at(px, w);
    fillBox(px, w, h, 1.2, 1.4, 2.6, 1.9, 7); // x 1..3, y 1..2
    expect([p(1, 1), p(3, 1), p(1, 2), p(3, 2)]).toEqual([7, 7, 7, 7]);
    expect([p(0, 1), p(4, 1), p(1, 0), p(1, 3)]).toEqual([0, 0, 0, 0]);
    fillBox(px, w, h, 6.1, 4.2, 0.05, 0.05, 9); // a tiny node in a 10,000-node overview: one pixel
    expect(p(6, 4)).toBe(9);
    expect(px.filter((v) => v === 9).length).toBe(1);
    fillBox(px, w, h, -5, -5, 7, 7, 3); // partly outside: only the inside is written, nothing throws
    expect(p(0, 0)).toBe(3);
    fillBox(px, w, h, 50, 50, 5, 5, 4);
    expect(px.includes(4)).toBe(false);
  });

  it('outlines a box (a sticky) with its border colour inside the same pixels', () => {
    const w = 8, h = 8;
    const px = new Uint32Array(w * h);
    const p = at(px, w);
    fillBox(px, w, h, 1, 1, 5, 4, 1, 2); // x 1..5, y 1..4
    expect([p(1, 1), p(5, 1), p(1, 4), p(5, 4), p(3, 1), p(1, 2)]).toEqual([2, 2, 2, 2, 2, 2]);
    expect([p(2, 2), p(4, 3)]).toEqual([1, 1]);
    expect(p(6, 2)).toBe(0);
  });
});

describe('minimap mapping', () => {
  it('fits the content centred with padding and maps both ways', () => {
    const l = minimapLayout({ minX: 0, minY: 0, maxX: 1000, maxY: 500 }, 200, 130);
    // Width-bound: 1000 units (+10 % padding) into 200 px.
    expect(l.scale).toBeCloseTo(200 / 1100, 6);
    const c = worldToMinimap(l, 500, 250);
    expect(c.x).toBeCloseTo(100, 6);
    expect(c.y).toBeCloseTo(65, 6);
    const back = minimapToWorld(l, 37, 90);
    const again = worldToMinimap(l, back.x, back.y);
    expect(again.x).toBeCloseTo(37, 6);
    expect(again.y).toBeCloseTo(90, 6);
  });

  it('clips the viewport rectangle to the minimap and survives empty or huge content', () => {
    const l = minimapLayout({ minX: 0, minY: 0, maxX: 1000, maxY: 1000 }, 200, 130);
    const r = viewportInMinimap(l, { minX: -5000, minY: 400, maxX: 500, maxY: 600 }, 200, 130);
    expect(r.minX).toBe(0);
    expect(r.maxX).toBeCloseTo(100, 6);
    expect(minimapLayout(null, 200, 130)).toEqual({ scale: 1, ox: 100, oy: 65 });
    const huge = minimapLayout({ minX: -1e6, minY: 0, maxX: 1e6, maxY: 10 }, 200, 130);
    expect(Number.isFinite(huge.scale) && huge.scale > 0).toBe(true);
  });
});

describe('sticky resize', () => {
  const box = { x: 100, y: 100, w: 400, h: 300 };
  it('finds edges and corners within the tolerance', () => {
    expect(handleAt(box, 500, 400, 6)).toBe('se');
    expect(handleAt(box, 98, 250, 6)).toBe('w');
    expect(handleAt(box, 300, 104, 6)).toBe('n');
    expect(handleAt(box, 300, 250, 6)).toBeNull();
    expect(handleAt(box, 520, 250, 6)).toBeNull();
  });

  it('moves the dragged edges on the grid and keeps the opposite ones', () => {
    expect(resizeBox(box, 'se', 47, 13)).toEqual({ x: 100, y: 100, w: 440, h: 320 });
    expect(resizeBox(box, 'w', -33, 0)).toEqual({ x: 60, y: 100, w: 440, h: 300 });
    expect(resizeBox(box, 'nw', 31, 29)).toEqual({ x: 140, y: 120, w: 360, h: 280 });
  });

  it('never goes below the minimum size, from either side', () => {
    expect(resizeBox(box, 'e', -1000, 0).w).toBe(STICKY_MIN_WIDTH);
    const fromLeft = resizeBox(box, 'w', 1000, 0);
    expect(fromLeft.w).toBe(STICKY_MIN_WIDTH);
    expect(fromLeft.x + fromLeft.w).toBe(500);
    const fromTop = resizeBox(box, 'n', 0, 1000);
    expect(fromTop.h).toBe(STICKY_MIN_HEIGHT);
    expect(fromTop.y + fromTop.h).toBe(400);
  });
});

describe('animation', () => {
  it('eases from 0 to 1 symmetrically', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5, 9);
    expect(easeInOutCubic(0.25) + easeInOutCubic(0.75)).toBeCloseTo(1, 9);
    expect(progress(100, 250, 300)).toBeCloseTo(0.5, 9);
    expect(progress(0, 5, 0)).toBe(1);
  });

  it('flies the camera with the centre on a line and the zoom geometric', () => {
    const a = { x: 0, y: 0, k: 1 };
    const b = { x: -1000, y: -500, k: 4 };
    const mid = interpolateCamera(a, b, 0.5, 800, 600);
    expect(mid.k).toBeCloseTo(2, 9);
    const centre = (c: typeof a) => [(400 - c.x) / c.k, (300 - c.y) / c.k];
    const [ca, cb, cm] = [centre(a), centre(b), centre(mid)];
    expect(cm[0]).toBeCloseTo((ca[0] + cb[0]) / 2, 6);
    expect(cm[1]).toBeCloseTo((ca[1] + cb[1]) / 2, 6);
    expect(interpolateCamera(a, b, 1, 800, 600)).toEqual(b);
    expect(interpolateCamera(a, b, 0, 800, 600)).toEqual(a);
  });

  it('interpolates position pairs', () => {
    const out = new Float64Array(4);
    interpolatePositions([0, 0, 100, 100], [100, 200, 100, 0], 0.25, out);
    expect([...out]).toEqual([25, 50, 100, 75]);
  });
});

describe('auto-pan', () => {
  it('pans towards the edge the pointer is near, faster closer to it', () => {
    expect(autoPanDelta(400, 300, 800, 600)).toEqual({ dx: 0, dy: 0 });
    expect(autoPanDelta(0, 300, 800, 600)).toEqual({ dx: AUTOPAN_MAX_PX, dy: 0 });
    const near = autoPanDelta(790, 590, 800, 600);
    expect(near.dx).toBeLessThan(0);
    expect(near.dy).toBeLessThan(0);
    expect(Math.abs(autoPanDelta(30, 300, 800, 600).dx)).toBeLessThan(Math.abs(autoPanDelta(10, 300, 800, 600).dx));
    expect(autoPanDelta(-50, 300, 800, 600).dx).toBe(AUTOPAN_MAX_PX);
  });
});

describe('resizeBox without movement', () => {
  it('a click on a handle (no movement) keeps an off-grid size exactly', () => {
    const box = { x: 13, y: 7, w: 581.9949654101088, h: 333.3 };
    for (const handle of ['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw'] as const) expect(resizeBox(box, handle, 0, 0)).toEqual(box);
  });
});

