// Bitmap fonts generated at startup (BitmapFont.install): labels are BitmapText so that text
// is batched glyph quads from one atlas rather than a canvas texture per label.
import { BitmapFont } from 'pixi.js';

export const LABEL_FONT = 'sy-label';
export const BOLD_FONT = 'sy-label-bold';

const FAMILY = 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", "DejaVu Sans", sans-serif';
/**
 * Glyph size in the atlas. Labels are 11–13 px at 100 %: glyphs near that size sample cleanly
 * (minifying 32 px glyphs without mipmaps garbles thin letters); headings use the bold font.
 */
const GLYPH_SIZE = 16;
const CHARS: (string | string[])[] = [[' ', '~'], ['\u00a0', '\u00ff'], '…–—‘’“”•→✓'];

let installed = false;

export function installFonts(resolution: number): void {
  if (installed) return;
  installed = true;
  const common = { chars: CHARS, resolution: Math.min(3, Math.max(1, Math.round(resolution))), padding: 4 };
  BitmapFont.install({ name: LABEL_FONT, style: { fontFamily: FAMILY, fontSize: GLYPH_SIZE, fill: 0xffffff }, ...common });
  BitmapFont.install({ name: BOLD_FONT, style: { fontFamily: FAMILY, fontSize: GLYPH_SIZE, fontWeight: 'bold', fill: 0xffffff }, ...common });
}
