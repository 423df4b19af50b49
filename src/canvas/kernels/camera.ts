// Camera kernel: the viewport transform (screen = world * k + (x, y)) and the plans for zoom
// to fit, zoom around a point, and the visible world rectangle. Pure; d3-zoom holds the state.
import type { Rect } from '../../../workers/spatial/kernel.ts';

export interface Camera {
  x: number;
  y: number;
  k: number;
}

export const MIN_SCALE = 0.02;
export const MAX_SCALE = 4;
/** Zoom to fit never magnifies small workflows beyond this. */
export const FIT_MAX_SCALE = 1;
export const FIT_PADDING_PX = 48;

export function clampScale(k: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, k));
}

export function screenToWorld(c: Camera, sx: number, sy: number): { x: number; y: number } {
  return { x: (sx - c.x) / c.k, y: (sy - c.y) / c.k };
}

export function worldToScreen(c: Camera, wx: number, wy: number): { x: number; y: number } {
  return { x: wx * c.k + c.x, y: wy * c.k + c.y };
}

export function visibleRect(c: Camera, width: number, height: number): Rect {
  return { minX: -c.x / c.k, minY: -c.y / c.k, maxX: (width - c.x) / c.k, maxY: (height - c.y) / c.k };
}

/** Camera that shows `bounds` centred with padding, at most `maxScale` (FIT_MAX_SCALE). */
export function fitCamera(bounds: Rect | null, width: number, height: number, padding = FIT_PADDING_PX, maxScale = FIT_MAX_SCALE): Camera {
  if (!bounds || width <= 0 || height <= 0) return { x: 0, y: 0, k: 1 };
  const bw = Math.max(1, bounds.maxX - bounds.minX);
  const bh = Math.max(1, bounds.maxY - bounds.minY);
  const k = clampScale(Math.min(maxScale, (width - 2 * padding) / bw, (height - 2 * padding) / bh));
  const cx = (bounds.minX + bounds.maxX) / 2;
  const cy = (bounds.minY + bounds.maxY) / 2;
  return { x: width / 2 - cx * k, y: height / 2 - cy * k, k };
}

/** A screen rectangle (CSS px, relative to the view) that something is drawn over. */
export interface ScreenBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

function overlaps(a: ScreenBox, b: ScreenBox): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * fitCamera, keeping the workflow clear of what is drawn over the view (the Execute button, the
 * minimap): the plain fit when nothing covers the workflow; else the fit into whichever part of
 * the view free of them gives the largest scale (nearest the view's centre among equals).
 */
export function fitAround(bounds: Rect | null, width: number, height: number, obstacles: readonly ScreenBox[], padding = FIT_PADDING_PX, maxScale = FIT_MAX_SCALE): Camera {
  const plain = fitCamera(bounds, width, height, padding, maxScale);
  if (!bounds || width <= 0 || height <= 0) return plain;
  const inView = obstacles.filter((o) => o.w > 0 && o.h > 0 && overlaps(o, { x: 0, y: 0, w: width, h: height }));
  const drawn = (c: Camera): ScreenBox => ({ x: bounds.minX * c.k + c.x, y: bounds.minY * c.k + c.y, w: (bounds.maxX - bounds.minX) * c.k, h: (bounds.maxY - bounds.minY) * c.k });
  if (!inView.some((o) => overlaps(o, drawn(plain)))) return plain;
  const edges = (lo: number, hi: number, of: (o: ScreenBox) => number[]) =>
    [...new Set([lo, hi, ...inView.flatMap(of).map((v) => Math.min(hi, Math.max(lo, v)))])].sort((a, b) => a - b);
  const xs = edges(0, width, (o) => [o.x, o.x + o.w]);
  const ys = edges(0, height, (o) => [o.y, o.y + o.h]);
  let best: { c: Camera; d: number } | undefined;
  for (let i = 0; i < xs.length; i++) for (let j = i + 1; j < xs.length; j++) {
    for (let m = 0; m < ys.length; m++) for (let n = m + 1; n < ys.length; n++) {
      const r = { x: xs[i], y: ys[m], w: xs[j] - xs[i], h: ys[n] - ys[m] };
      if (r.w <= 2 * padding || r.h <= 2 * padding || inView.some((o) => overlaps(o, r))) continue;
      const f = fitCamera(bounds, r.w, r.h, padding, maxScale);
      const c = { x: f.x + r.x, y: f.y + r.y, k: f.k };
      const d = Math.hypot(r.x + r.w / 2 - width / 2, r.y + r.h / 2 - height / 2);
      if (!best || c.k > best.c.k * (1 + 1e-9) || (c.k >= best.c.k * (1 - 1e-9) && d < best.d)) best = { c, d };
    }
  }
  // Nothing free is big enough (a small view, a tall workflow): the plain fit, overlays and all.
  return best && best.c.k >= plain.k * 0.6 ? best.c : plain;
}

/** Camera after multiplying the scale by `factor`, keeping the world point under (sx, sy) fixed. */
export function zoomAround(c: Camera, factor: number, sx: number, sy: number): Camera {
  const k = clampScale(c.k * factor);
  const wx = (sx - c.x) / c.k;
  const wy = (sy - c.y) / c.k;
  return { x: sx - wx * k, y: sy - wy * k, k };
}

/** Camera centred on a world point at scale k. */
export function centreOn(wx: number, wy: number, k: number, width: number, height: number): Camera {
  return { x: width / 2 - wx * k, y: height / 2 - wy * k, k };
}
