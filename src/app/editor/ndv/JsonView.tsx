// JSON display of items (virtualised by line, collapsible, depth 10). In the input panel a key
// can be dragged onto a parameter (mapping); in the output panel a click selects a line and the
// copy menu copies its value, item path or parameter path.
import { useEffect, useState, type ReactNode } from 'react';
import type { INodeExecutionData } from '../../../model/execution.ts';
import { VirtualList } from './VirtualList.tsx';
import { buildJsonLines, type JsonLine, type JsonLinesIndex } from './jsonLines.ts';
import { armMappingDrag } from './mapping/mappingDrag.ts';
import { getMappedExpression, type DataPath } from './mapping/mappingExpression.ts';

const LINE_HEIGHT = 20;

export interface MappingSource {
  /** The node the data comes from, and how far back it is (1: the node's own input). */
  nodeName: string;
  distance: number;
}

export interface JsonSelection {
  /** Index of the item in the run's output (page offset added). */
  item: number;
  path: DataPath;
  value: unknown;
}

export function JsonView({
  items,
  offset = 0,
  mapping,
  selected,
  onSelect,
  toolbar,
}: {
  items: INodeExecutionData[];
  /** Index of the first item in the run (pagination). */
  offset?: number;
  mapping?: MappingSource;
  selected?: JsonSelection;
  onSelect?: (s: JsonSelection | undefined) => void;
  toolbar?: ReactNode;
}) {
  const [state, setState] = useState<{ index: JsonLinesIndex | undefined; count: number; done: boolean }>({ index: undefined, count: 0, done: false });
  useEffect(() => {
    const job = buildJsonLines(items, (index) => setState({ index, count: index.count, done: index.done }));
    return () => job.cancel();
  }, [items]);
  const { index } = state;
  const selKey = selected ? `${selected.item}:${JSON.stringify(selected.path)}` : '';

  const renderLine = (i: number): ReactNode => {
    const l: JsonLine | undefined = index?.line(i);
    if (!l) return <div className="json-line" style={{ height: LINE_HEIGHT }} />;
    const selectable = !!onSelect && l.item >= 0 && l.kind !== 'close';
    const isSel = selectable && selKey === `${offset + l.item}:${JSON.stringify(l.path)}`;
    const toggle = l.toggle
      ? () => {
          const count = index!.toggle(l.item, l.path);
          setState((s) => ({ ...s, count }));
        }
      : undefined;
    const keyText = l.key !== undefined ? JSON.stringify(l.key) : undefined;
    return (
      <div
        className={`json-line${isSel ? ' json-selected' : ''}${selectable ? ' json-selectable' : ''}`}
        style={{ height: LINE_HEIGHT, paddingLeft: 8 + l.depth * 16 }}
        onClick={selectable ? () => onSelect!(isSel ? undefined : { item: offset + l.item, path: l.path, value: index!.valueAt(l.item, l.path) }) : undefined}
        data-testid="json-line"
      >
        {toggle ? (
          <button
            type="button"
            className="json-toggle"
            aria-label={l.toggle === 'expanded' ? 'Collapse' : 'Expand'}
            aria-expanded={l.toggle === 'expanded'}
            onClick={(e) => {
              e.stopPropagation();
              toggle();
            }}
            data-testid="json-toggle"
          >
            {l.toggle === 'expanded' ? '▾' : '▸'}
          </button>
        ) : (
          <span className="json-toggle-space" />
        )}
        {keyText !== undefined &&
          (mapping ? (
            <span
              className="json-key json-key-draggable"
              title="Drag onto a parameter to map it"
              onPointerDown={(e) => armMappingDrag(e, getMappedExpression({ nodeName: mapping.nodeName, distance: mapping.distance, path: l.path }), l.key!)}
              data-testid="json-key"
              data-path={JSON.stringify(l.path)}
            >
              {keyText}
            </span>
          ) : (
            <span className="json-key">{keyText}</span>
          ))}
        {keyText !== undefined && <span className="json-punct">: </span>}
        <span className={`json-${l.kind === 'open' || l.kind === 'close' ? 'punct' : l.kind}`} onClick={l.kind === 'collapsed' ? toggle : undefined}>
          {l.text}
        </span>
        {l.comma && <span className="json-punct">,</span>}
      </div>
    );
  };

  return (
    <>
      {toolbar}
      {!state.done && <div className="hint run-hint">Preparing JSON… {state.count.toLocaleString()} lines so far</div>}
      <VirtualList count={state.count} rowHeight={LINE_HEIGHT} className="json-view" testId="json-view" renderRow={renderLine} />
    </>
  );
}
