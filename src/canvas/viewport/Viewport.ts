// The viewport: d3-zoom owns the camera transform. It handles ctrl/cmd+wheel (and trackpad
// pinch, which browsers send as ctrl+wheel) and two-finger touch; plain wheel pans (shift+wheel
// pans sideways); pointer drags are the interaction machine's, which calls panBy.
import { select, type Selection } from 'd3-selection';
import { zoom, zoomIdentity, type D3ZoomEvent, type ZoomBehavior } from 'd3-zoom';
import { MAX_SCALE, MIN_SCALE, type Camera } from '../kernels/camera.ts';

export class Viewport {
  camera: Camera = { x: 0, y: 0, k: 1 };
  private readonly behavior: ZoomBehavior<HTMLElement, unknown>;
  private readonly sel: Selection<HTMLElement, unknown, null, undefined>;
  private readonly el: HTMLElement;
  private readonly onWheel: (e: WheelEvent) => void;
  private width = 1;
  private height = 1;

  constructor(el: HTMLElement, onChange: (c: Camera) => void) {
    this.el = el;
    this.behavior = zoom<HTMLElement, unknown>()
      .scaleExtent([MIN_SCALE, MAX_SCALE])
      // d3's default extent reads clientWidth on every event, forcing a layout per pan frame.
      .extent(() => [[0, 0], [this.width, this.height]])
      .filter((e: Event) => {
        if (e.type === 'wheel') return (e as WheelEvent).ctrlKey || (e as WheelEvent).metaKey;
        if (e.type.startsWith('touch')) return (e as TouchEvent).touches.length >= 2;
        return false;
      })
      .on('zoom', (e: D3ZoomEvent<HTMLElement, unknown>) => {
        this.camera = { x: e.transform.x, y: e.transform.y, k: e.transform.k };
        onChange(this.camera);
      });
    this.sel = select(el);
    this.sel.call(this.behavior).on('dblclick.zoom', null);
    this.onWheel = (e: WheelEvent) => {
      if (e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? el.clientHeight : 1;
      const dx = (e.shiftKey && !e.deltaX ? e.deltaY : e.deltaX) * unit;
      const dy = (e.shiftKey && !e.deltaX ? 0 : e.deltaY) * unit;
      this.panBy(-dx, -dy);
    };
    el.addEventListener('wheel', this.onWheel, { passive: false });
  }

  /** The element's size, as measured by the canvas's ResizeObserver. */
  setSize(width: number, height: number): void {
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
  }

  /** Moves the view by screen pixels. */
  panBy(dx: number, dy: number): void {
    this.behavior.translateBy(this.sel, dx / this.camera.k, dy / this.camera.k);
  }

  set(c: Camera): void {
    this.behavior.transform(this.sel, zoomIdentity.translate(c.x, c.y).scale(c.k));
  }

  /** Multiplies the scale, keeping the screen point (default: the centre) fixed. */
  scaleBy(factor: number, point?: [number, number]): void {
    this.behavior.scaleBy(this.sel, factor, point ?? [this.width / 2, this.height / 2]);
  }

  destroy(): void {
    this.el.removeEventListener('wheel', this.onWheel);
    this.sel.on('.zoom', null);
  }
}
