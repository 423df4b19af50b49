// Queue mode (issue 18): a worker runs the production executions, the main process serves the
// walls. The worker's execution service reports to this relay instead of an aggregator; it
// adds the runs' counts up per workflow and sends them every WALL_UPDATE_MS as one bus message
// ({ type: 'wall', batches }), which every main adds to its WallAggregator (applyRemote). Counts
// only: a busy worker sends at most 4 small messages a second whatever its execution rate.
import type { IExecution, ITaskData } from '../../model/execution.ts';
import { WALL_LAST_OUTCOMES, WALL_UPDATE_MS, type WallOutcome } from '../../model/wall.ts';
import { ERROR_STATUSES, outputItems, shortMessage, type ExecutionObserver, type RunTracker, type WallBatch, type WallBatchNode } from './WallAggregator.ts';

/** The most workflows one message carries; more wait for the next. */
const BATCH_WORKFLOWS_MAX = 500;

export class WallRelay implements ExecutionObserver {
  #pending = new Map<string, WallBatch>();
  /** Per workflow and node: the execution its newest outcome in the pending batch belongs to. */
  #lastExecution = new Map<string, string>();
  readonly #send: (batches: WallBatch[]) => void;
  readonly #timer: NodeJS.Timeout;
  readonly #now: () => number;

  constructor(send: (batches: WallBatch[]) => void, options: { now?: () => number; intervalMs?: number } = {}) {
    this.#send = send;
    this.#now = options.now ?? Date.now;
    this.#timer = setInterval(() => this.flush(), options.intervalMs ?? WALL_UPDATE_MS);
    this.#timer.unref();
  }

  batch(workflowId: string): WallBatch {
    let b = this.#pending.get(workflowId);
    if (!b) {
      b = { workflowId, started: 0, resumed: 0, ended: 0, finished: 0, failed: 0, nodes: Object.create(null) as Record<string, WallBatchNode> };
      this.#pending.set(workflowId, b);
    }
    return b;
  }

  node(workflowId: string, name: string): WallBatchNode {
    const b = this.batch(workflowId);
    return (b.nodes[name] ??= { enter: 0, exit: 0, runs: 0, items: 0, last: [] });
  }

  /** Records an outcome, one per execution and node (an error stays an error). */
  outcome(workflowId: string, name: string, executionId: string, outcome: WallOutcome): void {
    const node = this.node(workflowId, name);
    const key = `${workflowId}\u0000${name}`;
    if (this.#lastExecution.get(key) === executionId && node.last.length > 0) {
      if (node.last[0] !== 'error') node.last[0] = outcome;
      return;
    }
    node.last.unshift(outcome);
    if (node.last.length > WALL_LAST_OUTCOMES) node.last.length = WALL_LAST_OUTCOMES;
    this.#lastExecution.set(key, executionId);
  }

  now(): number {
    return this.#now();
  }

  runStarted(executionId: string, workflowId: string | null, mode: string, resumed: boolean): RunTracker | undefined {
    if (mode === 'manual' || !workflowId) return undefined;
    const b = this.batch(workflowId);
    if (resumed) b.resumed++;
    else b.started++;
    return new RelayedRun(this, workflowId, executionId);
  }

  /** Sends what was counted since the last message. */
  flush(): void {
    if (this.#pending.size === 0) return;
    let batches: WallBatch[];
    if (this.#pending.size <= BATCH_WORKFLOWS_MAX) {
      batches = [...this.#pending.values()];
      this.#pending = new Map();
    } else {
      batches = [];
      for (const [id, b] of this.#pending) {
        batches.push(b);
        this.#pending.delete(id);
        if (batches.length >= BATCH_WORKFLOWS_MAX) break;
      }
    }
    this.#lastExecution = new Map();
    this.#send(batches);
  }

  close(): void {
    clearInterval(this.#timer);
    this.flush();
  }
}

class RelayedRun implements RunTracker {
  readonly #relay: WallRelay;
  readonly #workflowId: string;
  readonly #executionId: string;
  #inside: string[] | undefined;
  #done = false;

  constructor(relay: WallRelay, workflowId: string, executionId: string) {
    this.#relay = relay;
    this.#workflowId = workflowId;
    this.#executionId = executionId;
  }

  nodeBefore(nodeName: string): void {
    this.#relay.node(this.#workflowId, nodeName).enter++;
    (this.#inside ??= []).push(nodeName);
  }

  nodeAfter(nodeName: string, taskData: ITaskData): void {
    const node = this.#relay.node(this.#workflowId, nodeName);
    const i = this.#inside?.indexOf(nodeName) ?? -1;
    if (i >= 0) {
      this.#inside!.splice(i, 1);
      node.exit++;
    }
    node.runs++;
    node.items = outputItems(taskData);
    const status = taskData.executionStatus;
    const outcome: WallOutcome | undefined = status === 'error' ? 'error' : status === 'waiting' ? 'waiting' : status === 'canceled' ? undefined : 'success';
    if (outcome) this.#relay.outcome(this.#workflowId, nodeName, this.#executionId, outcome);
    if (status === 'error' && taskData.error) node.error = { message: shortMessage(taskData.error.message), at: this.#relay.now() };
  }

  finished(execution: Pick<IExecution, 'status' | 'data'>): void {
    if (this.#done) return;
    this.#done = true;
    for (const name of this.#inside ?? []) this.#relay.node(this.#workflowId, name).exit++;
    this.#inside = undefined;
    const b = this.#relay.batch(this.#workflowId);
    b.ended++;
    if (execution.status === 'waiting') return;
    b.finished++;
    if (ERROR_STATUSES.has(execution.status)) {
      b.failed++;
      const result = execution.data?.resultData;
      const error = result?.error;
      b.lastFailure = {
        executionId: this.#executionId,
        nodeName: error?.node?.name ?? result?.lastNodeExecuted ?? '',
        message: shortMessage(error?.message ?? (execution.status === 'crashed' ? 'The execution crashed' : 'The execution failed')),
        at: this.#relay.now(),
      };
    }
  }
}
