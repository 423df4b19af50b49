// What the idle pointer hovers: a connection (highlighted, with add / delete buttons at its
// midpoint in full detail), a port or plus button (a ring; the plus shows the endpoint hint after
// a delay), or nothing. Writes the overlay's hover fields and says when they changed; the hit
// test, the curves and the hint are the host's.
import { PLUS_CENTER_DX, PLUS_SIZE, bezierPoint, inputPoint, outputPoint } from '../../../workers/spatial/geometry.ts';
import type { Hit } from '../../../workers/spatial/kernel.ts';
import { worldToScreen, type Camera } from '../kernels/camera.ts';
import { edgeButtonAt, type OverlayState } from '../scene/Overlay.ts';

export interface HoverHost {
  camera(): Camera;
  hit(wx: number, wy: number): Hit | null;
  /** The bezier (8 numbers) of a connection slot as drawn. */
  curveOf(edgeSlot: number, out: Float64Array): void;
  /** A sub-node connection (no add button: nothing goes between a sub-node and its root). */
  isSub(edgeSlot: number): boolean;
  /** The geometry's node records. */
  nodes(): Float64Array;
  readOnly(): boolean;
  /** Full level of detail (connection buttons only then). */
  fullDetail(): boolean;
  hint: { showSoon(at: () => { x: number; y: number }): void; hide(now: boolean): void };
  /** The overlay's hover state changed: redraw it. */
  changed(): void;
}

/** The connection whose add / delete buttons show, and its midpoint. */
export interface HoverEdge {
  slot: number;
  x: number;
  y: number;
  add: boolean;
}

export class Hover {
  private key = '';
  /** The connection whose buttons show (see CanvasController.target: its buttons are hit first). */
  edge: HoverEdge | null = null;

  private readonly host: HoverHost;
  private readonly overlay: OverlayState;

  constructor(host: HoverHost, overlay: OverlayState) {
    this.host = host;
    this.overlay = overlay;
  }

  /** The idle pointer moved to world point (wx, wy). */
  update(wx: number, wy: number): void {
    const host = this.host;
    const k = host.camera().k;
    // Over the hovered connection's buttons the connection stays hovered.
    const he = this.edge;
    const hot = he && edgeButtonAt(he.x, he.y, wx, wy, k, he.add);
    if (hot) {
      if (this.overlay.edgeButtons && this.overlay.edgeButtons.hot !== hot) {
        this.overlay.edgeButtons.hot = hot;
        host.changed();
      }
      return;
    }
    const h = host.hit(wx, wy);
    const key = h ? `${h.kind}:${h.slot}:${h.index}` : '';
    if (key === this.key) return;
    this.key = key;
    const st = this.overlay;
    st.hoverCurve = null;
    st.hoverPort = null;
    st.edgeButtons = null;
    this.edge = null;
    const ro = host.readOnly();
    if (h?.kind === 'edge') {
      st.hoverCurve = new Float64Array(8);
      host.curveOf(h.slot, st.hoverCurve);
      if (!ro && host.fullDetail()) {
        const mid = new Float64Array(2);
        bezierPoint(st.hoverCurve, 0.5, mid);
        const add = !host.isSub(h.slot);
        this.edge = { slot: h.slot, x: mid[0], y: mid[1], add };
        st.edgeButtons = { x: mid[0], y: mid[1], hot: null, add };
      }
    } else if (h && (h.kind === 'input' || h.kind === 'output' || h.kind === 'plus') && !ro) {
      const p = [0, 0];
      if (h.kind === 'input') inputPoint(host.nodes(), h.slot, h.index, p);
      else outputPoint(host.nodes(), h.slot, h.index, p);
      if (h.kind === 'plus') p[0] += PLUS_CENTER_DX;
      st.hoverPort = { x: p[0], y: p[1], r: h.kind === 'plus' ? PLUS_SIZE * 0.75 : 12 };
    }
    if (h?.kind === 'plus' && !ro) {
      host.hint.showSoon(() => {
        const p = [0, 0];
        outputPoint(host.nodes(), h.slot, h.index, p);
        return worldToScreen(host.camera(), p[0] + PLUS_CENTER_DX, p[1] - PLUS_SIZE / 2);
      });
    } else host.hint.hide(false);
    host.changed();
  }

  /** The pointer left, or the hovered connection went: nothing is hovered. */
  clear(): void {
    if (!this.key && !this.edge) return;
    this.key = '';
    this.edge = null;
    this.overlay.hoverCurve = null;
    this.overlay.hoverPort = null;
    this.overlay.edgeButtons = null;
    this.host.hint.hide(false);
    this.host.changed();
  }
}
