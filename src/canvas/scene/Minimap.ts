// The minimap: a small overlay (bottom right) with its own 2D-canvas drawing of every node box
// from the geometry arrays, one path per colour, and the viewport as a DOM rectangle. Boxes are
// redrawn only when the geometry changed (at most every REDRAW_MS); panning moves the
// rectangle only. Pressing or dragging on it centres the view there.
import { NODE_STRIDE, N_FLAGS, N_H, N_W, N_X, N_Y, FLAG_ALIVE, FLAG_STICKY } from '../../../workers/spatial/geometry.ts';
import type { Rect, SpatialState } from '../../../workers/spatial/kernel.ts';
import { minimapLayout, minimapToWorld, viewportInMinimap, worldToMinimap, type MinimapLayout } from '../kernels/minimap.ts';

export const MINIMAP_WIDTH = 200;
export const MINIMAP_HEIGHT = 130;
const REDRAW_MS = 250;

export interface MinimapSource {
  state: SpatialState;
  version(): number;
  bounds(): Rect | null;
  view(): Rect;
  /** Colour for a node slot ('#rrggbb'), e.g. selected or its state. */
  color(slot: number): string;
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

  constructor(src: MinimapSource) {
    this.src = src;
    this.el = document.createElement('div');
    this.el.dataset.testid = 'canvas-minimap';
    this.el.setAttribute('role', 'img');
    this.el.setAttribute('aria-label', 'Minimap: press or drag to move the view');
    Object.assign(this.el.style, {
      position: 'absolute', right: '12px', bottom: '12px', width: `${MINIMAP_WIDTH}px`, height: `${MINIMAP_HEIGHT}px`,
      background: 'rgba(255,255,255,0.92)', border: '1px solid #d5d9df', borderRadius: '6px', overflow: 'hidden',
      boxShadow: '0 1px 4px rgba(20,30,45,0.12)', cursor: 'pointer', touchAction: 'none', zIndex: '2',
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
    this.layout = minimapLayout(this.src.bounds(), MINIMAP_WIDTH, MINIMAP_HEIGHT);
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, MINIMAP_WIDTH, MINIMAP_HEIGHT);
    const { scale, ox, oy } = this.layout;
    const s = this.src.state;
    const byColor = new Map<string, number[]>();
    const stickies: number[] = [];
    for (let i = 0; i < s.nodeSlots; i++) {
      const f = s.nodes[i * NODE_STRIDE + N_FLAGS];
      if (!(f & FLAG_ALIVE)) continue;
      if (f & FLAG_STICKY) { stickies.push(i); continue; }
      const c = this.src.color(i);
      let list = byColor.get(c);
      if (!list) byColor.set(c, (list = []));
      list.push(i);
    }
    const rect = (i: number) => {
      const o = i * NODE_STRIDE;
      // At least one pixel, so a 10,000-node overview still shows every node.
      ctx.rect(s.nodes[o + N_X] * scale + ox, s.nodes[o + N_Y] * scale + oy, Math.max(1, s.nodes[o + N_W] * scale), Math.max(1, s.nodes[o + N_H] * scale));
    };
    if (stickies.length) {
      ctx.beginPath();
      for (const i of stickies) rect(i);
      ctx.fillStyle = '#f6e7b0';
      ctx.fill();
    }
    for (const [color, list] of byColor) {
      ctx.beginPath();
      for (const i of list) rect(i);
      ctx.fillStyle = color;
      ctx.fill();
    }
  }

  private navigate(e: PointerEvent): void {
    const r = this.el.getBoundingClientRect();
    const w = minimapToWorld(this.layout, e.clientX - r.left, e.clientY - r.top);
    this.src.centreOn(w.x, w.y);
  }

  destroy(): void {
    clearTimeout(this.timer);
    this.el.remove();
  }
}
