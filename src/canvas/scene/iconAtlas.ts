// One texture atlas for every node and badge icon: the SVG paths of assets/icons.ts
// rasterised once at startup (OffscreenCanvas + Path2D), white, so sprites tint them.
import { CanvasSource, Rectangle, Texture } from 'pixi.js';
import { ICONS } from '../../../assets/icons.ts';

const CELL = 80;
const ICON_PX = 68;
const COLS = 12;

export class IconAtlas {
  private readonly frames = new Map<string, Texture>();
  readonly source: CanvasSource;

  constructor() {
    const names = Object.keys(ICONS);
    const rows = Math.ceil(names.length / COLS);
    const width = pow2(COLS * CELL);
    const height = pow2(rows * CELL);
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('Icon atlas: 2D canvas context is not available');
    ctx.fillStyle = '#ffffff';
    const cells: Array<[string, number, number]> = [];
    names.forEach((name, i) => {
      const icon = ICONS[name];
      const cx = (i % COLS) * CELL;
      const cy = Math.floor(i / COLS) * CELL;
      const s = ICON_PX / Math.max(icon.width, icon.height);
      ctx.save();
      ctx.translate(cx + (CELL - icon.width * s) / 2, cy + (CELL - icon.height * s) / 2);
      ctx.scale(s, s);
      ctx.fill(new Path2D(icon.path));
      ctx.restore();
      cells.push([name, cx, cy]);
    });
    this.source = new CanvasSource({ resource: canvas, autoGenerateMipmaps: true, scaleMode: 'linear' });
    for (const [name, cx, cy] of cells) {
      this.frames.set(name, new Texture({ source: this.source, frame: new Rectangle(cx, cy, CELL, CELL) }));
    }
  }

  /** The icon's texture (a CELL-sized frame with the glyph centred), or undefined. */
  get(name: string | undefined): Texture | undefined {
    return name ? this.frames.get(name) : undefined;
  }

  /** Frame size in atlas pixels; the glyph fills ICON_PX of it. */
  static readonly cellScale = CELL / ICON_PX;

  destroy(): void {
    for (const t of this.frames.values()) t.destroy(false);
    this.source.destroy();
  }
}

function pow2(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}
