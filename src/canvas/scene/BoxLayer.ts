// Lowest level of detail: every visible node is a flat box, and boxes are batched into one
// Graphics per grid cell (like connections), so ten thousand nodes zoomed out are a handful of
// meshes instead of ten thousand display objects. A change redraws only its cell.
import { Container, Graphics } from 'pixi.js';
import { NODE_STRIDE, N_H, N_W, N_X, N_Y } from '../../../workers/spatial/geometry.ts';
import type { GraphGeometry } from '../doc/GraphGeometry.ts';
import { THEME } from './theme.ts';

const CELL = 2000;

interface Cell {
  g: Graphics;
  nodes: Set<number>;
  dirty: boolean;
}

export interface BoxStyleSource {
  /** Fill colour of a node's box; null = an idle node (drawn in the layer's idle colour). */
  color(nodeSlot: number): number | null;
}

/** Below this many screen px per box an idle box is slate instead of white-with-rim. */
const TINY_BOX_PX = 8;

export class BoxLayer {
  /** Its own render group (see CanvasController): a redrawn cell re-packs only the boxes. */
  readonly layer = new Container({ isRenderGroup: true });
  /** Lives in the drag layer: boxes of dragged nodes, drawn once per drag. */
  readonly dragBoxes = new Graphics();
  private readonly cells = new Map<number, Cell>();
  private readonly cellOf = new Map<number, number>();
  private readonly dirty = new Set<number>();
  private dragNodes: ReadonlySet<number> | null = null;
  private scale = 0.1;
  private scaleBucket = NaN;
  private readonly geometry: GraphGeometry;
  private readonly style: BoxStyleSource;

  constructor(geometry: GraphGeometry, style: BoxStyleSource) {
    this.geometry = geometry;
    this.style = style;
  }

  get size(): number {
    return this.cellOf.size + this.dirty.size;
  }

  show(slot: number): void {
    this.dirty.add(slot);
  }

  hide(slot: number): void {
    this.dirty.delete(slot);
    this.detach(slot);
  }

  /** Rims are one screen pixel wide, so boxes are redrawn when the zoom moves half an octave. */
  setScale(scale: number): void {
    const bucket = Math.round(Math.log2(scale) * 2);
    if (bucket === this.scaleBucket) return;
    this.scaleBucket = bucket;
    this.scale = scale;
    for (const c of this.cells.values()) c.dirty = true;
  }

  invalidate(slot: number): void {
    if (this.cellOf.has(slot)) this.dirty.add(slot);
  }

  hideAll(): void {
    for (const c of this.cells.values()) c.g.destroy();
    this.cells.clear();
    this.cellOf.clear();
    this.dirty.clear();
  }

  beginDrag(nodes: ReadonlySet<number>): void {
    this.dragNodes = nodes;
    const drawn: number[] = [];
    for (const n of nodes) {
      if (!this.cellOf.has(n)) continue;
      this.detach(n);
      this.dirty.delete(n);
      drawn.push(n);
    }
    this.dragBoxes.clear();
    this.draw(this.dragBoxes, drawn);
    this.dragNodes = new Set(drawn);
  }

  /** Boxes that were dragged; the caller shows them again (at their new place). */
  endDrag(): number[] {
    const nodes = this.dragNodes ? [...this.dragNodes] : [];
    this.dragNodes = null;
    this.dragBoxes.clear();
    for (const n of nodes) this.dirty.add(n);
    return nodes;
  }

  /** Re-files dirty boxes and redraws changed cells; returns whether anything changed. */
  flush(): boolean {
    let changed = this.dirty.size > 0;
    for (const n of this.dirty) {
      this.detach(n);
      const o = n * NODE_STRIDE;
      const s = this.geometry.state.nodes;
      const key = (Math.floor(s[o + N_X] / CELL) + 32768) * 65536 + (Math.floor(s[o + N_Y] / CELL) + 32768);
      let c = this.cells.get(key);
      if (!c) {
        c = { g: new Graphics(), nodes: new Set(), dirty: true };
        this.cells.set(key, c);
        this.layer.addChild(c.g);
      }
      c.nodes.add(n);
      c.dirty = true;
      this.cellOf.set(n, key);
    }
    this.dirty.clear();
    for (const [key, c] of this.cells) {
      if (!c.dirty) continue;
      c.dirty = false;
      changed = true;
      if (c.nodes.size === 0) {
        c.g.destroy();
        this.cells.delete(key);
        continue;
      }
      this.draw(c.g.clear(), c.nodes);
    }
    return changed;
  }

  private draw(g: Graphics, nodes: Iterable<number>): void {
    const s = this.geometry.state.nodes;
    const tiny = this.scale * 100 < TINY_BOX_PX;
    const idle = tiny ? THEME.boxIdleTiny : THEME.nodeFill;
    const byColor = new Map<number, number[]>();
    for (const n of nodes) {
      const color = this.style.color(n) ?? idle;
      let list = byColor.get(color);
      if (!list) byColor.set(color, (list = []));
      list.push(n);
    }
    if (!tiny) {
      // A one-pixel rim under every box keeps white boxes readable on the light board.
      const rim = 1 / this.scale;
      for (const n of nodes) {
        const o = n * NODE_STRIDE;
        g.rect(s[o + N_X] - rim, s[o + N_Y] - rim, s[o + N_W] + 2 * rim, s[o + N_H] + 2 * rim);
      }
      g.fill({ color: THEME.boxRim });
    }
    for (const [color, list] of byColor) {
      for (const n of list) {
        const o = n * NODE_STRIDE;
        g.rect(s[o + N_X], s[o + N_Y], s[o + N_W], s[o + N_H]);
      }
      g.fill({ color });
    }
  }

  private detach(n: number): void {
    const key = this.cellOf.get(n);
    if (key === undefined) return;
    this.cellOf.delete(n);
    const c = this.cells.get(key);
    if (c && c.nodes.delete(n)) c.dirty = true;
  }

  destroy(): void {
    this.hideAll();
    this.dragBoxes.destroy();
  }
}
