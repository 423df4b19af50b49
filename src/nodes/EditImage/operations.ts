// Edit Image's operations on decoded pixels (jimp, pure JavaScript), as n8n's GraphicsMagick calls
// do them. Runs inside the Edit Image worker (worker.ts), never on the server's thread.
// Colours follow GraphicsMagick: '#rrggbb', or '#rrggbboo' whose last byte is the OPACITY
// (00 = opaque, ff = transparent; n8n's defaults '#ff000000' and '#ffffff00' are opaque), and
// a few names.
import { Jimp, JimpMime, loadFont, ResizeStrategy } from 'jimp';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readImageHeader } from './imageSize.ts';

export type Image = InstanceType<typeof Jimp>;
export type OperationData = Record<string, unknown> & { operation: string };

export interface ImageLimits {
  /** Most pixels of any image read, created or produced. */
  maxPixels: number;
  /** Longest side of any image. */
  maxSide: number;
}

export class ImageError extends Error {}

const NAMED: Record<string, [number, number, number, number]> = {
  transparent: [0, 0, 0, 0],
  none: [0, 0, 0, 0],
  black: [0, 0, 0, 255],
  white: [255, 255, 255, 255],
  red: [255, 0, 0, 255],
  green: [0, 128, 0, 255],
  lime: [0, 255, 0, 255],
  blue: [0, 0, 255, 255],
  yellow: [255, 255, 0, 255],
  gray: [128, 128, 128, 255],
  grey: [128, 128, 128, 255],
};

/** RGBA (alpha 255 = opaque) of a GraphicsMagick colour. */
export function parseColor(value: unknown, what: string): [number, number, number, number] {
  const s = String(value ?? '').trim().toLowerCase();
  if (NAMED[s]) return NAMED[s];
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(s);
  if (!m) throw new ImageError(`The ${what} "${String(value)}" is not a colour: use #rrggbb, #rrggbboo (oo = opacity, 00 opaque) or a name like "white"`);
  let hex = m[1];
  if (hex.length === 3) hex = hex.split('').map((c) => c + c).join('');
  const r = parseInt(hex.slice(0, 2), 16);
  const g = parseInt(hex.slice(2, 4), 16);
  const b = parseInt(hex.slice(4, 6), 16);
  const opacity = hex.length === 8 ? parseInt(hex.slice(6, 8), 16) : 0;
  return [r, g, b, 255 - opacity];
}

function num(op: OperationData, name: string, fallback?: number): number {
  const v = op[name] ?? fallback;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new ImageError(`The parameter "${name}" of the operation "${op.operation}" must be a number (got ${JSON.stringify(v)})`);
  return n;
}

export function checkSize(width: number, height: number, limits: ImageLimits, what: string): void {
  if (!Number.isFinite(width) || !Number.isFinite(height) || width < 1 || height < 1) throw new ImageError(`${what} would be ${width} × ${height} pixels: both sides must be at least 1`);
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    throw new ImageError(`${what} would be ${Math.round(width)} × ${Math.round(height)} pixels, more than the limit of ${limits.maxPixels} pixels (${limits.maxSide} per side)`);
  }
}

/** Decodes an image after checking the size its header declares. */
export async function decode(bytes: Uint8Array, limits: ImageLimits, what: string): Promise<Image> {
  const header = readImageHeader(bytes);
  if (!header) throw new ImageError(`${what} is not an image this node can read (PNG, JPEG, GIF, BMP or TIFF)`);
  checkSize(header.width, header.height, limits, `${what} (${header.format.toUpperCase()})`);
  try {
    const image = (await Jimp.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) as Image;
    checkSize(image.bitmap.width, image.bitmap.height, limits, what);
    return image;
  } catch (e) {
    if (e instanceof ImageError) throw e;
    throw new ImageError(`${what} could not be decoded: ${(e as Error).message}`);
  }
}

export function blank(width: number, height: number, rgba: [number, number, number, number], limits: ImageLimits): Image {
  checkSize(width, height, limits, 'The image');
  const image = new Jimp({ width: Math.round(width), height: Math.round(height), color: 0 }) as Image;
  const d = image.bitmap.data;
  for (let i = 0; i < d.length; i += 4) {
    d[i] = rgba[0];
    d[i + 1] = rgba[1];
    d[i + 2] = rgba[2];
    d[i + 3] = rgba[3];
  }
  return image;
}

/** Paints `rgba` over the pixel at (x, y) with coverage `cover` (0..1), source-over. */
function blendPixel(image: Image, x: number, y: number, rgba: [number, number, number, number], cover = 1): void {
  const { width, height, data } = image.bitmap;
  if (x < 0 || y < 0 || x >= width || y >= height) return;
  const i = (y * width + x) * 4;
  const sa = (rgba[3] / 255) * cover;
  if (sa <= 0) return;
  const da = data[i + 3] / 255;
  const oa = sa + da * (1 - sa);
  for (let c = 0; c < 3; c++) data[i + c] = Math.round((rgba[c] * sa + data[i + c] * da * (1 - sa)) / (oa || 1));
  data[i + 3] = Math.round(oa * 255);
}

// Porter-Duff and arithmetic operators of GraphicsMagick's -compose, per channel on 0..1 values.
type Compose = (s: number[], d: number[]) => number[];
const over: Compose = (s, d) => {
  const a = s[3] + d[3] * (1 - s[3]);
  return [0, 1, 2].map((c) => (a ? (s[c] * s[3] + d[c] * d[3] * (1 - s[3])) / a : 0)).concat(a);
};
const arith = (f: (s: number, d: number) => number): Compose => (s, d) => {
  const mixed = [0, 1, 2].map((c) => Math.min(1, Math.max(0, f(s[c], d[c]))));
  // The result is painted over the destination with the source's opacity.
  return over([...mixed, s[3]], d);
};
const COMPOSE: Record<string, Compose> = {
  Over: over,
  Copy: (s) => s,
  In: (s, d) => [s[0], s[1], s[2], s[3] * d[3]],
  Out: (s, d) => [s[0], s[1], s[2], s[3] * (1 - d[3])],
  Atop: (s, d) => {
    const a = d[3];
    return [0, 1, 2].map((c) => s[c] * s[3] + d[c] * (1 - s[3])).concat(a);
  },
  Xor: (s, d) => {
    const a = s[3] * (1 - d[3]) + d[3] * (1 - s[3]);
    return [0, 1, 2].map((c) => (a ? (s[c] * s[3] * (1 - d[3]) + d[c] * d[3] * (1 - s[3])) / a : 0)).concat(a);
  },
  Plus: (s, d) => [0, 1, 2].map((c) => Math.min(1, s[c] * s[3] + d[c] * d[3])).concat(Math.min(1, s[3] + d[3])),
  Add: arith((s, d) => (s + d) % 1.0000001),
  Minus: arith((s, d) => s - d),
  Subtract: arith((s, d) => d - s),
  Difference: arith((s, d) => Math.abs(s - d)),
  Multiply: arith((s, d) => s * d),
  Divide: arith((s, d) => (s === 0 ? 1 : d / s)),
  CopyRed: (s, d) => [s[0], d[1], d[2], d[3]],
  CopyGreen: (s, d) => [d[0], s[1], d[2], d[3]],
  CopyBlue: (s, d) => [d[0], d[1], s[2], d[3]],
  CopyOpacity: (s, d) => [d[0], d[1], d[2], s[3]],
};

/** GraphicsMagick operators that have no meaning here (CMYK channels, bump maps). */
export const UNSUPPORTED_OPERATORS = ['Bumpmap', 'CopyBlack', 'CopyCyan', 'CopyMagenta', 'CopyYellow'];

export function composite(base: Image, src: Image, x: number, y: number, operator: string): void {
  const f = COMPOSE[operator];
  if (!f) {
    if (UNSUPPORTED_OPERATORS.includes(operator)) throw new ImageError(`The composite operator "${operator}" is not supported by this node (no GraphicsMagick here): use Over, Copy, In, Out, Atop, Xor, Plus, Add, Minus, Subtract, Difference, Multiply, Divide, CopyRed, CopyGreen, CopyBlue or CopyOpacity`);
    throw new ImageError(`The composite operator "${operator}" is not known`);
  }
  const bw = base.bitmap.width;
  const bh = base.bitmap.height;
  const sw = src.bitmap.width;
  const sh = src.bitmap.height;
  const bd = base.bitmap.data;
  const sd = src.bitmap.data;
  for (let sy = 0; sy < sh; sy++) {
    const ty = sy + y;
    if (ty < 0 || ty >= bh) continue;
    for (let sx = 0; sx < sw; sx++) {
      const tx = sx + x;
      if (tx < 0 || tx >= bw) continue;
      const si = (sy * sw + sx) * 4;
      const di = (ty * bw + tx) * 4;
      const s = [sd[si] / 255, sd[si + 1] / 255, sd[si + 2] / 255, sd[si + 3] / 255];
      const d = [bd[di] / 255, bd[di + 1] / 255, bd[di + 2] / 255, bd[di + 3] / 255];
      const r = f(s, d);
      for (let c = 0; c < 4; c++) bd[di + c] = Math.round(Math.min(1, Math.max(0, r[c])) * 255);
    }
  }
}

/** Widths of three box blurs whose sum approximates a Gaussian of `sigma` (Kovesi's method). */
function boxesForGauss(sigma: number): number[] {
  const n = 3;
  const ideal = Math.sqrt((12 * sigma * sigma) / n + 1);
  let wl = Math.floor(ideal);
  if (wl % 2 === 0) wl--;
  const wu = wl + 2;
  const m = Math.round((12 * sigma * sigma - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4));
  return Array.from({ length: n }, (_, i) => (i < m ? wl : wu));
}

/** One box blur of `r` along rows (`horizontal`) or columns, all four channels, edges clamped. */
function boxPass(src: Float32Array, dst: Float32Array, w: number, h: number, r: number, horizontal: boolean): void {
  const lines = horizontal ? h : w;
  const len = horizontal ? w : h;
  const step = horizontal ? 4 : w * 4;
  const scale = 1 / (2 * r + 1);
  for (let line = 0; line < lines; line++) {
    const base = horizontal ? line * w * 4 : line * 4;
    const lastAt = base + (len - 1) * step;
    // Window of output i: [i - r, i + r]; before i = 0 it holds [-r, r - 1], the left edge clamped.
    let a0 = src[base] * r;
    let a1 = src[base + 1] * r;
    let a2 = src[base + 2] * r;
    let a3 = src[base + 3] * r;
    for (let j = 0; j < r; j++) {
      const k = base + Math.min(j, len - 1) * step;
      a0 += src[k];
      a1 += src[k + 1];
      a2 += src[k + 2];
      a3 += src[k + 3];
    }
    for (let i = 0, o = base; i < len; i++, o += step) {
      const add = i + r < len ? base + (i + r) * step : lastAt;
      a0 += src[add];
      a1 += src[add + 1];
      a2 += src[add + 2];
      a3 += src[add + 3];
      dst[o] = a0 * scale;
      dst[o + 1] = a1 * scale;
      dst[o + 2] = a2 * scale;
      dst[o + 3] = a3 * scale;
      const sub = i - r >= 0 ? base + (i - r) * step : base;
      a0 -= src[sub];
      a1 -= src[sub + 1];
      a2 -= src[sub + 2];
      a3 -= src[sub + 3];
    }
  }
}

/** A Gaussian blur of `sigma` pixels, alpha-weighted so transparent pixels do not darken edges. */
function gaussianBlur(image: Image, sigma: number): void {
  if (!(sigma > 0.3)) return;
  const { width: w, height: h, data } = image.bitmap;
  const a = new Float32Array(w * h * 4);
  const b = new Float32Array(w * h * 4);
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3] / 255;
    a[i] = data[i] * alpha;
    a[i + 1] = data[i + 1] * alpha;
    a[i + 2] = data[i + 2] * alpha;
    a[i + 3] = data[i + 3];
  }
  for (const size of boxesForGauss(sigma)) {
    const r = Math.max(0, (size - 1) / 2);
    if (r === 0) continue;
    boxPass(a, b, w, h, r, true);
    boxPass(b, a, w, h, r, false);
  }
  for (let i = 0; i < data.length; i += 4) {
    const alpha = a[i + 3];
    const k = alpha > 0 ? 255 / alpha : 0;
    data[i] = Math.round(Math.min(255, a[i] * k));
    data[i + 1] = Math.round(Math.min(255, a[i + 1] * k));
    data[i + 2] = Math.round(Math.min(255, a[i + 2] * k));
    data[i + 3] = Math.round(Math.min(255, alpha));
  }
}

function drawRectangle(image: Image, x0: number, y0: number, x1: number, y1: number, radius: number, rgba: [number, number, number, number]): void {
  const [left, right] = [Math.min(x0, x1), Math.max(x0, x1)];
  const [top, bottom] = [Math.min(y0, y1), Math.max(y0, y1)];
  const r = Math.max(0, Math.min(radius, (right - left) / 2, (bottom - top) / 2));
  const xs = Math.max(0, Math.floor(left));
  const xe = Math.min(image.bitmap.width - 1, Math.ceil(right));
  const ys = Math.max(0, Math.floor(top));
  const ye = Math.min(image.bitmap.height - 1, Math.ceil(bottom));
  for (let y = ys; y <= ye; y++) {
    for (let x = xs; x <= xe; x++) {
      if (r > 0) {
        const cx = x < left + r ? left + r : x > right - r ? right - r : x;
        const cy = y < top + r ? top + r : y > bottom - r ? bottom - r : y;
        if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
      }
      blendPixel(image, x, y, rgba);
    }
  }
}

/** GraphicsMagick's drawCircle(x0, y0, x1, y1): centre (x0, y0), through the point (x1, y1). */
function drawCircle(image: Image, cx: number, cy: number, px: number, py: number, rgba: [number, number, number, number]): void {
  const r = Math.hypot(px - cx, py - cy);
  const ys = Math.max(0, Math.floor(cy - r));
  const ye = Math.min(image.bitmap.height - 1, Math.ceil(cy + r));
  const xs = Math.max(0, Math.floor(cx - r));
  const xe = Math.min(image.bitmap.width - 1, Math.ceil(cx + r));
  for (let y = ys; y <= ye; y++) for (let x = xs; x <= xe; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) blendPixel(image, x, y, rgba);
}

function drawLine(image: Image, x0: number, y0: number, x1: number, y1: number, rgba: [number, number, number, number]): void {
  const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
  const limit = (image.bitmap.width + image.bitmap.height) * 4;
  const n = Math.min(Math.ceil(steps), limit);
  let last = '';
  for (let i = 0; i <= n; i++) {
    const x = Math.round(x0 + ((x1 - x0) * i) / n);
    const y = Math.round(y0 + ((y1 - y0) * i) / n);
    const key = `${x},${y}`;
    if (key === last) continue;
    last = key;
    blendPixel(image, x, y, rgba);
  }
}

/** GraphicsMagick's -shear XxY: x' = x + tan(X)·y, then y' = y + tan(Y)·x'; the canvas grows, new area transparent. */
function shear(image: Image, degX: number, degY: number, limits: ImageLimits): Image {
  for (const [name, d] of [['degreesX', degX], ['degreesY', degY]] as const) {
    if (Math.abs(d % 180) === 90) throw new ImageError(`The parameter "${name}" of shear cannot be ${d}: the image would be infinitely wide`);
  }
  const tx = Math.tan((degX * Math.PI) / 180);
  const ty = Math.tan((degY * Math.PI) / 180);
  const w = image.bitmap.width;
  const h = image.bitmap.height;
  const nw = Math.ceil(w + Math.abs(tx) * h);
  const offX = tx < 0 ? Math.abs(tx) * h : 0;
  const nh = Math.ceil(h + Math.abs(ty) * nw);
  const offY = ty < 0 ? Math.abs(ty) * nw : 0;
  checkSize(nw, nh, limits, 'The sheared image');
  const out = blank(nw, nh, [0, 0, 0, 0], limits);
  const sd = image.bitmap.data;
  const od = out.bitmap.data;
  for (let y = 0; y < nh; y++) {
    for (let x = 0; x < nw; x++) {
      const xs1 = x - offX; // x' in the x-sheared frame
      const ys = y - offY - ty * xs1;
      const xs = xs1 - tx * ys;
      const sx = Math.round(xs);
      const sy = Math.round(ys);
      if (sx < 0 || sy < 0 || sx >= w || sy >= h) continue;
      const si = (sy * w + sx) * 4;
      const oi = (y * nw + x) * 4;
      od[oi] = sd[si];
      od[oi + 1] = sd[si + 1];
      od[oi + 2] = sd[si + 2];
      od[oi + 3] = sd[si + 3];
    }
  }
  return out;
}

function resize(image: Image, width: number, height: number, option: string, limits: ImageLimits): Image {
  const W = image.bitmap.width;
  const H = image.bitmap.height;
  let w: number;
  let h: number;
  const fit = (scale: number) => [Math.max(1, Math.round(W * scale)), Math.max(1, Math.round(H * scale))];
  if (width <= 0 || height <= 0) throw new ImageError(`Resize needs a width and a height above 0 (got ${width} × ${height})`);
  switch (option) {
    case 'ignoreAspectRatio':
      [w, h] = [Math.round(width), Math.round(height)];
      break;
    case 'percent':
      [w, h] = [Math.max(1, Math.round((W * width) / 100)), Math.max(1, Math.round((H * height) / 100))];
      break;
    case 'minimumArea':
      [w, h] = fit(Math.max(width / W, height / H));
      break;
    case 'onlyIfLarger':
      [w, h] = W > width || H > height ? fit(Math.min(width / W, height / H)) : [W, H];
      break;
    case 'onlyIfSmaller':
      [w, h] = W < width && H < height ? fit(Math.min(width / W, height / H)) : [W, H];
      break;
    case 'maximumArea':
    default: {
      // GraphicsMagick's '@': width × height is the largest area (in pixels) the image may have.
      const area = width * height;
      [w, h] = W * H > area ? fit(Math.sqrt(area / (W * H))) : [W, H];
    }
  }
  checkSize(w, h, limits, 'The resized image');
  if (w === W && h === H) return image;
  return image.resize({ w, h, mode: ResizeStrategy.BILINEAR }) as Image;
}

const FONT_SIZES = [8, 10, 12, 14, 16, 32, 64, 128];
const fontCache = new Map<number, Awaited<ReturnType<typeof loadFont>>>();

function fontFile(size: number): string {
  const require = createRequire(import.meta.url);
  const printDir = dirname(require.resolve('@jimp/plugin-print/package.json', { paths: [dirname(fileURLToPath(import.meta.resolve('jimp')))] }));
  return join(printDir, 'dist', 'fonts', 'open-sans', `open-sans-${size}-black`, `open-sans-${size}-black.fnt`);
}

/** Wraps at `lineLength` characters as n8n does (on spaces, keeping the given line breaks). */
export function wrapText(text: string, lineLength: number): string[] {
  const lines: string[] = [];
  for (const textLine of text.split('\n')) {
    let current = '';
    for (const part of textLine.split(' ')) {
      if (current.length + part.length + 1 > lineLength) {
        lines.push(current.trim());
        current = `${part} `;
        continue;
      }
      current += `${part} `;
    }
    lines.push(current.trim());
  }
  return lines;
}

async function drawText(image: Image, op: OperationData, font: unknown, limits: ImageLimits, warnings: string[]): Promise<void> {
  // System fonts (TrueType files GraphicsMagick would load) cannot be drawn here: the text is
  // drawn in the built-in font and the run says so, rather than failing an imported workflow.
  if (font !== undefined && font !== null && font !== '' && font !== 'default') {
    const note = `The font "${String(font)}" is not available here: the text was drawn in the built-in font (Open Sans)`;
    if (!warnings.includes(note)) warnings.push(note);
  }
  const text = String(op.text ?? '');
  const fontSize = num(op, 'fontSize', 18);
  const lineLength = Math.max(1, num(op, 'lineLength', 80));
  const rgba = parseColor(op.fontColor ?? '#000000', 'font colour');
  // The built-in bitmap font comes in fixed sizes: the nearest one is used.
  const size = FONT_SIZES.reduce((a, b) => (Math.abs(b - fontSize) < Math.abs(a - fontSize) ? b : a));
  let loaded = fontCache.get(size);
  if (!loaded) {
    loaded = await loadFont(fontFile(size));
    fontCache.set(size, loaded);
  }
  const lines = wrapText(text, lineLength);
  const lineHeight = loaded.common.lineHeight;
  const layer = blank(image.bitmap.width, image.bitmap.height, [0, 0, 0, 0], limits);
  const x = num(op, 'positionX', 50);
  // GraphicsMagick places the first line's baseline at positionY.
  const y = num(op, 'positionY', 50) - ((loaded.common as { base?: number }).base ?? Math.round(lineHeight * 0.8));
  lines.forEach((line, i) => {
    if (line) layer.print({ font: loaded, x: Math.round(x), y: Math.round(y + i * lineHeight), text: line });
  });
  const ld = layer.bitmap.data;
  for (let p = 0; p < ld.length; p += 4) {
    const a = ld[p + 3];
    if (a === 0) continue;
    const px = (p / 4) % image.bitmap.width;
    const py = Math.floor(p / 4 / image.bitmap.width);
    blendPixel(image, px, py, rgba, a / 255);
  }
}

export interface RunRequest {
  input?: Uint8Array;
  /** Other binary properties an operation names (composite). */
  extra: Record<string, Uint8Array>;
  operations: OperationData[];
  font?: unknown;
  limits: ImageLimits;
  format?: string;
  quality?: number;
  information: boolean;
}

export interface RunResult {
  bytes?: Uint8Array;
  mimeType?: string;
  info?: Record<string, unknown>;
  /** What was done differently from GraphicsMagick (shown as hints). */
  warnings?: string[];
}

const MIME: Record<string, string> = { bmp: JimpMime.bmp, gif: JimpMime.gif, jpeg: JimpMime.jpeg, jpg: JimpMime.jpeg, png: JimpMime.png, tiff: JimpMime.tiff };

export async function runOperations(req: RunRequest): Promise<RunResult> {
  const { limits } = req;
  let image: Image | undefined = req.input ? await decode(req.input, limits, 'The image') : undefined;
  const inputMime = image?.mime;
  if (req.information) {
    if (!image || !req.input) throw new ImageError('There is no image to get information about');
    const header = readImageHeader(req.input);
    const format = (header?.format ?? 'unknown').toUpperCase();
    return {
      info: {
        format,
        mimeType: inputMime,
        size: { width: image.bitmap.width, height: image.bitmap.height },
        Geometry: `${image.bitmap.width}x${image.bitmap.height}`,
        Filesize: `${req.input.byteLength}`,
        hasAlpha: image.hasAlpha(),
      },
    };
  }
  let createdPng = false;
  const warnings: string[] = [];
  for (const op of req.operations) {
    const name = op.operation;
    if (name === 'create') {
      image = blank(num(op, 'width', 50), num(op, 'height', 50), parseColor(op.backgroundColor ?? '#ffffff00', 'background colour'), limits);
      createdPng = true;
      continue;
    }
    if (!image) throw new ImageError(`The operation "${name}" needs an image: the item has none and no "create" comes first`);
    switch (name) {
      case 'blur': {
        const sigma = num(op, 'sigma', 2);
        const blur = num(op, 'blur', 5);
        if (sigma < 0 || blur < 0) throw new ImageError('Blur and Sigma must be 0 or more');
        // GraphicsMagick's blur strength is its sigma (the radius only bounds the kernel); radius
        // only = sigma of radius / 2. Three box blurs approximate the Gaussian in linear time
        // (jimp's own blur took ~100 s on a 12 MP photo on the loaded test machine).
        gaussianBlur(image, Math.min(500, sigma > 0 ? sigma : blur / 2));
        break;
      }
      case 'border': {
        const bw = Math.max(0, Math.round(num(op, 'borderWidth', 10)));
        const bh = Math.max(0, Math.round(num(op, 'borderHeight', 10)));
        const framed = blank(image.bitmap.width + 2 * bw, image.bitmap.height + 2 * bh, parseColor(op.borderColor ?? '#000000', 'border colour'), limits);
        composite(framed, image, bw, bh, 'Over');
        image = framed;
        break;
      }
      case 'composite': {
        const property = String(op.dataPropertyNameComposite ?? '');
        const bytes = req.extra[property];
        if (!bytes) throw new ImageError(`Item does not contain any binary data with the name "${property}".`);
        const src = await decode(bytes, limits, `The image to composite ("${property}")`);
        composite(image, src, Math.round(num(op, 'positionX', 0)), Math.round(num(op, 'positionY', 0)), String(op.operator ?? 'Over'));
        break;
      }
      case 'crop': {
        const x = Math.max(0, Math.round(num(op, 'positionX', 0)));
        const y = Math.max(0, Math.round(num(op, 'positionY', 0)));
        if (x >= image.bitmap.width || y >= image.bitmap.height) throw new ImageError(`The crop starts at ${x}, ${y}, outside the ${image.bitmap.width} × ${image.bitmap.height} image`);
        const w = Math.min(Math.round(num(op, 'width', 500)), image.bitmap.width - x);
        const h = Math.min(Math.round(num(op, 'height', 500)), image.bitmap.height - y);
        if (w < 1 || h < 1) throw new ImageError(`The crop would be ${w} × ${h} pixels`);
        image.crop({ x, y, w, h });
        break;
      }
      case 'draw': {
        const rgba = parseColor(op.color ?? '#ff000000', 'colour');
        const x0 = num(op, 'startPositionX', 50);
        const y0 = num(op, 'startPositionY', 50);
        const x1 = num(op, 'endPositionX', 250);
        const y1 = num(op, 'endPositionY', 250);
        const primitive = String(op.primitive ?? 'rectangle');
        if (primitive === 'rectangle') drawRectangle(image, x0, y0, x1, y1, num(op, 'cornerRadius', 0), rgba);
        else if (primitive === 'circle') drawCircle(image, x0, y0, x1, y1, rgba);
        else if (primitive === 'line') drawLine(image, x0, y0, x1, y1, rgba);
        else throw new ImageError(`The primitive "${primitive}" is not known: use circle, line or rectangle`);
        break;
      }
      case 'resize':
        image = resize(image, num(op, 'width', 500), num(op, 'height', 500), String(op.resizeOption ?? 'maximumArea'), limits);
        break;
      case 'rotate': {
        const deg = num(op, 'rotate', 0);
        if (deg % 360 === 0) break;
        const bg = parseColor(op.backgroundColor ?? '#ffffffff', 'background colour');
        const rad = (Math.abs(deg) * Math.PI) / 180;
        checkSize(Math.abs(image.bitmap.width * Math.cos(rad)) + Math.abs(image.bitmap.height * Math.sin(rad)) + 2, Math.abs(image.bitmap.width * Math.sin(rad)) + Math.abs(image.bitmap.height * Math.cos(rad)) + 2, limits, 'The rotated image');
        // GraphicsMagick turns clockwise, jimp counter-clockwise.
        const turned = image.rotate(-deg) as Image;
        const canvas = blank(turned.bitmap.width, turned.bitmap.height, bg, limits);
        composite(canvas, turned, 0, 0, 'Over');
        image = canvas;
        break;
      }
      case 'shear':
        image = shear(image, num(op, 'degreesX', 0), num(op, 'degreesY', 0), limits);
        break;
      case 'text':
        await drawText(image, op, req.font ?? op.font, limits, warnings);
        break;
      case 'transparent': {
        const [r, g, b] = parseColor(op.color ?? '#ff0000', 'colour');
        const d = image.bitmap.data;
        for (let i = 0; i < d.length; i += 4) if (d[i] === r && d[i + 1] === g && d[i + 2] === b) d[i + 3] = 0;
        break;
      }
      case 'information':
        throw new ImageError('"Get Information" cannot be a step of Multi Step: use it as the operation of its own node');
      default:
        throw new ImageError(`The operation "${name}" is not known`);
    }
  }
  if (!image) throw new ImageError('There is no image: add an operation');
  // n8n: an image made by "create" is PNG unless a format is chosen; else the input's format.
  const format = req.format ? String(req.format).toLowerCase() : createdPng ? 'png' : undefined;
  const mime = format ? MIME[format] : (inputMime ?? JimpMime.png);
  if (!mime) throw new ImageError(`The format "${String(req.format)}" is not supported: use bmp, gif, jpeg, png or tiff`);
  const quality = req.quality === undefined ? undefined : Math.min(100, Math.max(0, Number(req.quality)));
  const bytes = mime === JimpMime.jpeg ? await image.getBuffer(JimpMime.jpeg, { quality: quality ?? 100 }) : await image.getBuffer(mime as typeof JimpMime.png);
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), mimeType: mime, warnings };
}
