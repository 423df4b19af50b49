// The sticky-note markdown kernel: blocks, inline spans, and the word-by-word layout.
import { describe, expect, it } from 'vitest';
import { greekBars, layoutMarkdown, linkAt, parseInline, parseMarkdown, plainFirstLine, MAX_MARKDOWN_CHARS, type Measure } from '../../src/canvas/kernels/markdown.ts';

/** Every character 10 px wide at size 10 (scales with size); mono the same. */
const measure: Measure = (t, _f, size) => t.length * size;
const opts = { width: 200, maxHeight: 1000, textSize: 10, headingSizes: { 1: 20, 2: 16 } };

describe('markdown blocks', () => {
  it('reads headings, paragraphs, lists, quotes, code fences and rules', () => {
    const blocks = parseMarkdown('## Read me\nThis **workflow** uses\na [link](https://x.io).\n\n- one\n  - nested\n1. first\n- [x] done\n> quoted\n\n```\nconst a = 1;\n```\n---\n# Done #');
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'item', 'item', 'item', 'item', 'quote', 'code', 'rule', 'heading']);
    expect(blocks[0]).toEqual({ kind: 'heading', level: 2, spans: [{ text: 'Read me' }] });
    expect(blocks[1]).toMatchObject({ spans: [{ text: 'This ' }, { text: 'workflow', bold: true }, { text: ' uses a ' }, { text: 'link', link: 'https://x.io' }, { text: '.' }] });
    expect(blocks[3]).toMatchObject({ kind: 'item', depth: 1, marker: '•' });
    expect(blocks[4]).toMatchObject({ kind: 'item', ordered: true, marker: '1.' });
    expect(blocks[5]).toMatchObject({ marker: '☑', spans: [{ text: 'done' }] });
    expect(blocks[7]).toEqual({ kind: 'code', text: 'const a = 1;' });
    expect(blocks[9]).toMatchObject({ kind: 'heading', level: 1, spans: [{ text: 'Done' }] });
    expect(parseMarkdown('')).toEqual([]);
  });

  it('reads inline emphasis, strong, strike, code, images and refuses unsafe links', () => {
    expect(parseInline('*a* _b_ **c** __d__ ~~e~~ `f*g` ![alt](x.png)')).toEqual([
      { text: 'a', italic: true }, { text: ' ' }, { text: 'b', italic: true }, { text: ' ' }, { text: 'c', bold: true }, { text: ' ' },
      { text: 'd', bold: true }, { text: ' ' }, { text: 'e', strike: true }, { text: ' ' }, { text: 'f*g', code: true }, { text: ' ' }, { text: 'alt', italic: true },
    ]);
    expect(parseInline('**bold _and italic_**')).toEqual([{ text: 'bold ', bold: true }, { text: 'and italic', bold: true, italic: true }]);
    expect(parseInline('[x](javascript:alert(1))')[0]).toEqual({ text: 'x', link: undefined });
    expect(parseInline('snake_case_name and 2 * 3 * 4')).toEqual([{ text: 'snake_case_name and 2 * 3 * 4' }]);
    expect(parseInline('\\*not italic\\*')).toEqual([{ text: '*not italic*' }]);
    expect(parseInline('<https://n8n.io>')).toEqual([{ text: 'https://n8n.io', link: 'https://n8n.io' }]);
  });

  it('is bounded and gives a plain first line', () => {
    const huge = 'word '.repeat(MAX_MARKDOWN_CHARS);
    const blocks = parseMarkdown(huge);
    const text = blocks.map((b) => (b.kind === 'paragraph' ? b.spans.map((s) => s.text).join('') : '')).join('');
    expect(text.length).toBeLessThanOrEqual(MAX_MARKDOWN_CHARS);
    expect(plainFirstLine('\n\n## **Read** me\nmore')).toBe('Read me');
    expect(plainFirstLine('')).toBe('');
  });
});

describe('markdown layout', () => {
  it('wraps words at the width and merges same-style words into one run', () => {
    const l = layoutMarkdown(parseMarkdown('aaa bbb ccc ddd eee fff'), measure, { ...opts, width: 80 });
    // 'aaa bbb ' is 80 px wide: the third word goes to the next line.
    expect(l.runs.map((r) => [r.text, r.x, r.y])).toEqual([['aaa bbb ', 0, 0], ['ccc ddd ', 0, 14], ['eee fff', 0, 28]]);
    expect(l.truncated).toBe(false);
  });

  it('styles runs: headings bold and larger, italic, code on a band, links underlined', () => {
    const l = layoutMarkdown(parseMarkdown('# Title\nsee *this* `code` and [here](https://a.b)'), measure, opts);
    const title = l.runs[0];
    expect(title).toMatchObject({ text: 'Title', font: 'bold', size: 20, y: 0 });
    const italic = l.runs.find((r) => r.italic)!;
    expect(italic.text).toBe('this');
    const code = l.runs.find((r) => r.kind === 'code')!;
    expect(code.font).toBe('mono');
    expect(l.decos.some((d) => d.kind === 'codeBg' && d.x === code.x - 2)).toBe(true);
    const link = l.runs.find((r) => r.kind === 'link')!;
    expect(l.decos.some((d) => d.kind === 'underline' && d.x === link.x && d.w === 40)).toBe(true);
    expect(linkAt(l, link.x + 5, link.y + 5)).toBe('https://a.b');
    expect(linkAt(l, 0, 0)).toBeUndefined();
  });

  it('cuts words longer than the line and stops at maxHeight', () => {
    const long = layoutMarkdown(parseMarkdown('abcdefghijklmnop'), measure, { ...opts, width: 60 });
    expect(long.runs.map((r) => r.text)).toEqual(['abcdef', 'ghijkl', 'mnop']);
    const cut = layoutMarkdown(parseMarkdown('one\n\ntwo\n\nthree\n\nfour'), measure, { ...opts, maxHeight: 40 });
    expect(cut.runs.map((r) => r.text)).toEqual(['one', 'two']);
    expect(cut.truncated).toBe(true);
    expect(cut.height).toBeLessThanOrEqual(40);
  });

  it('indents list items by depth after their marker', () => {
    const l = layoutMarkdown(parseMarkdown('- a\n  - b'), measure, opts);
    const [m1, a, m2, b] = l.runs;
    expect(m1.text).toBe('•');
    expect(a.x).toBeGreaterThan(m1.x);
    expect(m2.x).toBe(m1.x + 16);
    expect(b.x).toBeGreaterThan(a.x);
  });
});

describe('greekBars (a note drawn too small to read)', () => {
  it('one bar per run with words, as wide as its words, in the middle of its line; links marked', () => {
    const layout = layoutMarkdown(parseMarkdown('# Title\n\nSee [docs](https://example.com) now\n\n   \n- item'), measure, { width: 400, maxHeight: 400, textSize: 10, headingSizes: { 1: 20 } });
    const bars = greekBars(layout);
    const worded = layout.runs.filter((r) => r.text.trim());
    expect(bars).toHaveLength(worded.length);
    for (const [i, b] of bars.entries()) {
      const r = worded[i]!;
      expect(b.w).toBeLessThanOrEqual(r.width);
      expect(b.w).toBeGreaterThan(0);
      expect(b.y).toBeGreaterThan(r.y);
      expect(b.y + b.h).toBeLessThan(r.y + r.size);
      expect(b.link).toBe(r.kind === 'link');
    }
    expect(bars.some((b) => b.link)).toBe(true);
    expect(greekBars(layoutMarkdown(parseMarkdown(''), measure, { width: 400, maxHeight: 400, textSize: 10, headingSizes: {} }))).toEqual([]);
  });
});
