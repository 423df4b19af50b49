// Pretty JSON of many items as lines, built in slices of at most SLICE_MS so that 100,000
// items never block a frame; the view shows what is ready and grows.
import type { INodeExecutionData } from '../../../model/execution.ts';

const SLICE_MS = 8;

export interface JsonLinesJob {
  cancel(): void;
}

/** Calls onProgress(lines, done, sliceMs) after each slice. */
export function buildJsonLines(items: INodeExecutionData[], onProgress: (lines: string[], done: boolean, sliceMs: number) => void): JsonLinesJob {
  const lines: string[] = ['['];
  let i = 0;
  let cancelled = false;
  const step = () => {
    if (cancelled) return;
    const start = performance.now();
    while (i < items.length && performance.now() - start < SLICE_MS) {
      const text = JSON.stringify(items[i].json ?? {}, null, 2) ?? 'null';
      const itemLines = text.split('\n');
      for (let k = 0; k < itemLines.length; k++) {
        const last = k === itemLines.length - 1;
        lines.push('  ' + itemLines[k] + (last && i < items.length - 1 ? ',' : ''));
      }
      i++;
    }
    const done = i >= items.length;
    if (done) lines.push(']');
    onProgress(lines, done, performance.now() - start);
    if (!done) setTimeout(step, 0);
  };
  step();
  return {
    cancel() {
      cancelled = true;
    },
  };
}

export type JsonToken = { text: string; kind: 'key' | 'string' | 'number' | 'literal' | 'punct' };

const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b|([{}[\],:])|(\s+)/g;

/** Tokens of one pretty-printed line, for colouring. */
export function tokenizeJsonLine(line: string): JsonToken[] {
  const out: JsonToken[] = [];
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(line); m; m = TOKEN.exec(line)) {
    if (m.index > last) out.push({ text: line.slice(last, m.index), kind: 'punct' });
    if (m[1]) {
      out.push({ text: m[1], kind: m[2] ? 'key' : 'string' });
      if (m[2]) out.push({ text: m[2], kind: 'punct' });
    } else if (m[3]) out.push({ text: m[3], kind: 'number' });
    else if (m[4]) out.push({ text: m[4], kind: 'literal' });
    else out.push({ text: m[0], kind: 'punct' });
    last = TOKEN.lastIndex;
  }
  if (last < line.length) out.push({ text: line.slice(last), kind: 'punct' });
  return out;
}
