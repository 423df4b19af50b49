// How a wall gives each workflow room (pure: tested on its own). Pages are laid out for the
// workflows they show, not for one fixed panel shape, and a workflow too wide for readable
// names at any fit (a 300-node chain) is drawn wrapped into bands, read like lines of text.
import { NODE_SIZE } from '../../model/constants.ts';
import { nameScale } from '../../canvas/kernels/lod.ts';
import { MAX_SCALE } from '../../canvas/kernels/camera.ts';
import { SIZES } from '../../canvas/scene/theme.ts';

/** Node names on a wall: readable from a few metres. */
export const WALL_NAME_PX = 18;
/** The largest zoom a wall fits to on a 1920-px screen: a small workflow fills its panel. */
export const WALL_MAX_SCALE = 2;

/** The largest zoom on a screen `screenW` px wide: WALL_MAX_SCALE, in proportion on larger screens, at most the canvas's MAX_SCALE. */
export function wallMaxScale(screenW: number): number {
  return Math.min(MAX_SCALE, WALL_MAX_SCALE * Math.max(1, screenW / 1920));
}
/** World units between one band of a wrapped workflow and the next: its names and the connections back. */
export const BAND_GAP = 160;
export const MAX_BANDS = 16;

export interface Placed {
  id: string;
  x: number;
  y: number;
  w?: number;
  h?: number;
}

export interface Extent {
  minX: number;
  minY: number;
  w: number;
  h: number;
}

export function extentOf(nodes: readonly Placed[]): Extent {
  if (!nodes.length) return { minX: 0, minY: 0, w: NODE_SIZE, h: NODE_SIZE };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const n of nodes) {
    minX = Math.min(minX, n.x);
    minY = Math.min(minY, n.y);
    maxX = Math.max(maxX, n.x + (n.w ?? NODE_SIZE));
    maxY = Math.max(maxY, n.y + (n.h ?? NODE_SIZE));
  }
  return { minX, minY, w: maxX - minX, h: maxY - minY };
}

/** Whether names can be drawn WALL_NAME_PX tall at scale k. */
export function namesReadable(k: number): boolean {
  return nameScale(k, SIZES.labelSize, WALL_NAME_PX) > 0;
}

/** The scale fitting a w × h drawing into a panel, as the canvas's zoomToFit chooses it. */
export function fitScale(w: number, h: number, panelW: number, panelH: number, pad: number, max = WALL_MAX_SCALE): number {
  return Math.max(0, Math.min(max, (panelW - 2 * pad) / Math.max(1, w), (panelH - 2 * pad) / Math.max(1, h)));
}

/** The drawing's size cut into `bands` slices of equal width, stacked. */
export function bandedSize(e: Extent, bands: number): { w: number; h: number } {
  return { w: (e.w - NODE_SIZE) / bands + NODE_SIZE, h: bands * e.h + (bands - 1) * BAND_GAP };
}

/**
 * Bands to draw a workflow in, and the scale that gives: 1 (its own shape) when that fit
 * already draws names WALL_NAME_PX tall or wrapping gains little, else the count fitting it largest.
 */
export function bandsFor(e: Extent, panelW: number, panelH: number, pad: number): { bands: number; k: number } {
  const k1 = fitScale(e.w, e.h, panelW, panelH, pad);
  let best = { bands: 1, k: k1 };
  if (namesReadable(k1)) return best;
  for (let n = 2; n <= MAX_BANDS; n++) {
    const s = bandedSize(e, n);
    const k = fitScale(s.w, s.h, panelW, panelH, pad);
    if (k > best.k) best = { bands: n, k };
  }
  // Wrapping changes the drawing's shape: only for a clear gain.
  return best.k >= k1 * 1.5 ? best : { bands: 1, k: k1 };
}

/** Node positions of the drawing cut into `bands` slices by x, each moved under the one before. */
export function wrapPositions(nodes: readonly Placed[], bands: number): Map<string, [number, number]> {
  const e = extentOf(nodes);
  const slice = (e.w - NODE_SIZE) / bands;
  const band = (x: number) => (bands <= 1 || slice <= 0 ? 0 : Math.min(bands - 1, Math.floor((x - e.minX) / slice)));
  // Each band starts where the first does: shifted by its own leftmost node.
  const left = new Array<number>(Math.max(1, bands)).fill(Infinity);
  for (const n of nodes) left[band(n.x)] = Math.min(left[band(n.x)]!, n.x);
  const out = new Map<string, [number, number]>();
  for (const n of nodes) {
    const i = band(n.x);
    out.set(n.id, [n.x - left[i]! + e.minX, n.y + i * (e.h + BAND_GAP)]);
  }
  return out;
}

/**
 * Columns of a page of panels on a screen w × h (each panel loses `headPx` to its header): the
 * layout whose smallest panel drawing is largest, with a little against empty cells.
 * (A fixed panel shape stacked a deep workflow into a flat panel: 20 % of its width used.)
 */
export function columnsFor(extents: readonly Extent[], w: number, h: number, headPx: number, pad: number): number {
  const n = extents.length;
  let best = 1;
  let bestScore = -Infinity;
  for (let cols = 1; cols <= Math.max(1, n); cols++) {
    const rows = Math.ceil(n / cols);
    const pw = w / cols;
    const ph = h / rows - headPx;
    const k = n ? Math.min(...extents.map((e) => bandsFor(e, pw, ph, pad).k)) : 1;
    // Ties (small workflows, all at the largest zoom): panels about twice as wide as tall.
    const score = Math.log(Math.max(1e-6, k)) - (cols * rows - n) * 0.1 - 0.01 * Math.abs(Math.log(pw / (h / rows) / 2));
    if (score > bestScore + 1e-9) {
      bestScore = score;
      best = cols;
    }
  }
  return best;
}

/** Padding kept around a wall drawing, px: room for the failure line over its top. */
export function fitPadding(screenW: number): number {
  return Math.round(Math.min(160, Math.max(64, screenW / 30)));
}
