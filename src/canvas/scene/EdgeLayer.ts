// Connections, batched: visible connections are grouped into chunks by the grid cell where they
// start, and each chunk is ONE Graphics holding all its curves (two strokes: plain and "has
// data"). A change redraws only its chunk. While nodes are dragged, their connections leave the
// chunks: those inside the dragged set are drawn once into the drag layer (which just moves),
// those crossing its border are redrawn each drag frame — nothing else is. Connections of other
// types than main (AI sub-node connections) are drawn dashed, from a top port to a bottom port.
import { BitmapText, Container, Graphics } from 'pixi.js';
import type { Lod } from '../kernels/lod.ts';
import { connectionLabelCentre, connectionLabelFits, itemCountText } from '../kernels/labels.ts';
import { dashCurve, dashSegmentsFor, flattenCurve, smallCurveChords } from '../kernels/dash.ts';
import { EDGE_STRIDE, E_INPUT, E_OUTPUT, bezierPoint, connectionCurve, inputPoint, outputPoint, subConnectionCurve } from '../../../workers/spatial/geometry.ts';
import type { GraphGeometry } from '../doc/GraphGeometry.ts';
import { LABEL_FONT } from './fonts.ts';
import { SIZES, THEME } from './theme.ts';

const CELL = 1200;

interface Chunk {
  g: Graphics;
  edges: Set<number>;
  /** How many of `edges` are in the visible set (the others were culled but stay drawn). */
  shown: number;
  dirty: boolean;
}

export interface EdgeStyleSource {
  /** Items that passed over the connection in the last run (0 = none). */
  items(edgeSlot: number): number;
}

const curve = new Float64Array(8);
const pt = new Float64Array(2);
const dashes: number[] = [];
/** The points of a connection flattened for the simplified level. */
const chord: number[] = [];
/** Dash and gap of sub-node connections, world units (n8n: 8, 8). */
const DASH = 8;
const GAP = 7;

export class EdgeLayer {
  // Render groups of their own (see CanvasController): a redrawn chunk re-packs the
  // connections, not the nodes; the live (dragged) connections re-pack only themselves.
  readonly chunksLayer = new Container({ isRenderGroup: true });
  readonly live = new Graphics();
  readonly liveLayer = new Container({ isRenderGroup: true });
  readonly labelsLayer = new Container({ isRenderGroup: true });
  /** Drawn inside the drag layer, so it moves with the dragged nodes. */
  readonly dragEdges = new Graphics();
  private readonly chunks = new Map<number, Chunk>();
  private readonly chunkOf = new Map<number, number>();
  private readonly visible = new Set<number>();
  private readonly dirty = new Set<number>();
  /** Visible again without a redraw: only their labels are due. */
  private readonly relabel = new Set<number>();
  private readonly labels = new Map<number, BitmapText>();
  private readonly labelPool: BitmapText[] = [];
  private lod: Lod = 'full';
  private showLabels = true;
  private dragNodes: ReadonlySet<number> | null = null;
  private dragInternal: number[] = [];
  private dragCrossing: number[] = [];
  private dragDx = 0;
  private dragDy = 0;
  private liveDirty = false;
  /** Connections redrawn in the last flush (tests and the bench read it). */
  redrawnLastFlush = 0;
  /**
   * Whether the last flush changed what is drawn outside the drag layer (chunks, labels). The
   * live (dragged) connections alone leave it false: the canvas then keeps its cached picture
   * of everything that does not move with the drag (see CanvasController.renderDrag).
   */
  staticChangedLastFlush = false;
  private readonly geometry: GraphGeometry;
  private readonly style: EdgeStyleSource;

  constructor(geometry: GraphGeometry, style: EdgeStyleSource) {
    this.geometry = geometry;
    this.style = style;
    this.liveLayer.addChild(this.live);
  }

  get displayedCount(): number {
    return this.visible.size;
  }

  isVisible(slot: number): boolean {
    return this.visible.has(slot);
  }

  visibleSlots(): ReadonlySet<number> {
    return this.visible;
  }

  show(slot: number): void {
    if (this.visible.has(slot)) return;
    this.visible.add(slot);
    const key = this.chunkOf.get(slot);
    if (key === undefined) this.dirty.add(slot);
    else {
      // Culled earlier but still drawn in its chunk: only its label comes back.
      this.chunks.get(key)!.shown++;
      this.relabel.add(slot);
    }
  }

  /** The connection is gone (or its end is): it leaves its chunk. */
  hide(slot: number): void {
    this.detach(slot);
    this.visible.delete(slot);
    this.dropLabel(slot);
    this.dirty.delete(slot);
    this.relabel.delete(slot);
  }

  /**
   * The connection left the culled area. It stays drawn in its chunk (off screen, harmless)
   * until no connection of that chunk is visible any more; then the chunk goes as a whole. So a
   * culling answer redraws only chunks that gain connections, never the ones that lose some.
   */
  cull(slot: number): void {
    if (!this.visible.delete(slot)) return;
    this.dropLabel(slot);
    this.dirty.delete(slot);
    this.relabel.delete(slot);
    const key = this.chunkOf.get(slot);
    const c = key === undefined ? undefined : this.chunks.get(key);
    if (!c || --c.shown > 0) return;
    for (const e of c.edges) this.chunkOf.delete(e);
    c.edges.clear();
    c.dirty = true;
  }

  /** The connection's geometry or style changed. */
  invalidate(slot: number): void {
    if (this.visible.has(slot)) this.dirty.add(slot);
    // Culled but drawn: its drawing is out of date, so it leaves its chunk.
    else this.detach(slot);
  }

  setLod(lod: Lod, labels: boolean): void {
    if (lod === this.lod && labels === this.showLabels) return;
    this.lod = lod;
    this.showLabels = labels;
    for (const c of this.chunks.values()) c.dirty = true;
    for (const s of this.visible) this.dirty.add(s);
    this.liveDirty = true;
  }

  beginDrag(nodes: ReadonlySet<number>): void {
    this.dragNodes = nodes;
    const internal = new Set<number>();
    const crossing = new Set<number>();
    for (const n of nodes) {
      for (const e of this.geometry.incidentEdges(n)) {
        const { source, target } = this.geometry.edgeEnds(e);
        (nodes.has(source) && nodes.has(target) ? internal : crossing).add(e);
      }
    }
    this.dragInternal = [...internal];
    this.dragCrossing = [...crossing];
    for (const e of internal) { this.detach(e); this.dropLabel(e); }
    for (const e of crossing) { this.detach(e); this.dropLabel(e); }
    const g = this.dragEdges.clear();
    this.pathEdges(g, this.dragInternal, false, 0, 0);
    this.dragDx = 0;
    this.dragDy = 0;
    this.liveDirty = true;
  }

  drag(dx: number, dy: number): void {
    this.dragDx = dx;
    this.dragDy = dy;
    this.liveDirty = true;
  }

  endDrag(): void {
    if (!this.dragNodes) return;
    this.dragNodes = null;
    this.dragEdges.clear();
    this.live.clear();
    for (const e of this.dragInternal) this.invalidate(e);
    for (const e of this.dragCrossing) this.invalidate(e);
    this.dragInternal = [];
    this.dragCrossing = [];
  }

  get dragging(): boolean {
    return this.dragNodes !== null;
  }

  /** Applies pending changes: re-files dirty connections into chunks and redraws dirty chunks. Returns whether anything changed. */
  flush(): boolean {
    let redrawn = 0;
    this.redrawnLastFlush = 0;
    let changed = this.dirty.size > 0 || this.relabel.size > 0;
    for (const e of this.relabel) this.updateLabel(e);
    this.relabel.clear();
    const inDrag = this.dragNodes;
    for (const e of this.dirty) {
      if (inDrag) {
        const { source, target } = this.geometry.edgeEnds(e);
        if (inDrag.has(source) || inDrag.has(target)) continue;
      }
      this.detach(e);
      this.attach(e);
      this.updateLabel(e);
    }
    this.dirty.clear();
    for (const [key, c] of this.chunks) {
      if (!c.dirty) continue;
      c.dirty = false;
      changed = true;
      if (c.edges.size === 0) {
        c.g.destroy();
        this.chunks.delete(key);
        continue;
      }
      const g = c.g.clear();
      this.pathEdges(g, c.edges, false, 0, 0);
      redrawn += c.edges.size;
    }
    const live = this.liveDirty;
    if (inDrag && live) {
      const g = this.live.clear();
      this.pathEdges(g, this.dragCrossing, true, this.dragDx, this.dragDy);
      redrawn += this.dragCrossing.length;
    }
    this.liveDirty = false;
    this.redrawnLastFlush = redrawn;
    this.staticChangedLastFlush = changed;
    return changed || live;
  }

  /** Writes the curve of connection e into out, moving dragged ends by the drag offset. */
  curveOf(e: number, out: Float64Array, dx = 0, dy = 0): void {
    const { source, output, target, input } = this.geometry.edgeEnds(e);
    const nodes = this.geometry.state.nodes;
    const d = this.dragNodes;
    outputPoint(nodes, source, output, pt);
    let sx = pt[0];
    let sy = pt[1];
    if (d && d.has(source)) { sx += dx; sy += dy; }
    inputPoint(nodes, target, input, pt);
    let tx = pt[0];
    let ty = pt[1];
    if (d && d.has(target)) { tx += dx; ty += dy; }
    if (output < 0 || input < 0) subConnectionCurve(sx, sy, tx, ty, out);
    else connectionCurve(sx, sy, tx, ty, out);
  }

  /** A connection of another type than main (ends on top / bottom ports): drawn dashed. */
  isSub(e: number): boolean {
    const a = this.geometry.state.edges;
    const o = e * EDGE_STRIDE;
    return a[o + E_OUTPUT] < 0 || a[o + E_INPUT] < 0;
  }

  private pathEdges(g: Graphics, edges: Iterable<number>, offset: boolean, dx: number, dy: number): void {
    const straight = this.lod === 'boxes';
    // Passes: plain main connections, main connections that passed data, sub-node connections.
    for (let pass = 0; pass < 3; pass++) {
      let any = false;
      for (const e of edges) {
        const sub = this.isSub(e);
        if (pass === 2 ? !sub : sub || (this.style.items(e) > 0 ? 1 : 0) !== pass) continue;
        this.curveOf(e, curve, offset ? dx : 0, offset ? dy : 0);
        if (straight) g.moveTo(curve[0], curve[1]).lineTo(curve[6], curve[7]);
        else if (sub) {
          dashes.length = 0;
          const n = dashCurve(curve, DASH, GAP, dashes, dashSegmentsFor(curve));
          for (let i = 0; i < n; i++) g.moveTo(dashes[4 * i], dashes[4 * i + 1]).lineTo(dashes[4 * i + 2], dashes[4 * i + 3]);
        } else if (this.lod === 'simplified') {
          chord.length = 0;
          flattenCurve(curve, smallCurveChords(curve), chord);
          g.moveTo(chord[0], chord[1]);
          for (let i = 2; i < chord.length; i += 2) g.lineTo(chord[i], chord[i + 1]);
        } else g.moveTo(curve[0], curve[1]).bezierCurveTo(curve[2], curve[3], curve[4], curve[5], curve[6], curve[7]);
        any = true;
      }
      if (!any) continue;
      const color = pass === 2 ? THEME.subEdge : pass === 1 ? THEME.success : THEME.edge;
      // Below full detail a 3-unit stroke is under a pixel wide and breaks into dashes (no
      // antialiasing): one-pixel lines instead, whatever the zoom.
      if (this.lod !== 'full') g.stroke({ color, width: 1, pixelLine: true });
      else g.stroke({ color, width: SIZES.edgeWidth });
    }
  }

  /** Files e into the chunk of its start; leaves its curve in `curve`. */
  private attach(e: number): void {
    this.curveOf(e, curve);
    const key = (Math.floor(curve[0] / CELL) + 32768) * 65536 + (Math.floor(curve[1] / CELL) + 32768);
    let c = this.chunks.get(key);
    if (!c) {
      c = { g: new Graphics(), edges: new Set(), shown: 0, dirty: true };
      this.chunks.set(key, c);
      this.chunksLayer.addChild(c.g);
    }
    c.edges.add(e);
    if (this.visible.has(e)) c.shown++;
    c.dirty = true;
    this.chunkOf.set(e, key);
  }

  private detach(e: number): void {
    const key = this.chunkOf.get(e);
    if (key === undefined) return;
    this.chunkOf.delete(e);
    const c = this.chunks.get(key);
    if (c && c.edges.delete(e)) {
      c.dirty = true;
      if (this.visible.has(e)) c.shown--;
    }
  }

  private updateLabel(e: number): void {
    const n = this.style.items(e);
    if (!this.showLabels || n <= 0) {
      this.dropLabel(e);
      return;
    }
    this.curveOf(e, curve);
    if (!connectionLabelFits(curve[0], curve[1], curve[6], curve[7])) {
      this.dropLabel(e);
      return;
    }
    let t = this.labels.get(e);
    if (!t) {
      t = this.labelPool.pop() ?? new BitmapText({ text: '', style: { fontFamily: LABEL_FONT, fontSize: SIZES.edgeLabelSize } });
      t.anchor.set(0.5, 0.5);
      t.tint = THEME.textMuted;
      this.labels.set(e, t);
      this.labelsLayer.addChild(t);
    }
    const s = itemCountText(n);
    if (t.text !== s) t.text = s;
    // Beside the line, not over it: the direction from two points either side of the middle.
    bezierPoint(curve, 0.45, pt);
    const ax = pt[0], ay = pt[1];
    bezierPoint(curve, 0.55, pt);
    const bx = pt[0], by = pt[1];
    bezierPoint(curve, 0.5, pt);
    const [cx, cy] = connectionLabelCentre(pt[0], pt[1], bx - ax, by - ay, t.width, t.height);
    t.position.set(cx, cy);
  }

  private dropLabel(e: number): void {
    const t = this.labels.get(e);
    if (!t) return;
    this.labels.delete(e);
    this.labelsLayer.removeChild(t);
    this.labelPool.push(t);
  }

  destroy(): void {
    for (const c of this.chunks.values()) c.g.destroy();
    for (const t of this.labelPool) t.destroy();
    this.chunks.clear();
  }
}
