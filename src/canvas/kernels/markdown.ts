// Sticky-note markdown: a small kernel from text to blocks of styled spans (headings, emphasis,
// strong, strike, inline code, links, images as their alt text, lists ordered and not, task
// items, quotes, fenced code, rules), then a layout of those spans into positioned runs for a
// given width and a text-measuring function. The sticky view turns runs into bitmap text.
// Pure and bounded: input is cut at MAX_MARKDOWN_CHARS, so a pasted novel cannot stall a frame.

export interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  strike?: boolean;
  /** http(s) or mailto target; other schemes are shown as text. */
  link?: string;
}

export type MdBlock =
  | { kind: 'heading'; level: number; spans: Span[] }
  | { kind: 'paragraph'; spans: Span[] }
  | { kind: 'item'; ordered: boolean; marker: string; depth: number; spans: Span[] }
  | { kind: 'quote'; spans: Span[] }
  | { kind: 'code'; text: string }
  | { kind: 'rule' };

export const MAX_MARKDOWN_CHARS = 20_000;

function safeLink(url: string): string | undefined {
  const u = url.trim();
  return /^(https?:\/\/|mailto:)/i.test(u) ? u : undefined;
}

/** Inline markup to spans. Unclosed markers stay as text. */
export function parseInline(src: string, base: Omit<Span, 'text'> = {}): Span[] {
  const out: Span[] = [];
  const push = (text: string, style: Omit<Span, 'text'>) => {
    if (!text) return;
    const last = out[out.length - 1];
    if (last && sameStyle(last, style)) last.text += text;
    else out.push({ text, ...style });
  };
  let i = 0;
  let plain = '';
  const flush = () => {
    push(plain, base);
    plain = '';
  };
  while (i < src.length) {
    const c = src[i];
    const rest = src.slice(i);
    if (c === '\\' && i + 1 < src.length && /[\\`*_{}[\]()#+\-.!~|>]/.test(src[i + 1])) {
      plain += src[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      const end = src.indexOf('`', i + 1);
      if (end > i) {
        flush();
        push(src.slice(i + 1, end), { ...base, code: true });
        i = end + 1;
        continue;
      }
    }
    if (c === '!' || c === '[') {
      const m = /^!?\[([^\]]*)\]\(((?:[^()\s]|\([^()\s]*\))*)(?:\s+"[^"]*")?\)/.exec(rest);
      if (m) {
        flush();
        if (c === '!') push(m[1], { ...base, italic: true });
        else for (const s of parseInline(m[1], { ...base, link: safeLink(m[2]) })) out.push(s);
        i += m[0].length;
        continue;
      }
    }
    if (c === '<') {
      const m = /^<((?:https?:\/\/|mailto:)[^>\s]+)>/i.exec(rest);
      if (m) {
        flush();
        push(m[1], { ...base, link: m[1] });
        i += m[0].length;
        continue;
      }
    }
    if (c === '*' || c === '_' || c === '~') {
      const double = src[i + 1] === c;
      if (c === '~' && !double) {
        plain += c;
        i++;
        continue;
      }
      const marker = double ? c + c : c;
      const end = findClose(src, i + marker.length, marker);
      // Intraword underscores (snake_case) are text, as in CommonMark.
      const intraword = c === '_' && i > 0 && /\w/.test(src[i - 1]);
      if (end > i + marker.length && !intraword && !/\s/.test(src[i + marker.length])) {
        flush();
        const style = c === '~' ? { strike: true } : double ? { bold: true } : { italic: true };
        for (const s of parseInline(src.slice(i + marker.length, end), { ...base, ...style })) push(s.text, stylesOf(s));
        i = end + marker.length;
        continue;
      }
    }
    plain += c;
    i++;
  }
  flush();
  return out;
}

function findClose(src: string, from: number, marker: string): number {
  let j = from;
  while (j < src.length) {
    const k = src.indexOf(marker, j);
    if (k < 0) return -1;
    // A single * must not match the first half of a ** (and the reverse).
    if (marker.length === 1 && src[k + 1] === marker) {
      j = k + 2;
      continue;
    }
    if (!/\s/.test(src[k - 1] ?? ' ')) return k;
    j = k + marker.length;
  }
  return -1;
}

function stylesOf(s: Span): Omit<Span, 'text'> {
  const { text: _t, ...style } = s;
  return style;
}

function sameStyle(a: Omit<Span, 'text'>, b: Omit<Span, 'text'>): boolean {
  return !!a.bold === !!b.bold && !!a.italic === !!b.italic && !!a.code === !!b.code && !!a.strike === !!b.strike && a.link === b.link;
}

export function parseMarkdown(content: string): MdBlock[] {
  const blocks: MdBlock[] = [];
  let para: string[] = [];
  let quote: string[] = [];
  let fence: string[] | null = null;
  const flushPara = () => {
    if (para.length) blocks.push({ kind: 'paragraph', spans: parseInline(para.join(' ')) });
    para = [];
  };
  const flushQuote = () => {
    if (quote.length) blocks.push({ kind: 'quote', spans: parseInline(quote.join(' ')) });
    quote = [];
  };
  const text = content.length > MAX_MARKDOWN_CHARS ? content.slice(0, MAX_MARKDOWN_CHARS) : content;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (fence) {
      if (/^\s*(```|~~~)/.test(raw)) {
        blocks.push({ kind: 'code', text: fence.join('\n') });
        fence = null;
      } else fence.push(raw.replace(/\t/g, '  '));
      continue;
    }
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) {
      flushPara();
      flushQuote();
      fence = [];
      continue;
    }
    if (line === '') {
      flushPara();
      flushQuote();
      continue;
    }
    if (/^(-\s*){3,}$|^(\*\s*){3,}$|^(_\s*){3,}$/.test(line)) {
      flushPara();
      flushQuote();
      blocks.push({ kind: 'rule' });
      continue;
    }
    const h = /^(#{1,6})\s+(.*?)(?:\s+#+)?$/.exec(line);
    if (h) {
      flushPara();
      flushQuote();
      blocks.push({ kind: 'heading', level: h[1].length, spans: parseInline(h[2]) });
      continue;
    }
    if (line.startsWith('>')) {
      flushPara();
      quote.push(line.replace(/^>\s?/, ''));
      continue;
    }
    const li = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/.exec(raw.replace(/\t/g, '  '));
    if (li) {
      flushPara();
      flushQuote();
      const ordered = /\d/.test(li[2]);
      let body = li[3];
      let marker = ordered ? li[2].replace(')', '.') : '•';
      const task = /^\[([ xX])\]\s+(.*)$/.exec(body);
      if (task) {
        marker = task[1] === ' ' ? '☐' : '☑';
        body = task[2];
      }
      blocks.push({ kind: 'item', ordered, marker, depth: Math.min(4, Math.floor(li[1].length / 2)), spans: parseInline(body) });
      continue;
    }
    flushQuote();
    para.push(line);
  }
  if (fence) blocks.push({ kind: 'code', text: fence.join('\n') });
  flushPara();
  flushQuote();
  return blocks;
}

/** First line of text content (mirror labels), without markup. */
export function plainFirstLine(content: string): string {
  for (const b of parseMarkdown(content.slice(0, 2000))) {
    if (b.kind === 'rule') continue;
    const t = b.kind === 'code' ? b.text.split('\n')[0] : b.spans.map((s) => s.text).join('');
    if (t.trim()) return t.trim();
  }
  return '';
}

// ---- layout ----

export type RunFont = 'regular' | 'bold' | 'mono';

export interface Run {
  text: string;
  x: number;
  /** Top of the line box. */
  y: number;
  width: number;
  size: number;
  font: RunFont;
  italic: boolean;
  kind: 'text' | 'link' | 'code';
  strike: boolean;
  link?: string;
}

/** Decorations drawn under or beside runs. */
export interface Deco {
  kind: 'codeBg' | 'codeBlock' | 'quoteBar' | 'rule' | 'underline' | 'strike';
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface MdLayout {
  runs: Run[];
  decos: Deco[];
  /** Bottom of the last laid-out line. */
  height: number;
  /** Content was cut at maxHeight. */
  truncated: boolean;
}

export type Measure = (text: string, font: RunFont, size: number) => number;

export interface LayoutOptions {
  width: number;
  maxHeight: number;
  textSize: number;
  headingSizes: Record<number, number>;
}

/**
 * Lays blocks out word by word: consecutive words of one style on one line become one run.
 * Lines that would pass maxHeight are not laid out (truncated = true).
 */
export function layoutMarkdown(blocks: MdBlock[], measure: Measure, o: LayoutOptions): MdLayout {
  const runs: Run[] = [];
  const decos: Deco[] = [];
  let y = 0;
  let truncated = false;
  const lineHeight = (size: number) => Math.round(size * 1.4);

  const flow = (spans: Span[], size: number, left: number, baseBold: boolean): boolean => {
    const lh = lineHeight(size);
    if (y + lh > o.maxHeight) return false;
    let x = left;
    let lineRuns: Run[] = [];
    const newLine = (): boolean => {
      y += lh;
      x = left;
      lineRuns = [];
      return y + lh <= o.maxHeight;
    };
    for (const span of spans) {
      const font: RunFont = span.code ? 'mono' : span.bold || baseBold ? 'bold' : 'regular';
      const kind = span.code ? 'code' : span.link ? 'link' : 'text';
      // Words keep their trailing space so runs can be joined back.
      const words = span.text.split(/(?<=\s)/);
      const addRun = (text: string, width: number) => {
        const last = lineRuns[lineRuns.length - 1];
        if (last && last.font === font && last.kind === kind && last.italic === !!span.italic && last.strike === !!span.strike && last.link === span.link) {
          last.text += text;
          last.width += width;
        } else {
          const r: Run = { text, x, y, width, size, font, italic: !!span.italic, kind, strike: !!span.strike, link: span.link };
          lineRuns.push(r);
          runs.push(r);
        }
        x += width;
      };
      for (let word of words) {
        let w = measure(word, font, size);
        const trimmedW = measure(word.trimEnd(), font, size);
        if (x > left && x + trimmedW > left + o.width) {
          if (!newLine()) return false;
          if (!word.trim()) continue;
        }
        // A word longer than the line is cut into pieces that fit.
        while (measure(word.trimEnd(), font, size) > o.width && x === left && word.length > 1) {
          let n = word.length - 1;
          while (n > 1 && measure(word.slice(0, n), font, size) > o.width) n--;
          addRun(word.slice(0, n), measure(word.slice(0, n), font, size));
          if (!newLine()) return false;
          word = word.slice(n);
          w = measure(word, font, size);
        }
        addRun(word, w);
      }
    }
    y += lh;
    return true;
  };

  for (const b of blocks) {
    if (y >= o.maxHeight) {
      truncated = true;
      break;
    }
    let ok = true;
    switch (b.kind) {
      case 'heading': {
        const size = o.headingSizes[b.level] ?? o.textSize;
        ok = flow(b.spans, size, 0, true);
        y += 4;
        break;
      }
      case 'paragraph':
        ok = flow(b.spans, o.textSize, 0, false);
        y += 6;
        break;
      case 'item': {
        const indent = 4 + b.depth * 16;
        const markerW = Math.max(14, measure(b.marker + ' ', b.ordered ? 'regular' : 'bold', o.textSize));
        const lh = lineHeight(o.textSize);
        if (y + lh > o.maxHeight) { ok = false; break; }
        runs.push({ text: b.marker, x: indent, y, width: markerW, size: o.textSize, font: 'regular', italic: false, kind: 'text', strike: false });
        ok = flow(b.spans, o.textSize, indent + markerW, false);
        y += 2;
        break;
      }
      case 'quote': {
        const top = y;
        ok = flow(b.spans, o.textSize, 12, false);
        decos.push({ kind: 'quoteBar', x: 0, y: top, w: 3, h: y - top });
        y += 6;
        break;
      }
      case 'code': {
        const lh = lineHeight(o.textSize - 1);
        const top = y;
        y += 4;
        for (const line of b.text.split('\n')) {
          if (y + lh > o.maxHeight - 4) { ok = false; break; }
          if (line) runs.push({ text: line, x: 8, y, width: measure(line, 'mono', o.textSize - 1), size: o.textSize - 1, font: 'mono', italic: false, kind: 'code', strike: false });
          y += lh;
        }
        y += 4;
        decos.unshift({ kind: 'codeBlock', x: 0, y: top, w: o.width, h: Math.min(y, o.maxHeight) - top });
        y += 6;
        break;
      }
      case 'rule':
        if (y + 10 > o.maxHeight) { ok = false; break; }
        decos.push({ kind: 'rule', x: 0, y: y + 4, w: o.width, h: 1 });
        y += 10;
        break;
    }
    if (!ok) {
      truncated = true;
      break;
    }
  }
  for (const r of runs) {
    const tw = r.width - (r.text.length - r.text.trimEnd().length > 0 ? measure(r.text.slice(r.text.trimEnd().length), r.font, r.size) : 0);
    if (r.kind === 'code' && r.x > 4) decos.unshift({ kind: 'codeBg', x: r.x - 2, y: r.y, w: tw + 4, h: Math.round(r.size * 1.35) });
    if (r.kind === 'link') decos.push({ kind: 'underline', x: r.x, y: r.y + Math.round(r.size * 1.2), w: tw, h: 1 });
    if (r.strike) decos.push({ kind: 'strike', x: r.x, y: r.y + Math.round(r.size * 0.7), w: tw, h: 1 });
  }
  return { runs, decos, height: Math.min(y, o.maxHeight), truncated };
}

/** The link under a point of a laid-out note (local coordinates), if any. */
export function linkAt(l: MdLayout, x: number, y: number): string | undefined {
  for (const r of l.runs) {
    if (r.link && x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + Math.round(r.size * 1.4)) return r.link;
  }
  return undefined;
}

/** A bar per laid-out run of text (its words' extent, the middle of its line), for a note drawn too small to read. */
export function greekBars(layout: MdLayout): Array<{ x: number; y: number; w: number; h: number; link: boolean }> {
  const bars: Array<{ x: number; y: number; w: number; h: number; link: boolean }> = [];
  for (const r of layout.runs) {
    const trimmed = r.text.trimEnd();
    if (!trimmed.trim() || r.width <= 0) continue;
    const w = r.width * (trimmed.length / Math.max(1, r.text.length));
    bars.push({ x: r.x, y: r.y + r.size * 0.3, w, h: r.size * 0.6, link: r.kind === 'link' });
  }
  return bars;
}
