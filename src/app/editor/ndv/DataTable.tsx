// Table display of items: one row per item, one column per top-level key (virtualised).
import { useMemo, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import type { INodeExecutionData } from '../../../model/execution.ts';
import { VirtualList, type HorizontalView } from './VirtualList.tsx';
import type { MappingSource } from './JsonView.tsx';
import { armMappingDrag } from './mapping/mappingDrag.ts';
import { getMappedExpression } from './mapping/mappingExpression.ts';

const ROW_HEIGHT = 32;
const COL_WIDTH = 180;
const INDEX_WIDTH = 56;
/** Keys are collected from this many items at most, so a huge page does not stall a frame. */
const KEY_SCAN_LIMIT = 5000;

/** What one cell shows of a nested value: this many characters, entries per level, levels. */
export const NESTED_CHARS = 300;
const NESTED_ENTRIES = 20;
const NESTED_DEPTH = 4;

function cell(v: unknown): { text: string; kind: string } {
  if (v === undefined) return { text: '', kind: 'empty' };
  if (v === null) return { text: 'null', kind: 'null' };
  // A cell shows one line: a long string costs only what fits (a 1 MB value stays out of the DOM).
  if (typeof v === 'string') return { text: v.length > 300 ? v.slice(0, 300) + '…' : v, kind: 'string' };
  if (typeof v === 'number' || typeof v === 'boolean') return { text: String(v), kind: typeof v };
  return { text: nestedText(v), kind: 'object' };
}

/**
 * A nested object or list read as key–value pairs ('city: London · zip: 12345'; a list as
 * '[3] a, b, c'), levels in braces, at most NESTED_ENTRIES per level, NESTED_DEPTH levels and
 * NESTED_CHARS characters in all: a huge value costs only what one cell shows.
 */
export function nestedParts(v: unknown): Array<{ key?: string; text: string; kind: string; open?: string; close?: string }> {
  const parts: Array<{ key?: string; text: string; kind: string; open?: string; close?: string }> = [];
  let budget = NESTED_CHARS;
  const push = (p: { key?: string; text: string; kind: string; open?: string; close?: string }) => {
    budget -= (p.key?.length ?? 0) + p.text.length + 2;
    parts.push(p);
  };
  const walk = (value: unknown, key: string | undefined, depth: number): void => {
    if (budget <= 0) return;
    if (value === null || typeof value !== 'object') {
      const k = value === null ? 'null' : typeof value;
      const t = value === undefined ? 'undefined' : typeof value === 'string' ? value : String(value);
      push({ key, text: t.length > budget ? t.slice(0, Math.max(1, budget)) + '…' : t, kind: k });
      return;
    }
    const list = Array.isArray(value);
    const entries = list ? (value as unknown[]).map((x, i) => [String(i), x] as const) : Object.entries(value as Record<string, unknown>);
    if (depth >= NESTED_DEPTH || entries.length === 0) {
      push({ key, text: list ? `[${entries.length}]` : entries.length ? `{${entries.length} keys}` : '{}', kind: 'summary' });
      return;
    }
    push({ key, text: list ? `[${entries.length}]` : '', kind: 'open', open: list ? '' : '{' });
    const shown = entries.slice(0, NESTED_ENTRIES);
    for (const [k, x] of shown) {
      if (budget <= 0) break;
      walk(x, list ? undefined : k, depth + 1);
    }
    const more = entries.length - shown.length;
    if (more > 0 && budget > 0) push({ text: `+${more} more`, kind: 'summary' });
    push({ text: '', kind: 'close', close: list ? '' : '}' });
  };
  walk(v, undefined, 0);
  if (budget <= 0) parts.push({ text: '…', kind: 'summary' });
  return parts;
}

function nestedText(v: unknown): string {
  return nestedParts(v)
    .map((p) => (p.kind === 'open' ? `${p.key !== undefined ? p.key + ': ' : ''}${p.open ?? ''}${p.text}` : p.kind === 'close' ? (p.close ?? '') : `${p.key !== undefined ? p.key + ': ' : ''}${p.text}`))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The nested value as spans: keys muted, values coloured by kind. */
function NestedCell({ value }: { value: unknown }) {
  const out: ReactNode[] = [];
  nestedParts(value).forEach((p, i) => {
    const key = p.key !== undefined ? <span className="dt-key">{p.key}:</span> : null;
    if (p.kind === 'open') {
      out.push(
        <span key={i} className="dt-nest">
          {key}
          {p.open && <span className="dt-brace">{p.open}</span>}
          {p.text && <span className="dt-count">{p.text}</span>}
        </span>,
      );
    } else if (p.kind === 'close') {
      if (p.close) out.push(<span key={i} className="dt-brace">{p.close}</span>);
    } else {
      out.push(
        <span key={i} className="dt-pair">
          {key}
          <span className={`dt-v dt-v-${p.kind}`}>{p.text}</span>
        </span>,
      );
    }
  });
  return <>{out}</>;
}

/** In the input panel (mapping given), a column header or a cell drags `{{ $json.column }}`. */
export function DataTable({ items, offset, mapping }: { items: INodeExecutionData[]; offset: number; mapping?: MappingSource }) {
  const { columns, partial } = useMemo(() => {
    const keys = new Set<string>();
    const n = Math.min(items.length, KEY_SCAN_LIMIT);
    for (let i = 0; i < n; i++) for (const k of Object.keys(items[i]?.json ?? {})) keys.add(k);
    return { columns: [...keys], partial: items.length > KEY_SCAN_LIMIT };
  }, [items]);

  if (columns.length === 0) {
    return <div className="run-empty">{items.length} item{items.length === 1 ? '' : 's'} without fields</div>;
  }
  const width = INDEX_WIDTH + columns.length * COL_WIDTH;
  const drag = (c: string) =>
    mapping
      ? {
          onPointerDown: (e: ReactPointerEvent) => armMappingDrag(e, getMappedExpression({ nodeName: mapping.nodeName, distance: mapping.distance, path: [c] }), c),
          'data-mapping-source': c,
        }
      : {};
  /** The columns in view sideways (with one spare each side), and the space left of them. */
  const visible = (v: HorizontalView) => {
    const from = Math.max(0, Math.floor((v.left - INDEX_WIDTH) / COL_WIDTH) - 1);
    const to = Math.min(columns.length, Math.ceil((v.left + v.width - INDEX_WIDTH) / COL_WIDTH) + 1);
    return { from, cols: columns.slice(from, to), pad: from * COL_WIDTH };
  };
  const header = (v: HorizontalView) => {
    const { from, cols, pad } = visible(v);
    return (
      <div className="dt-row dt-head" style={{ height: ROW_HEIGHT }}>
        <div className="dt-cell dt-index" style={{ width: INDEX_WIDTH }}>
          #
        </div>
        {pad > 0 && <div className="dt-pad" style={{ width: pad }} />}
        {cols.map((c, k) => (
          <div key={c} className={`dt-cell${from + k === columns.length - 1 ? ' dt-last' : ''}${mapping ? ' dt-draggable' : ''}`} style={{ width: COL_WIDTH }} title={mapping ? `${c} — drag onto a parameter to map it` : c} data-testid="data-table-column" {...drag(c)}>
            {c}
          </div>
        ))}
      </div>
    );
  };
  return (
    <>
      {partial && <div className="hint run-hint">Columns are taken from the first {KEY_SCAN_LIMIT.toLocaleString()} items.</div>}
      <VirtualList
        count={items.length}
        rowHeight={ROW_HEIGHT}
        header={header}
        minWidth={width}
        className="data-table"
        testId="data-table"
        renderRow={(i, v) => {
          const json = items[i]?.json ?? {};
          const { from, cols, pad } = visible(v);
          return (
            <div className="dt-row" style={{ height: ROW_HEIGHT }} data-testid="data-table-row">
              <div className="dt-cell dt-index" style={{ width: INDEX_WIDTH }}>
                {offset + i + 1}
              </div>
              {pad > 0 && <div className="dt-pad" style={{ width: pad }} />}
              {cols.map((c, k) => {
                const { text, kind } = cell(json[c]);
                const last = from + k === columns.length - 1 ? ' dt-last' : '';
                return (
                  <div key={c} className={`dt-cell dt-${kind}${last}${mapping ? ' dt-draggable' : ''}`} style={{ width: COL_WIDTH }} title={text} {...drag(c)}>
                    {kind === 'object' ? <NestedCell value={json[c]} /> : text}
                  </div>
                );
              })}
            </div>
          );
        }}
      />
    </>
  );
}
