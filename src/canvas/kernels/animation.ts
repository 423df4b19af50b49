// Animation kernels: easing, camera flights (focusNode) and node moves (tidy up). Pure: the
// canvas samples them once per frame with the elapsed time.
import type { Camera } from './camera.ts';

export function easeInOutCubic(t: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Progress 0..1 of an animation started at `start` lasting `duration` ms, eased. */
export function progress(start: number, now: number, duration: number): number {
  if (!(duration > 0)) return 1;
  return easeInOutCubic((now - start) / duration);
}

/**
 * Camera between a and b at t (0..1), for a view of width × height: the zoom moves
 * geometrically (equal ratios per step) and the world point at the view's centre moves along
 * a straight line, so the flight neither swoops nor jumps.
 */
export function interpolateCamera(a: Camera, b: Camera, t: number, width: number, height: number): Camera {
  if (t <= 0) return a;
  if (t >= 1) return b;
  const k = a.k * (b.k / a.k) ** t;
  const ca = { x: (width / 2 - a.x) / a.k, y: (height / 2 - a.y) / a.k };
  const cb = { x: (width / 2 - b.x) / b.k, y: (height / 2 - b.y) / b.k };
  const cx = ca.x + (cb.x - ca.x) * t;
  const cy = ca.y + (cb.y - ca.y) * t;
  return { x: width / 2 - cx * k, y: height / 2 - cy * k, k };
}

/**
 * Positions at t: `from` and `to` hold x, y pairs (same order); writes into `out`.
 */
export function interpolatePositions(from: ArrayLike<number>, to: ArrayLike<number>, t: number, out: Float64Array): void {
  const n = Math.min(from.length, to.length, out.length);
  for (let i = 0; i < n; i++) out[i] = from[i] + (to[i] - from[i]) * t;
}
