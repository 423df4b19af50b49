// A sticky note: a coloured rectangle with its markdown laid out (kernels/markdown.ts) as
// bitmap-text runs — bold and larger headings, italics as skewed text, monospace code on a
// tinted band, underlined links, list markers, quote bars, rules. Text past the bottom is not
// laid out; the note does not clip with a mask (masks cost a stencil pass per note). Selected
// notes show their resize grips.
import { BitmapText, Container, Graphics } from 'pixi.js';
import type { Lod } from '../kernels/lod.ts';
import { greekBars, layoutMarkdown, parseMarkdown, type MdLayout } from '../kernels/markdown.ts';
import { ensureMonoFont, fontName, measureText } from './fonts.ts';
import { SIZES, STICKY_COLORS, THEME } from './theme.ts';

export interface StickyAppearance {
  x: number;
  y: number;
  w: number;
  h: number;
  content: string;
  color: number;
  selected: boolean;
  /** Being edited in the text overlay: the text is hidden under it. */
  editing: boolean;
  /** Grips for resizing (selected and editable). */
  grips: boolean;
}

const HEADING_SIZE: Record<number, number> = { 1: 22, 2: 18, 3: 16, 4: 14, 5: 13, 6: 13 };
const ITALIC_SKEW = -0.2;
const GRIP = 8;

export class StickyView {
  readonly root = new Container();
  nodeId = '';
  slot = -1;
  private readonly bg = new Graphics();
  private readonly decos = new Graphics();
  private readonly text = new Container();
  private readonly greek = new Graphics();
  private textDrawn = false;
  private greekDrawn = false;
  private last: StickyAppearance | null = null;
  /** The laid-out content (for link hits), in note-local coordinates. */
  layout: MdLayout | null = null;

  constructor() {
    this.root.addChild(this.bg, this.decos, this.text, this.greek);
  }

  apply(a: StickyAppearance, lod: Lod): void {
    const p = this.last;
    if (!p || p.x !== a.x || p.y !== a.y) this.root.position.set(a.x, a.y);
    if (!p || p.w !== a.w || p.h !== a.h || p.color !== a.color || p.selected !== a.selected || p.grips !== a.grips) {
      const c = STICKY_COLORS[a.color] ?? STICKY_COLORS[1];
      const g = this.bg.clear();
      if (a.selected) g.roundRect(-5, -5, a.w + 10, a.h + 10, 9).fill({ color: THEME.selection, alpha: 0.22 });
      g.roundRect(0, 0, a.w, a.h, 6).fill({ color: c.fill }).stroke({ color: a.selected ? THEME.selection : c.border, width: a.selected ? 2 : 1.5, alignment: 1 });
      if (a.grips) {
        for (const [gx, gy] of [[0, 0], [a.w, 0], [0, a.h], [a.w, a.h]]) g.rect(gx - GRIP / 2, gy - GRIP / 2, GRIP, GRIP);
        g.fill({ color: THEME.nodeFill }).stroke({ color: THEME.selection, width: 1.5 });
      }
    }
    const showText = lod === 'full' && !a.editing;
    // Too small to read: grey bars where the lines are, so the note still looks written on.
    const showGreek = lod === 'simplified' && !a.editing;
    this.text.visible = showText;
    this.decos.visible = showText;
    this.greek.visible = showGreek;
    if (!p || p.content !== a.content || p.w !== a.w || p.h !== a.h || p.editing) {
      this.layout = null;
      this.textDrawn = false;
      this.greekDrawn = false;
    }
    if (showText && !this.textDrawn) this.layoutText(a);
    if (showGreek && !this.greekDrawn) this.drawGreek(a);
    this.last = a;
  }

  private laidOut(a: StickyAppearance): MdLayout {
    const pad = SIZES.stickyPadding;
    this.layout ??= layoutMarkdown(parseMarkdown(a.content), measureText, {
      width: Math.max(20, a.w - 2 * pad),
      maxHeight: Math.max(0, a.h - 2 * pad),
      textSize: SIZES.stickyTextSize,
      headingSizes: HEADING_SIZE,
    });
    return this.layout;
  }

  private drawGreek(a: StickyAppearance): void {
    const pad = SIZES.stickyPadding;
    const g = this.greek.clear();
    for (const r of greekBars(this.laidOut(a))) g.roundRect(pad + r.x, pad + r.y, r.w, r.h, r.h / 2).fill({ color: r.link ? THEME.link : THEME.text, alpha: 0.3 });
    this.greekDrawn = true;
  }

  private layoutText(a: StickyAppearance): void {
    for (const c of this.text.removeChildren()) c.destroy();
    const layout = this.laidOut(a);
    const pad = SIZES.stickyPadding;
    const d = this.decos.clear();
    for (const k of layout.decos) {
      const x = pad + k.x;
      const y = pad + k.y;
      if (k.kind === 'codeBlock' || k.kind === 'codeBg') d.roundRect(x, y, k.w, k.h, 3).fill({ color: THEME.shadow, alpha: 0.07 });
      else if (k.kind === 'quoteBar') d.rect(x, y, k.w, k.h).fill({ color: THEME.textMuted, alpha: 0.6 });
      else if (k.kind === 'rule') d.rect(x, y, k.w, k.h).fill({ color: THEME.textMuted, alpha: 0.5 });
      else if (k.kind === 'underline') d.rect(x, y, k.w, k.h).fill({ color: THEME.link });
      else d.rect(x, y, k.w, k.h).fill({ color: THEME.text });
    }
    for (const r of layout.runs) {
      if (r.font === 'mono') ensureMonoFont();
      const t = new BitmapText({ text: r.text.trimEnd(), style: { fontFamily: fontName(r.font), fontSize: r.size } });
      t.tint = r.kind === 'link' ? THEME.link : THEME.text;
      t.position.set(pad + r.x, pad + r.y);
      if (r.italic) t.skew.x = ITALIC_SKEW;
      this.text.addChild(t);
    }
    this.textDrawn = true;
  }

  reset(): void {
    this.nodeId = '';
    this.slot = -1;
    this.last = null;
    this.layout = null;
    this.textDrawn = false;
    this.greekDrawn = false;
    this.decos.clear();
    this.greek.clear();
    for (const c of this.text.removeChildren()) c.destroy();
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }
}
