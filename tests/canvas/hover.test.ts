// The hover part (src/canvas/interaction/Hover.ts) against a fake host: a hovered connection
// gets its curve and buttons, a plus its ring and the hint, read-only mode no buttons, and
// nothing is redrawn while the pointer stays on the same thing.
import { describe, expect, it } from 'vitest';
import { NODE_STRIDE, PLUS_CENTER_DX, PLUS_SIZE } from '../../workers/spatial/geometry.ts';
import type { Hit } from '../../workers/spatial/kernel.ts';
import { Hover, type HoverHost } from '../../src/canvas/interaction/Hover.ts';
import { edgeButtonAt, type OverlayState } from '../../src/canvas/scene/Overlay.ts';

function setup(opts: { readOnly?: boolean; full?: boolean; sub?: boolean } = {}) {
  let hit: Hit | null = null;
  let changes = 0;
  const hints: string[] = [];
  const overlay: OverlayState = { band: null, preview: null, selectedCurves: [], hoverCurve: null, hoverPort: null, edgeButtons: null };
  const nodes = new Float64Array(NODE_STRIDE * 2);
  nodes.set([100, 100, 100, 100, 1, 1], NODE_STRIDE); // slot 1: a node at (100, 100), 100 × 100, one input, one output
  const host: HoverHost = {
    camera: () => ({ x: 0, y: 0, k: 1 }),
    hit: () => hit,
    // A straight connection from (0, 0) to (300, 0).
    curveOf: (_e, out) => out.set([0, 0, 100, 0, 200, 0, 300, 0]),
    isSub: () => !!opts.sub,
    nodes: () => nodes,
    readOnly: () => !!opts.readOnly,
    fullDetail: () => opts.full !== false,
    hint: { showSoon: (at) => hints.push(`soon ${JSON.stringify(at())}`), hide: (now) => hints.push(`hide ${now}`) },
    changed: () => changes++,
  };
  const hover = new Hover(host, overlay);
  return { hover, overlay, hints, changes: () => changes, setHit: (h: Hit | null) => (hit = h) };
}

describe('Hover', () => {
  it('a connection: its curve, add and delete buttons at the midpoint; the same hit again changes nothing', () => {
    const t = setup();
    t.setHit({ kind: 'edge', slot: 7, index: 0 });
    t.hover.update(150, 0);
    expect(t.overlay.hoverCurve).toEqual(new Float64Array([0, 0, 100, 0, 200, 0, 300, 0]));
    expect(t.overlay.edgeButtons).toEqual({ x: 150, y: 0, hot: null, add: true });
    expect(t.hover.edge).toEqual({ slot: 7, x: 150, y: 0, add: true });
    expect(t.changes()).toBe(1);
    t.hover.update(151, 0);
    expect(t.changes()).toBe(1);
  });

  it('over a button the connection stays hovered and the button turns hot', () => {
    const t = setup();
    t.setHit({ kind: 'edge', slot: 7, index: 0 });
    t.hover.update(150, 0);
    t.setHit(null);
    // Find a point on the delete button.
    let x = 150;
    while (edgeButtonAt(150, 0, x, 0, 1, true) !== 'delete') x++;
    t.hover.update(x, 0);
    expect(t.overlay.edgeButtons?.hot).toBe('delete');
    expect(t.hover.edge?.slot).toBe(7);
    expect(t.changes()).toBe(2);
  });

  it('a sub-node connection has no add button; read-only and reduced detail have no buttons', () => {
    const sub = setup({ sub: true });
    sub.setHit({ kind: 'edge', slot: 1, index: 0 });
    sub.hover.update(0, 0);
    expect(sub.overlay.edgeButtons?.add).toBe(false);
    for (const o of [{ readOnly: true }, { full: false }]) {
      const t = setup(o);
      t.setHit({ kind: 'edge', slot: 1, index: 0 });
      t.hover.update(0, 0);
      expect(t.overlay.hoverCurve).not.toBeNull();
      expect(t.overlay.edgeButtons).toBeNull();
      expect(t.hover.edge).toBeNull();
    }
  });

  it('a plus button: a ring and the hint above it; leaving hides the hint; clear resets all', () => {
    const t = setup();
    t.setHit({ kind: 'plus', slot: 1, index: 0 });
    t.hover.update(0, 0);
    expect(t.overlay.hoverPort).toEqual({ x: 200 + PLUS_CENTER_DX, y: 150, r: PLUS_SIZE * 0.75 });
    expect(t.hints).toEqual([`soon ${JSON.stringify({ x: 200 + PLUS_CENTER_DX, y: 150 - PLUS_SIZE / 2 })}`]);
    t.setHit({ kind: 'input', slot: 1, index: 0 });
    t.hover.update(0, 0);
    expect(t.overlay.hoverPort).toEqual({ x: 100, y: 150, r: 12 });
    expect(t.hints.at(-1)).toBe('hide false');
    t.hover.clear();
    expect(t.overlay.hoverPort).toBeNull();
    const n = t.changes();
    t.hover.clear();
    expect(t.changes()).toBe(n);
  });

  it('read-only: no port rings or hint', () => {
    const t = setup({ readOnly: true });
    t.setHit({ kind: 'plus', slot: 1, index: 0 });
    t.hover.update(0, 0);
    expect(t.overlay.hoverPort).toBeNull();
    expect(t.hints).toEqual(['hide false']);
  });
});
