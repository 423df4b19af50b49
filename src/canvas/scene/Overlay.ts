// The interactive layer: rubber band, connection being dragged, selected and hovered
// connections, hovered port. Redrawn on its own; the static layers are untouched by a hover.
import { Container, Graphics } from 'pixi.js';
import type { Rect } from '../../../workers/spatial/kernel.ts';
import { connectionCurve, subConnectionCurve } from '../../../workers/spatial/geometry.ts';
import { THEME } from './theme.ts';

export interface OverlayState {
  band: Rect | null;
  /** Connection being dragged: from a port to the pointer (or snapped to a target port). */
  preview: { sx: number; sy: number; tx: number; ty: number; reversed: boolean; snapped: boolean; sub?: boolean } | null;
  /** Curves (8 numbers each) of selected connections. */
  selectedCurves: Float64Array[];
  hoverCurve: Float64Array | null;
  /** Hovered port or plus button centre. */
  hoverPort: { x: number; y: number; r: number } | null;
  /** Add and delete buttons at the hovered connection's midpoint (not in read-only mode); `add: false`: delete only. */
  edgeButtons: { x: number; y: number; hot: 'add' | 'delete' | null; add?: boolean } | null;
}

/** Edge buttons: screen px radius and distance of each from the midpoint. */
export const EDGE_BUTTON_RADIUS_PX = 11;
export const EDGE_BUTTON_OFFSET_PX = 15;

/**
 * Which edge button (if any) is under (x, y), for buttons at the midpoint (mx, my) and scale k.
 * Without the add button (sub-node connections) the delete button stays where it is on other
 * connections, right of the midpoint, so a click on the middle still selects the connection.
 */
export function edgeButtonAt(mx: number, my: number, x: number, y: number, k: number, withAdd = true): 'add' | 'delete' | null {
  const r = (EDGE_BUTTON_RADIUS_PX + 2) / k;
  const off = EDGE_BUTTON_OFFSET_PX / k;
  if (withAdd && Math.hypot(x - (mx - off), y - my) <= r) return 'add';
  if (Math.hypot(x - (mx + off), y - my) <= r) return 'delete';
  return null;
}

const tmp = new Float64Array(8);

export class Overlay {
  readonly g = new Graphics();
  /** Its own render group: redrawing the overlay re-packs only the overlay. */
  readonly layer = new Container({ isRenderGroup: true });
  private empty = true;

  constructor() {
    this.layer.addChild(this.g);
  }

  draw(s: OverlayState, scale: number): void {
    const nothing = !s.hoverCurve && !s.selectedCurves.length && !s.preview && !s.edgeButtons && !s.hoverPort && !s.band;
    if (nothing && this.empty) return;
    this.empty = nothing;
    const g = this.g.clear();
    const px = 1 / scale;
    if (s.hoverCurve) {
      const c = s.hoverCurve;
      g.moveTo(c[0], c[1]).bezierCurveTo(c[2], c[3], c[4], c[5], c[6], c[7]).stroke({ color: THEME.edgeHover, width: Math.max(3, 3 * px), alpha: 0.45 });
    }
    for (const c of s.selectedCurves) {
      g.moveTo(c[0], c[1]).bezierCurveTo(c[2], c[3], c[4], c[5], c[6], c[7]).stroke({ color: THEME.selection, width: Math.max(3, 2.5 * px) });
    }
    if (s.preview) {
      const p = s.preview;
      const curve = p.sub ? subConnectionCurve : connectionCurve;
      if (p.reversed) curve(p.tx, p.ty, p.sx, p.sy, tmp);
      else curve(p.sx, p.sy, p.tx, p.ty, tmp);
      g.moveTo(tmp[0], tmp[1]).bezierCurveTo(tmp[2], tmp[3], tmp[4], tmp[5], tmp[6], tmp[7])
        .stroke({ color: p.snapped ? THEME.selection : THEME.edge, width: Math.max(2, 2 * px) });
      g.circle(p.tx, p.ty, Math.max(4, 4 * px)).fill({ color: p.snapped ? THEME.selection : THEME.edge });
    }
    if (s.edgeButtons) {
      const { x, y, hot } = s.edgeButtons;
      const withAdd = s.edgeButtons.add !== false;
      const r = EDGE_BUTTON_RADIUS_PX * px;
      const off = EDGE_BUTTON_OFFSET_PX * px;
      const a = 5 * px;
      const buttons = withAdd ? ([[x - off, 'add'], [x + off, 'delete']] as const) : ([[x + off, 'delete']] as const);
      for (const [cx, kind] of buttons) {
        g.circle(cx, y, r).fill({ color: THEME.nodeFill }).stroke({ color: hot === kind ? THEME.selection : THEME.plusBorder, width: 1.5 * px });
        if (kind === 'add') g.moveTo(cx - a, y).lineTo(cx + a, y).moveTo(cx, y - a).lineTo(cx, y + a);
        else g.moveTo(cx - a * 0.8, y - a * 0.8).lineTo(cx + a * 0.8, y + a * 0.8).moveTo(cx + a * 0.8, y - a * 0.8).lineTo(cx - a * 0.8, y + a * 0.8);
        g.stroke({ color: hot === kind ? (kind === 'delete' ? THEME.danger : THEME.selection) : THEME.plusGlyph, width: 2 * px });
      }
    }
    if (s.hoverPort) {
      g.circle(s.hoverPort.x, s.hoverPort.y, s.hoverPort.r).fill({ color: THEME.selection, alpha: 0.18 });
    }
    if (s.band) {
      const b = s.band;
      g.rect(b.minX, b.minY, b.maxX - b.minX, b.maxY - b.minY)
        .fill({ color: THEME.band, alpha: 0.08 })
        .stroke({ color: THEME.band, width: px, alpha: 0.8 });
    }
  }
}
