// The minimap: a small overlay (bottom right) with its own 2D-canvas drawing of every node box
// from the geometry arrays, one path per colour, and the viewport as a DOM rectangle. Boxes are
// redrawn only when the geometry changed (at most every REDRAW_MS; `flush` draws a pending
// change at once, for whenIdle); panning moves the rectangle only. Stickies are drawn under the
// nodes in their own n8n colour. The panel is opaque (white, as the app's controls), so the
// canvas never shows through it. Pressing or dragging on it centres the view there.
// Boxes are written as pixels into an ImageData (a path of 10,000 rectangles took Skia 20–30 ms
// on the CPU; on a GPU-backed canvas its rasterisation held the GPU process's next swap, and
// with it the next animation frame, for ~1 s under SwiftShader in a fifth of 10,000-node opens).
import { NODE_STRIDE, N_FLAGS, N_H, N_W, N_X, N_Y, FLAG_ALIVE, FLAG_STICKY } from '../../../workers/spatial/geometry.ts';
import type { Rect, SpatialState } from '../../../workers/spatial/kernel.ts';
import { fillBox, minimapLayout, minimapToWorld, pixelColor, viewportInMinimap, worldToMinimap, type MinimapLayout } from '../kernels/minimap.ts';
import { STICKY_COLORS, THEME } from './theme.ts';

export const MINIMAP_WIDTH = 200;
export const MINIMAP_HEIGHT = 130;
const MINIMAP_BORDER = 0xd7d7de;
const REDRAW_MS = 250;

const hex = (c: number) => '#' + c.toString(16).padStart(6, '0');

/** A sticky's fill and outline in the minimap, by n8n's color parameter (1–7; others are 1). */
export function minimapStickyColors(color: unknown, selected: boolean): { fill: string; stroke: string } {
  const n = typeof color === 'number' ? color : typeof color === 'string' ? Number(color) : NaN;
  const c = STICKY_COLORS[n] ?? STICKY_COLORS[1];
  return { fill: hex(c.fill), stroke: hex(selected ? THEME.selection : c.border) };
}

export interface MinimapSource {
  state: SpatialState;
  version(): number;
  bounds(): Rect | null;
  view(): Rect;
  /** Colour for a node slot (0xrrggbb), e.g. selected or its state. */
  color(slot: number): number;
  /** A sticky slot's n8n color parameter (1–7); without it stickies are drawn in colour 1. */
  stickyColor?(slot: number): unknown;
  /** Centre the main view on a world point. */
  centreOn(x: number, y: number): void;
}

export class Minimap {
  readonly el: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly frame: HTMLDivElement;
  private readonly src: MinimapSource;
  private layout: MinimapLayout = { scale: 1, ox: 0, oy: 0 };
  private drawnVersion = -1;
  private lastDraw = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private dragging = false;
  private visible = true;
  private image: ImageData | null = null;
  /** Main-thread ms of each box redraw (recent ones), for the canvas stats. */
  readonly drawMs: number[] = [];

  constructor(src: MinimapSource) {
    this.src = src;
    this.el = document.createElement('div');
    this.el.dataset.testid = 'canvas-minimap';
    this.el.setAttribute('role', 'img');
    this.el.setAttribute('aria-label', 'Minimap: press or drag to move the view');
    Object.assign(this.el.style, {
      position: 'absolute', right: '12px', bottom: '12px', width: `${MINIMAP_WIDTH}px`, height: `${MINIMAP_HEIGHT}px`,
      // Opaque: nodes and connections must not show through. Same look as the app's controls
      // (white surface, grey border, soft shadow); the box is the drawing plus the border.
      background: hex(THEME.minimapBg), border: `1px solid ${hex(MINIMAP_BORDER)}`, borderRadius: '6px', overflow: 'hidden',
      boxShadow: '0 2px 8px rgba(16,16,24,0.08), 0 1px 2px rgba(16,16,24,0.06)', boxSizing: 'content-box',
      cursor: 'pointer', touchAction: 'none', zIndex: '2',
    });
    this.canvas = document.createElement('canvas');
    this.canvas.width = MINIMAP_WIDTH;
    this.canvas.height = MINIMAP_HEIGHT;
    Object.assign(this.canvas.style, { position: 'absolute', left: '0', top: '0', width: '100%', height: '100%' });
    this.frame = document.createElement('div');
    this.frame.dataset.testid = 'canvas-minimap-viewport';
    Object.assign(this.frame.style, {
      position: 'absolute', left: '0', top: '0', width: '0', height: '0', border: '1.5px solid #4f7cf7',
      background: 'rgba(79,124,247,0.08)', borderRadius: '2px', boxSizing: 'border-box', pointerEvents: 'none',
      // Moved every pan frame: its own compositor layer, so the minimap is not repainted.
      willChange: 'transform',
    });
    this.el.append(this.canvas, this.frame);
    // The canvas root must not see these presses (it would start a pan or clear the selection).
    this.el.addEventListener('pointerdown', (e) => {
      e.stopPropagation();
      e.preventDefault();
      this.dragging = true;
      this.el.setPointerCapture(e.pointerId);
      this.navigate(e);
    });
    this.el.addEventListener('pointermove', (e) => {
      e.stopPropagation();
      if (this.dragging) this.navigate(e);
    });
    const end = (e: PointerEvent) => {
      e.stopPropagation();
      this.dragging = false;
      if (this.el.hasPointerCapture(e.pointerId)) this.el.releasePointerCapture(e.pointerId);
    };
    this.el.addEventListener('pointerup', end);
    this.el.addEventListener('pointercancel', end);
    this.el.addEventListener('wheel', (e) => e.stopPropagation(), { passive: true });
    this.el.addEventListener('dblclick', (e) => e.stopPropagation());
  }

  setVisible(v: boolean): void {
    this.visible = v;
    this.el.style.display = v ? 'block' : 'none';
    if (v) this.update();
  }

  /**
   * Draws a change the throttle is holding back (its timer pending) now, so whoever waits for
   * the canvas to be idle (whenIdle, screenshots) sees a current minimap.
   */
  flush(): void {
    if (!this.visible || this.src.version() === this.drawnVersion) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.lastDraw = -Infinity;
    this.update();
  }

  /** Called every frame: redraws boxes when the geometry moved on, places the view frame. */
  update(): void {
    if (!this.visible) return;
    const version = this.src.version();
    if (version !== this.drawnVersion) {
      const now = performance.now();
      if (now - this.lastDraw >= REDRAW_MS) this.drawBoxes(version, now);
      else if (this.timer === undefined) this.timer = setTimeout(() => { this.timer = undefined; this.update(); }, REDRAW_MS);
    }
    const r = viewportInMinimap(this.layout, this.src.view(), MINIMAP_WIDTH, MINIMAP_HEIGHT);
    const s = this.frame.style;
    const w = `${Math.max(2, r.maxX - r.minX)}px`;
    const h = `${Math.max(2, r.maxY - r.minY)}px`;
    s.transform = `translate(${r.minX}px, ${r.minY}px)`;
    // Only on a zoom: a size change lays the frame out again.
    if (s.width !== w) s.width = w;
    if (s.height !== h) s.height = h;
  }

  /** Minimap px → world, under the current layout (tests and the e2e spec use it). */
  toWorld(mx: number, my: number): { x: number; y: number } {
    return minimapToWorld(this.layout, mx, my);
  }

  toMinimap(x: number, y: number): { x: number; y: number } {
    return worldToMinimap(this.layout, x, y);
  }

  private drawBoxes(version: number, now: number): void {
    this.drawnVersion = version;
    this.lastDraw = now;
    const bounds = this.src.bounds();
    this.layout = minimapLayout(bounds, MINIMAP_WIDTH, MINIMAP_HEIGHT);
    // An empty workflow has nothing to map: no panel with a lone view frame in it.
    const hidden = bounds === null ? 'hidden' : '';
    if (this.el.style.visibility !== hidden) this.el.style.visibility = hidden;
    const ctx = this.canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return;
    const t0 = performance.now();
    this.image ??= ctx.createImageData(MINIMAP_WIDTH, MINIMAP_HEIGHT);
    const px = new Uint32Array(this.image.data.buffer);
    px.fill(0); // transparent: the panel's own background shows
    const { scale, ox, oy } = this.layout;
    const s = this.src.state;
    const box = (i: number, color: number, outline?: number) => {
      const o = i * NODE_STRIDE;
      fillBox(px, MINIMAP_WIDTH, MINIMAP_HEIGHT, s.nodes[o + N_X] * scale + ox, s.nodes[o + N_Y] * scale + oy, s.nodes[o + N_W] * scale, s.nodes[o + N_H] * scale, color, outline);
    };
    // Stickies under the nodes, in their own fill, outlined (a white note on the white panel
    // would vanish otherwise; a selected one in the selection colour). Selected nodes last, so
    // a dense overview never hides them.
    const selected: number[] = [];
    for (let i = 0; i < s.nodeSlots; i++) {
      const f = s.nodes[i * NODE_STRIDE + N_FLAGS];
      if (!(f & FLAG_ALIVE) || !(f & FLAG_STICKY)) continue;
      const { fill, stroke } = minimapStickyColors(this.src.stickyColor?.(i), this.src.color(i) === THEME.selection);
      box(i, pixelColor(parseInt(fill.slice(1), 16)), pixelColor(parseInt(stroke.slice(1), 16)));
    }
    let last = -1;
    let lastPixel = 0;
    for (let i = 0; i < s.nodeSlots; i++) {
      const f = s.nodes[i * NODE_STRIDE + N_FLAGS];
      if (!(f & FLAG_ALIVE) || f & FLAG_STICKY) continue;
      const c = this.src.color(i);
      if (c === THEME.selection) { selected.push(i); continue; }
      if (c !== last) { last = c; lastPixel = pixelColor(c); }
      box(i, lastPixel);
    }
    const sel = pixelColor(THEME.selection);
    for (const i of selected) box(i, sel);
    ctx.putImageData(this.image, 0, 0);
    if (this.drawMs.push(performance.now() - t0) > 100) this.drawMs.shift();
  }

  private navigate(e: PointerEvent): void {
    const r = this.canvas.getBoundingClientRect();
    const w = minimapToWorld(this.layout, e.clientX - r.left, e.clientY - r.top);
    this.src.centreOn(w.x, w.y);
  }

  destroy(): void {
    clearTimeout(this.timer);
    this.el.remove();
  }
}
