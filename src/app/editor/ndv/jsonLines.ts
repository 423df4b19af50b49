// Pretty JSON of many items, virtualised by line, collapsible (spec 001 §9: JSON view depth 10 —
// deeper objects start collapsed). Counting the lines of every item runs in slices of at most
// SLICE_MS (100,000 items never block a frame) and keeps one number per item; the lines of the
// visible items are made again on demand from a small cache. Each line knows its data path, for
// mapping (drag a key) and copying (value, item path, parameter path).
import type { INodeExecutionData } from '../../../model/execution.ts';
import { JSON_VIEW_DEPTH } from '../../../model/constants.ts';
import type { DataPath } from './mapping/mappingExpression.ts';

const SLICE_MS = 8;
const CACHE_ITEMS = 256;
/** A string longer than this shows its start and '…' (copy value gives all of it). */
const MAX_STRING_SHOWN = 2000;

export interface JsonLine {
  /** Nesting: 0 for the outer '[' and ']', 1 for an item's braces, 2 for its fields… */
  depth: number;
  /** The item the line belongs to (-1 for the outer brackets). */
  item: number;
  /** Path inside the item's json ([] for the item itself). */
  path: DataPath;
  /** The key shown before the value (object members only). */
  key?: string;
  /** '{' / '[' (opens), '}' / ']' (closes), a primitive's JSON, or the summary of a collapsed node. */
  text: string;
  kind: 'open' | 'close' | 'string' | 'number' | 'literal' | 'collapsed';
  comma: boolean;
  /** For opening and collapsed lines: whether it can be folded / unfolded. */
  toggle?: 'expanded' | 'collapsed';
}

export interface JsonLinesIndex {
  /** Lines ready so far ('[' … ']' once done). */
  count: number;
  done: boolean;
  line(i: number): JsonLine;
  /** Folds or unfolds the node of an item at a path; answers the new line count. */
  toggle(item: number, path: DataPath): number;
  /** The value at a path of an item. */
  valueAt(item: number, path: DataPath): unknown;
}

export interface JsonLinesJob {
  cancel(): void;
}

const pathKey = (path: DataPath) => JSON.stringify(path);

function isContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  return v !== null && typeof v === 'object';
}

function size(v: Record<string, unknown> | unknown[]): number {
  if (Array.isArray(v)) return v.length;
  let n = 0;
  for (const _ in v) n++;
  return n;
}

/** Lines of a value with no folds changed by the user: depth > JSON_VIEW_DEPTH starts folded. */
function countDefault(v: unknown, depth: number): number {
  if (!isContainer(v)) return 1;
  if (depth > JSON_VIEW_DEPTH) return 1;
  let n = 2;
  let any = false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      n += countDefault(v[i], depth + 1);
      any = true;
    }
  } else {
    for (const k in v) {
      n += countDefault(v[k], depth + 1);
      any = true;
    }
  }
  return any ? n : 1;
}

function primitive(v: unknown): Pick<JsonLine, 'text' | 'kind'> {
  if (typeof v === 'string') {
    const s = JSON.stringify(v.length > MAX_STRING_SHOWN ? v.slice(0, MAX_STRING_SHOWN) : v);
    return { text: v.length > MAX_STRING_SHOWN ? s.slice(0, -1) + '…"' : s, kind: 'string' };
  }
  if (typeof v === 'number') return { text: Number.isFinite(v) ? String(v) : 'null', kind: 'number' };
  if (typeof v === 'boolean') return { text: String(v), kind: 'literal' };
  if (v === undefined) return { text: 'undefined', kind: 'literal' };
  return { text: 'null', kind: 'literal' };
}

/** Lines of one item, with its folds (undefined: defaults). */
function itemLines(json: unknown, item: number, folds: Map<string, boolean> | undefined, last: boolean): JsonLine[] {
  const out: JsonLine[] = [];
  const walk = (v: unknown, depth: number, path: DataPath, key: string | undefined, comma: boolean) => {
    if (!isContainer(v) || size(v) === 0) {
      const p = isContainer(v) ? { text: Array.isArray(v) ? '[]' : '{}', kind: 'literal' as const } : primitive(v);
      out.push({ depth, item, path, key, comma, ...p });
      return;
    }
    const arr = Array.isArray(v);
    const f = folds?.get(pathKey(path));
    const collapsed = f ?? depth > JSON_VIEW_DEPTH;
    if (collapsed) {
      const n = size(v);
      out.push({ depth, item, path, key, comma, kind: 'collapsed', text: arr ? `[…] ${n} item${n === 1 ? '' : 's'}` : `{…} ${n} key${n === 1 ? '' : 's'}`, toggle: 'collapsed' });
      return;
    }
    out.push({ depth, item, path, key, comma: false, kind: 'open', text: arr ? '[' : '{', toggle: 'expanded' });
    if (arr) {
      const a = v as unknown[];
      for (let i = 0; i < a.length; i++) walk(a[i], depth + 1, [...path, i], undefined, i < a.length - 1);
    } else {
      const keys = Object.keys(v);
      keys.forEach((k, i) => walk((v as Record<string, unknown>)[k], depth + 1, [...path, k], k, i < keys.length - 1));
    }
    out.push({ depth, item, path, comma, kind: 'close', text: arr ? ']' : '}' });
  };
  walk(json ?? {}, 1, [], undefined, !last);
  return out;
}

/** Calls onProgress(index, sliceMs) after each slice; the index grows until done. */
export function buildJsonLines(items: INodeExecutionData[], onProgress: (index: JsonLinesIndex, sliceMs: number) => void): JsonLinesJob {
  const n = items.length;
  // counts[k] = lines of item k; starts[k] = its first line (line 0 is '[').
  const counts = new Uint32Array(n);
  const starts = new Uint32Array(n + 1);
  starts[0] = 1;
  let indexed = 0;
  let cancelled = false;
  const cache = new Map<number, JsonLine[]>();
  const folds = new Map<number, Map<string, boolean>>();

  const linesOf = (k: number): JsonLine[] => {
    let l = cache.get(k);
    if (!l) {
      l = itemLines(items[k]?.json, k, folds.get(k), k === n - 1);
      if (cache.size >= CACHE_ITEMS) cache.delete(cache.keys().next().value as number);
      cache.set(k, l);
    }
    return l;
  };

  const index: JsonLinesIndex = {
    count: 1,
    done: false,
    line(i: number): JsonLine {
      if (i === 0) return { depth: 0, item: -1, path: [], text: '[', kind: 'open', comma: false };
      if (index.done && i === index.count - 1) return { depth: 0, item: -1, path: [], text: ']', kind: 'close', comma: false };
      let lo = 0;
      let hi = indexed - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= i) lo = mid;
        else hi = mid - 1;
      }
      return linesOf(lo)[i - starts[lo]] ?? { depth: 1, item: lo, path: [], text: '', kind: 'literal', comma: false };
    },
    toggle(item: number, path: DataPath): number {
      if (item < 0 || item >= indexed) return index.count;
      const key = pathKey(path);
      const lines = linesOf(item);
      const at = lines.find((l) => l.toggle && pathKey(l.path) === key);
      if (!at) return index.count;
      let f = folds.get(item);
      if (!f) folds.set(item, (f = new Map()));
      f.set(key, at.toggle === 'expanded');
      cache.delete(item);
      const next = linesOf(item).length;
      const delta = next - counts[item];
      counts[item] = next;
      for (let k = item + 1; k <= indexed; k++) starts[k] += delta;
      index.count += delta;
      return index.count;
    },
    valueAt(item: number, path: DataPath): unknown {
      let v: unknown = items[item]?.json;
      for (const p of path) v = isContainer(v) ? (v as Record<string | number, unknown>)[p] : undefined;
      return v;
    },
  };

  const step = () => {
    if (cancelled) return;
    const start = performance.now();
    while (indexed < n && performance.now() - start < SLICE_MS) {
      // Check the clock every 16 items: performance.now() costs more than a small item.
      const end = Math.min(n, indexed + 16);
      for (; indexed < end; indexed++) {
        counts[indexed] = countDefault(items[indexed]?.json ?? {}, 1);
        starts[indexed + 1] = starts[indexed] + counts[indexed];
      }
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


/** A line as pretty-printed text (two spaces per level), as JSON.stringify(…, null, 2) writes it. */
export function lineText(l: JsonLine): string {
  return '  '.repeat(l.depth) + (l.key !== undefined ? JSON.stringify(l.key) + ': ' : '') + l.text + (l.comma ? ',' : '');
}
