// Queue mode's parts for one process (app.ts): the bus, and by role the dispatcher (main,
// webhook), the worker and its push relay (worker), the leader election (main).
import type { ServerConfig } from '../config.ts';
import type { ProcessRole } from '../app.ts';
import type { ExecutionService } from '../executions/ExecutionService.ts';
import type { ExecutionsRepository } from '../db/repositories/executions.ts';
import type { QueuedStartsRepository } from '../db/repositories/queuedStarts.ts';
import type { PushHub } from '../push/PushHub.ts';
import type { ActiveWorkflows } from '../activation/ActiveWorkflows.ts';
import type { WaitTracker } from '../waiting/WaitTracker.ts';
import type { WallAggregator } from '../wall/WallAggregator.ts';
import type { PushMessage } from '../../model/api.ts';
import type { IExecution } from '../../model/execution.ts';
import { QueueBus } from './bus.ts';
import { QueueDispatcher } from './dispatch.ts';
import { LeaderElection } from './leader.ts';
import { PushRelay, QueueWorker } from './worker.ts';
import { redisSettings } from './redis.ts';

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** How long a process waits for Redis at its start before giving up with a clear error. */
const CONNECT_TIMEOUT_MS = 15_000;

export interface QueueParts {
  bus: QueueBus;
  dispatcher?: QueueDispatcher;
  relay?: PushRelay;
  /** Wires the process's services to the bus (after they exist). */
  follow(s: { push: PushHub; activeWorkflows: ActiveWorkflows; waitTracker: WaitTracker; executions: ExecutionService; wall?: WallAggregator }): void;
  /** Main: stands for leader; the leader runs triggers, the others serve webhooks only. */
  lead(activeWorkflows: ActiveWorkflows): Promise<void>;
  stopLeading(): Promise<void>;
  pauseWorker(): Promise<void>;
  counts(): Promise<{ waiting: number; active: number }>;
  /** Worker: called with each job's queue hop (ms, queued → taken). */
  onHop(listener: (ms: number) => void): void;
  close(): Promise<void>;
}

export async function connectQueue(config: ServerConfig, role: ProcessRole, executionsRepo: ExecutionsRepository, queuedStarts: QueuedStartsRepository, log: Log): Promise<QueueParts> {
  const redis = redisSettings(config);
  const prefix = config.queuePrefix;
  let lastError: Error | undefined;
  const bus = new QueueBus(redis, prefix, (err) => {
    if (lastError?.message !== err.message) log.warn({ err: err.message }, 'Redis connection error (queue mode); retrying');
    lastError = err;
  });
  const connected = await Promise.race([bus.ready().then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), CONNECT_TIMEOUT_MS).unref())]);
  if (!connected) {
    await bus.close();
    throw new Error(`Redis at ${redis.host}:${redis.port} does not answer (queue mode, SWITCHYARD_QUEUE_BULL_REDIS_*)${lastError ? `: ${lastError.message}` : ''}`);
  }
  const dispatcher =
    role === 'worker'
      ? undefined
      : new QueueDispatcher({ redis, prefix, bus, executions: executionsRepo, queuedStarts, offloadManual: config.queueOffloadManualExecutions, log });
  const relay = role === 'worker' ? new PushRelay(bus) : undefined;
  let worker: QueueWorker | undefined;
  let leader: LeaderElection | undefined;
  const hopListeners: Array<(ms: number) => void> = [];

  return {
    bus,
    dispatcher,
    relay,
    follow({ push, activeWorkflows, waitTracker, executions, wall }) {
      bus.on((m) => {
        if (m.type === 'push' && role === 'main') push.send(m.pushRef, m.message as PushMessage);
        // Workers' counts for the walls this main serves.
        if (m.type === 'wall' && role === 'main' && Array.isArray(m.batches)) wall?.applyRemote(m.batches);
        if (m.type === 'workflowChanged' && m.from !== bus.processId && role !== 'worker') void activeWorkflows.applyRemote(m.workflowId, m.active);
        // A run that began waiting on a worker: resumed on time by this main's wait tracker.
        if (m.type === 'finished' && role === 'main' && m.status === 'waiting' && m.waitTill) waitTracker.track({ id: m.executionId, status: 'waiting', waitTill: m.waitTill } as IExecution);
      });
      if (role === 'main') {
        dispatcher?.startRecovery();
        void executionsRepo.runningSummaries().then((list) => dispatcher?.seed(list), (err: unknown) => log.warn({ err }, 'could not read the running executions'));
      }
      if (role === 'worker') {
        worker = new QueueWorker({ redis, prefix, concurrency: config.workerConcurrency, lockDuration: config.queueLockDuration, bus, executions, executionsRepo, queuedStarts, log }, relay!);
        worker.onTaken = (ms) => {
          for (const l of hopListeners) l(ms);
        };
        worker.start();
      }
    },
    async lead(activeWorkflows) {
      await activeWorkflows.setWebhooksOnly(true);
      leader = new LeaderElection(bus.client, prefix, bus.processId, (isLeader) => {
        log.info({ leader: isLeader }, isLeader ? 'this main process leads: triggers, schedules and pollers run here' : 'another main process leads: this one serves webhooks only');
        void activeWorkflows.setWebhooksOnly(!isLeader);
      });
      await leader.start();
    },
    async stopLeading() {
      await leader?.stop();
    },
    async pauseWorker() {
      await worker?.pause();
    },
    onHop(listener) {
      hopListeners.push(listener);
    },
    counts() {
      if (dispatcher) return dispatcher.counts();
      return Promise.resolve({ waiting: NaN, active: NaN });
    },
    async close() {
      await worker?.close();
      await dispatcher?.close();
      await bus.close();
    },
  };
}
