// Queue mode, the worker's side (`npm run worker`): takes execution jobs from the BullMQ queue,
// `concurrency` at a time, and runs each with this process's ExecutionService as a regular run
// of the row the starting process stored. What only the starter can do goes back over the bus:
// push messages for its editor, Respond to Webhook answers, the ended execution.
//
// A worker killed mid-run (kill -9): BullMQ notices its job's lock lapse (SWITCHYARD_QUEUE_LOCK_DURATION)
// and hands the job to another worker, which finds the start already taken (a run takes it as
// it begins) and marks the execution crashed. It is never run twice: a node with side effects
// (an HTTP call, an email) may have run. A job whose start is still there never began, and runs.
import { Worker, type Job } from 'bullmq';
import type { ExecutionService } from '../executions/ExecutionService.ts';
import type { ExecutionsRepository } from '../db/repositories/executions.ts';
import type { QueuedStartsRepository } from '../db/repositories/queuedStarts.ts';
import type { PushMessage } from '../../model/api.ts';
import type { QueueBus } from './bus.ts';
import type { QueuedPayload } from './dispatch.ts';
import { encodeResponse } from './wire.ts';
import { connectionOptions, QUEUE_NAME, type RedisSettings } from './redis.ts';

export const CRASHED_MESSAGE = 'The worker running this execution stopped before it ended (killed or crashed); it was not run again, since nodes with side effects may have run';

export interface QueueWorkerDeps {
  redis: RedisSettings;
  prefix: string;
  concurrency: number;
  lockDuration: number;
  bus: QueueBus;
  executions: ExecutionService;
  executionsRepo: ExecutionsRepository;
  queuedStarts: QueuedStartsRepository;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Push messages of this worker's runs go to the process whose editor asked (by pushRef). */
export class PushRelay {
  readonly #origins = new Map<string, string>();
  readonly #bus: QueueBus;
  constructor(bus: QueueBus) {
    this.#bus = bus;
  }
  route(pushRef: string, origin: string): void {
    this.#origins.set(pushRef, origin);
    if (this.#origins.size > 10_000) this.#origins.delete(this.#origins.keys().next().value as string);
  }
  send(pushRef: string, message: PushMessage): boolean {
    const origin = this.#origins.get(pushRef);
    if (!origin) return false;
    void this.#bus.sendTo(origin, { type: 'push', pushRef, message });
    return true;
  }
  broadcast(): void {}
  close(): void {}
}

export class QueueWorker {
  readonly #d: QueueWorkerDeps;
  readonly #relay: PushRelay;
  #worker: Worker | undefined;
  readonly #offBus: () => void;

  constructor(deps: QueueWorkerDeps, relay: PushRelay) {
    this.#d = deps;
    this.#relay = relay;
    this.#offBus = deps.bus.on((m) => {
      if (m.type === 'stop' && deps.executions.isActive(m.executionId)) {
        void deps.executions.stop(m.executionId).catch((err: unknown) => deps.log.warn({ err, executionId: m.executionId }, 'could not stop the execution'));
      }
    });
  }

  start(): void {
    const d = this.#d;
    this.#worker = new Worker(QUEUE_NAME, (job) => this.#process(job), {
      connection: connectionOptions(d.redis, { maxRetriesPerRequest: null }) as never,
      prefix: d.prefix,
      concurrency: d.concurrency,
      lockDuration: d.lockDuration,
      stalledInterval: Math.max(1000, Math.floor(d.lockDuration / 2)),
      maxStalledCount: 3,
    });
    this.#worker.on('error', (err) => d.log.warn({ err }, 'queue worker connection error'));
  }

  /** Milliseconds from a job's queueing to this worker taking it (metrics: the queue hop). */
  onTaken?: (hopMs: number) => void;

  async #process(job: Job<{ executionId: string }>): Promise<void> {
    const d = this.#d;
    const id = String(job.data.executionId);
    this.onTaken?.(Date.now() - job.timestamp);
    const text = await d.queuedStarts.take(id);
    if (text === undefined) {
      // Begun before by a worker that is gone (or stopped before any worker began it).
      if (await d.executionsRepo.crashOrphan(id, CRASHED_MESSAGE)) {
        d.log.warn({ executionId: id }, 'execution left running by a worker that stopped: marked crashed');
        d.bus.broadcast({ type: 'finished', executionId: id, status: 'crashed' });
      }
      return;
    }
    const p = JSON.parse(text) as QueuedPayload;
    if (p.request.pushRef) this.#relay.route(p.request.pushRef, p.origin);
    const { done } = await d.executions.start({
      ...p.request,
      runAs: p.runAs,
      resume: p.resume,
      executionId: p.resume ? undefined : id,
      recorded: true,
      onResponse: p.wantsResponse ? (response) => void d.bus.sendTo(p.origin, { type: 'response', executionId: id, response: encodeResponse(response) }) : undefined,
    });
    const summary = d.executions.listCurrent().find((s) => s.id === id);
    if (summary) d.bus.broadcast({ type: 'started', summary, runAs: p.runAs });
    const e = await done;
    // The starter first (with the data: a webhook's last-node answer, the editor's result) …
    await d.bus.sendTo(p.origin, { type: 'finished', executionId: id, status: e.status, execution: e });
    // … then every main (executions-current, the wait tracker).
    d.bus.broadcast({ type: 'finished', executionId: id, status: e.status, waitTill: e.waitTill });
  }

  /** Takes no more jobs; running executions get the service's shutdown (graceful timeout). */
  async close(): Promise<void> {
    this.#offBus();
    // close(true) would fail the running jobs; close() waits for them, which the service's
    // shutdown bounds (it cancels what is still running at the deadline).
    await this.#worker?.close().catch(() => undefined);
  }

  /** Pauses taking jobs (shutdown begins: running ones finish). */
  async pause(): Promise<void> {
    await this.#worker?.pause(true).catch(() => undefined);
  }
}
