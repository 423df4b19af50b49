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
