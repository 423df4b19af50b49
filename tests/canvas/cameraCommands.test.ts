// The camera part (src/canvas/camera/CameraCommands.ts) against a fake host: which camera each
// command sets or flies to, and that a running flight is stopped first.
import { describe, expect, it } from 'vitest';
import { CameraCommands, KEEP_IN_VIEW_PX, keepInViewDelta, type CameraHost } from '../../src/canvas/camera/CameraCommands.ts';
import type { Camera } from '../../src/canvas/kernels/camera.ts';
import type { Rect } from '../../workers/spatial/kernel.ts';

function host(cam: Camera, bounds: Rect | null = null, size: [number, number] = [1000, 600]) {
  const log: string[] = [];
  const sets: Camera[] = [];
  const flights: Array<{ c: Camera; ms: number }> = [];
  const h: CameraHost = {
    camera: () => cam,
    set: (c) => { log.push('set'); sets.push(c); cam = c; },
    stopFlight: () => log.push('stop'),
    flyTo: (c, ms) => { log.push('fly'); flights.push({ c, ms }); },
    size: () => size,
    bounds: () => bounds,
    now: () => 0,
  };
  return { h, log, sets, flights };
}

describe('CameraCommands', () => {
  it('zoom to fit stops a flight, then centres the content with the given padding and cap', () => {
    const t = host({ x: 5, y: 5, k: 3 }, { minX: 0, minY: 0, maxX: 200, maxY: 100 });
    new CameraCommands(t.h, { fitPaddingPx: 0, fitMaxScale: 2 }).zoomToFit();
    expect(t.log).toEqual(['stop', 'set']);
    expect(t.sets[0]).toEqual({ x: 300, y: 200, k: 2 });
    const empty = host({ x: 5, y: 5, k: 3 }, null);
    new CameraCommands(empty.h).zoomToFit();
    expect(empty.sets[0]).toEqual({ x: 0, y: 0, k: 1 });
  });

  it('reset zoom keeps the world point at the view centre and sets scale 1', () => {
    const t = host({ x: -100, y: 50, k: 2 });
    const cmds = new CameraCommands(t.h);
    const before = cmds.viewCentre();
    cmds.resetZoom();
    expect(t.log).toEqual(['stop', 'set']);
    expect(t.sets[0].k).toBe(1);
    expect(cmds.viewCentre()).toEqual(before);
  });

  it('centreOn (the minimap) keeps the scale', () => {
    const t = host({ x: 0, y: 0, k: 0.5 });
    new CameraCommands(t.h).centreOn(1000, 400);
    expect(t.log).toEqual(['stop', 'set']);
    expect(t.sets[0]).toEqual({ x: 500 - 500, y: 300 - 200, k: 0.5 });
  });

  it('focus flies 300 ms to the node centre at a scale of at least 1, or jumps there', () => {
    const box = { x: 100, y: 100, w: 100, h: 100 };
    const t = host({ x: 0, y: 0, k: 0.25 });
    new CameraCommands(t.h).focus(box, true);
    expect(t.flights).toEqual([{ c: { x: 500 - 150, y: 300 - 150, k: 1 }, ms: 300 }]);
    expect(t.sets).toEqual([]);
    const z = host({ x: 0, y: 0, k: 2 });
    new CameraCommands(z.h).focus(box, false);
    expect(z.log).toEqual(['stop', 'set']);
    expect(z.sets[0]).toEqual({ x: 500 - 300, y: 300 - 300, k: 2 });
  });

  it('keepInView pans only by what brings the box inside the margin, and not at all when it is in view', () => {
    const cam = { x: 0, y: 0, k: 1 };
    expect(keepInViewDelta(cam, { x: 100, y: 100, w: 100, h: 100 }, 1000, 600)).toEqual({ dx: 0, dy: 0 });
    expect(keepInViewDelta(cam, { x: -50, y: 580, w: 100, h: 100 }, 1000, 600)).toEqual({ dx: KEEP_IN_VIEW_PX + 50, dy: 600 - KEEP_IN_VIEW_PX - 680 });
    const t = host(cam);
    const cmds = new CameraCommands(t.h);
    cmds.keepInView({ x: 100, y: 100, w: 100, h: 100 });
    expect(t.log).toEqual([]);
    cmds.keepInView({ x: 950, y: 100, w: 100, h: 100 });
    expect(t.flights).toEqual([{ c: { x: 1000 - KEEP_IN_VIEW_PX - 1050, y: 0, k: 1 }, ms: 200 }]);
  });
});
