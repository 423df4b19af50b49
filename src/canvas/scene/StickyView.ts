// A sticky note: a coloured rectangle with its markdown text laid out as bitmap-text blocks
// (headings bold and larger, paragraphs, list items). Text that would run past the bottom is
// not shown; the note does not clip with a mask (masks cost a stencil pass per note).
import { BitmapText, Container, Graphics } from 'pixi.js';
import type { Lod } from '../kernels/lod.ts';
import { parseStickyMarkdown } from '../kernels/markdown.ts';
import { BOLD_FONT, LABEL_FONT } from './fonts.ts';
import { SIZES, STICKY_COLORS, THEME } from './theme.ts';

export interface StickyAppearance {
  x: number;
  y: number;
  w: number;
  h: number;
  content: string;
  color: number;
  selected: boolean;
}

const HEADING_SIZE: Record<number, number> = { 1: 22, 2: 18, 3: 16 };

export class StickyView {
  readonly root = new Container();
  nodeId = '';
  slot = -1;
  private readonly bg = new Graphics();
  private readonly text = new Container();
  private last: StickyAppearance | null = null;
  private lastLod: Lod | null = null;

  constructor() {
    this.root.addChild(this.bg, this.text);
  }

  apply(a: StickyAppearance, lod: Lod): void {
    const p = this.last;
    if (!p || p.x !== a.x || p.y !== a.y) this.root.position.set(a.x, a.y);
    if (!p || p.w !== a.w || p.h !== a.h || p.color !== a.color || p.selected !== a.selected) {
      const c = STICKY_COLORS[a.color] ?? STICKY_COLORS[1];
      const g = this.bg.clear();
      if (a.selected) g.roundRect(-5, -5, a.w + 10, a.h + 10, 9).fill({ color: THEME.selection, alpha: 0.22 });
      g.roundRect(0, 0, a.w, a.h, 6).fill({ color: c.fill }).stroke({ color: a.selected ? THEME.selection : c.border, width: a.selected ? 2 : 1.5, alignment: 1 });
    }
    const showText = lod === 'full';
    this.text.visible = showText;
    if (showText && (!p || p.content !== a.content || p.w !== a.w || p.h !== a.h || this.lastLod !== 'full')) this.layoutText(a);
    this.last = a;
    this.lastLod = lod;
  }

  private layoutText(a: StickyAppearance): void {
    for (const c of this.text.removeChildren()) c.destroy();
    const pad = SIZES.stickyPadding;
    const width = Math.max(20, a.w - 2 * pad);
    let y = pad;
    for (const b of parseStickyMarkdown(a.content)) {
      if (y >= a.h - pad) break;
      const heading = b.kind === 'heading';
      const size = heading ? HEADING_SIZE[b.level] ?? 14 : SIZES.stickyTextSize;
      const t = new BitmapText({
        text: b.kind === 'item' ? `•  ${b.text}` : b.text,
        style: { fontFamily: heading ? BOLD_FONT : LABEL_FONT, fontSize: size, wordWrap: true, wordWrapWidth: width, lineHeight: Math.round(size * 1.35) },
      });
      t.tint = THEME.text;
      t.position.set(pad, y);
      if (y + t.height > a.h - pad + 2) {
        t.destroy();
        break;
      }
      this.text.addChild(t);
      y += t.height + (heading ? 8 : b.kind === 'item' ? 3 : 8);
    }
  }

  reset(): void {
    this.nodeId = '';
    this.slot = -1;
    this.last = null;
    this.lastLod = null;
    for (const c of this.text.removeChildren()) c.destroy();
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }
}
