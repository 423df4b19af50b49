// Culling kernel: which world rectangle to ask the spatial index for, and when to ask again.
// The query covers the viewport plus a margin, so panning inside it needs no new answer and
// the asynchronous (worker) answer is rarely on the critical path.
import type { Rect } from '../../../workers/spatial/kernel.ts';

/** Margin added on each side, as a fraction of the viewport's width and height. */
export const CULL_MARGIN = 0.5;
/** Ask again when the scale changed by more than this factor since the covered query. */
export const CULL_RESCALE = 1.6;

export function expandRect(r: Rect, fraction: number): Rect {
  const dx = (r.maxX - r.minX) * fraction;
  const dy = (r.maxY - r.minY) * fraction;
  return { minX: r.minX - dx, minY: r.minY - dy, maxX: r.maxX + dx, maxY: r.maxY + dy };
}

export function containsRect(outer: Rect, inner: Rect): boolean {
  return inner.minX >= outer.minX && inner.minY >= outer.minY && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY;
}

export interface CoveredQuery {
  rect: Rect;
  scale: number;
}

/** A new query is needed when the viewport left the covered rectangle or the zoom moved a lot. */
export function needsQuery(covered: CoveredQuery | null, viewport: Rect, scale: number): boolean {
  if (!covered) return true;
  if (!containsRect(covered.rect, viewport)) return true;
  const ratio = scale / covered.scale;
  return ratio > CULL_RESCALE || ratio < 1 / CULL_RESCALE;
}

export interface SetDiff {
  entered: number[];
  exited: number[];
}

/**
 * Difference between the current visible slots (a Set) and a new answer. `mark` is scratch
 * space indexed by slot (grown as needed) so the diff is linear without allocating sets.
 */
export function diffVisible(current: Set<number>, next: ArrayLike<number>, mark: { buf: Uint8Array }): SetDiff {
  let max = 0;
  for (let i = 0; i < next.length; i++) if (next[i] > max) max = next[i];
  if (mark.buf.length <= max) mark.buf = new Uint8Array(Math.max(max + 1, mark.buf.length * 2));
  const buf = mark.buf;
  const entered: number[] = [];
  for (let i = 0; i < next.length; i++) {
    const s = next[i];
    if (buf[s]) continue;
    buf[s] = 1;
    if (!current.has(s)) entered.push(s);
  }
  const exited: number[] = [];
  for (const s of current) if (s >= buf.length || !buf[s]) exited.push(s);
  for (let i = 0; i < next.length; i++) buf[next[i]] = 0;
  return { entered, exited };
}
