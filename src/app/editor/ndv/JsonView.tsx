// JSON display of items (virtualised by line, indexed in slices).
import { useEffect, useState } from 'react';
import type { INodeExecutionData } from '../../../model/execution.ts';
import { VirtualList } from './VirtualList.tsx';
import { buildJsonLines, tokenizeJsonLine, type JsonLinesIndex } from './jsonLines.ts';

const LINE_HEIGHT = 20;

export function JsonView({ items }: { items: INodeExecutionData[] }) {
  const [state, setState] = useState<{ index: JsonLinesIndex | undefined; count: number; done: boolean }>({ index: undefined, count: 0, done: false });
  useEffect(() => {
    const job = buildJsonLines(items, (index) => setState({ index, count: index.count, done: index.done }));
    return () => job.cancel();
  }, [items]);
  const { index } = state;
  return (
    <>
      {!state.done && <div className="hint run-hint">Preparing JSON… {state.count.toLocaleString()} lines so far</div>}
      <VirtualList
        count={state.count}
        rowHeight={LINE_HEIGHT}
        className="json-view"
        testId="json-view"
        renderRow={(i) => (
          <div key={i} className="json-line" style={{ height: LINE_HEIGHT }}>
            {tokenizeJsonLine(index ? index.line(i) : '').map((t, k) => (
              <span key={k} className={`json-${t.kind}`}>
                {t.text}
              </span>
            ))}
          </div>
        )}
      />
    </>
  );
}
