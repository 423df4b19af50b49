// The sandbox pool under runaway code: stopped runs, runs waiting for a worker, and the runs
// that come after them must all settle. Before the fix, a run that was queued while every
// worker was busy waited for a release that never came once the busy workers were terminated.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { code, execute, trigger, workflow } from './harness.ts';

const loop = workflow([trigger(), code('while (true) {}')]);
const normal = workflow([trigger(), code('return [{ ok: true }];')]);

describe('sandbox pool', () => {
  it('settles stopped runaway runs, the runs queued behind them, and later runs', async () => {
    // More runaway runs than workers, so some wait in the queue when the stop comes.
    const runaway = availableParallelism() + 4;
    const controllers = Array.from({ length: runaway }, () => new AbortController());
    const started = performance.now();
    const stopped = controllers.map((c) => execute(loop, { signal: c.signal, limits: { codeTimeoutMs: 30_000 } }));
    await new Promise((r) => setTimeout(r, 400));
    const queuedNormal = execute(normal);
    for (const c of controllers) c.abort();

    const outcomes = await Promise.all(stopped);
    expect(outcomes.map((o) => o.status)).toEqual(new Array(runaway).fill('canceled'));
    const after = await queuedNormal;
    expect(after.status).toBe('success');
    expect(after.out('Code')).toEqual([{ ok: true }]);
    expect(performance.now() - started).toBeLessThan(10_000);

    const later = await execute(normal);
    expect(later.out('Code')).toEqual([{ ok: true }]);
  }, 30_000);

  it('runs several time-limited runaways at once and recovers', async () => {
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => execute(loop, { limits: { codeTimeoutMs: 300 } })));
    for (const o of outcomes) {
      expect(o.status).toBe('error');
      expect(o.error).toBe('Code execution timed out after 300 ms');
    }
    expect((await execute(normal)).out('Code')).toEqual([{ ok: true }]);
  }, 30_000);
});
