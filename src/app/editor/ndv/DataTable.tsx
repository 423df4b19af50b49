// Table display of items: one row per item, one column per top-level key (virtualised).
import { useMemo, type PointerEvent as ReactPointerEvent } from 'react';
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

function cell(v: unknown): { text: string; kind: string } {
  if (v === undefined) return { text: '', kind: 'empty' };
  if (v === null) return { text: 'null', kind: 'null' };
  // A cell shows one line: a long string costs only what fits (a 1 MB value stays out of the DOM).
  if (typeof v === 'string') return { text: v.length > 300 ? v.slice(0, 300) + '…' : v, kind: 'string' };
  if (typeof v === 'number' || typeof v === 'boolean') return { text: String(v), kind: typeof v };
  const s = JSON.stringify(v);
  return { text: s.length > 300 ? s.slice(0, 300) + '…' : s, kind: 'object' };
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
    const { cols, pad } = visible(v);
    return (
      <div className="dt-row dt-head" style={{ height: ROW_HEIGHT }}>
        <div className="dt-cell dt-index" style={{ width: INDEX_WIDTH }}>
          #
        </div>
        {pad > 0 && <div className="dt-pad" style={{ width: pad }} />}
        {cols.map((c) => (
          <div key={c} className={`dt-cell${mapping ? ' dt-draggable' : ''}`} style={{ width: COL_WIDTH }} title={mapping ? `${c} — drag onto a parameter to map it` : c} data-testid="data-table-column" {...drag(c)}>
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
          const { cols, pad } = visible(v);
          return (
            <div className="dt-row" style={{ height: ROW_HEIGHT }} data-testid="data-table-row">
              <div className="dt-cell dt-index" style={{ width: INDEX_WIDTH }}>
                {offset + i + 1}
              </div>
              {pad > 0 && <div className="dt-pad" style={{ width: pad }} />}
              {cols.map((c) => {
                const { text, kind } = cell(json[c]);
                return (
                  <div key={c} className={`dt-cell dt-${kind}${mapping ? ' dt-draggable' : ''}`} style={{ width: COL_WIDTH }} title={text} {...drag(c)}>
                    {text}
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
