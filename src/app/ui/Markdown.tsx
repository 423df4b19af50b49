// Markdown text as HTML elements (template and collection descriptions), through the same small
// parser the canvas draws sticky notes with: no raw HTML passes, links only to http(s)/mailto.
import { Fragment, useMemo, type ReactNode } from 'react';
import { parseMarkdown, type MdBlock, type Span } from '../../canvas/kernels/markdown.ts';

function spans(list: Span[]): ReactNode[] {
  return list.map((s, i) => {
    let node: ReactNode = s.text;
    if (s.code) node = <code>{node}</code>;
    if (s.bold) node = <strong>{node}</strong>;
    if (s.italic) node = <em>{node}</em>;
    if (s.strike) node = <s>{node}</s>;
    if (s.link) node = <a href={s.link} target="_blank" rel="noopener noreferrer">{node}</a>;
    return <Fragment key={i}>{node}</Fragment>;
  });
}

function render(blocks: MdBlock[]): ReactNode[] {
  const out: ReactNode[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    switch (b.kind) {
      case 'heading': {
        const Tag = `h${Math.min(6, b.level + 2)}` as 'h3';
        out.push(<Tag key={i}>{spans(b.spans)}</Tag>);
        break;
      }
      case 'paragraph':
        out.push(<p key={i}>{spans(b.spans)}</p>);
        break;
      case 'quote':
        out.push(<blockquote key={i}>{spans(b.spans)}</blockquote>);
        break;
      case 'code':
        out.push(<pre key={i}><code>{b.text}</code></pre>);
        break;
      case 'rule':
        out.push(<hr key={i} />);
        break;
      case 'item': {
        // Consecutive items of one kind make one list.
        const items: MdBlock[] = [];
        let j = i;
        while (j < blocks.length && blocks[j]!.kind === 'item' && (blocks[j] as { ordered: boolean }).ordered === b.ordered) items.push(blocks[j++]!);
        const List = b.ordered ? 'ol' : 'ul';
        out.push(
          <List key={i}>
            {items.map((it, k) => (
              <li key={k} style={{ marginLeft: ((it as { depth: number }).depth ?? 0) * 16 }}>{spans((it as { spans: Span[] }).spans)}</li>
            ))}
          </List>,
        );
        i = j - 1;
        break;
      }
    }
  }
  return out;
}

export function Markdown({ text, className }: { text: string; className?: string }) {
  const content = useMemo(() => render(parseMarkdown(text)), [text]);
  return <div className={className ? `markdown ${className}` : 'markdown'}>{content}</div>;
}
