// What a frame does with the picture: nothing, a compositor pan (a CSS transform of the last
// rendered bitmap, which has an overscan margin), or a WebGL render. Pure; CanvasController
// applies the plan.
import type { Rect } from '../../../workers/spatial/kernel.ts';
import { visibleRect, type Camera } from '../kernels/camera.ts';

/** The canvas bitmap extends this far beyond the view on every side, for compositor panning. */
export const OVERSCAN_PX = 128;
/**
 * While the camera keeps moving, WebGL re-renders every this many frames (the compositor moves
 * the bitmap in between). Counted in frames, not ms: a slow render must not make every
 * following frame a render too.
 */
export const PAN_RENDER_EVERY_FRAMES = 8;

/**
 * Input moves the camera in steps (wheel events, pointer moves) that come slower than frames: 20–40
 * a second against 60 frames. A camera still for one frame between two steps is not at rest, and
 * rendering it (a WebGL render is a full software-rasterised frame on a machine without a GPU)
 * made every other frame of a wheel pan a render. It counts as settled once still this long, ms;
 * a camera animation's end settles at once.
 */
export const PAN_SETTLE_MS = 100;

/** Whether the camera is at rest: still since the last frame, and for PAN_SETTLE_MS after input moved it. */
export function cameraSettled(still: boolean, msSinceMove: number, movedByAnimation: boolean): boolean {
  return still && (movedByAnimation || msSinceMove >= PAN_SETTLE_MS);
}

export function sameCamera(a: Camera, b: Camera): boolean {
  return a.x === b.x && a.y === b.y && a.k === b.k;
}

/** World rectangle covered by the canvas bitmap (the view plus the overscan margin). */
export function renderedRect(cam: Camera, width: number, height: number): Rect {
  return visibleRect({ x: cam.x + OVERSCAN_PX, y: cam.y + OVERSCAN_PX, k: cam.k }, width + 2 * OVERSCAN_PX, height + 2 * OVERSCAN_PX);
}

/** The CSS transform that shows camera `cam` from the bitmap rendered at `rc`; null when that would show gaps. */
export function compositeTransform(cam: Camera, rc: Camera): string | null {
  const s = cam.k / rc.k;
  if (s < 0.8 || s > 1.25) return null;
  const tx = cam.x - (OVERSCAN_PX + rc.x) * s + OVERSCAN_PX;
  const ty = cam.y - (OVERSCAN_PX + rc.y) * s + OVERSCAN_PX;
  const limit = OVERSCAN_PX * 0.9;
  if (Math.abs(tx) > limit || Math.abs(ty) > limit) return null;
  return s === 1 ? `translate(${tx}px, ${ty}px)` : `translate(${tx}px, ${ty}px) scale(${s})`;
}

export interface FrameFacts {
  /** Something outside the drag layer, the live connections and the overlay changed. */
  changed: boolean;
  /** Only those moved (a drag step, a hover). */
  moved: boolean;
  /** Nodes animate (not only the camera). */
  contentAnimating: boolean;
  cam: Camera;
  /** The camera of the last render, null before the first. */
  rendered: Camera | null;
  /** The camera did not move since the previous frame. */
  settled: boolean;
  framesSinceRender: number;
}

export type FramePlan = { kind: 'none' } | { kind: 'composite'; transform: string } | { kind: 'render' };

/**
 * Camera-only frames are panned by the compositor; WebGL renders when content changed, when the
 * camera settles, and every PAN_RENDER_EVERY_FRAMES frames while it keeps moving.
 */
export function planFrame(f: FrameFacts): FramePlan {
  const rc = f.rendered;
  const content = f.changed || f.moved || f.contentAnimating;
  if (!content && rc && !sameCamera(f.cam, rc) && !f.settled && f.framesSinceRender < PAN_RENDER_EVERY_FRAMES) {
    const transform = compositeTransform(f.cam, rc);
    if (transform !== null) return { kind: 'composite', transform };
  }
  if (content || !rc || !sameCamera(f.cam, rc)) return { kind: 'render' };
  return { kind: 'none' };
}
