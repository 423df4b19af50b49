// The state of one opening of the executions dialog (spec 001 §4.9): the rows shown, the
// filters, the selection, the auto-refresh (every 4000 ms, the newest 30) and the 1 s clock of
// running rows. Created when the dialog opens and disposed when it closes: dispose() clears both
// timers and drops every answer still on its way, so nothing of a closed dialog keeps running.
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ExecutionsListResponse, StopExecutionResponse } from '../../model/api.ts';
import type { IExecutionSummary } from '../../model/execution.ts';
import { EXECUTIONS_AUTO_REFRESH_MS, EXECUTIONS_AUTO_REFRESH_SIZE, EXECUTIONS_PAGE_SIZE, EXECUTIONS_TIMER_MS } from '../../model/constants.ts';
import {
  appendPage,
  canRetry,
  canStop,
  countText,
  executionStatus,
  includesCurrent,
  mergeRefresh,
  oldestId,
  queryFilter,
  selectAllState,
  type ExecutionRow,
  type ExecutionsQueryFilter,
  type SelectAllState,
  type StatusFilter,
} from './executionRules.ts';

export const PROBLEM_LOADING_EXECUTIONS = 'Problem loading executions';
export const PROBLEM_STOPPING_EXECUTION = 'Problem stopping execution';
export const PROBLEM_WITH_RETRY = 'Problem with retry';
export const PROBLEM_LOADING_WORKFLOWS = 'Problem loading workflows';
export const PROBLEM_DELETING_EXECUTIONS = 'Problem deleting executions';

/** GET /executions answers at most this many rows (src/server/rest/executions.ts). */
export const EXECUTIONS_MAX_LIMIT = 500;

export type DeleteBody = { ids: string[] } | { deleteBefore: string; filters: ExecutionsQueryFilter };

/** The calls the dialog makes (src/app/api/executions.ts in the app; fakes only in unit tests of the rules). */
export interface ExecutionsApi {
  list(filter: ExecutionsQueryFilter, page: { limit: number; lastId?: string }): Promise<ExecutionsListResponse>;
  current(workflowId?: string): Promise<IExecutionSummary[]>;
  remove(body: DeleteBody): Promise<unknown>;
  retry(id: string, loadWorkflow: boolean): Promise<boolean>;
  stop(id: string): Promise<StopExecutionResponse>;
  workflows(): Promise<Array<{ id: string; name: string }>>;
}

export interface ExecutionsToasts {
  error(title: string, message?: string, persistent?: boolean): unknown;
  success(title: string, message?: string): unknown;
}

export interface ExecutionsListOptions {
  refreshMs?: number;
  clockMs?: number;
  /** Whether an error is the session ending (already handled elsewhere: no toast). */
  quiet?: (e: unknown) => boolean;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export class ExecutionsListStore {
  rows: ExecutionRow[] = [];
  /** Executions matching the filter on the server (plus running ones held only in memory). */
  count = 0;
  estimated = false;
  workflowId: string | undefined = undefined;
  status: StatusFilter = 'all';
  autoRefresh = true;
  /** Ids chosen one by one. */
  readonly selected = observable.set<string>();
  /** The header checkbox: every execution that matches the filter, loaded or not. */
  allMatching = false;
  loading = false;
  loadingMore = false;
  /** The first page could not be loaded (the table shows it instead of 'No executions'). */
  loadError: string | undefined = undefined;
  workflows: Array<{ id: string; name: string }> = [];
  /** Rows with a stop or retry on its way. */
  readonly busy = observable.map<string, 'stop' | 'retry'>();
  deleting = false;
  /** The clock of running rows' time (ms). */
  now = Date.now();

  readonly #api: ExecutionsApi;
  readonly #toasts: ExecutionsToasts;
  readonly #opts: Required<Omit<ExecutionsListOptions, 'quiet'>> & Pick<ExecutionsListOptions, 'quiet'>;
  #generation = 0;
  #refreshTimer: ReturnType<typeof setInterval> | undefined;
  #clockTimer: ReturnType<typeof setInterval> | undefined;
  #refreshing = false;
  #refreshFailed = false;
  #disposed = false;

  constructor(api: ExecutionsApi, toasts: ExecutionsToasts, options: ExecutionsListOptions = {}) {
    this.#api = api;
    this.#toasts = toasts;
    this.#opts = { refreshMs: options.refreshMs ?? EXECUTIONS_AUTO_REFRESH_MS, clockMs: options.clockMs ?? EXECUTIONS_TIMER_MS, quiet: options.quiet };
    makeObservable(this, {
      rows: observableRef,
      count: observable,
      estimated: observable,
      workflowId: observable,
      status: observable,
      autoRefresh: observable,
      allMatching: observable,
      loading: observable,
      loadingMore: observable,
      loadError: observable,
      workflows: observableRef,
      deleting: observable,
      now: observable,
      title: computed,
      selectState: computed,
      selectedCount: computed,
      hasMore: computed,
      setFilter: action,
      setAutoRefresh: action,
      toggleRow: action,
      setAll: action,
      tick: action,
    });
  }

  /** 'shown/total' for the title ('~' before an estimated total). */
  get title(): string {
    return countText(this.rows.length, Math.max(this.count, this.rows.length), this.estimated);
  }

  get selectState(): SelectAllState {
    return selectAllState(this.allMatching, this.selected.size);
  }

  /** How many executions a delete would remove. */
  get selectedCount(): number {
    return this.allMatching ? Math.max(this.count, this.rows.length) : this.selected.size;
  }

  get hasMore(): boolean {
    return this.rows.length < this.count;
  }

  get filter(): ExecutionsQueryFilter {
    return queryFilter(this.workflowId, this.status);
  }

  isSelected(id: string): boolean {
    return this.allMatching || this.selected.has(id);
  }

  /** Opens: the workflow list for the filter, the first page, and the timers. */
  start(): void {
    void this.#loadWorkflows();
    void this.load();
    this.#clockTimer = setInterval(() => this.tick(), this.#opts.clockMs);
    this.#syncRefreshTimer();
  }

  dispose(): void {
    this.#disposed = true;
    this.#generation++;
    if (this.#refreshTimer) clearInterval(this.#refreshTimer);
    if (this.#clockTimer) clearInterval(this.#clockTimer);
    this.#refreshTimer = this.#clockTimer = undefined;
  }

  /** The running rows' clock moves only while a row runs (nothing re-renders otherwise). */
  tick(): void {
    if (this.rows.some((r) => executionStatus(r) === 'running')) this.now = Date.now();
  }

  setFilter(f: { workflowId?: string | null; status?: StatusFilter }): void {
    if (f.workflowId !== undefined) this.workflowId = f.workflowId ?? undefined;
    if (f.status !== undefined) this.status = f.status;
    void this.load();
  }

  setAutoRefresh(on: boolean): void {
    this.autoRefresh = on;
    this.#syncRefreshTimer();
  }

  toggleRow(id: string): void {
    if (this.allMatching) return;
    if (this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
  }

  /** The header checkbox: on selects every execution matching the filter; off clears the selection. */
  setAll(on: boolean): void {
    this.allMatching = on && this.rows.length > 0;
    this.selected.clear();
  }

  #syncRefreshTimer(): void {
    if (this.#refreshTimer) clearInterval(this.#refreshTimer);
    this.#refreshTimer = undefined;
    if (this.autoRefresh && !this.#disposed) this.#refreshTimer = setInterval(() => void this.refresh(), this.#opts.refreshMs);
  }

  #report(title: string, e: unknown): void {
    if (this.#opts.quiet?.(e)) return;
    this.#toasts.error(title, message(e));
  }

  async #loadWorkflows(): Promise<void> {
    try {
      const list = await this.#api.workflows();
      if (this.#disposed) return;
      runInAction(() => {
        this.workflows = [...list].sort((a, b) => a.name.localeCompare(b.name));
      });
    } catch (e) {
      if (!this.#disposed) this.#report(PROBLEM_LOADING_WORKFLOWS, e);
    }
  }

  async #fetch(limit: number, lastId?: string): Promise<{ list: ExecutionsListResponse; current: IExecutionSummary[] }> {
    const withCurrent = includesCurrent(this.status) && lastId === undefined;
    const [list, current] = await Promise.all([
      this.#api.list(this.filter, { limit, lastId }),
      withCurrent ? this.#api.current(this.workflowId) : Promise.resolve([] as IExecutionSummary[]),
    ]);
    return { list, current };
  }

  /** The first page (10) for the current filters; the selection starts over. */
  async load(): Promise<void> {
    const gen = ++this.#generation;
    runInAction(() => {
      this.loading = true;
      this.loadError = undefined;
      this.allMatching = false;
      this.selected.clear();
    });
    try {
      const { list, current } = await this.#fetch(EXECUTIONS_PAGE_SIZE);
      if (gen !== this.#generation) return;
      runInAction(() => this.#apply(mergeRefresh([], list.results, EXECUTIONS_PAGE_SIZE, current), list));
    } catch (e) {
      if (gen !== this.#generation) return;
      runInAction(() => {
        this.rows = [];
        this.count = 0;
        this.loadError = message(e);
      });
      this.#report(PROBLEM_LOADING_EXECUTIONS, e);
    } finally {
      if (gen === this.#generation) runInAction(() => (this.loading = false));
    }
  }

  #apply(rows: ExecutionRow[], list: ExecutionsListResponse): void {
    const ids = new Set(list.results.map((r) => r.id));
    const memoryOnly = rows.filter((r) => !ids.has(r.id) && executionStatus(r) === 'running').length;
    // Nothing changed: the same array, so the table does not render again.
    const same = rows.length === this.rows.length && rows.every((r, i) => r === this.rows[i]);
    if (!same) this.rows = rows;
    this.count = list.count + memoryOnly;
    this.estimated = list.estimated;
    // A chosen row that is gone (deleted, no longer matching) is no longer chosen.
    const shown = new Set(rows.map((r) => r.id));
    for (const id of [...this.selected]) if (!shown.has(id)) this.selected.delete(id);
    if (rows.length === 0) this.allMatching = false;
  }

  /**
   * Auto-refresh: the newest 30 merged into what is shown. One at a time; skipped while a page
   * loads. After a stop or retry `limit` covers every row shown (up to the server's 500), so the
   * row acted on is updated even when it is older than the newest 30.
   */
  async refresh(limit: number = EXECUTIONS_AUTO_REFRESH_SIZE): Promise<void> {
    if (this.#refreshing || this.loading || this.loadingMore || this.#disposed) return;
    this.#refreshing = true;
    const gen = this.#generation;
    try {
      const { list, current } = await this.#fetch(limit);
      if (gen !== this.#generation) return;
      runInAction(() => this.#apply(mergeRefresh(this.rows, list.results, limit, current), list));
      this.#refreshFailed = false;
    } catch (e) {
      // Said once, not every 4 seconds while the server is away.
      if (gen === this.#generation && !this.#refreshFailed) this.#report(PROBLEM_LOADING_EXECUTIONS, e);
      this.#refreshFailed = true;
    } finally {
      this.#refreshing = false;
    }
  }

  /** Load more: the next 10 older than the oldest shown. */
  async loadMore(): Promise<void> {
    if (this.loadingMore || this.loading) return;
    const lastId = oldestId(this.rows);
    if (lastId === undefined) return;
    const gen = this.#generation;
    runInAction(() => (this.loadingMore = true));
    try {
      const { list } = await this.#fetch(EXECUTIONS_PAGE_SIZE, lastId);
      if (gen !== this.#generation) return;
      runInAction(() => {
        this.rows = appendPage(this.rows, list.results);
        this.count = Math.max(list.count, this.rows.length);
        this.estimated = list.estimated;
      });
    } catch (e) {
      if (gen === this.#generation) this.#report(PROBLEM_LOADING_EXECUTIONS, e);
    } finally {
      if (gen === this.#generation) runInAction(() => (this.loadingMore = false));
    }
  }

  /**
   * The request of a delete: the chosen ids, or (header checkbox) every execution matching the
   * filter that started up to the newest one shown, so that runs arriving meanwhile stay.
   */
  deleteBody(): DeleteBody | undefined {
    if (this.allMatching) {
      const newest = Math.max(...this.rows.map((r) => Date.parse(r.startedAt)).filter((t) => !Number.isNaN(t)));
      if (!Number.isFinite(newest)) return undefined;
      return { deleteBefore: new Date(newest + 1).toISOString(), filters: this.filter };
    }
    return this.selected.size ? { ids: [...this.selected] } : undefined;
  }

  async deleteSelected(): Promise<boolean> {
    const body = this.deleteBody();
    if (!body || this.deleting) return false;
    runInAction(() => (this.deleting = true));
    try {
      await this.#api.remove(body);
      if (this.#disposed) return true;
      this.#toasts.success('Executions deleted', 'The executions were deleted.');
      await this.load();
      return true;
    } catch (e) {
      if (!this.#disposed) this.#report(PROBLEM_DELETING_EXECUTIONS, e);
      return false;
    } finally {
      runInAction(() => (this.deleting = false));
    }
  }

  #actionRefreshLimit(): number {
    return Math.min(EXECUTIONS_MAX_LIMIT, Math.max(EXECUTIONS_AUTO_REFRESH_SIZE, this.rows.length));
  }

  async stop(row: IExecutionSummary): Promise<void> {
    if (!canStop(row) || this.busy.has(row.id)) return;
    runInAction(() => this.busy.set(row.id, 'stop'));
    try {
      await this.#api.stop(row.id);
      if (!this.#disposed) this.#toasts.success('Execution stopped', `The execution with the id ${row.id} got stopped!`);
    } catch (e) {
      if (!this.#disposed) this.#report(PROBLEM_STOPPING_EXECUTION, e);
    } finally {
      runInAction(() => this.busy.delete(row.id));
    }
    await this.refresh(this.#actionRefreshLimit());
  }

  /** Retry with the workflow as saved now (loadWorkflow true) or the execution's own copy. */
  async retry(row: IExecutionSummary, loadWorkflow: boolean): Promise<void> {
    if (!canRetry(row) || this.busy.has(row.id)) return;
    runInAction(() => this.busy.set(row.id, 'retry'));
    try {
      const ok = await this.#api.retry(row.id, loadWorkflow);
      if (!this.#disposed) {
        if (ok) this.#toasts.success('Retry successful');
        else this.#toasts.error('Retry unsuccessful', `The retry of execution ${row.id} did not succeed: see the new execution.`, false);
      }
    } catch (e) {
      if (!this.#disposed) this.#report(PROBLEM_WITH_RETRY, e);
    } finally {
      runInAction(() => this.busy.delete(row.id));
    }
    await this.refresh(this.#actionRefreshLimit());
  }
}
