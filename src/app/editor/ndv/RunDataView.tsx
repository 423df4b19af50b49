// Items of one node's runs: run selector, branch tabs, table / JSON / binary, pagination and
// run info. Used by the output panel and, for a parent node, by the input panel.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { INodeExecutionData, ITaskData } from '../../../model/execution.ts';
import { DEFAULT_PAGE_SIZE } from '../../../model/constants.ts';
import { DataTable } from './DataTable.tsx';
import { JsonView } from './JsonView.tsx';
import { Pagination, type PageSize } from './Pagination.tsx';
import { RunErrorView } from './RunErrorView.tsx';

type Mode = 'table' | 'json' | 'binary';

export function RunDataView({
  runs,
  outputNames,
  fixedOutput,
  title,
  empty,
  notice,
  testId,
}: {
  runs: ITaskData[] | undefined;
  /** One name per output; more than one shows branch tabs. */
  outputNames: string[];
  /** Show only this output (the input panel shows the branch that feeds the node). */
  fixedOutput?: number;
  title: ReactNode;
  /** What to say when there is no run. */
  empty: ReactNode;
  /** Shown above the data of a run (the output panel: parameters changed since the run). */
  notice?: ReactNode;
  testId: string;
}) {
  const [runIndex, setRunIndex] = useState(-1);
  const [branch, setBranch] = useState(0);
  const [mode, setMode] = useState<Mode>('table');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);

  const count = runs?.length ?? 0;
  // -1 means latest, capped at the highest run (spec 001 §4.3).
  const ri = runIndex < 0 || runIndex >= count ? count - 1 : runIndex;
  const run = ri >= 0 ? runs![ri] : undefined;
  const output = fixedOutput ?? branch;
  const items: INodeExecutionData[] = useMemo(() => (run?.data?.main?.[output] ?? []) as INodeExecutionData[], [run, output]);
  const hasBinary = useMemo(() => items.some((i) => i.binary && Object.keys(i.binary).length), [items]);

  useEffect(() => setPage(0), [run, output, size]);
  // Binary is chosen when binary data first appears and left when it goes.
  useEffect(() => {
    if (hasBinary) setMode('binary');
    else setMode((m) => (m === 'binary' ? 'table' : m));
  }, [hasBinary]);

  const pageItems = useMemo(() => (size === 0 ? items : items.slice(page * size, page * size + size)), [items, page, size]);
  const showBranches = fixedOutput === undefined && outputNames.length > 1;

  return (
    <div className="run-data" data-testid={testId}>
      <div className="run-data-head">
        <div className="run-data-title">{title}</div>
        {run && !run.error && (
          <div className="mode-switch" role="group" aria-label="Display mode">
            {(['table', 'json', ...(hasBinary ? ['binary' as const] : [])] as Mode[]).map((m) => (
              <button key={m} type="button" aria-pressed={mode === m} className={mode === m ? 'active' : ''} onClick={() => setMode(m)} data-testid={`${testId}-mode-${m}`}>
                {m === 'json' ? 'JSON' : m[0].toUpperCase() + m.slice(1)}
              </button>
            ))}
          </div>
        )}
      </div>
      {count > 1 && (
        <div className="run-selector">
          <select className="select select-s" aria-label="Run" value={ri} onChange={(e) => setRunIndex(Number(e.target.value))}>
            {runs!.map((_, i) => (
              <option key={i} value={i}>
                Run {i + 1} of {count}
              </option>
            ))}
          </select>
        </div>
      )}
      {showBranches && run && (
        <div className="branch-tabs" role="tablist" aria-label="Output branch">
          {outputNames.map((name, i) => {
            const n = (run.data?.main?.[i] ?? []).length;
            return (
              <button key={i} type="button" role="tab" aria-selected={branch === i} className={branch === i ? 'active' : ''} onClick={() => setBranch(i)} data-testid={`${testId}-branch-${i}`}>
                {name} <span className="branch-count">({n} item{n === 1 ? '' : 's'})</span>
              </button>
            );
          })}
        </div>
      )}
      {run && (
        <div className="run-info" data-testid={`${testId}-run-info`}>
          <span>
            {items.length.toLocaleString()} item{items.length === 1 ? '' : 's'}
          </span>
          <span title="Start time">Started {new Date(run.startTime).toLocaleString()}</span>
          <span title="Execution time">{run.executionTime} ms</span>
        </div>
      )}
      {run && notice}
      <div className="run-data-body">
        {!run ? (
          <div className="run-empty">{empty}</div>
        ) : run.error ? (
          <RunErrorView error={run.error} runIndex={ri} />
        ) : items.length === 0 ? (
          <div className="run-empty">No output data{showBranches ? ' in this branch' : ''}</div>
        ) : mode === 'json' ? (
          <JsonView items={pageItems} />
        ) : mode === 'binary' ? (
          <BinaryList items={pageItems} />
        ) : (
          <DataTable items={pageItems} offset={size === 0 ? 0 : page * size} />
        )}
      </div>
      {run && !run.error && <Pagination total={items.length} page={page} size={size} onPage={setPage} onSize={setSize} />}
    </div>
  );
}

function BinaryList({ items }: { items: INodeExecutionData[] }) {
  return (
    <ul className="binary-list">
      {items.flatMap((item, i) =>
        Object.entries(item.binary ?? {}).map(([key, b]) => (
          <li key={`${i}:${key}`}>
            <strong>{key}</strong> — {b.fileName ?? 'unnamed'} · {b.mimeType}
            {b.fileSize ? ` · ${b.fileSize}` : ''}
          </li>
        )),
      )}
    </ul>
  );
}
