// Execution pruning (issue 12; n8n's EXECUTIONS_DATA_PRUNE): every few minutes, executions that
// started more than maxAgeHours ago and all but the newest maxCount are deleted with their binary
// data. Running, new and waiting executions are kept. The work goes in small batches (a few ms of
// database time each) with a pause after each one several times as long as the batch took, so
// pruning a million executions takes a small share of the event loop and webhooks keep their
// latency (bench/executions.bench.ts measures the webhook p99 while pruning).
import { readdir } from 'node:fs/promises';
import type { ExecutionsRepository } from '../db/repositories/executions.ts';

/** Rows per pruning batch: about a millisecond of database work on the test machine. */
export const PRUNE_BATCH = 50;

export interface PruningSettings {
  /** Hours an execution is kept, from its start. */
  maxAgeHours: number;
  /** The newest this many executions are kept (by count); 0 = no limit by count. */
  maxCount: number;
  /** Between two pruning passes (default 5 minutes). */
  intervalMs?: number;
  /** From start to the first pass (default 10 s). */
  firstRunMs?: number;
  /** Rows per batch (default PRUNE_BATCH). */
  batch?: number;
  /** After a batch that took t ms, wait t * idleFactor ms (default 19: pruning takes ≤ 5 % of the loop). */
  idleFactor?: number;
  now?: () => number;
}

export interface PruningDeps {
  executions: Pick<ExecutionsRepository, 'prunable' | 'nthNewestId' | 'lastStartedBefore' | 'deleteBatch'>;
  /** Where binary data lives: `root` holds one folder per execution that has any. */
  binaryStore: { root?: string; deleteExecutions(ids: Iterable<string>): Promise<void> };
  /** Executions running now: never deleted, whatever their row says. */
  activeIds: () => ReadonlySet<string>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export class ExecutionPruner {
  readonly #d: PruningDeps;
  readonly #s: Required<Omit<PruningSettings, 'now'>> & { now: () => number };
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;
  #stopped = false;

  constructor(deps: PruningDeps, settings: PruningSettings) {
    this.#d = deps;
    this.#s = {
      maxAgeHours: settings.maxAgeHours,
      maxCount: settings.maxCount,
      intervalMs: settings.intervalMs ?? 5 * 60 * 1000,
      firstRunMs: settings.firstRunMs ?? 10_000,
      batch: settings.batch ?? PRUNE_BATCH,
      idleFactor: settings.idleFactor ?? 19,
      now: settings.now ?? Date.now,
    };
  }

  start(): void {
    const schedule = (ms: number) => {
      if (this.#stopped) return;
      this.#timer = setTimeout(() => {
        void this.prune()
          .catch((err: unknown) => this.#d.log.warn({ err }, 'execution pruning failed'))
          .finally(() => schedule(this.#s.intervalMs));
      }, ms);
      this.#timer.unref();
    };
    schedule(this.#s.firstRunMs);
  }

  /** Stops the timer and the pass under way (after its current batch). */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running?.catch(() => undefined);
  }

  /** One pass (or the one under way); resolves with how many executions it deleted. */
  prune(): Promise<number> {
    this.#running ??= this.#pass().finally(() => (this.#running = undefined));
    return this.#running;
  }

  async #pass(): Promise<number> {
    const s = this.#s;
    const startedBefore = new Date(s.now() - s.maxAgeHours * 3600_000).toISOString();
    // Everything at or below idAtMost is beyond the count; the age boundary comes from the
    // startedAt index (ids grow with start times), so a pass never walks the kept rows.
    const idAtMost = s.maxCount > 0 ? ((await this.#d.executions.nthNewestId(s.maxCount + 1)) ?? 0) : 0;
    const ageBound = (await this.#d.executions.lastStartedBefore(startedBefore)) ?? 0;
    const upTo = Math.max(idAtMost, ageBound);
    // Which executions have binary data, read once: most have none, and removing a folder that
    // is not there still costs a file system call per execution.
    const root = this.#d.binaryStore.root;
    const folders = root === undefined ? undefined : new Set(await readdir(root).catch(() => [] as string[]));
    let after = 0;
    let deleted = 0;
    const t0 = Date.now();
    while (!this.#stopped && upTo > after) {
      const started = performance.now();
      const ids = await this.#d.executions.prunable({ after, upTo, startedBefore, idAtMost, limit: s.batch });
      if (ids.length === 0) break;
      after = ids[ids.length - 1];
      const active = this.#d.activeIds();
      const batch = ids.filter((id) => !active.has(String(id)));
      if (batch.length > 0) await this.#d.executions.deleteBatch(batch);
      // The database time decides the pause; removing folders runs off the event loop.
      const took = performance.now() - started;
      if (batch.length > 0) {
        const withData = batch.map(String).filter((id) => folders === undefined || folders.has(id));
        if (withData.length > 0) await this.#d.binaryStore.deleteExecutions(withData);
        deleted += batch.length;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.ceil(took * s.idleFactor))));
    }
    if (deleted > 0) this.#d.log.info({ deleted, ms: Date.now() - t0 }, 'old executions pruned');
    return deleted;
  }
}
