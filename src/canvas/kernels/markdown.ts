// Sticky-note text: markdown reduced to blocks the canvas can lay out with bitmap text —
// headings (bold, larger), paragraphs and list items; inline markup is stripped to its text.
// Full markdown rendering is a later step.
export type StickyBlock =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'item'; text: string };

export function stripInline(s: string): string {
  return s
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(\*|_)(.+?)\1/g, '$2')
    .replace(/~~(.+?)~~/g, '$1');
}

export function parseStickyMarkdown(content: string): StickyBlock[] {
  const blocks: StickyBlock[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) blocks.push({ kind: 'paragraph', text: stripInline(para.join(' ')) });
    para = [];
  };
  for (const raw of content.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '' || /^(-{3,}|\*{3,}|_{3,})$/.test(line) || line.startsWith('```')) { flush(); continue; }
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) { flush(); blocks.push({ kind: 'heading', level: h[1].length, text: stripInline(h[2].replace(/\s+#+$/, '')) }); continue; }
    const li = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (li) { flush(); blocks.push({ kind: 'item', text: stripInline(li[1]) }); continue; }
    para.push(line.replace(/^>\s?/, ''));
  }
  flush();
  return blocks;
}
