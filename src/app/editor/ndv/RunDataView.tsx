// Items of one node's runs: run selector (linked with the other panel when both have the same
// run count above 1), branch tabs, table / JSON / binary, pagination, run info, the too-much-data
// state and, in the output panel, copying from the JSON view. Used by the output panel and, for
// a parent node, by the input panel (there the data can be dragged onto parameters).
import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { faCopy, faLink, faLinkSlash } from '@fortawesome/free-solid-svg-icons';
import type { INodeExecutionData, ITaskData } from '../../../model/execution.ts';
import { DEFAULT_PAGE_SIZE, MAPPING_HINT_MS } from '../../../model/constants.ts';
import { useStores } from '../../stores/context.ts';
import { Icon } from '../../ui/Icon.tsx';
import { BinaryView, binaryRows } from './BinaryView.tsx';
import { DataTable } from './DataTable.tsx';
import { JsonView, type JsonSelection, type MappingSource } from './JsonView.tsx';
import { Pagination, type PageSize } from './Pagination.tsx';
import { RunErrorView } from './RunErrorView.tsx';
import { copyText, itemPathOf, parameterPathOf, valueText } from './copyData.ts';
import { isMappingOnboarded } from './mapping/mappingDrag.ts';
import { runLink } from './runLink.ts';

type Mode = 'table' | 'json' | 'binary';

/**
 * Output over this estimated size (JSON bytes) waits for 'Show anyway'. The views are virtualised
 * (a page of 'All' with 100,000 items renders only the rows on screen), so what is left to fear is
 * memory: the JSON view's line index and the browser holding the data while it lays it out.
 */
export const TOO_MUCH_DATA_BYTES = 64 * 1024 * 1024;
const SIZE_SAMPLES = 64;

/** The JSON size of the items, from an even sample of at most SIZE_SAMPLES of them. */
export function estimateDataBytes(items: INodeExecutionData[]): number {
  const n = items.length;
  if (n === 0) return 0;
  const step = Math.max(1, Math.floor(n / SIZE_SAMPLES));
  let bytes = 0;
  let sampled = 0;
  for (let i = 0; i < n; i += step) {
    bytes += JSON.stringify(items[i]?.json ?? {})?.length ?? 0;
    sampled++;
  }
  return Math.round((bytes / sampled) * n);
}

function formatMb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const RunDataView = observer(function RunDataView({
  runs,
  outputNames,
  fixedOutput,
  title,
  empty,
  notice,
  testId,
  mapping,
  nodeName,
  link,
  actions,
  override,
  hideRunInfo,
  onShown,
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
  /** The input panel: fields can be dragged onto parameters. */
  mapping?: MappingSource;
  /** The output panel: the node whose data this is, for the copy paths. */
  nodeName?: string;
  /** Links the run selector with the other panel's (spec 001 §4.3). */
  link?: { side: 'input' | 'output'; nodeId: string };
  /** Extra controls in the header (pin / edit output). */
  actions?: ReactNode;
  /** Replaces the data body (the output editor). */
  override?: ReactNode;
  /** No start and execution time (the output panel's pinned data is not a run). */
  hideRunInfo?: boolean;
  /** Hears which items are shown (the output panel pins the run and branch on screen). */
  onShown?: (shown: { items: INodeExecutionData[]; runIndex: number; runs: number }) => void;
}) {
  const { ui } = useStores();
  const [ownRunIndex, setOwnRunIndex] = useState(-1);
  const [branch, setBranch] = useState(0);
  const [mode, setMode] = useState<Mode>('table');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [showAnyway, setShowAnyway] = useState(false);
  const [selected, setSelected] = useState<JsonSelection | undefined>();
  const [copyOpen, setCopyOpen] = useState(false);
  const [hint, setHint] = useState(false);

  const count = runs?.length ?? 0;
  // The link belongs to the open node: a new node starts linked (set after render, so neither
  // panel changes the other's state while rendering).
  useLayoutEffect(() => {
    if (!link) return;
    runLink.forNode(link.nodeId);
    runLink.setRuns(link.side, count);
  }, [link?.side, link?.nodeId, count]); // eslint-disable-line react-hooks/exhaustive-deps
  const linked = !!link && runLink.nodeId === link.nodeId && runLink.active;
  const runIndex = linked ? runLink.runIndex : ownRunIndex;
  // Each side follows the shared run while linked, so unlinking leaves both where they were.
  const sharedRun = runLink.runIndex;
  useEffect(() => {
    if (linked) setOwnRunIndex(sharedRun);
  }, [linked, sharedRun]);
  const setRunIndex = (i: number) => (linked ? runLink.setRunIndex(i) : setOwnRunIndex(i));

  // -1 means latest, capped at the highest run (spec 001 §4.3).
  const ri = runIndex < 0 || runIndex >= count ? count - 1 : runIndex;
  const run = ri >= 0 ? runs![ri] : undefined;
  // A run made before outputs were removed (a Switch rule deleted) still shows all its branches.
  const branchNames = useMemo(() => {
    const got = run?.data?.main?.length ?? 0;
    return got <= outputNames.length ? outputNames : [...outputNames, ...Array.from({ length: got - outputNames.length }, (_, i) => `Output ${outputNames.length + i + 1}`)];
  }, [run, outputNames]);
  const output = fixedOutput ?? Math.min(branch, Math.max(0, branchNames.length - 1));
  const items: INodeExecutionData[] = useMemo(() => (run?.data?.main?.[output] ?? []) as INodeExecutionData[], [run, output]);
  const hasBinary = useMemo(() => items.some((i) => i.binary && Object.keys(i.binary).length), [items]);
  const bytes = useMemo(() => estimateDataBytes(items), [items]);
  useEffect(() => onShown?.({ items, runIndex: ri, runs: count }), [items, ri, count]); // eslint-disable-line react-hooks/exhaustive-deps
  const tooMuch = bytes > TOO_MUCH_DATA_BYTES && !showAnyway;

  useEffect(() => setPage(0), [run, output, size, mode]);
  useEffect(() => setSelected(undefined), [run, output, page, size, mode]);
  // Binary is chosen when binary data first appears and left when it goes.
  useEffect(() => {
    if (hasBinary) setMode('binary');
    else setMode((m) => (m === 'binary' ? 'table' : m));
  }, [hasBinary]);
  // The drag-to-map hint: shown with the input's data until the first mapping, for 6 s (§9).
  const hasData = !!mapping && !tooMuch && items.slice(0, 100).some((i) => i.json && Object.keys(i.json).length > 0);
  useEffect(() => {
    if (!hasData || isMappingOnboarded()) return;
    setHint(true);
    const t = setTimeout(() => setHint(false), MAPPING_HINT_MS);
    return () => clearTimeout(t);
  }, [hasData]);

  const pageItems = useMemo(() => (size === 0 ? items : items.slice(page * size, page * size + size)), [items, page, size]);
  const offset = size === 0 ? 0 : page * size;
  // The binary view pages through the items with files only: a Merge of items with and without
  // them would otherwise open on pages of nothing.
  const withFiles = useMemo(() => (mode === 'binary' ? binaryRows(items) : []), [items, mode]);
  const pageFiles = useMemo(() => (size === 0 ? withFiles : withFiles.slice(page * size, page * size + size)), [withFiles, page, size]);
  const showBranches = fixedOutput === undefined && branchNames.length > 1;

  const copy = async (what: 'value' | 'item' | 'parameter') => {
    setCopyOpen(false);
    const text = !selected
      ? valueText(items.map((i) => i.json))
      : what === 'value'
        ? valueText(selected.value)
        : what === 'item'
          ? itemPathOf(nodeName!, selected.item, selected.path)
          : parameterPathOf(nodeName!, selected.path);
    await copyText(ui.toasts, text);
  };
  const copyMenu =
    nodeName && mode === 'json' ? (
      <div className="json-copy" data-testid={`${testId}-copy`}>
        <button type="button" className="btn btn-ghost btn-s" aria-haspopup="menu" aria-expanded={copyOpen} onClick={() => (selected ? setCopyOpen((o) => !o) : void copy('value'))} title={selected ? 'Copy the selection' : 'Copy all items as JSON'} data-testid={`${testId}-copy-button`}>
          <Icon icon={faCopy} /> {selected ? 'Copy…' : 'Copy'}
        </button>
        {copyOpen && selected && (
          <div className="json-copy-menu" role="menu">
            <button type="button" role="menuitem" onClick={() => void copy('value')} data-testid="copy-value">
              Copy value
            </button>
            <button type="button" role="menuitem" onClick={() => void copy('item')} data-testid="copy-item-path">
              Copy item path
            </button>
            <button type="button" role="menuitem" onClick={() => void copy('parameter')} data-testid="copy-parameter-path">
              Copy parameter path
            </button>
          </div>
        )}
      </div>
    ) : null;

  return (
    <div className="run-data" data-testid={testId}>
      <div className="run-data-head">
        <div className="run-data-title">{title}</div>
        {actions}
        {run && !run.error && !override && (
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
          <select className="select select-s" aria-label="Run" value={ri} onChange={(e) => setRunIndex(Number(e.target.value))} data-testid={`${testId}-run`}>
            {runs!.map((_, i) => (
              <option key={i} value={i}>
                Run {i + 1} of {count}
              </option>
            ))}
          </select>
          {link && runLink.nodeId === link.nodeId && runLink.linkable && (
            <button
              type="button"
              className={`btn btn-ghost btn-s run-link${runLink.linked ? ' active' : ''}`}
              aria-pressed={runLink.linked}
              title={runLink.linked ? 'Unlink runs: pick the input and the output run separately' : 'Link runs: pick the same run on both sides'}
              onClick={() => runLink.setLinked(!runLink.linked, ri)}
              data-testid={`${testId}-run-link`}
            >
              <Icon icon={runLink.linked ? faLink : faLinkSlash} /> {runLink.linked ? 'Linked' : 'Unlinked'}
            </button>
          )}
        </div>
      )}
      {showBranches && run && (
        <div className="branch-tabs" role="tablist" aria-label="Output branch">
          {branchNames.map((name, i) => {
            const n = (run.data?.main?.[i] ?? []).length;
            return (
              <button key={i} type="button" role="tab" aria-selected={output === i} className={output === i ? 'active' : ''} title={`${name} (${n} item${n === 1 ? '' : 's'})`} onClick={() => setBranch(i)} data-testid={`${testId}-branch-${i}`}>
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
          {!hideRunInfo && <span title="Start time">Started {new Date(run.startTime).toLocaleString()}</span>}
          {!hideRunInfo && <span title="Execution time">{run.executionTime} ms</span>}
        </div>
      )}
      {run && notice}
      {hint && (
        <div className="mapping-hint" role="status" data-testid="mapping-hint">
          Drag a column or a JSON key onto a parameter to map it
        </div>
      )}
      <div className="run-data-body">
        {override ? (
          override
        ) : !run ? (
          <div className="run-empty">{empty}</div>
        ) : run.error ? (
          <RunErrorView error={run.error} runIndex={ri} />
        ) : items.length === 0 ? (
          <div className="run-empty">No output data{showBranches ? ' in this branch' : ''}</div>
        ) : tooMuch ? (
          <div className="run-empty too-much-data" data-testid={`${testId}-too-much`}>
            <div className="run-empty-title">Display data?</div>
            <div>
              The node contains about {formatMb(bytes)} of data in {items.length.toLocaleString()} items. Displaying it may slow the editor down; the table view is the lighter one.
            </div>
            <button type="button" className="btn btn-secondary btn-s" onClick={() => setShowAnyway(true)} data-testid={`${testId}-show-anyway`}>
              Show anyway
            </button>
          </div>
        ) : mode === 'json' ? (
          <JsonView items={pageItems} offset={offset} mapping={mapping} selected={nodeName ? selected : undefined} onSelect={nodeName ? setSelected : undefined} toolbar={copyMenu} />
        ) : mode === 'binary' ? (
          <>
            {withFiles.length < items.length && (
              <div className="binary-count" role="note" data-testid={`${testId}-binary-count`}>
                {withFiles.length.toLocaleString()} of {items.length.toLocaleString()} items have binary data; only those are listed here.
              </div>
            )}
            <BinaryView rows={pageFiles} />
          </>
        ) : (
          <DataTable items={pageItems} offset={offset} mapping={mapping} />
        )}
      </div>
      {run && !run.error && !override && !tooMuch && <Pagination total={mode === 'binary' ? withFiles.length : items.length} page={page} size={size} onPage={setPage} onSize={setSize} />}
    </div>
  );
});
