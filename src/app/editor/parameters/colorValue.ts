// Colour values (spec 001 §5 "Color with alpha converts rgba to hex"): what a user types or picks
// is stored as hex — '#rrggbb', or '#rrggbbaa' when the parameter has typeOptions.showAlpha.

const HEX6 = /^#?([0-9a-f]{6})$/i;
const HEX8 = /^#?([0-9a-f]{8})$/i;
const HEX3 = /^#?([0-9a-f]{3,4})$/i;
const RGB = /^rgba?\(\s*(\d{1,3}(?:\.\d+)?)\s*[, ]\s*(\d{1,3}(?:\.\d+)?)\s*[, ]\s*(\d{1,3}(?:\.\d+)?)\s*(?:[,/]\s*(\d*(?:\.\d+)?%?)\s*)?\)$/i;

const hex2 = (n: number) => Math.round(Math.min(255, Math.max(0, n))).toString(16).padStart(2, '0');

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0..1 */
  a: number;
}

/** Reads '#rgb', '#rgba', '#rrggbb', '#rrggbbaa', 'rgb(…)' and 'rgba(…)'; undefined when it is none of them. */
export function parseColor(text: string): Rgba | undefined {
  const t = text.trim();
  let m = HEX6.exec(t) ?? HEX8.exec(t);
  if (m) {
    const h = m[1]!;
    return { r: parseInt(h.slice(0, 2), 16), g: parseInt(h.slice(2, 4), 16), b: parseInt(h.slice(4, 6), 16), a: h.length === 8 ? parseInt(h.slice(6, 8), 16) / 255 : 1 };
  }
  m = HEX3.exec(t);
  if (m) {
    const h = m[1]!;
    const d = (i: number) => parseInt(h[i]! + h[i]!, 16);
    return { r: d(0), g: d(1), b: d(2), a: h.length === 4 ? d(3) / 255 : 1 };
  }
  m = RGB.exec(t);
  if (m) {
    const [r, g, b] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (r > 255 || g > 255 || b > 255) return undefined;
    let a = 1;
    if (m[4] !== undefined && m[4] !== '') {
      a = m[4].endsWith('%') ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
      if (!Number.isFinite(a) || a < 0 || a > 1) return undefined;
    }
    return { r, g, b, a };
  }
  return undefined;
}

/** '#rrggbb', or with alpha '#rrggbbaa' (n8n writes the alpha byte only when the picker shows it). */
export function toHex(c: Rgba, withAlpha: boolean): string {
  const base = `#${hex2(c.r)}${hex2(c.g)}${hex2(c.b)}`;
  return withAlpha ? base + hex2(c.a * 255) : base;
}

/** The stored form of typed text, or undefined when it is not a colour. */
export function normaliseColor(text: string, withAlpha: boolean): string | undefined {
  const c = parseColor(text);
  return c ? toHex(c, withAlpha) : undefined;
}
