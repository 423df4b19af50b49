// Bitmap fonts generated at startup (BitmapFontManager.install): labels are BitmapText so that
// text is batched glyph quads from one atlas rather than a canvas texture per label. The
// monospace font (sticky-note code) is installed on first use; italics are skewed regular text.
import { BitmapFontManager, type BitmapFont, type DynamicBitmapFont } from 'pixi.js';
import type { RunFont } from '../kernels/markdown.ts';

export const LABEL_FONT = 'sy-label';
export const BOLD_FONT = 'sy-label-bold';
export const MONO_FONT = 'sy-mono';

// The app's own font first ('Inter Variable', @fontsource-variable/inter, loaded by the app's
// CSS): with only 'Inter' the canvas drew in whatever the machine had (DejaVu Sans on a bare
// Debian, ~12 % wider), so the same wall fitted 18-px names on one machine and 16.4 on another.
const FAMILY = '"Inter Variable", Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", "DejaVu Sans", sans-serif';
/** How long the canvas waits for the label font before drawing its glyphs with a fallback. */
const FONT_WAIT_MS = 2000;

/**
 * Loads the label font's faces (regular and bold) for canvas drawing: glyphs are drawn into the
 * atlas once, so a face not yet loaded then would stay a fallback's. Resolves in any case (a
 * fallback is used when the font cannot load within FONT_WAIT_MS).
 */
export function loadLabelFonts(): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts?.load) return Promise.resolve();
  const faces = Promise.all([document.fonts.load(`${GLYPH_SIZE}px "Inter Variable"`), document.fonts.load(`bold ${GLYPH_SIZE}px "Inter Variable"`)]).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([faces, new Promise<void>((resolve) => setTimeout(resolve, FONT_WAIT_MS))]);
}
const MONO_FAMILY = '"DejaVu Sans Mono", "Liberation Mono", Menlo, Consolas, monospace';
/**
 * Glyph size in the atlas. Labels are 11–13 px at 100 %: glyphs near that size sample cleanly
 * (minifying 32 px glyphs without mipmaps garbles thin letters); headings use the bold font.
 */
const GLYPH_SIZE = 16;
/**
 * Glyphs drawn at start: ASCII and the marks the canvas itself writes. Any other character is
 * added the first time a text uses it (Pixi's fonts are dynamic: a BitmapText asks for its
 * characters, and measureText below does too).
 */
const CHARS: (string | string[])[] = [[' ', '~'], '…–—‘’“”•→✓☐☑'];

const fonts = new Map<string, BitmapFont>();
let resolutionUsed = 1;

function install(name: string, family: string, weight: 'normal' | 'bold'): BitmapFont {
  const font = BitmapFontManager.install({
    name,
    style: { fontFamily: family, fontSize: GLYPH_SIZE, fontWeight: weight, fill: 0xffffff },
    chars: CHARS,
    resolution: resolutionUsed,
    padding: 4,
    // Pixi measures the kerning of every pair of glyphs (two measureText calls per pair, so the
    // square of the glyph count): 266 ms of a 1,000-node editor open in a CPU profile, for
    // kerning it gets half wrong (its second measure repeats first+second, then files it under
    // second, first). Without it, glyphs advance by their own widths.
    skipKerning: true,
  });
  fonts.set(name, font);
  return font;
}

export function installFonts(resolution: number): void {
  if (fonts.size) return;
  resolutionUsed = Math.min(3, Math.max(1, Math.round(resolution)));
  install(LABEL_FONT, FAMILY, 'normal');
  install(BOLD_FONT, FAMILY, 'bold');
}

/** The monospace font, installed when a sticky note first shows code. */
export function ensureMonoFont(): void {
  if (!fonts.has(MONO_FONT)) install(MONO_FONT, MONO_FAMILY, 'normal');
}

export function fontName(f: RunFont): string {
  return f === 'bold' ? BOLD_FONT : f === 'mono' ? MONO_FONT : LABEL_FONT;
}

/** Width of `text` in the given font at `size` px (glyph advances; unknown glyphs count as a space). */
export function measureText(text: string, f: RunFont, size: number): number {
  if (f === 'mono') ensureMonoFont();
  const font = fonts.get(fontName(f));
  if (!font) return text.length * size * 0.55;
  const scale = size / font.baseMeasurementFontSize;
  const space = font.chars[' ']?.xAdvance ?? GLYPH_SIZE * 0.3;
  let w = 0;
  let added = false;
  for (const c of text) {
    let glyph = font.chars[c];
    if (!glyph && !added && c !== '\n') {
      // A character not drawn yet: added now, so the layout measures what will be drawn.
      (font as DynamicBitmapFont).ensureCharacters?.(text);
      added = true;
      glyph = font.chars[c];
    }
    w += glyph?.xAdvance ?? space;
  }
  return w * scale;
}

/** A label's width in ems of the label font (name layout: kernels/lod.ts MeasureEm). */
export function labelEm(text: string): number {
  return measureText(text, 'regular', 1);
}
