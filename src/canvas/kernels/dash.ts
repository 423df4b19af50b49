// Dashes along a cubic curve (Pixi's Graphics has no dashed stroke): the curve is flattened into
// chords, and the chords are cut into dash-long pieces with gap-long holes, continuing the
// pattern across chords. Connections of other types than main are drawn this way, as n8n draws
// its sub-node connections (stroke-dasharray 8, 8).
import { bezierPoint } from '../../../workers/spatial/geometry.ts';

const p = new Float64Array(2);

/**
 * Appends the dashes of curve `c` (8 numbers) to `out` as x0, y0, x1, y1 per dash and returns
 * how many it appended. `segments` chords flatten the curve (more for longer curves).
 */
export function dashCurve(c: ArrayLike<number>, dash: number, gap: number, out: number[], segments = 24): number {
  if (!(dash > 0) || !(gap >= 0)) return 0;
  const period = dash + gap;
  let count = 0;
  let phase = 0; // distance into the current period
  let px = c[0];
  let py = c[1];
  for (let i = 1; i <= segments; i++) {
    bezierPoint(c, i / segments, p);
    const qx = p[0];
    const qy = p[1];
    const len = Math.hypot(qx - px, qy - py);
    let t = 0; // distance along this chord
    while (t < len) {
      const inDash = phase < dash;
      const room = (inDash ? dash : period) - phase;
      const step = Math.min(room, len - t);
      if (inDash && step > 0) {
        const a = t / len;
        const b = (t + step) / len;
        out.push(px + (qx - px) * a, py + (qy - py) * a, px + (qx - px) * b, py + (qy - py) * b);
        count++;
      }
      t += step;
      phase += step;
      if (phase >= period) phase -= period;
    }
    px = qx;
    py = qy;
  }
  return count;
}

function hullLength(c: ArrayLike<number>): number {
  return Math.hypot(c[2] - c[0], c[3] - c[1]) + Math.hypot(c[4] - c[2], c[5] - c[3]) + Math.hypot(c[6] - c[4], c[7] - c[5]);
}

/** Chords enough for a smooth dashed curve of about this length (a bound on the work per curve). */
export function dashSegmentsFor(c: ArrayLike<number>): number {
  return Math.max(8, Math.min(64, Math.ceil(hullLength(c) / 24)));
}

/**
 * Chords for a curve drawn at most half size (the simplified level): ~32 world units, ≤ 16 px on
 * screen. Pixi flattens a curve for its world size (~20 chords for a connection), and every
 * chord is triangles a software rasteriser pays for in every frame of an overview.
 */
export function smallCurveChords(c: ArrayLike<number>): number {
  return Math.max(4, Math.min(32, Math.ceil(hullLength(c) / 32)));
}

/** Appends the polyline of curve `c` in `n` chords to `out` (x, y per point, the start included). */
export function flattenCurve(c: ArrayLike<number>, n: number, out: number[]): void {
  out.push(c[0], c[1]);
  for (let i = 1; i <= n; i++) {
    bezierPoint(c, i / n, p);
    out.push(p[0], p[1]);
  }
}
