// Memory stays bounded (issue 14): Code console output is capped per execution and says so; the
// finished manual runs kept for the editor are bounded by size as well as count.
import { describe, expect, it } from 'vitest';
import { code, execute, trigger, workflow } from './harness.ts';
import { CONSOLE_CHARS_PER_EXECUTION } from '../../src/engine/sandbox/runCode.ts';
import { SANDBOX_CAPS } from '../../src/engine/sandbox/vm.ts';
import { estimateJsonChars, estimateJsonCharsSliced, RecentExecutions, RECENT_EXECUTIONS_MAX_CHARS } from '../../src/server/executions/RecentExecutions.ts';
import type { IExecution } from '../../src/model/execution.ts';
import { sandboxPoolStats, setSandboxIdleMs } from '../../src/engine/sandbox/pool.ts';

describe('Code console output', () => {
  it('is capped per execution across Code runs (per item, several nodes), and the output says where it stopped', async () => {
    // 40 items; each per-item run logs 10 × 100,000 characters (its own per-run cap is 1,000,000):
    // 40 MB asked, across two Code nodes.
    const makeItems = code('return Array.from({ length: 20 }, (_, i) => ({ json: { i } }));', 'runOnceForAllItems', 'Items');
    const log = (name: string) => code("const s = 'x'.repeat(100000); for (let k = 0; k < 10; k++) console.log(s); return $input.item;", 'runOnceForEachItem', name);
    const o = await execute(workflow([trigger(), makeItems, log('Log A'), log('Log B')]), { limits: { codeTimeoutMs: 20_000 } });
    expect(o.status, o.error).toBe('success');
    const chars = o.console.reduce((n, m) => n + m.message.length, 0);
    expect(chars).toBeLessThanOrEqual(CONSOLE_CHARS_PER_EXECUTION + 1000);
    expect(chars).toBeGreaterThan(CONSOLE_CHARS_PER_EXECUTION - SANDBOX_CAPS.consoleMessageChars);
    const last = o.console.at(-1)!;
    expect(last.level).toBe('warn');
    expect(last.message).toBe(`… console output truncated after ${CONSOLE_CHARS_PER_EXECUTION / 1024 / 1024} MB: the Code console output of one execution is capped`);
    expect(o.console.filter((m) => m.message.startsWith('… console output truncated')).length).toBe(1);
    // Both nodes ran to the end for every item: only the output was cut.
    expect(o.out('Log B')).toHaveLength(20);
  }, 120_000);

  it('a second execution has its own budget', async () => {
    const wf = workflow([trigger(), code("console.log('y'.repeat(50000)); return [];")]);
    const a = await execute(wf);
    const b = await execute(wf);
    expect(a.console.map((m) => m.message.length)).toEqual([50000]);
    expect(b.console.map((m) => m.message.length)).toEqual([50000]);
  });
});

const execution = (id: string, payload: unknown): IExecution =>
  ({ id, finished: true, mode: 'manual', status: 'success', startedAt: '', stoppedAt: '', workflowData: {}, data: { resultData: { runData: { N: [{ data: { main: [[{ json: { payload } }]] } }] } } } }) as unknown as IExecution;

describe('finished runs kept for the editor', () => {
  it('are bounded by their size: the oldest go first, and one larger than the budget is not kept', () => {
    const recent = new RecentExecutions(50, 60_000, Date.now, 1_000_000);
    for (let i = 0; i < 10; i++) recent.put(execution(String(i), 'x'.repeat(300_000)));
    expect(recent.size).toBe(3);
    expect(recent.chars).toBeLessThanOrEqual(1_000_000);
    expect(recent.get('9')).toBeDefined();
    expect(recent.get('6')).toBeUndefined();
    recent.put(execution('big', 'x'.repeat(2_000_000)));
    expect(recent.get('big')).toBeUndefined();
    expect(recent.size).toBe(3);
    recent.delete('9');
    expect(recent.size).toBe(2);
    expect(recent.chars).toBeGreaterThan(600_000);
    expect(recent.chars).toBeLessThan(700_000);
    // Still bounded in count.
    const counted = new RecentExecutions(5, 60_000);
    for (let i = 0; i < 20; i++) counted.put(execution(String(i), 'small'));
    expect(counted.size).toBe(5);
    expect(RECENT_EXECUTIONS_MAX_CHARS).toBe(64 * 1024 * 1024);
  });

  it('expire on an idle server too (no request needed to let them go)', async () => {
    const recent = new RecentExecutions(50, 100);
    recent.put(execution('a', 'x'.repeat(1000)));
    recent.put(execution('b', 'x'.repeat(1000)));
    expect(recent.size).toBe(2);
    await new Promise((r) => setTimeout(r, 1500));
    expect(recent.size).toBe(0);
    expect(recent.chars).toBe(0);
  });

  it('the size estimate is close to JSON.stringify, stops early and copes with any depth', () => {
    const value = { items: Array.from({ length: 1000 }, (_, i) => ({ json: { id: i, name: `row ${i}`, tags: ['a', 'b'], ok: true } })) };
    const real = JSON.stringify(value).length;
    const estimate = estimateJsonChars(value, Infinity);
    expect(estimate / real).toBeGreaterThan(0.8);
    expect(estimate / real).toBeLessThan(1.5);
    expect(estimateJsonChars(value, 1000)).toBe(Infinity);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(estimateJsonChars(deep, Infinity)).toBeGreaterThan(500_000);
  });

  it('the sliced estimate gives the same answer and lets timers run while it walks a large run', async () => {
    const value = { items: Array.from({ length: 300_000 }, (_, i) => ({ json: { id: i, name: `row ${i}`, tags: ['a', 'b'] } })) };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const sliced = await estimateJsonCharsSliced(value, Infinity);
    clearInterval(timer);
    expect(sliced).toBe(estimateJsonChars(value, Infinity));
    expect(ticks).toBeGreaterThan(1);
    expect(await estimateJsonCharsSliced(value, 1000)).toBe(Infinity);
  });
});

describe('sandbox workers after a burst', () => {
  it('idle workers are ended (their WebAssembly memory only grows), and a later run starts a new one', async () => {
    setSandboxIdleMs(300);
    try {
      // A burst that grows each worker's memory: 4 runs building ~40 MB strings at once.
      const big = workflow([trigger(), code("const s = 'z'.repeat(40 * 1024 * 1024); return [{ json: { n: s.length } }];")]);
      const burst = await Promise.all([1, 2, 3, 4].map(() => execute(big, { limits: { codeTimeoutMs: 20_000 } })));
      for (const o of burst) expect(o.out('Code'), o.error).toEqual([{ n: 40 * 1024 * 1024 }]);
      expect(sandboxPoolStats().live).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 1000));
      expect(sandboxPoolStats()).toEqual({ live: 0, idle: 0 });
      const t0 = performance.now();
      const again = await execute(workflow([trigger(), code('return [{ json: { ok: 1 } }];')]));
      const coldMs = performance.now() - t0;
      expect(again.out('Code')).toEqual([{ ok: 1 }]);
      console.log(`a Code run that starts a new sandbox worker: ${coldMs.toFixed(0)} ms`);
      expect(coldMs).toBeLessThan(3000);
    } finally {
      setSandboxIdleMs(60_000);
    }
  }, 60_000);

  it('a worker whose shared buffer grew past 16 MB (a large lookup) is ended after its run', async () => {
    await execute(workflow([trigger(), code('return [];')]));
    const before = sandboxPoolStats();
    expect(before.idle).toBeGreaterThan(0);
    const wf = workflow([
      trigger(),
      code("return [{ json: { s: 'q'.repeat(20 * 1024 * 1024) } }];", 'runOnceForAllItems', 'Big'),
      code("return [{ json: { n: $('Big').first().json.s.length } }];", 'runOnceForAllItems', 'Reads'),
    ]);
    const o = await execute(wf, { limits: { codeTimeoutMs: 20_000 } });
    expect(o.out('Reads'), o.error).toEqual([{ n: 20 * 1024 * 1024 }]);
    // 'Big' went back to the pool; the worker of 'Reads', whose buffer grew, did not.
    expect(sandboxPoolStats().idle).toBe(before.idle - 1);
  }, 60_000);
});
