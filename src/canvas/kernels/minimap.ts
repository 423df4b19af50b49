// Minimap mapping: the content's bounds fitted into the minimap's box, both ways, plus the
// viewport rectangle in minimap pixels. Pure; the minimap view draws and listens.
import type { Rect } from '../../../workers/spatial/kernel.ts';

export interface MinimapLayout {
  /** Minimap px per world unit. */
  scale: number;
  /** Minimap px of world (0, 0). */
  ox: number;
  oy: number;
}

/** Fits `content` (padded by 5 %) centred into a width × height box. */
export function minimapLayout(content: Rect | null, width: number, height: number): MinimapLayout {
  if (!content || width <= 0 || height <= 0) return { scale: 1, ox: width / 2, oy: height / 2 };
  const cw = Math.max(1, content.maxX - content.minX);
  const ch = Math.max(1, content.maxY - content.minY);
  const pad = 0.05;
  const scale = Math.min(width / (cw * (1 + 2 * pad)), height / (ch * (1 + 2 * pad)));
  const cx = (content.minX + content.maxX) / 2;
  const cy = (content.minY + content.maxY) / 2;
  return { scale, ox: width / 2 - cx * scale, oy: height / 2 - cy * scale };
}

export function worldToMinimap(l: MinimapLayout, x: number, y: number): { x: number; y: number } {
  return { x: x * l.scale + l.ox, y: y * l.scale + l.oy };
}

export function minimapToWorld(l: MinimapLayout, mx: number, my: number): { x: number; y: number } {
  return { x: (mx - l.ox) / l.scale, y: (my - l.oy) / l.scale };
}

/** The viewport rectangle in minimap px, clipped to the minimap box. */
export function viewportInMinimap(l: MinimapLayout, view: Rect, width: number, height: number): Rect {
  const a = worldToMinimap(l, view.minX, view.minY);
  const b = worldToMinimap(l, view.maxX, view.maxY);
  return {
    minX: Math.max(0, Math.min(width, a.x)),
    minY: Math.max(0, Math.min(height, a.y)),
    maxX: Math.max(0, Math.min(width, b.x)),
    maxY: Math.max(0, Math.min(height, b.y)),
  };
}

/** 0xRRGGBB → an opaque ImageData pixel read as a little-endian uint32 (bytes R, G, B, A). */
export function pixelColor(rgb: number): number {
  return (0xff000000 | ((rgb & 0xff) << 16) | (rgb & 0xff00) | ((rgb >> 16) & 0xff)) >>> 0;
}

/**
 * Fills the box (x, y, bw, bh) in minimap px into a width × height pixel buffer, snapped to whole
 * pixels and at least one pixel each way (so a 10,000-node overview still shows every node);
 * with `outline`, the box's border pixels get that colour instead.
 */
export function fillBox(px: Uint32Array, width: number, height: number, x: number, y: number, bw: number, bh: number, color: number, outline?: number): void {
  const x0 = Math.round(x);
  const y0 = Math.round(y);
  const x1 = Math.max(x0 + 1, Math.round(x + bw));
  const y1 = Math.max(y0 + 1, Math.round(y + bh));
  const cx0 = Math.max(0, x0);
  const cy0 = Math.max(0, y0);
  const cx1 = Math.min(width, x1);
  const cy1 = Math.min(height, y1);
  for (let row = cy0; row < cy1; row++) {
    const edgeRow = outline !== undefined && (row === y0 || row === y1 - 1);
    const base = row * width;
    for (let col = cx0; col < cx1; col++) {
      px[base + col] = edgeRow || (outline !== undefined && (col === x0 || col === x1 - 1)) ? outline! : color;
    }
  }
}
