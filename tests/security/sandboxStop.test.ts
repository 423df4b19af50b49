// A Code node stopped in its sandbox must not hold the server (issue 14): while the VM ends a
// run at its time limit, or the pool terminates the worker of a run that is stopped, GET
// /rest/settings answers within 150 ms. The server runs Code nodes with a 500 ms limit here (the
// default is 10 s), so each stop comes within a second.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, live, node, workflow, type Live } from '../server/triggerHelpers.ts';
import { probeAttack, type Attack, type Probe } from './attacks.ts';
import { runWorkflow } from '../../src/engine/index.ts';
import { sandboxWorkersReplaced } from '../../src/engine/sandbox/pool.ts';

const LIMIT_MS = 500;
const codeRun = (name: string, jsCode: string, error?: RegExp): Attack => {
  const trigger = node('Trigger', 'n8n-nodes-base.manualTrigger', 1);
  const code = node('Code', 'n8n-nodes-base.code', 2, { jsCode, mode: 'runOnceForAllItems' });
  return { name, workflow: workflow(name, [trigger, code], chain(trigger, code)), error, check: () => true, timeoutMs: 15_000 };
};
const TIMED_OUT = new RegExp(`^Code execution timed out after ${LIMIT_MS} ms`);

let t: Live;
beforeAll(async () => {
  t = await live({}, { runWorkflow: (opts) => runWorkflow({ ...opts, limits: { ...opts.limits, codeTimeoutMs: LIMIT_MS } }) });
  expect((await t.api('GET', '/settings')).status).toBe(200);
  // Warm up: routes, the first run, a sandbox worker.
  expect((await probeAttack(t, codeRun('warm-up', 'return [{ json: { ok: true } }];'))).status).toBe('success');
}, 30_000);
afterAll(async () => {
  await t?.dispose();
});

const shown = (p: Probe) => `latencies ${p.latencies.map((l) => l.toFixed(0)).join(', ')}; loop held at most ${p.loopDelayMaxMs.toFixed(0)} ms; ${p.status}: ${p.error}`;

/**
 * Probes `once` up to three times until GET /rest/settings stayed under 150 ms throughout: as in
 * redos.test.ts, a shared 2-core machine alone can delay one answer past 150 ms, so one clean try
 * of three is asked for; a stop that held the loop fails each.
 */
async function answersWithin150ms(once: () => Promise<Probe>): Promise<void> {
  const tries: string[] = [];
  let p: Probe;
  do {
    p = await once();
    expect(p.latencies.length, shown(p)).toBeGreaterThanOrEqual(3);
    tries.push(shown(p));
  } while (Math.max(...p.latencies) >= 150 && tries.length < 3);
  expect(Math.max(...p.latencies), tries.map((s, i) => `try ${i + 1}: ${s}`).join('\n')).toBeLessThan(150);
}

describe('a Code node stopped in its sandbox', () => {
  for (const [name, jsCode] of [
    ['an endless loop', 'while (true) {}'],
    ['a backtracking regex', "return [{ json: { r: /(a+)+$/.test('a'.repeat(40) + '!') } }];"],
  ]) {
    it(`${name} at the time limit: the run ends with the limit's error and the server answers within 150 ms`, async () => {
      await answersWithin150ms(async () => {
        const p = await probeAttack(t, codeRun(name, jsCode, TIMED_OUT));
        expect(p.status, shown(p)).toBe('error');
        expect(p.error, shown(p)).toMatch(TIMED_OUT);
        return p;
      });
    }, 60_000);
  }

  it('an endless loop stopped by the user: its worker is terminated and the server answers within 150 ms', async () => {
    await answersWithin150ms(async () => {
      const replaced = sandboxWorkersReplaced();
      const attack = codeRun('stopped', 'while (true) {}');
      // The stop comes while the loop runs (well before the limit): the pool ends the worker.
      const stopping = (async () => {
        const running = await t.until(async () => (await t.api('GET', '/executions-current')).body.data?.find((e: { status: string }) => e.status === 'running'));
        await new Promise((r) => setTimeout(r, 100));
        expect((await t.api('POST', `/executions-current/${running.id}/stop`)).status).toBe(200);
      })();
      const p = await probeAttack(t, attack);
      await stopping;
      expect(p.status, shown(p)).toBe('canceled');
      expect(p.runMs, shown(p)).toBeLessThan(LIMIT_MS + 1000);
      expect(sandboxWorkersReplaced() - replaced, shown(p)).toBe(1);
      return p;
    });
  }, 60_000);

  it('the next Code run after a terminated worker works', async () => {
    const p = await probeAttack(t, { ...codeRun('after', 'return [{ json: { ok: 1 } }];'), check: undefined });
    expect(p.status).toBe('success');
    expect(p.execution.data.resultData.runData.Code[0].data.main[0][0].json).toEqual({ ok: 1 });
  }, 30_000);
});
