// The interactive layer: rubber band, connection being dragged, selected and hovered
// connections, hovered port. Redrawn on its own; the static layers are untouched by a hover.
import { Graphics } from 'pixi.js';
import type { Rect } from '../../../workers/spatial/kernel.ts';
import { connectionCurve } from '../../../workers/spatial/geometry.ts';
import { THEME } from './theme.ts';

export interface OverlayState {
  band: Rect | null;
  /** Connection being dragged: from a port to the pointer (or snapped to a target port). */
  preview: { sx: number; sy: number; tx: number; ty: number; reversed: boolean; snapped: boolean } | null;
  /** Curves (8 numbers each) of selected connections. */
  selectedCurves: Float64Array[];
  hoverCurve: Float64Array | null;
  /** Hovered port or plus button centre. */
  hoverPort: { x: number; y: number; r: number } | null;
}

const tmp = new Float64Array(8);

export class Overlay {
  readonly g = new Graphics();

  draw(s: OverlayState, scale: number): void {
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
      if (p.reversed) connectionCurve(p.tx, p.ty, p.sx, p.sy, tmp);
      else connectionCurve(p.sx, p.sy, p.tx, p.ty, tmp);
      g.moveTo(tmp[0], tmp[1]).bezierCurveTo(tmp[2], tmp[3], tmp[4], tmp[5], tmp[6], tmp[7])
        .stroke({ color: p.snapped ? THEME.selection : THEME.edge, width: Math.max(2, 2 * px) });
      g.circle(p.tx, p.ty, Math.max(4, 4 * px)).fill({ color: p.snapped ? THEME.selection : THEME.edge });
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
