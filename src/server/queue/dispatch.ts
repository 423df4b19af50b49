// Queue mode, the starting side (main and webhook processes): a start the service accepts for
// the queue is stored (queued_starts) and added to the BullMQ queue as job <executionId>; the
// process keeps what only it can do for that run — its Respond to Webhook answer, the caller
// waiting for the end — and hears of both over the bus. Executions running on workers are known
// here from the bus (executions-current, stop).
import { Queue } from 'bullmq';
import type { IExecution, IExecutionSummary } from '../../model/execution.ts';
import type { StopExecutionResponse } from '../../model/api.ts';
import type { ExecutionDispatcher, QueuedRun, StartExecution } from '../executions/ExecutionService.ts';
import type { ExecutionsRepository } from '../db/repositories/executions.ts';
import type { QueuedStartsRepository } from '../db/repositories/queuedStarts.ts';
import type { QueueBus } from './bus.ts';
import { decodeResponse } from './wire.ts';
import { connectionOptions, QUEUE_NAME, type RedisSettings } from './redis.ts';

/** The payload a worker takes from queued_starts. */
export interface QueuedPayload extends QueuedRun {
  /** The process that queued it: answers and the end go there. */
  origin: string;
  /** Respond to Webhook answers are wanted. */
  wantsResponse: boolean;
}

/** How long a stop waits for the worker's run to end (its stop grace is 5 s) before calling it orphaned. */
const STOP_WAIT_MS = 15_000;
/** Queued starts older than this with no job are queued again (Redis lost them). */
const REQUEUE_AFTER_MS = 10_000;

interface Pending {
  resolve: (e: IExecution) => void;
  onResponse?: StartExecution['onResponse'];
}

export interface DispatcherDeps {
  redis: RedisSettings;
  prefix: string;
  bus: QueueBus;
  executions: ExecutionsRepository;
  queuedStarts: QueuedStartsRepository;
  /** Manual runs from the editor go to workers too. */
  offloadManual: boolean;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** An execution ended on a worker (waiting ones are tracked by the main's wait tracker). */
  onRemoteFinished?: (id: string, status: string, waitTill?: string | null) => void;
}

export class QueueDispatcher implements ExecutionDispatcher {
  readonly queue: Queue;
  readonly #d: DispatcherDeps;
  readonly #pending = new Map<string, Pending>();
  /** Running (or queued) elsewhere, as the bus told. */
  readonly #remote = new Map<string, { summary: IExecutionSummary; runAs: string | null }>();
  readonly #stopWaiters = new Map<string, Array<(e: { status: string }) => void>>();
  readonly #offBus: () => void;
  #sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(deps: DispatcherDeps) {
    this.#d = deps;
    this.queue = new Queue(QUEUE_NAME, { connection: connectionOptions(deps.redis, { maxRetriesPerRequest: null }) as never, prefix: deps.prefix });
    this.queue.on('error', (err) => deps.log.warn({ err }, 'queue connection error'));
    this.#offBus = deps.bus.on((m) => {
      switch (m.type) {
        case 'response': {
          const p = this.#pending.get(m.executionId);
          p?.onResponse?.(decodeResponse(m.response));
          break;
        }
        case 'started':
          // A queued run's summary never replaces the running one (messages may cross).
          if (m.summary.status !== 'new' || this.#remote.get(m.summary.id)?.summary.status !== 'running') this.#remote.set(m.summary.id, { summary: m.summary, runAs: m.runAs });
          break;
        case 'finished': {
          this.#remote.delete(m.executionId);
          for (const w of this.#stopWaiters.get(m.executionId) ?? []) w({ status: m.status });
          this.#stopWaiters.delete(m.executionId);
          const p = this.#pending.get(m.executionId);
          if (p && m.execution) {
            this.#pending.delete(m.executionId);
            p.resolve(m.execution);
          } else if (p) {
            // Ended without the data reaching us (a crash found on another worker): read the row.
            this.#pending.delete(m.executionId);
            void this.#stored(m.executionId, m.status).then(p.resolve);
          }
          deps.onRemoteFinished?.(m.executionId, m.status, m.execution?.waitTill);
          break;
        }
      }
    });
  }

  accepts(req: StartExecution): boolean {
    // Sub-workflows run where their parent runs; a failure recorded at once runs no engine.
    if (req.parentSignal || req.parentExecution || req.failure) return false;
    return req.mode !== 'manual' || this.#d.offloadManual;
  }

  async enqueue(id: string, run: QueuedRun, onResponse: StartExecution['onResponse']): Promise<{ done: Promise<IExecution> }> {
    const payload: QueuedPayload = { ...run, origin: this.#d.bus.processId, wantsResponse: onResponse !== undefined };
    const done = new Promise<IExecution>((resolve) => this.#pending.set(id, { resolve, onResponse }));
    await this.#d.queuedStarts.put(id, JSON.stringify(payload));
    const summary = queuedSummary(id, run);
    this.#remote.set(id, { summary, runAs: run.runAs });
    await this.queue.add('execution', { executionId: id }, { jobId: jobIdOf(id), removeOnComplete: true, removeOnFail: 1000 });
    // Every main lists it (executions-current) from now on, not only once a worker begins it.
    this.#d.bus.broadcast({ type: 'started', summary, runAs: run.runAs });
    return { done };
  }

  /** A main starting: executions stored as new or running are running on workers (or queued). */
  seed(summaries: IExecutionSummary[]): void {
    for (const summary of summaries) if (!this.#remote.has(summary.id)) this.#remote.set(summary.id, { summary, runAs: null });
  }

  listCurrent(): Array<{ summary: IExecutionSummary; runAs: string | null }> {
    return [...this.#remote.values()];
  }

  isActive(id: string): boolean {
    return this.#remote.has(id) || this.#pending.has(id);
  }

  async stop(id: string): Promise<StopExecutionResponse | undefined> {
    // Not begun yet: its start is taken back and the row canceled.
    if (await this.#d.queuedStarts.remove(id)) {
      await this.queue.remove(jobIdOf(id)).catch(() => undefined);
      await this.#d.executions.cancelOrphan(id, 'The execution was stopped before a worker began it');
      const e = await this.#stored(id, 'canceled');
      this.#remote.delete(id);
      this.#d.bus.broadcast({ type: 'finished', executionId: id, status: 'canceled' });
      const p = this.#pending.get(id);
      if (p) (this.#pending.delete(id), p.resolve(e));
      return { mode: e.mode, startedAt: e.startedAt, stoppedAt: e.stoppedAt ?? undefined, finished: false, status: 'canceled' };
    }
    if (!this.#remote.has(id)) return undefined;
    const ended = new Promise<{ status: string } | undefined>((resolve) => {
      const list = this.#stopWaiters.get(id) ?? [];
      list.push(resolve);
      this.#stopWaiters.set(id, list);
      setTimeout(() => resolve(undefined), STOP_WAIT_MS).unref();
    });
    this.#d.bus.broadcast({ type: 'stop', executionId: id });
    if ((await ended) === undefined) {
      // No process runs it any more (its worker and its job were lost together): canceled.
      if (await this.#d.executions.cancelOrphan(id, 'The execution was stopped: no process was running it any more')) {
        this.#remote.delete(id);
        this.#d.bus.broadcast({ type: 'finished', executionId: id, status: 'canceled' });
      }
    }
    const e = await this.#d.executions.summary(id);
    if (!e) return { mode: this.#remote.get(id)?.summary.mode ?? 'webhook', startedAt: new Date().toISOString(), finished: false, status: 'canceled' };
    return { mode: e.mode, startedAt: e.startedAt, stoppedAt: e.stoppedAt ?? undefined, finished: e.finished, status: e.status };
  }

  /** The stored execution, or a stand-in when the row is gone (not to be kept). */
  async #stored(id: string, status: string): Promise<IExecution> {
    const e = await this.#d.executions.get(id).catch(() => undefined);
    if (e) return e;
    const now = new Date().toISOString();
    return { id, finished: status === 'success', mode: 'webhook', status: status as IExecution['status'], startedAt: now, stoppedAt: now, workflowId: null, workflowData: { name: '', nodes: [], connections: {} } as never, data: { resultData: { runData: {} } } } as IExecution;
  }

  /**
   * The main process (leader): what is stored as queued but missing from Redis (a Redis restart
   * without persistence) is queued again; and rows running on workers that died are found by
   * BullMQ (stalled jobs) and marked crashed by the next worker.
   */
  startRecovery(): void {
    const sweep = async () => {
      const ids = await this.#d.queuedStarts.olderThan(new Date(Date.now() - REQUEUE_AFTER_MS).toISOString());
      for (const id of ids) {
        const job = await this.queue.getJob(jobIdOf(id));
        if (job && !(await job.isFailed()) && !(await job.isCompleted())) continue;
        if (job) await job.remove().catch(() => undefined);
        this.#d.log.warn({ executionId: id }, 'queued execution missing from Redis: queued again');
        await this.queue.add('execution', { executionId: id }, { jobId: jobIdOf(id), removeOnComplete: true, removeOnFail: 1000 });
      }
    };
    this.#sweeper = setInterval(() => void sweep().catch((err: unknown) => this.#d.log.warn({ err }, 'queue recovery sweep failed')), REQUEUE_AFTER_MS / 2);
    this.#sweeper.unref();
  }

  stopRecovery(): void {
    clearInterval(this.#sweeper);
  }

  /** Counts for /metrics and readiness. */
  async counts(): Promise<{ waiting: number; active: number }> {
    const c = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return { waiting: (c.waiting ?? 0) + (c.delayed ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0 };
  }

  async close(): Promise<void> {
    this.stopRecovery();
    this.#offBus();
    await this.queue.close().catch(() => undefined);
  }
}

/** BullMQ refuses integer job ids: execution 42 is job 'e42' (one job per execution). */
export function jobIdOf(executionId: string): string {
  return `e${executionId}`;
}

function queuedSummary(id: string, run: QueuedRun): IExecutionSummary {
  return {
    id,
    finished: false,
    mode: run.request.mode,
    status: 'new',
    startedAt: new Date().toISOString(),
    stoppedAt: null,
    workflowId: run.request.workflowId,
    workflowName: run.request.workflow.name,
    retryOf: run.request.retryOf ?? null,
    retrySuccessId: null,
    waitTill: null,
  };
}
