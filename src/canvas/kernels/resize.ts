// Sticky-note resizing: which edge or corner the pointer is on, and the box after dragging it.
// Moved edges land on the grid; the opposite edge stays put; the box keeps a minimum size.
import { GRID_SIZE } from '../../model/constants.ts';

export type ResizeHandle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** n8n's smallest sticky. */
export const STICKY_MIN_WIDTH = 150;
export const STICKY_MIN_HEIGHT = 80;

/** The handle under (px, py) within `tol` world units of the box's border, or null. */
export function handleAt(b: Box, px: number, py: number, tol: number): ResizeHandle | null {
  if (px < b.x - tol || px > b.x + b.w + tol || py < b.y - tol || py > b.y + b.h + tol) return null;
  const n = Math.abs(py - b.y) <= tol;
  const s = Math.abs(py - (b.y + b.h)) <= tol;
  const w = Math.abs(px - b.x) <= tol;
  const e = Math.abs(px - (b.x + b.w)) <= tol;
  const v = n ? 'n' : s ? 's' : '';
  const h = w ? 'w' : e ? 'e' : '';
  return (v + h || null) as ResizeHandle | null;
}

function snap(v: number, grid: number): number {
  return Math.round(v / grid) * grid || 0;
}

/** The box after moving `handle` by (dx, dy) world units. */
export function resizeBox(b: Box, handle: ResizeHandle, dx: number, dy: number, minW = STICKY_MIN_WIDTH, minH = STICKY_MIN_HEIGHT, grid = GRID_SIZE): Box {
  // An edge not moved stays where it is: a click on a handle snapped an imported 581.99-wide note to 580.
  if (dx === 0 && dy === 0) return { ...b };
  let { x, y, w, h } = b;
  const right = b.x + b.w;
  const bottom = b.y + b.h;
  if (handle.includes('e')) w = Math.max(minW, snap(right + dx, grid) - b.x);
  if (handle.includes('s')) h = Math.max(minH, snap(bottom + dy, grid) - b.y);
  if (handle.includes('w')) {
    x = Math.min(snap(b.x + dx, grid), right - minW);
    w = right - x;
  }
  if (handle.includes('n')) {
    y = Math.min(snap(b.y + dy, grid), bottom - minH);
    h = bottom - y;
  }
  return { x, y, w, h };
}

export function cursorForHandle(h: ResizeHandle): string {
  return h === 'n' || h === 's' ? 'ns-resize' : h === 'e' || h === 'w' ? 'ew-resize' : h === 'ne' || h === 'sw' ? 'nesw-resize' : 'nwse-resize';
}
