// The executions dialog's rules (spec 001 §4.9), as plain functions of the rows the server
// returns: the status a row shows, which actions it offers, the running time's text, the
// filter sent for a status choice, and how an auto-refresh merges into the rows already shown.
import { WAIT_INDEFINITELY } from '../../model/constants.ts';
import type { IExecutionSummary } from '../../model/execution.ts';

/** The five statuses of spec 001 §4.9, in the order the rule checks them. */
export type ExecutionDisplayStatus = 'waiting' | 'running' | 'success' | 'error' | 'unknown';

export const STATUS_LABELS: Record<ExecutionDisplayStatus, string> = {
  waiting: 'Waiting',
  running: 'Running',
  success: 'Success',
  error: 'Error',
  unknown: 'Unknown',
};

/** A row of GET /executions: the summary, and why it failed when it did (the server's errorMessage). */
export type ExecutionRow = IExecutionSummary & { errorMessage?: string | null };

type Row = Pick<IExecutionSummary, 'finished' | 'stoppedAt' | 'waitTill' | 'retryOf' | 'retrySuccessId'>;

/** waiting (waitTill set), running (no stoppedAt), success (finished), error (stoppedAt set, not finished), unknown. */
export function executionStatus(e: Row): ExecutionDisplayStatus {
  if (e.waitTill) return 'waiting';
  if (!e.stoppedAt) return 'running';
  if (e.finished) return 'success';
  if (e.stoppedAt && !e.finished) return 'error';
  return 'unknown';
}

/** A waitTill at the far-future constant means "waiting until a webhook call", not until a time. */
export function waitsIndefinitely(e: Pick<IExecutionSummary, 'waitTill'>): boolean {
  if (!e.waitTill) return false;
  const t = Date.parse(e.waitTill);
  return !Number.isNaN(t) && t >= WAIT_INDEFINITELY.getTime();
}

/** Retry: finished=false, stoppedAt set, not waiting, not a retry and not retried successfully. */
export function canRetry(e: Row): boolean {
  return e.finished === false && !!e.stoppedAt && !e.waitTill && !e.retryOf && !e.retrySuccessId;
}

/** Stop: running or waiting. */
export function canStop(e: Row): boolean {
  const s = executionStatus(e);
  return s === 'running' || s === 'waiting';
}

/** Open the past execution read-only: once it stopped. */
export function canOpen(e: Row): boolean {
  return !!e.stoppedAt;
}

/**
 * Running time (spec 001 §4.9): seconds under 60,000 ms, else m:ss. A finished run shows its
 * milliseconds ('0.042 sec.'); a running one, ticking every second, whole seconds ('12 sec.').
 */
export function formatRunningTime(ms: number, showMs: boolean): string {
  const v = Math.max(0, ms);
  if (v < 60_000) return showMs ? `${(v / 1000).toFixed(3).replace(/\.?0+$/, '') || '0'} sec.` : `${Math.floor(v / 1000)} sec.`;
  const seconds = Math.floor(v / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')} min.`;
}

/** Milliseconds a row has run: to its stop, or (still running) to `now`. undefined without a start. */
export function runningMs(e: Pick<IExecutionSummary, 'startedAt' | 'stoppedAt'>, now: number): number | undefined {
  const start = Date.parse(e.startedAt);
  if (Number.isNaN(start)) return undefined;
  const end = e.stoppedAt ? Date.parse(e.stoppedAt) : now;
  return Number.isNaN(end) ? undefined : end - start;
}

export type StatusFilter = 'all' | ExecutionDisplayStatus;
export const STATUS_FILTERS: ReadonlyArray<{ id: StatusFilter; label: string }> = [
  { id: 'all', label: 'Any Status' },
  { id: 'error', label: 'Error' },
  { id: 'running', label: 'Running' },
  { id: 'success', label: 'Success' },
  { id: 'waiting', label: 'Waiting' },
];

/** The filter of GET /executions and POST /executions/delete (server statuses, 001 §3). */
export interface ExecutionsQueryFilter {
  workflowId?: string;
  status?: Array<'new' | 'running' | 'success' | 'error' | 'waiting' | 'canceled' | 'crashed' | 'unknown'>;
  waitTill?: boolean;
  finished?: boolean;
}

/**
 * The server filter for the dialog's choices. The display rule decides the status, so each
 * choice asks for the stored statuses that display as it: 'Error' is every execution that
 * stopped unfinished (error, canceled by a stop or timeout, crashed), 'Waiting' the waiting ones.
 */
export function queryFilter(workflowId: string | undefined, status: StatusFilter): ExecutionsQueryFilter {
  const f: ExecutionsQueryFilter = {};
  if (workflowId) f.workflowId = workflowId;
  switch (status) {
    case 'waiting':
      // The server's 'waiting' rows are the ones with waitTill; naming the status also lets
      // 'delete all matching' include them (deleteBefore keeps waiting ones unless asked).
      f.status = ['waiting'];
      break;
    case 'running':
      f.status = ['new', 'running'];
      break;
    case 'success':
      f.finished = true;
      break;
    case 'error':
      f.status = ['error', 'canceled', 'crashed'];
      f.waitTill = false;
      break;
    case 'unknown':
      f.status = ['unknown'];
      break;
  }
  return f;
}

/** Running executions from GET /executions-current belong in the list for these choices. */
export function includesCurrent(status: StatusFilter): boolean {
  return status === 'all' || status === 'running';
}

function idNum(id: string): number {
  const n = Number(id);
  return Number.isFinite(n) ? n : -1;
}

export function byIdDesc(a: { id: string }, b: { id: string }): number {
  return idNum(b.id) - idNum(a.id);
}

/**
 * Merges an auto-refresh (the newest `limit` rows) into the rows shown. The fetched rows are the
 * truth for their id range: newer rows appear, changed rows update, rows of that range that did
 * not come back (deleted, or no longer matching) go. Older rows loaded with 'Load more' stay.
 * When fewer than `limit` came back, they are all there is. Running executions the server holds
 * only in memory (`current`, unsaved manual runs) are added when not already there.
 * The list keeps as many rows as it had (at least `limit`): new runs push the oldest out, so a
 * dialog left open for hours on a busy instance holds 30 rows, not every run since it opened
 * ('Load more' brings older ones back).
 */
export function mergeRefresh<T extends IExecutionSummary>(shown: readonly T[], fetched: readonly T[], limit: number, current: readonly T[] = []): T[] {
  const covered = fetched.length < limit ? -Infinity : Math.min(...fetched.map((r) => idNum(r.id)));
  const byId = new Map<string, T>();
  const before = new Map(shown.map((r) => [r.id, r]));
  for (const r of shown) if (idNum(r.id) < covered) byId.set(r.id, r);
  // An unchanged row keeps its object, so its (memoised) row view does not render again.
  for (const r of fetched) {
    const old = before.get(r.id);
    byId.set(r.id, old && sameRow(old, r) ? old : r);
  }
  for (const r of current) if (!byId.has(r.id)) byId.set(r.id, r);
  const rows = [...byId.values()].sort(byIdDesc);
  const keep = Math.max(limit, shown.length);
  return rows.length > keep ? rows.slice(0, keep) : rows;
}

function sameRow(a: IExecutionSummary, b: IExecutionSummary): boolean {
  const ka = Object.keys(a) as Array<keyof IExecutionSummary>;
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => a[k] === b[k]);
}

/** Appends an older page ('Load more'), without duplicates. */
export function appendPage<T extends IExecutionSummary>(shown: readonly T[], page: readonly T[]): T[] {
  const ids = new Set(shown.map((r) => r.id));
  return [...shown, ...page.filter((r) => !ids.has(r.id))].sort(byIdDesc);
}

/** The smallest id shown, for GET /executions?lastId= (the next older page). */
export function oldestId(rows: readonly IExecutionSummary[]): string | undefined {
  let min: IExecutionSummary | undefined;
  for (const r of rows) if (idNum(r.id) >= 0 && (!min || idNum(r.id) < idNum(min.id))) min = r;
  return min?.id;
}

export type SelectAllState = 'none' | 'some' | 'all';

/** The header checkbox: all (every execution matching the filter), some (indeterminate) or none. */
export function selectAllState(allMatching: boolean, selected: number): SelectAllState {
  if (allMatching) return 'all';
  return selected > 0 ? 'some' : 'none';
}

/** The title's count: 'shown/total', the total with '~' when the server estimated it. */
export function countText(shown: number, total: number, estimated: boolean): string {
  return `${shown}/${estimated ? '~' : ''}${total}`;
}
