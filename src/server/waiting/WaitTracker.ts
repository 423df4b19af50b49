// Resumes waiting executions when their time comes (Wait node, limit of a webhook wait). They
// are saved with their run state, so this works across restarts: every `pollMs` the tracker loads
// those due within `lookaheadMs` and arms a timer for each; a new waiting execution of this
// process is armed at once. Resuming first claims the row (waiting → running), so a timer and a
// resume webhook never both run it.
import type { IExecution } from '../../model/execution.ts';
import { WAIT_INDEFINITELY } from '../../model/constants.ts';
import type { ExecutionsRepository } from '../db/repositories/executions.ts';
import type { ExecutionService } from '../executions/ExecutionService.ts';
import { systemClock, type Clock } from '../triggers/Scheduler.ts';
import { ServiceUnavailableError } from '../errors.ts';

export interface WaitTrackerLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WaitTrackerDeps {
  executions: ExecutionsRepository;
  service: ExecutionService;
  log: WaitTrackerLogger;
  clock?: Clock;
  pollMs?: number;
  lookaheadMs?: number;
}

export class WaitTracker {
  readonly #d: WaitTrackerDeps;
  readonly #clock: Clock;
  readonly #timers = new Map<string, unknown>();
  #poller: unknown;
  #closed = false;

  constructor(deps: WaitTrackerDeps) {
    this.#d = deps;
    this.#clock = deps.clock ?? systemClock;
  }

  get armed(): number {
    return this.#timers.size;
  }

  async start(): Promise<void> {
    await this.poll();
  }

  /** Loads waiting executions due soon and arms their timers. */
  async poll(): Promise<void> {
    if (this.#closed) return;
    try {
      const before = new Date(this.#clock.now() + (this.#d.lookaheadMs ?? 70_000)).toISOString();
      for (const w of await this.#d.executions.waitingDue(before)) this.#arm(w.id, Date.parse(w.waitTill));
    } catch (err) {
      this.#d.log.error({ err }, 'could not load waiting executions');
    } finally {
      if (!this.#closed) this.#poller = this.#clock.setTimeout(() => void this.poll(), this.#d.pollMs ?? 60_000);
    }
  }

  /** A new waiting execution of this process. */
  track(e: IExecution): void {
    if (e.status !== 'waiting' || !e.waitTill) return;
    const at = Date.parse(e.waitTill);
    if (at >= WAIT_INDEFINITELY.getTime()) return;
    if (at - this.#clock.now() <= (this.#d.lookaheadMs ?? 70_000)) this.#arm(e.id, at);
  }

  close(): void {
    this.#closed = true;
    this.#clock.clearTimeout(this.#poller);
    for (const t of this.#timers.values()) this.#clock.clearTimeout(t);
    this.#timers.clear();
  }

  #arm(id: string, at: number): void {
    if (this.#timers.has(id) || this.#closed) return;
    this.#timers.set(id, this.#clock.setTimeout(() => {
      this.#timers.delete(id);
      void this.resume(id);
    }, Math.max(0, at - this.#clock.now())));
  }

  /** Claims and resumes one waiting execution; false when it was not waiting any more. */
  async resume(id: string): Promise<boolean> {
    if (this.#closed || this.#d.service.shuttingDown) return false;
    try {
      if (!(await this.#d.executions.claimWaiting(id))) return false;
      const e = await this.#d.executions.get(id);
      if (!e) return false;
      try {
        await this.#d.service.start({ workflow: e.workflowData, workflowId: e.workflowId ?? null, mode: e.mode, resume: e });
      } catch (err) {
        // Refused before it started (too many running): due again, the next poll re-arms it.
        if (err instanceof ServiceUnavailableError) await this.#d.executions.releaseWaiting(id, new Date(this.#clock.now()).toISOString());
        throw err;
      }
      return true;
    } catch (err) {
      this.#d.log.error({ err, executionId: id }, 'could not resume the waiting execution');
      return false;
    }
  }
}
