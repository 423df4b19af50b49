// Camera commands: zoom to fit, reset zoom, centre on a point (the minimap), fly to a node
// (focusNode) and keep a node in view (arrow keys, reveal). Plans come from kernels/camera.ts;
// this part only decides which plan, whether it is animated, and stops a running flight first.
// It knows nothing of Pixi, the document or the DOM: the editor and the wall give it a host.
import type { Rect } from '../../../workers/spatial/kernel.ts';
import { centreOn, fitAround, screenToWorld, worldToScreen, type Camera, type ScreenBox } from '../kernels/camera.ts';

/** Margin (screen px) kept between a node reached by the arrow keys and the view's edge. */
export const KEEP_IN_VIEW_PX = 60;
/** Duration of focusNode's flight and of keepInView's pan (ms). */
export const FOCUS_FLIGHT_MS = 300;
export const KEEP_IN_VIEW_MS = 200;

export interface CameraHost {
  camera(): Camera;
  /** Sets the camera now (d3-zoom). */
  set(c: Camera): void;
  /** Stops a running camera flight (Motion). */
  stopFlight(): void;
  /** Starts a camera flight (Motion). */
  flyTo(c: Camera, durationMs: number, now: number): void;
  /** The view's size in CSS px. */
  size(): [number, number];
  /** The content's world bounds, null when empty. */
  bounds(): Rect | null;
  /** What is drawn over the view (minimap, Execute button), in view px: a fit keeps clear of it. */
  obstacles?(): ScreenBox[];
  now(): number;
}

export interface CameraFit {
  fitPaddingPx?: number;
  fitMaxScale?: number;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export class CameraCommands {
  private readonly host: CameraHost;
  private readonly fit: CameraFit;

  constructor(host: CameraHost, fit: CameraFit = {}) {
    this.host = host;
    this.fit = fit;
  }

  zoomToFit(): void {
    this.host.stopFlight();
    const [w, h] = this.host.size();
    this.host.set(fitAround(this.host.bounds(), w, h, this.host.obstacles?.() ?? [], this.fit.fitPaddingPx, this.fit.fitMaxScale));
  }

  /** Scale 1 around the view's centre. */
  resetZoom(): void {
    this.host.stopFlight();
    const [w, h] = this.host.size();
    const c = screenToWorld(this.host.camera(), w / 2, h / 2);
    this.host.set(centreOn(c.x, c.y, 1, w, h));
  }

  /** Centres the view on a world point at the current scale (a minimap click). */
  centreOn(x: number, y: number): void {
    this.host.stopFlight();
    const [w, h] = this.host.size();
    this.host.set(centreOn(x, y, this.host.camera().k, w, h));
  }

  /** The world point at the view's centre. */
  viewCentre(): [number, number] {
    const [w, h] = this.host.size();
    const p = screenToWorld(this.host.camera(), w / 2, h / 2);
    return [p.x, p.y];
  }

  /** Centres a node's box at a scale of at least 1, flown (300 ms) or at once. */
  focus(box: Box, animate: boolean): void {
    const [w, h] = this.host.size();
    const k = Math.max(this.host.camera().k, 1);
    const target = centreOn(box.x + box.w / 2, box.y + box.h / 2, k, w, h);
    if (animate) this.host.flyTo(target, FOCUS_FLIGHT_MS, this.host.now());
    else {
      this.host.stopFlight();
      this.host.set(target);
    }
  }

  /**
   * Shows a world box whole (pasted or imported nodes): nothing when it is in view and clear of
   * the overlays; else flown to the fit of the box, never closer than the current zoom.
   */
  show(bounds: Rect): void {
    const cam = this.host.camera();
    const [w, h] = this.host.size();
    if (w <= 0 || h <= 0) return;
    const obstacles = this.host.obstacles?.() ?? [];
    const target = fitAround(bounds, w, h, obstacles, this.fit.fitPaddingPx, cam.k);
    if (target.k >= cam.k && insideView(cam, bounds, w, h, obstacles)) return;
    this.host.flyTo(target, FOCUS_FLIGHT_MS, this.host.now());
  }

  /** Pans (animated) just enough to show the box with a margin; nothing when it is in view. */
  keepInView(box: Box): void {
    const cam = this.host.camera();
    const [w, h] = this.host.size();
    const d = keepInViewDelta(cam, box, w, h);
    if (d.dx || d.dy) this.host.flyTo({ x: cam.x + d.dx, y: cam.y + d.dy, k: cam.k }, KEEP_IN_VIEW_MS, this.host.now());
  }
}

/** The screen shift that brings a world box within KEEP_IN_VIEW_PX of the view's edges (0, 0 when it is). */
export function keepInViewDelta(cam: Camera, box: Box, width: number, height: number, m = KEEP_IN_VIEW_PX): { dx: number; dy: number } {
  const a = worldToScreen(cam, box.x, box.y);
  const b = worldToScreen(cam, box.x + box.w, box.y + box.h);
  let dx = 0;
  let dy = 0;
  if (a.x < m) dx = m - a.x;
  else if (b.x > width - m) dx = width - m - b.x;
  if (a.y < m) dy = m - a.y;
  else if (b.y > height - m) dy = height - m - b.y;
  return { dx, dy };
}

/** Whether a world box is on screen whole, with nothing drawn over it. */
function insideView(cam: Camera, b: Rect, width: number, height: number, obstacles: readonly ScreenBox[]): boolean {
  const a = worldToScreen(cam, b.minX, b.minY);
  const z = worldToScreen(cam, b.maxX, b.maxY);
  if (a.x < 0 || a.y < 0 || z.x > width || z.y > height) return false;
  return !obstacles.some((o) => o.x < z.x && a.x < o.x + o.w && o.y < z.y && a.y < o.y + o.h);
}
