// One texture atlas for every node and badge icon: the SVG paths of assets/icons.ts
// rasterised once at startup (OffscreenCanvas + Path2D), white, so sprites tint them. Icons that
// are files (a community package node's 'file:' SVG or PNG, served by GET /rest/node-icon/<type>)
// are loaded on first use, each rasterised into a texture of its own laid out like an atlas cell.
import { CanvasSource, Rectangle, Texture } from 'pixi.js';
import { ICONS } from '../../../assets/icons.ts';

const CELL = 80;
const ICON_PX = 68;
const COLS = 12;

/** Largest file icon kept (bytes): a package's icon is a small SVG or PNG. */
const MAX_FILE_ICON_BYTES = 512 * 1024;
/** At most this many file icons are kept (one texture each). */
const MAX_FILE_ICONS = 256;

export class IconAtlas {
  private readonly frames = new Map<string, Texture>();
  /** File icons by URL: the texture once loaded, null when it failed or is loading. */
  private readonly files = new Map<string, Texture | null>();
  /** Called when a file icon finished loading (the canvas redraws the nodes showing it). */
  onFileIcon: (() => void) | undefined;
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

  /** A file icon's texture; undefined while it loads (then onFileIcon is called) or when it cannot be drawn. */
  getFile(url: string): Texture | undefined {
    const known = this.files.get(url);
    if (known !== undefined) return known ?? undefined;
    if (this.files.size >= MAX_FILE_ICONS) return undefined;
    this.files.set(url, null);
    void loadFileIcon(url).then(
      (texture) => {
        if (!texture) return;
        this.files.set(url, texture);
        this.onFileIcon?.();
      },
      () => undefined,
    );
    return undefined;
  }

  /** Frame size in atlas pixels; the glyph fills ICON_PX of it. */
  static readonly cellScale = CELL / ICON_PX;

  destroy(): void {
    this.onFileIcon = undefined;
    for (const t of this.files.values()) t?.destroy(true);
    this.files.clear();
    for (const t of this.frames.values()) t.destroy(false);
    this.source.destroy();
  }
}

/** Fetches an SVG or PNG icon and rasterises it (twice a cell's size, for zooming in) centred in a cell. */
async function loadFileIcon(url: string): Promise<Texture | undefined> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) return undefined;
  const blob = await response.blob();
  if (blob.size > MAX_FILE_ICON_BYTES || !/^image\/(svg\+xml|png)/.test(blob.type)) return undefined;
  const objectUrl = URL.createObjectURL(blob);
  try {
    const img = new Image();
    img.src = objectUrl;
    await img.decode();
    const scale = 2;
    const canvas = new OffscreenCanvas(CELL * scale, CELL * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) return undefined;
    // An SVG with only a viewBox may report no size: square then.
    const w = img.naturalWidth || 1;
    const h = img.naturalHeight || w;
    const fit = (ICON_PX * scale) / Math.max(w, h);
    ctx.drawImage(img, (CELL * scale - w * fit) / 2, (CELL * scale - h * fit) / 2, w * fit, h * fit);
    return new Texture({ source: new CanvasSource({ resource: canvas, autoGenerateMipmaps: true, scaleMode: 'linear' }) });
  } finally {
    URL.revokeObjectURL(objectUrl);
  }
}

function pow2(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}
