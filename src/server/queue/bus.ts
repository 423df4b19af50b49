// The event bus between the processes of queue mode, over Redis pub/sub: push messages for an
// editor connected to another process, Respond to Webhook answers and ended executions for the
// process that started them, stop requests, and running executions for every main's
// executions-current. Each process listens on the broadcast channel and on one of its own.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { IExecution, IExecutionSummary } from '../../model/execution.ts';
import type { WebhookResponse } from '../../nodes/types.ts';
import { connectionOptions, type RedisSettings } from './redis.ts';
import type { WallBatch } from '../wall/WallAggregator.ts';

export type BusMessage =
  /** For the editor `pushRef` connected to the receiving process. */
  | { type: 'push'; pushRef: string; message: unknown }
  /** A Respond to Webhook answer for the process that started the execution. */
  | { type: 'response'; executionId: string; response: WebhookResponse }
  /** An execution was queued (status new) or began on a worker (running) (broadcast). */
  | { type: 'started'; summary: IExecutionSummary; runAs: string | null }
  /** An execution ended (broadcast; waitTill when it waits); `execution` only to the process that started it. */
  | { type: 'finished'; executionId: string; status: string; waitTill?: string | null; execution?: IExecution }
  /** Stop this execution wherever it runs (broadcast). */
  | { type: 'stop'; executionId: string }
  /** A workflow was activated or deactivated: other processes follow (broadcast, with its sender). */
  | { type: 'workflowChanged'; workflowId: string; active: boolean; from?: string }
  /** A worker's counts of production runs for the walls (issue 18), every 250 ms at most (broadcast). */
  | { type: 'wall'; batches: WallBatch[] };

type Listener = (m: BusMessage) => void;

export class QueueBus {
  /** This process's id: the channel others answer it on. */
  readonly processId = randomUUID();
  readonly #pub: Redis;
  readonly #sub: Redis;
  readonly #broadcast: string;
  readonly #own: string;
  readonly #prefix: string;
  readonly #listeners = new Set<Listener>();
  readonly #ready: Promise<void>;

  constructor(settings: RedisSettings, prefix: string, onError: (err: Error) => void) {
    this.#prefix = prefix;
    this.#broadcast = `${prefix}:bus`;
    this.#own = `${prefix}:bus:${this.processId}`;
    this.#pub = new Redis(connectionOptions(settings, { lazyConnect: false }));
    this.#sub = new Redis(connectionOptions(settings, { lazyConnect: false }));
    this.#pub.on('error', onError);
    this.#sub.on('error', onError);
    // ioredis subscribes again by itself after a reconnect (autoResubscribe).
    this.#ready = this.#sub.subscribe(this.#broadcast, this.#own).then(() => undefined);
    this.#sub.on('message', (_channel: string, text: string) => {
      let m: BusMessage;
      try {
        m = JSON.parse(text) as BusMessage;
      } catch {
        return;
      }
      for (const l of this.#listeners) {
        try {
          l(m);
        } catch (err) {
          onError(err as Error);
        }
      }
    });
  }

  ready(): Promise<void> {
    return this.#ready;
  }

  on(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** To every process (this one too). */
  broadcast(m: BusMessage): void {
    const sent = m.type === 'workflowChanged' ? { ...m, from: this.processId } : m;
    void this.#pub.publish(this.#broadcast, JSON.stringify(sent)).catch(() => undefined);
  }

  /** To one process (by its processId). */
  sendTo(processId: string, m: BusMessage): Promise<unknown> {
    return this.#pub.publish(`${this.#prefix}:bus:${processId}`, JSON.stringify(m)).catch(() => undefined);
  }

  /** The publishing connection, for other small commands (the leader lock). */
  get client(): Redis {
    return this.#pub;
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    await Promise.allSettled([this.#sub.quit(), this.#pub.quit()]);
  }
}
