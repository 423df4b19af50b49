// Timers for schedule triggers: a cron expression in a time zone (croner computes the next
// time; we arm one timer at a time, so a long wait costs nothing) or a fixed interval. The clock
// is injectable so tests need not wait for wall time.
import { Cron } from 'croner';

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** setTimeout's largest delay; longer waits re-arm. */
const MAX_DELAY = 2_147_483_647;

export type TimerSpec = { cron: string; timezone: string } | { everyMs: number };

export class InvalidCronError extends Error {}

/** Validates a cron expression for a time zone (throws InvalidCronError with croner's reason). */
export function compileCron(expression: string, timezone: string): Cron {
  try {
    return new Cron(expression, { timezone, paused: true });
  } catch (e) {
    throw new InvalidCronError((e as Error).message);
  }
}

export class Scheduler {
  readonly #clock: Clock;
  readonly #stops = new Set<() => void>();

  constructor(clock: Clock = systemClock) {
    this.#clock = clock;
  }

  get size(): number {
    return this.#stops.size;
  }

  /** Calls `fire(at)` on the spec until the returned stop function is called. */
  start(spec: TimerSpec, fire: (at: number) => void): () => void {
    const clock = this.#clock;
    let handle: unknown;
    let stopped = false;
    const cron = 'cron' in spec ? compileCron(spec.cron, spec.timezone) : undefined;
    let due = 'everyMs' in spec ? clock.now() + spec.everyMs : 0;
    const arm = (from: number) => {
      if (stopped) return;
      if (cron) {
        const next = cron.nextRun(new Date(from));
        if (!next) return; // an expression with no future times (e.g. a past year)
        due = next.getTime();
      }
      handle = clock.setTimeout(tick, Math.min(Math.max(0, due - clock.now()), MAX_DELAY));
    };
    const tick = () => {
      if (stopped) return;
      const now = clock.now();
      if (now < due) {
        // Re-armed long wait, or a timer that fired early: not due yet.
        handle = clock.setTimeout(tick, Math.min(due - now, MAX_DELAY));
        return;
      }
      const at = due;
      if ('everyMs' in spec) due += spec.everyMs * Math.max(1, Math.ceil((now - due + 1) / spec.everyMs));
      try {
        fire(at);
      } finally {
        if ('everyMs' in spec) handle = clock.setTimeout(tick, Math.max(0, due - clock.now()));
        else arm(Math.max(now, at));
      }
    };
    arm(clock.now());
    const stop = () => {
      stopped = true;
      clock.clearTimeout(handle);
      this.#stops.delete(stop);
    };
    this.#stops.add(stop);
    return stop;
  }

  stopAll(): void {
    for (const stop of [...this.#stops]) stop();
  }
}
