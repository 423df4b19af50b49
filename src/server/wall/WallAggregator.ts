// The wall's live state of production executions (issue 18): counts per workflow and per node,
// never items. The execution service reports every production run (every mode but 'manual')
// through runStarted and the returned tracker; the wall's streams read aggregated state.
//
// Cost: per workflow, three one-second-bucket windows and a running count are kept always
// (a few integer operations per execution). Per node, state is kept only while a wall watches
// the workflow (and for WATCH_GRACE_MS after, so that a wall that reconnects finds it again):
// a run of an unwatched workflow costs one undefined check per node event. Updates are built on
// a timer, at most one per workflow every WALL_UPDATE_MS whatever the execution rate, and hold
// only the nodes that changed.
import type { ExecutionStatus, IExecution, ITaskData } from '../../model/execution.ts';
import { WALL_LAST_OUTCOMES, WALL_UPDATE_MS, type WallFailure, type WallNodeState, type WallOutcome, type WallSnapshot } from '../../model/wall.ts';

/** Node state stays this long after the last wall of a workflow closed. */
export const WATCH_GRACE_MS = 5 * 60_000;
/** Without a new update, a workflow whose windows still count is refreshed this often (its figures decay). */
const REFRESH_MS = 1000;
/** Unwatched workflows idle this long are forgotten. */
const IDLE_MS = 2 * 60_000;
const WINDOW_SECONDS = 60;
/** Longest error message kept (the wall shows a line or two). */
const MESSAGE_MAX = 500;

/** Counts of the last 60 seconds in one-second buckets; the total is kept as buckets expire. */
export class SlidingWindow {
  readonly #buckets = new Int32Array(WINDOW_SECONDS);
  #head = 0;
  #total = 0;

  #advance(second: number): void {
    if (second <= this.#head) return;
    const steps = Math.min(second - this.#head, WINDOW_SECONDS);
    for (let i = 1; i <= steps; i++) {
      const k = (this.#head + i) % WINDOW_SECONDS;
      this.#total -= this.#buckets[k]!;
      this.#buckets[k] = 0;
    }
    this.#head = second;
  }

  add(now: number, n = 1): void {
    const second = Math.floor(now / 1000);
    this.#advance(second);
    // A clock that stepped back: counted in the newest bucket.
    this.#buckets[Math.max(second, this.#head) % WINDOW_SECONDS]! += n;
    this.#total += n;
  }

  sum(now: number): number {
    this.#advance(Math.floor(now / 1000));
    return this.#total;
  }
}

interface NodeState {
  running: number;
  items: number;
  runs: SlidingWindow;
  last: WallOutcome[];
  /** The execution `last[0]` belongs to (one entry per execution). */
  lastExecution: string;
  error?: { message: string; at: number };
  /** Changed since the last update (other than its runs). */
  changed: boolean;
  /** Its runs as the last update said. */
  sentRuns: number;
}

interface WorkflowState {
  id: string;
  running: number;
  started: SlidingWindow;
  finished: SlidingWindow;
  failed: SlidingWindow;
  lastFailure?: WallFailure;
  /** Per-node state: only while watched (and the grace after). */
  nodes: Map<string, NodeState> | undefined;
  watchers: number;
  /** When the last watcher left. */
  unwatchedAt: number;
  lastActivity: number;
  /** Something changed since the last update. */
  dirty: boolean;
  lastUpdateAt: number;
  sent: { perMinute: number; errorRate: number; running: number; failureAt: number };
}

/** One production run's reports (from ExecutionService). */
export interface RunTracker {
  nodeBefore(nodeName: string): void;
  nodeAfter(nodeName: string, taskData: ITaskData): void;
  finished(execution: Pick<IExecution, 'status' | 'data'>): void;
}

/**
 * Counts of production runs on a queue-mode worker since its last batch, per workflow (see
 * WallRelay): the main process adds them to its state as if the runs had been its own.
 */
export interface WallBatch {
  workflowId: string;
  /** Runs begun (not resumed ones). */
  started: number;
  /** Waiting runs resumed. */
  resumed: number;
  /** Runs whose process ended (finished, or waiting). */
  ended: number;
  /** Runs finished (not waiting), and of those the failed ones. */
  finished: number;
  failed: number;
  lastFailure?: WallFailure;
  nodes: Record<string, WallBatchNode>;
}

export interface WallBatchNode {
  /** Runs entering and leaving the node. */
  enter: number;
  exit: number;
  /** Node runs that ended, and the items of the last one. */
  runs: number;
  items: number;
  /** Outcomes of the executions that reached it, newest first (≤ 5). */
  last: WallOutcome[];
  error?: { message: string; at: number };
}

/** What ExecutionService calls for every run; undefined trackers for runs the wall ignores. */
export interface ExecutionObserver {
  runStarted(executionId: string, workflowId: string | null, mode: string, resumed: boolean): RunTracker | undefined;
}

export function outputItems(taskData: ITaskData): number {
  const main = taskData.data?.main;
  if (!main) return 0;
  let n = 0;
  for (const output of main) if (output) n += output.length;
  return n;
}

export function shortMessage(m: unknown): string {
  const s = typeof m === 'string' ? m : 'Unknown error';
  return s.length > MESSAGE_MAX ? `${s.slice(0, MESSAGE_MAX - 1)}…` : s;
}

export const ERROR_STATUSES: ReadonlySet<ExecutionStatus> = new Set(['error', 'crashed']);

class Tracker implements RunTracker {
  /** Nodes entered and not left yet (normally none or one). */
  #inside: string[] | undefined;
  #done = false;
  readonly agg: WallAggregator;
  readonly wf: WorkflowState;
  readonly executionId: string;
  constructor(agg: WallAggregator, wf: WorkflowState, executionId: string) {
    this.agg = agg;
    this.wf = wf;
    this.executionId = executionId;
  }

  nodeBefore(nodeName: string): void {
    const nodes = this.wf.nodes;
    if (!nodes) return;
    const node = nodeOf(nodes, nodeName);
    node.running++;
    node.changed = true;
    this.wf.dirty = true;
    (this.#inside ??= []).push(nodeName);
  }

  nodeAfter(nodeName: string, taskData: ITaskData): void {
    const nodes = this.wf.nodes;
    if (!nodes) return;
    const now = this.agg.now();
    const node = nodeOf(nodes, nodeName);
    const i = this.#inside?.indexOf(nodeName) ?? -1;
    if (i >= 0) {
      this.#inside!.splice(i, 1);
      if (node.running > 0) node.running--;
    }
    node.items = outputItems(taskData);
    node.runs.add(now);
    const status = taskData.executionStatus;
    const outcome: WallOutcome | undefined = status === 'error' ? 'error' : status === 'waiting' ? 'waiting' : status === 'canceled' ? undefined : 'success';
    if (outcome) {
      if (node.lastExecution === this.executionId && node.last.length > 0) {
        // A node that runs several times in one execution: one entry, an error stays an error.
        if (node.last[0] !== 'error') node.last[0] = outcome;
      } else {
        node.last.unshift(outcome);
        if (node.last.length > WALL_LAST_OUTCOMES) node.last.length = WALL_LAST_OUTCOMES;
        node.lastExecution = this.executionId;
      }
    }
    if (status === 'error' && taskData.error) node.error = { message: shortMessage(taskData.error.message), at: now };
    node.changed = true;
    this.wf.dirty = true;
  }

  finished(execution: Pick<IExecution, 'status' | 'data'>): void {
    if (this.#done) return;
    this.#done = true;
    const wf = this.wf;
    const now = this.agg.now();
    if (this.#inside && wf.nodes) {
      for (const name of this.#inside) {
        const node = wf.nodes.get(name);
        if (node && node.running > 0) {
          node.running--;
          node.changed = true;
        }
      }
    }
    this.#inside = undefined;
    if (wf.running > 0) wf.running--;
    wf.lastActivity = now;
    wf.dirty = true;
    // A run that waits is not over: it finishes when it resumes.
    if (execution.status === 'waiting') return;
    wf.finished.add(now);
    if (ERROR_STATUSES.has(execution.status)) {
      wf.failed.add(now);
      const result = execution.data?.resultData;
      const error = result?.error;
      wf.lastFailure = {
        executionId: this.executionId,
        nodeName: error?.node?.name ?? result?.lastNodeExecuted ?? '',
        message: shortMessage(error?.message ?? (execution.status === 'crashed' ? 'The execution crashed' : 'The execution failed')),
        at: now,
      };
    }
  }
}

function nodeOf(nodes: Map<string, NodeState>, name: string): NodeState {
  let n = nodes.get(name);
  if (!n) {
    n = { running: 0, items: 0, runs: new SlidingWindow(), last: [], lastExecution: '', changed: true, sentRuns: 0 };
    nodes.set(name, n);
  }
  return n;
}

function nodeView(n: NodeState, runs: number): WallNodeState {
  const v: WallNodeState = { running: n.running, items: n.items, runs, last: [...n.last] };
  if (n.error) v.error = { ...n.error };
  return v;
}

export class WallAggregator implements ExecutionObserver {
  readonly #workflows = new Map<string, WorkflowState>();
  #timer: NodeJS.Timeout | undefined;
  readonly #sweeper: NodeJS.Timeout;
  #watched = 0;
  readonly now: () => number;
  /** Called with each workflow's update (the wall hub sends it to the streams watching). */
  onUpdate: (workflowId: string, snapshot: WallSnapshot) => void = () => {};

  constructor(options: { now?: () => number } = {}) {
    this.now = options.now ?? Date.now;
    this.#sweeper = setInterval(() => this.#sweep(), 30_000);
    this.#sweeper.unref();
  }

  runStarted(executionId: string, workflowId: string | null, mode: string, resumed: boolean): RunTracker | undefined {
    if (mode === 'manual' || !workflowId) return undefined;
    const now = this.now();
    const wf = this.#state(workflowId, now);
    wf.running++;
    if (!resumed) wf.started.add(now);
    wf.lastActivity = now;
    wf.dirty = true;
    return new Tracker(this, wf, executionId);
  }

  /** Queue mode: a worker's batches (over the Redis bus), added as if its runs were this process's. */
  applyRemote(batches: WallBatch[]): void {
    const now = this.now();
    for (const b of batches) {
      if (!b || typeof b.workflowId !== 'string') continue;
      const wf = this.#state(b.workflowId, now);
      const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);
      if (n(b.started)) wf.started.add(now, n(b.started));
      wf.running = Math.max(0, wf.running + n(b.started) + n(b.resumed) - n(b.ended));
      if (n(b.finished)) wf.finished.add(now, n(b.finished));
      if (n(b.failed)) wf.failed.add(now, n(b.failed));
      if (b.lastFailure && typeof b.lastFailure.message === 'string') {
        const f = b.lastFailure;
        wf.lastFailure = { executionId: String(f.executionId), nodeName: String(f.nodeName ?? ''), message: shortMessage(f.message), at: now };
      }
      wf.lastActivity = now;
      wf.dirty = true;
      if (!wf.nodes || !b.nodes || typeof b.nodes !== 'object') continue;
      for (const [name, r] of Object.entries(b.nodes)) {
        const node = nodeOf(wf.nodes, name);
        node.running = Math.max(0, node.running + n(r.enter) - n(r.exit));
        if (n(r.runs)) {
          node.runs.add(now, n(r.runs));
          node.items = n(r.items);
        }
        if (Array.isArray(r.last) && r.last.length > 0) {
          const fresh = r.last.filter((o): o is WallOutcome => o === 'success' || o === 'error' || o === 'waiting').slice(0, WALL_LAST_OUTCOMES);
          node.last = [...fresh, ...node.last].slice(0, WALL_LAST_OUTCOMES);
          node.lastExecution = '';
        }
        if (r.error && typeof r.error.message === 'string') node.error = { message: shortMessage(r.error.message), at: now };
        node.changed = true;
      }
    }
  }

  /** A wall opened on the workflow: its nodes are followed from now on. */
  watch(workflowId: string): void {
    const wf = this.#state(workflowId, this.now());
    wf.watchers++;
    wf.nodes ??= new Map();
    this.#watched++;
    if (!this.#timer) {
      this.#timer = setInterval(() => this.#tick(), WALL_UPDATE_MS);
      this.#timer.unref();
    }
  }

  unwatch(workflowId: string): void {
    const wf = this.#workflows.get(workflowId);
    if (!wf || wf.watchers === 0) return;
    wf.watchers--;
    this.#watched--;
    if (wf.watchers === 0) wf.unwatchedAt = this.now();
    if (this.#watched === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }

  /** Whether node state is kept for the workflow (tests, measurements). */
  isWatched(workflowId: string): boolean {
    return (this.#workflows.get(workflowId)?.watchers ?? 0) > 0;
  }

  /** The whole state of a workflow now (every node that has state). */
  snapshot(workflowId: string): WallSnapshot {
    const now = this.now();
    const wf = this.#workflows.get(workflowId);
    if (!wf) return { workflowId, at: now, full: true, perMinute: 0, errorRate: 0, running: 0, nodes: Object.create(null) as Record<string, WallNodeState> };
    const nodes = Object.create(null) as Record<string, WallNodeState>;
    for (const [name, n] of wf.nodes ?? []) nodes[name] = nodeView(n, n.runs.sum(now));
    return this.#figures(wf, now, nodes, true);
  }

  #figures(wf: WorkflowState, now: number, nodes: Record<string, WallNodeState>, full: boolean): WallSnapshot {
    const finished = wf.finished.sum(now);
    const s: WallSnapshot = {
      workflowId: wf.id,
      at: now,
      full,
      perMinute: wf.started.sum(now),
      errorRate: finished > 0 ? Math.min(1, wf.failed.sum(now) / finished) : 0,
      running: wf.running,
      nodes,
    };
    if (wf.lastFailure) s.lastFailure = { ...wf.lastFailure };
    return s;
  }

  #state(workflowId: string, now: number): WorkflowState {
    let wf = this.#workflows.get(workflowId);
    if (!wf) {
      wf = {
        id: workflowId,
        running: 0,
        started: new SlidingWindow(),
        finished: new SlidingWindow(),
        failed: new SlidingWindow(),
        nodes: undefined,
        watchers: 0,
        unwatchedAt: 0,
        lastActivity: now,
        dirty: false,
        lastUpdateAt: 0,
        sent: { perMinute: 0, errorRate: 0, running: 0, failureAt: 0 },
      };
      this.#workflows.set(workflowId, wf);
    }
    return wf;
  }

  /** Builds and sends the update of every watched workflow that changed (or whose figures decay). */
  #tick(): void {
    const now = this.now();
    for (const wf of this.#workflows.values()) {
      if (wf.watchers === 0) continue;
      if (!wf.dirty && now - wf.lastUpdateAt < REFRESH_MS) continue;
      const update = this.#update(wf, now);
      if (update) this.onUpdate(wf.id, update);
    }
  }

  /** The nodes that changed since the last update; undefined when nothing did. */
  #update(wf: WorkflowState, now: number): WallSnapshot | undefined {
    const nodes = Object.create(null) as Record<string, WallNodeState>;
    let changedNodes = 0;
    for (const [name, n] of wf.nodes ?? []) {
      const runs = n.runs.sum(now);
      if (!n.changed && runs === n.sentRuns) continue;
      n.changed = false;
      n.sentRuns = runs;
      nodes[name] = nodeView(n, runs);
      changedNodes++;
    }
    const s = this.#figures(wf, now, nodes, false);
    const failureAt = wf.lastFailure?.at ?? 0;
    const same = s.perMinute === wf.sent.perMinute && s.errorRate === wf.sent.errorRate && s.running === wf.sent.running && failureAt === wf.sent.failureAt;
    wf.dirty = false;
    wf.lastUpdateAt = now;
    if (same && changedNodes === 0) return undefined;
    wf.sent = { perMinute: s.perMinute, errorRate: s.errorRate, running: s.running, failureAt };
    return s;
  }

  /** Forgets node state of workflows no wall watched for a while, and idle workflows. */
  #sweep(): void {
    const now = this.now();
    for (const [id, wf] of this.#workflows) {
      if (wf.watchers > 0) continue;
      if (wf.nodes && now - wf.unwatchedAt > WATCH_GRACE_MS) wf.nodes = undefined;
      if (!wf.nodes && wf.running === 0 && now - wf.lastActivity > IDLE_MS) this.#workflows.delete(id);
    }
  }

  close(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    clearInterval(this.#sweeper);
  }
}
