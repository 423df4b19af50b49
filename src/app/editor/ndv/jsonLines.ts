// Pretty JSON of many items, virtualised by line. Counting lines needs each item stringified
// once; that runs in slices of at most SLICE_MS (100,000 items never block a frame) and
// keeps only line offsets, so memory stays one number per item. Visible lines are made
// again on demand from a small cache of items.
import type { INodeExecutionData } from '../../../model/execution.ts';

const SLICE_MS = 8;
const CACHE_ITEMS = 256;

export interface JsonLinesIndex {
  /** Lines ready so far ('[' … ']' once done). */
  count: number;
  done: boolean;
  line(i: number): string;
}

export interface JsonLinesJob {
  cancel(): void;
}

function itemLines(item: INodeExecutionData): string[] {
  return (JSON.stringify(item?.json ?? {}, null, 2) ?? 'null').split('\n');
}

/** Calls onProgress(index, sliceMs) after each slice; the index grows until done. */
export function buildJsonLines(items: INodeExecutionData[], onProgress: (index: JsonLinesIndex, sliceMs: number) => void): JsonLinesJob {
  const n = items.length;
  // starts[k] = first line of item k; line 0 is '['.
  const starts = new Uint32Array(n + 1);
  starts[0] = 1;
  let indexed = 0;
  let cancelled = false;
  const cache = new Map<number, string[]>();

  const linesOf = (k: number): string[] => {
    let l = cache.get(k);
    if (!l) {
      l = itemLines(items[k]);
      if (cache.size >= CACHE_ITEMS) cache.delete(cache.keys().next().value as number);
      cache.set(k, l);
    }
    return l;
  };

  const index: JsonLinesIndex = {
    count: 1,
    done: false,
    line(i: number): string {
      if (i === 0) return '[';
      if (index.done && i === index.count - 1) return ']';
      // Binary search the item whose lines contain i.
      let lo = 0;
      let hi = indexed - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= i) lo = mid;
        else hi = mid - 1;
      }
      const lines = linesOf(lo);
      const k = i - starts[lo];
      const last = k === lines.length - 1;
      return '  ' + (lines[k] ?? '') + (last && lo < n - 1 ? ',' : '');
    },
  };

  const step = () => {
    if (cancelled) return;
    const start = performance.now();
    while (indexed < n && performance.now() - start < SLICE_MS) {
      starts[indexed + 1] = starts[indexed] + itemLines(items[indexed]).length;
      indexed++;
    }
    index.done = indexed >= n;
    index.count = starts[indexed] + (index.done ? 1 : 0);
    onProgress(index, performance.now() - start);
    if (!index.done) setTimeout(step, 0);
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
