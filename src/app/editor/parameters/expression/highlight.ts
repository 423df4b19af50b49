// Parts of an expression's text for colouring: plain text and `{{ }}` segments, each segment
// with the state its last preview gave it (resolvable / unresolvable / pending, as n8n colours
// them) when the preview was computed for the same segment.
import { splitTemplate } from '../../../../model/expressions/template/split.ts';
import type { PreviewSegment } from '../../../../../workers/expression/previewKernel.ts';

export type HighlightState = 'valid' | 'invalid' | 'pending' | 'empty' | 'unknown';

export interface HighlightPart {
  text: string;
  /** undefined: plain text. */
  state?: HighlightState;
}

/** [from, to) of each `{{ }}` segment of a template (braces included). */
export function segmentRanges(template: string): Array<{ from: number; to: number }> {
  const out: Array<{ from: number; to: number }> = [];
  for (const s of splitTemplate(template)) {
    if (s.type !== 'code') continue;
    const from = s.start - 2;
    let to = template.length;
    if (s.closed) {
      const i = template.indexOf('}}', s.start + s.code.length);
      to = i === -1 ? template.length : i + 2;
    }
    out.push({ from, to });
  }
  return out;
}

/**
 * `previewed` holds the segments of the text the preview was computed for; a segment keeps its
 * colour when the same code sits at its place now.
 */
export function highlightParts(template: string, previewed?: { text: string; segments: PreviewSegment[] }): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let at = 0;
  const known = new Map<string, HighlightState>();
  if (previewed) for (const s of previewed.segments) known.set(previewed.text.slice(s.from, s.to), s.state);
  for (const r of segmentRanges(template)) {
    if (r.from > at) parts.push({ text: template.slice(at, r.from) });
    const text = template.slice(r.from, r.to);
    parts.push({ text, state: known.get(text) ?? 'unknown' });
    at = r.to;
  }
  if (at < template.length) parts.push({ text: template.slice(at) });
  return parts;
}
