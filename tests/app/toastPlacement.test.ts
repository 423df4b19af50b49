import { describe, expect, it } from 'vitest';
import { isCanvasRoute, TOAST_WIDTH, toastPlacement, type Box, type ToastPlace } from '../../src/app/toasts/toastPlacement.ts';

const view = { width: 1440, height: 900 };

/** The toast column's box for a toast of `h` pixels. */
function box(p: ToastPlace, h: number): Box {
  const left = p.left ?? view.width - (p.right ?? 0) - p.width;
  const top = p.top ?? view.height - (p.bottom ?? 0) - Math.min(h, p.maxHeight ?? h);
  return { left, top, right: left + p.width, bottom: top + Math.min(h, p.maxHeight ?? h) };
}
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('toast placement', () => {
  it('over the canvas: the default place', () => {
    expect(toastPlacement({ view })).toBeUndefined();
  });

  it('on a page without a canvas: the bottom right, clear of the title row and its buttons', () => {
    const p = toastPlacement({ view, page: true })!;
    expect(p).toEqual({ right: 16, bottom: 16, width: TOAST_WIDTH });
    // The gallery's top row (heading, New blank workflow / Use workflow) under the header.
    expect(overlaps(box(p, 120), { left: 80, top: 56, right: 1440, bottom: 160 })).toBe(false);
    expect(['/workflow', '/workflow/abc', '/workflows/templates/3', '/workflows/demo', '/execution/5', '/wall'].every(isCanvasRoute)).toBe(true);
    expect(['/templates/', '/templates/3', '/collections/2', '/settings/users', '/signin', '/workflowsx'].some(isCanvasRoute)).toBe(false);
  });

  it('with the NDV open: bottom right of the panel, above the output pagination, clear of the output header', () => {
    const ndv = { left: 80, top: 76, right: 1416, bottom: 876 };
    const p = toastPlacement({ view, ndv, ndvFooterTop: 836 })!;
    expect(p.right).toBe(40);
    const b = box(p, 180);
    expect(b.bottom).toBeLessThanOrEqual(836);
    const outputHeader = { left: 950, top: 76, right: 1416, bottom: 140 };
    expect(overlaps(b, outputHeader)).toBe(false);
    // Without pagination: the panel's own bottom.
    expect(box(toastPlacement({ view, ndv })!, 100).bottom).toBeLessThanOrEqual(876);
  });

  it('beside a small dialog, full width', () => {
    const dialog = { left: 490, top: 300, right: 950, bottom: 600 };
    const p = toastPlacement({ view, dialog })!;
    expect(p.width).toBe(TOAST_WIDTH);
    expect(overlaps(box(p, 200), dialog)).toBe(false);
  });

  it('beside a wide dialog, narrower; below or above one that fills the width', () => {
    const wide = { left: 252, top: 90, right: 1188, bottom: 810 };
    const p = toastPlacement({ view, dialog: wide })!;
    expect(p.width).toBe(1440 - 1188 - 32);
    expect(overlaps(box(p, 300), wide)).toBe(false);

    const full = { left: 40, top: 200, right: 1400, bottom: 700 };
    const q = toastPlacement({ view, dialog: full })!;
    expect(q.maxHeight).toBe(900 - 700 - 32);
    expect(overlaps(box(q, 400), full)).toBe(false);
    const high = { left: 40, top: 400, right: 1400, bottom: 890 };
    const r = toastPlacement({ view, dialog: high })!;
    expect(r.top).toBe(16);
    expect(overlaps(box(r, 400), high)).toBe(false);
  });
});
