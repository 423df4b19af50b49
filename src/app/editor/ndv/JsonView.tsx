// JSON display of items (virtualised by line, built in slices).
import { useEffect, useState } from 'react';
import type { INodeExecutionData } from '../../../model/execution.ts';
import { VirtualList } from './VirtualList.tsx';
import { buildJsonLines, tokenizeJsonLine } from './jsonLines.ts';

const LINE_HEIGHT = 20;

export function JsonView({ items }: { items: INodeExecutionData[] }) {
  const [state, setState] = useState<{ lines: string[]; count: number; done: boolean }>({ lines: [], count: 0, done: false });
  useEffect(() => {
    const job = buildJsonLines(items, (lines, done) => setState({ lines, count: lines.length, done }));
    return () => job.cancel();
  }, [items]);
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
            {tokenizeJsonLine(state.lines[i]).map((t, k) => (
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
