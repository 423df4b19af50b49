// The executions dialog's rules (spec 001 §4.9) and its store: status, actions, running time,
// filters, the auto-refresh merge, selection, delete bodies, and that a closed dialog's timers
// and late answers do nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IExecutionSummary } from '../../src/model/execution.ts';
import type { ExecutionsListResponse } from '../../src/model/api.ts';
import {
  canOpen,
  canRetry,
  canStop,
  countText,
  executionStatus,
  formatRunningTime,
  mergeRefresh,
  oldestId,
  queryFilter,
  runningMs,
  selectAllState,
  waitsIndefinitely,
} from '../../src/app/executions/executionRules.ts';
import { ExecutionsListStore, PROBLEM_LOADING_EXECUTIONS, PROBLEM_STOPPING_EXECUTION, PROBLEM_WITH_RETRY, type ExecutionsApi } from '../../src/app/executions/ExecutionsListStore.ts';

const T0 = '2026-01-01T10:00:00.000Z';
function ex(id: number, over: Partial<IExecutionSummary> = {}): IExecutionSummary {
  return { id: String(id), finished: true, mode: 'webhook', status: 'success', startedAt: T0, stoppedAt: '2026-01-01T10:00:01.500Z', workflowId: '1', workflowName: 'W', waitTill: null, retryOf: null, retrySuccessId: null, ...over };
}
const running = (id: number) => ex(id, { finished: false, status: 'running', stoppedAt: null });
const failed = (id: number, over: Partial<IExecutionSummary> = {}) => ex(id, { finished: false, status: 'error', ...over });

describe('status rule (spec 001 §4.9)', () => {
  it('waiting when waitTill is set, before anything else', () => {
    expect(executionStatus(ex(1, { waitTill: '2026-01-02T00:00:00.000Z', finished: false }))).toBe('waiting');
    expect(executionStatus(ex(1, { waitTill: '2026-01-02T00:00:00.000Z', stoppedAt: null }))).toBe('waiting');
  });
  it('running without stoppedAt, success when finished, error when stopped unfinished', () => {
    expect(executionStatus(running(1))).toBe('running');
    expect(executionStatus(ex(1))).toBe('success');
    expect(executionStatus(failed(1))).toBe('error');
    expect(executionStatus(failed(1, { status: 'canceled' }))).toBe('error');
  });
  it('the far-future constant means waiting indefinitely', () => {
    expect(waitsIndefinitely({ waitTill: '3000-01-01T00:00:00.000Z' })).toBe(true);
    expect(waitsIndefinitely({ waitTill: '2999-12-31T23:59:59.000Z' })).toBe(false);
    expect(waitsIndefinitely({ waitTill: null })).toBe(false);
  });
});

describe('actions', () => {
  it('retry only for finished=false, stopped, not waiting, not a retry, not retried successfully', () => {
    expect(canRetry(failed(1))).toBe(true);
    expect(canRetry(ex(1))).toBe(false);
    expect(canRetry(running(1))).toBe(false);
    expect(canRetry(failed(1, { waitTill: '2026-02-01T00:00:00.000Z' }))).toBe(false);
    expect(canRetry(failed(1, { retryOf: '7' }))).toBe(false);
    expect(canRetry(failed(1, { retrySuccessId: '9' }))).toBe(false);
  });
  it('stop for running or waiting; open once stopped', () => {
    expect(canStop(running(1))).toBe(true);
    expect(canStop(failed(1, { waitTill: '3000-01-01T00:00:00.000Z' }))).toBe(true);
    expect(canStop(ex(1))).toBe(false);
    expect(canStop(failed(1))).toBe(false);
    expect(canOpen(running(1))).toBe(false);
    expect(canOpen(ex(1))).toBe(true);
    expect(canOpen(failed(1, { waitTill: '3000-01-01T00:00:00.000Z' }))).toBe(true);
  });
});

describe('running time', () => {
  it('seconds under 60,000 ms, else m:ss', () => {
    expect(formatRunningTime(1500, true)).toBe('1.5 sec.');
    expect(formatRunningTime(42, true)).toBe('0.042 sec.');
    expect(formatRunningTime(0, true)).toBe('0 sec.');
    expect(formatRunningTime(59_999, false)).toBe('59 sec.');
    expect(formatRunningTime(60_000, false)).toBe('1:00 min.');
    expect(formatRunningTime(125_400, true)).toBe('2:05 min.');
    expect(formatRunningTime(3_600_000, false)).toBe('60:00 min.');
  });
  it('to the stop, or to now while running', () => {
    expect(runningMs(ex(1), 0)).toBe(1500);
    expect(runningMs(running(1), Date.parse(T0) + 7000)).toBe(7000);
  });
});

describe('filters', () => {
  it('map each status choice to the stored statuses that display as it', () => {
    expect(queryFilter(undefined, 'all')).toEqual({});
    expect(queryFilter('5', 'all')).toEqual({ workflowId: '5' });
    expect(queryFilter(undefined, 'waiting')).toEqual({ status: ['waiting'] });
    expect(queryFilter(undefined, 'success')).toEqual({ finished: true });
    expect(queryFilter(undefined, 'running')).toEqual({ status: ['new', 'running'] });
    expect(queryFilter('5', 'error')).toEqual({ workflowId: '5', status: ['error', 'canceled', 'crashed'], waitTill: false });
  });
});

describe('auto-refresh merge', () => {
  it('adds newer rows, updates changed ones, drops deleted ones in the fetched range, keeps older loaded ones', () => {
    const shown = [running(40), ex(39), ex(38), ex(12), ex(11)];
    const fetched = [ex(41), ex(40), ex(38)]; // 39 deleted; 40 finished
    const merged = mergeRefresh(shown, fetched, 3);
    expect(merged.map((r) => r.id)).toEqual(['41', '40', '38', '12', '11']);
    expect(executionStatus(merged[1]!)).toBe('success');
  });
  it('keeps as many rows as it had (at least the limit): new runs push the oldest out', () => {
    const shown = Array.from({ length: 30 }, (_, i) => ex(100 - i)); // 100..71
    const fetched = Array.from({ length: 30 }, (_, i) => ex(105 - i)); // 105..76
    const merged = mergeRefresh(shown, fetched, 30);
    expect(merged).toHaveLength(30);
    expect([merged[0]!.id, merged.at(-1)!.id]).toEqual(['105', '76']);
    // 50 loaded with Load more stay 50.
    const loaded = Array.from({ length: 50 }, (_, i) => ex(100 - i));
    expect(mergeRefresh(loaded, fetched, 30).map((r) => r.id).slice(-1)).toEqual(['56']);
    expect(mergeRefresh(loaded, fetched, 30)).toHaveLength(50);
  });
  it('an unchanged row keeps its object (its view does not render again); a changed one is replaced', () => {
    const shown = [running(3), ex(2), ex(1)];
    const merged = mergeRefresh(shown, [ex(3), ex(2), ex(1)], 30);
    expect(merged[0]).not.toBe(shown[0]);
    expect(merged[1]).toBe(shown[1]);
    expect(merged[2]).toBe(shown[2]);
  });
  it('fewer than the limit back: that is everything', () => {
    expect(mergeRefresh([ex(5), ex(4), ex(3)], [ex(5)], 30).map((r) => r.id)).toEqual(['5']);
  });
  it('adds running executions held only in memory, once', () => {
    expect(mergeRefresh([], [ex(5)], 30, [running(6), running(5)]).map((r) => [r.id, r.status])).toEqual([
      ['6', 'running'],
      ['5', 'success'],
    ]);
  });
  it('oldest id, count text, select-all state', () => {
    expect(oldestId([ex(12), ex(9), ex(100)])).toBe('9');
    expect(countText(10, 1_000_000, true)).toBe('10/~1000000');
    expect(countText(3, 3, false)).toBe('3/3');
    expect(selectAllState(false, 0)).toBe('none');
    expect(selectAllState(false, 2)).toBe('some');
    expect(selectAllState(true, 0)).toBe('all');
  });
});

/** A server held in memory: answers the dialog's calls from a list, counting them. */
class MemoryServer implements ExecutionsApi {
  rows: IExecutionSummary[] = [];
  memory: IExecutionSummary[] = [];
  calls: string[] = [];
  fail: string | undefined;
  gate: Promise<void> | undefined;
  async list(filter: { workflowId?: string }, page: { limit: number; lastId?: string }): Promise<ExecutionsListResponse> {
    this.calls.push(`list ${page.limit}${page.lastId ? ` <${page.lastId}` : ''}`);
    if (this.gate) await this.gate;
    if (this.fail) throw new Error(this.fail);
    const matching = this.rows.filter((r) => !filter.workflowId || r.workflowId === filter.workflowId).sort((a, b) => Number(b.id) - Number(a.id));
    const after = page.lastId ? matching.filter((r) => Number(r.id) < Number(page.lastId)) : matching;
    return { results: after.slice(0, page.limit), count: matching.length, estimated: false };
  }
  async current(): Promise<IExecutionSummary[]> {
    return this.memory;
  }
  async remove(body: { ids: string[] } | { deleteBefore: string }): Promise<unknown> {
    this.calls.push(`delete ${JSON.stringify(body)}`);
    if ('ids' in body) this.rows = this.rows.filter((r) => !body.ids.includes(r.id));
    else this.rows = this.rows.filter((r) => Date.parse(r.startedAt) >= Date.parse(body.deleteBefore));
    return true;
  }
  async retry(id: string, loadWorkflow: boolean): Promise<boolean> {
    this.calls.push(`retry ${id} ${loadWorkflow}`);
    if (this.fail) throw new Error(this.fail);
    return id !== '2';
  }
  async stop(id: string) {
    this.calls.push(`stop ${id}`);
    if (this.fail) throw new Error(this.fail);
    return { mode: 'webhook' as const, startedAt: T0, finished: false, status: 'canceled' as const };
  }
  async workflows() {
    return [
      { id: '2', name: 'b' },
      { id: '1', name: 'a' },
    ];
  }
}

function toasts() {
  const seen: string[] = [];
  return { seen, error: (t: string) => seen.push(`error ${t}`), success: (t: string) => seen.push(`success ${t}`) };
}

describe('ExecutionsListStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads 10 first, 10 more on Load more, and refreshes the newest 30 every 4000 ms', async () => {
    const server = new MemoryServer();
    server.rows = Array.from({ length: 25 }, (_, i) => ex(i + 1));
    const s = new ExecutionsListStore(server, toasts());
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.rows.map((r) => r.id).slice(0, 2)).toEqual(['25', '24']);
    expect(s.title).toBe('10/25');
    expect(s.hasMore).toBe(true);
    await s.loadMore();
    expect(s.rows).toHaveLength(20);
    expect(server.calls).toContain('list 10 <16');
    server.rows.push(ex(26));
    await vi.advanceTimersByTimeAsync(4000);
    expect(server.calls.filter((c) => c === 'list 30')).toHaveLength(1);
    expect(s.rows[0]!.id).toBe('26');
    // As n8n's list: the refresh's 30 rows are all shown (here every one there is).
    expect(s.title).toBe('26/26');
    expect(s.hasMore).toBe(false);
    s.dispose();
  });

  it('dispose stops both timers and drops answers still on their way', async () => {
    const server = new MemoryServer();
    server.rows = [running(3), ex(2)];
    const s = new ExecutionsListStore(server, toasts());
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    const before = s.now;
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.now).toBeGreaterThan(before); // a running row: the clock ticks
    let open!: () => void;
    server.gate = new Promise((r) => (open = r));
    await vi.advanceTimersByTimeAsync(3000); // a refresh starts and waits
    s.dispose();
    server.rows = [];
    open();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.rows).toHaveLength(2); // the late answer was dropped
    const calls = server.calls.length;
    const now = s.now;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls.length).toBe(calls);
    expect(s.now).toBe(now);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the clock does not tick without a running row; auto-refresh off stops the refresh', async () => {
    const server = new MemoryServer();
    server.rows = [ex(1)];
    const s = new ExecutionsListStore(server, toasts());
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    const now = s.now;
    s.setAutoRefresh(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(s.now).toBe(now);
    expect(server.calls).toEqual(['list 10']);
    s.dispose();
  });

  it('selection: rows one by one (indeterminate), all matching the filter, and their delete bodies', async () => {
    const server = new MemoryServer();
    server.rows = Array.from({ length: 12 }, (_, i) => ex(i + 1, { startedAt: new Date(Date.parse(T0) + i * 1000).toISOString() }));
    const s = new ExecutionsListStore(server, toasts());
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    s.toggleRow('12');
    s.toggleRow('11');
    expect(s.selectState).toBe('some');
    expect(s.deleteBody()).toEqual({ ids: ['12', '11'] });
    s.setAll(true);
    expect(s.selectState).toBe('all');
    expect(s.selectedCount).toBe(12);
    expect(s.isSelected('3')).toBe(true);
    const newest = Date.parse(T0) + 11_000;
    expect(s.deleteBody()).toEqual({ deleteBefore: new Date(newest + 1).toISOString(), filters: {} });
    // A run arriving after the dialog loaded stays.
    server.rows.push(ex(13, { startedAt: new Date(newest + 5000).toISOString() }));
    expect(await s.deleteSelected()).toBe(true);
    expect(server.rows.map((r) => r.id)).toEqual(['13']);
    expect(s.rows.map((r) => r.id)).toEqual(['13']);
    expect(s.selectState).toBe('none');
    s.setAll(false);
    expect(s.deleteBody()).toBeUndefined();
    s.dispose();
  });

  it('a filter change loads the first page again and clears the selection', async () => {
    const server = new MemoryServer();
    server.rows = [ex(1, { workflowId: '1' }), ex(2, { workflowId: '2' })];
    const s = new ExecutionsListStore(server, toasts());
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.workflows.map((w) => w.name)).toEqual(['a', 'b']);
    s.toggleRow('1');
    s.setFilter({ workflowId: '2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.rows.map((r) => r.id)).toEqual(['2']);
    expect(s.selected.size).toBe(0);
    s.dispose();
  });

  it('stop, retry and their toasts; errors with the spec texts, a failing refresh said once', async () => {
    const server = new MemoryServer();
    server.rows = [running(3), failed(2), failed(1)];
    const t = toasts();
    const s = new ExecutionsListStore(server, t);
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    await s.stop(s.rows[0]!);
    await s.retry(s.rows[1]!, true);
    await s.retry(s.rows[2]!, false);
    expect(server.calls).toEqual(expect.arrayContaining(['stop 3', 'retry 2 true', 'retry 1 false']));
    expect(t.seen).toEqual(['success Execution stopped', 'error Retry unsuccessful', 'success Retry successful']);
    server.fail = 'boom';
    await s.stop(s.rows[0]!);
    await s.retry(s.rows[2]!, false);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(t.seen.slice(3)).toEqual([`error ${PROBLEM_STOPPING_EXECUTION}`, `error ${PROBLEM_LOADING_EXECUTIONS}`, `error ${PROBLEM_WITH_RETRY}`]);
    s.dispose();
  });
});
