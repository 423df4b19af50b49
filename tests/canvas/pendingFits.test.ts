import { describe, expect, it } from 'vitest';
import { CameraCommands, type CameraHost } from '../../src/canvas/camera/CameraCommands.ts';
import { PendingFits, SHOW_WAIT_FRAMES } from '../../src/canvas/camera/PendingFits.ts';
import type { Camera, ScreenBox } from '../../src/canvas/kernels/camera.ts';
import type { Rect } from '../../workers/spatial/kernel.ts';

function setup() {
  const s = {
    cam: { x: 0, y: 0, k: 1 } as Camera,
    flights: [] as Camera[],
    ready: false,
    content: null as Rect | null,
    laid: new Map<string, Rect>(),
    obstacles: [] as ScreenBox[],
    invalidations: 0,
  };
  const host: CameraHost = {
    camera: () => s.cam,
    set: (c) => (s.cam = c),
    stopFlight: () => undefined,
    flyTo: (c) => void s.flights.push(c),
    size: () => [1000, 800],
    bounds: () => s.content,
    obstacles: () => s.obstacles,
    now: () => 0,
  };
  const fits = new PendingFits(
    {
      ready: () => s.ready,
      hasContent: () => s.content !== null,
      boundsOf: (ids) => {
        const boxes = ids.map((id) => s.laid.get(id)).filter((b): b is Rect => !!b);
        if (!boxes.length) return null;
        return { minX: Math.min(...boxes.map((b) => b.minX)), minY: Math.min(...boxes.map((b) => b.minY)), maxX: Math.max(...boxes.map((b) => b.maxX)), maxY: Math.max(...boxes.map((b) => b.maxY)) };
      },
      invalidate: () => void s.invalidations++,
    },
    new CameraCommands(host),
  );
  return { s, fits };
}

describe('PendingFits', () => {
  it('a fit asked before the canvas can do it waits for the first frame that can, then is done once', () => {
    const { s, fits } = setup();
    fits.zoomToFit();
    expect(fits.fitPending).toBe(true);
    expect(s.invalidations).toBe(1);
    expect(fits.apply()).toBe(false); // not ready
    s.ready = true;
    expect(fits.apply()).toBe(false); // no nodes yet
    s.content = { minX: 0, minY: 0, maxX: 4000, maxY: 1000 };
    expect(fits.apply()).toBe(true);
    expect(s.cam.k).toBeCloseTo((1000 - 96) / 4000);
    expect(fits.fitPending).toBe(false);
    expect(fits.apply()).toBe(false);
  });

  it('fits at once when it can', () => {
    const { s, fits } = setup();
    s.ready = true;
    s.content = { minX: 0, minY: 0, maxX: 100, maxY: 100 };
    fits.zoomToFit();
    expect(fits.fitPending).toBe(false);
    expect(s.cam.k).toBe(1);
  });

  it('shows new nodes once laid out: flown out to them when they do not fit, nothing when they are in view', () => {
    const { s, fits } = setup();
    s.ready = true;
    fits.showNodes(['a', 'b']);
    fits.apply(); // not laid out yet: waits
    expect(s.flights).toEqual([]);
    s.laid.set('a', { minX: 0, minY: 0, maxX: 100, maxY: 150 });
    s.laid.set('b', { minX: 3900, minY: 0, maxX: 4000, maxY: 150 });
    fits.apply();
    expect(s.flights).toHaveLength(1);
    expect(s.flights[0]!.k).toBeLessThan(1);
    fits.apply();
    expect(s.flights).toHaveLength(1);
    // In view already: the camera stays.
    fits.showNodes(['small']);
    s.laid.set('small', { minX: 200, minY: 200, maxX: 300, maxY: 350 });
    fits.apply();
    expect(s.flights).toHaveLength(1);
    // Under an overlay: moved clear of it, at the same zoom.
    s.obstacles = [{ x: 150, y: 150, w: 300, h: 300 }];
    fits.showNodes(['small']);
    fits.apply();
    expect(s.flights).toHaveLength(2);
    expect(s.flights[1]!.k).toBe(1);
  });

  it('drops a show whose nodes never appear', () => {
    const { s, fits } = setup();
    s.ready = true;
    fits.showNodes(['ghost']);
    for (let i = 0; i <= SHOW_WAIT_FRAMES + 2; i++) fits.apply();
    s.laid.set('ghost', { minX: 0, minY: 0, maxX: 5000, maxY: 100 });
    fits.apply();
    expect(s.flights).toEqual([]);
  });
});
