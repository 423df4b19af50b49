// The dotted board, as geometry: one Graphics of small squares at grid multiples, covering the
// view plus a margin and rebuilt only when the view leaves that area or the zoom changes the
// dot spacing. The grey itself is the renderer's clear colour. (A full-screen tiling sprite
// shades every pixel every frame, which is the most expensive thing a software rasteriser can
// be asked to do; a few thousand 2-pixel dots cost almost nothing.)
import { Container, Graphics } from 'pixi.js';
import type { Rect } from '../../../workers/spatial/kernel.ts';
import { GRID_SIZE } from '../../model/constants.ts';
import { containsRect, expandRect } from '../kernels/culling.ts';
import { THEME } from './theme.ts';

/** Dots are at least this far apart on screen; the spacing doubles as the view zooms out. */
const MIN_SPACING_PX = 24;
const DOT_PX = 2;

export function dotSpacing(scale: number): number {
  let step = GRID_SIZE;
  while (step * scale < MIN_SPACING_PX) step *= 2;
  return step;
}

export class Background {
  readonly g = new Graphics();
  /** Its own render group: rebuilding the dots re-packs only the dots. */
  readonly layer = new Container({ isRenderGroup: true });
  private covered: Rect | null = null;
  private step = 0;
  private builtScale = 0;
  /** Size (world units) of the built patch of dots. */
  private builtW = 0;
  private builtH = 0;

  constructor() {
    this.layer.addChild(this.g);
  }

  /**
   * Keeps dots under `view`; returns whether anything changed. The dots repeat every `step`
   * units, so a view that leaves the covered area only moves the patch by whole steps; the
   * geometry (thousands of squares, ~40 ms to tessellate) is rebuilt only when the zoom
   * changes the spacing or dot size, or the view outgrows the patch.
   */
  update(view: Rect, scale: number): boolean {
    const step = dotSpacing(scale);
    const rescale = this.builtScale ? scale / this.builtScale : 0;
    if (this.covered && step === this.step && rescale > 0.75 && rescale < 1.34 && containsRect(this.covered, view)) return false;
    const r = expandRect(view, 0.25);
    const x0 = Math.floor(r.minX / step) * step;
    const y0 = Math.floor(r.minY / step) * step;
    const w = r.maxX - x0;
    const h = r.maxY - y0;
    if (step !== this.step || !(rescale > 0.75 && rescale < 1.34) || w > this.builtW || h > this.builtH) {
      this.step = step;
      this.builtScale = scale;
      // Room to spare, so that the patch can move a while before it is too small.
      this.builtW = Math.ceil((w * 1.2) / step) * step;
      this.builtH = Math.ceil((h * 1.2) / step) * step;
      const d = DOT_PX / scale;
      const g = this.g.clear();
      for (let y = 0; y <= this.builtH; y += step) {
        for (let x = 0; x <= this.builtW; x += step) g.rect(x - d / 2, y - d / 2, d, d);
      }
      g.fill({ color: THEME.dots });
    }
    this.layer.position.set(x0, y0);
    this.covered = { minX: x0, minY: y0, maxX: x0 + this.builtW, maxY: y0 + this.builtH };
    return true;
  }

  destroy(): void {
    this.layer.destroy({ children: true });
  }
}
