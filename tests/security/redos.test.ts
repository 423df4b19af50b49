// Issue 14's attack suite: nothing a workflow does — a catastrophically backtracking regular
// expression in an expression, an If / Filter / Switch regex condition, a Code node (through
// $evaluateExpression or in its sandbox), a webhook body that drives a regex, an endless loop
// or a huge string — holds the server's event loop. Each attack runs on a real listening server
// while GET /rest/settings is asked back to back; every answer must come within 150 ms, and the
// run must end with an error that names the limit that stopped it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { live, type Live } from '../server/triggerHelpers.ts';
import { ATTACKS, probeAttack, type Probe } from './attacks.ts';
import { regexWorkerRestarts } from '../../src/engine/regex/runner.ts';

let t: Live;
beforeAll(async () => {
  t = await live({});
  // Warm up: route compilation, the first run, the sandbox and regex workers.
  expect((await t.api('GET', '/settings')).status).toBe(200);
  const warm = await t.api('POST', '/workflows/run', {
    workflowData: ATTACKS[0].workflow && { ...ATTACKS[0].workflow, nodes: ATTACKS[0].workflow.nodes.slice(0, 1), connections: {} },
  });
  expect(warm.status).toBe(200);
  await new Promise((r) => setTimeout(r, 500));
}, 30_000);
afterAll(async () => {
  await t?.dispose();
});

describe('attack suite: the event loop stays free', () => {
  for (const attack of ATTACKS) {
    it(attack.name, async () => {
      const outcome = (p: Probe, shown: string) => {
        if (attack.error) {
          expect(p.status, shown).toBe('error');
          expect(p.error, shown).toMatch(attack.error);
        } else {
          expect(p.status, shown).toBe('success');
          expect(attack.check?.(p.execution), shown).toBeTruthy();
        }
        expect(p.latencies.length, shown).toBeGreaterThanOrEqual(3);
      };
      const describe = (p: Probe) =>
        `latencies ${p.latencies.map((l) => l.toFixed(0)).join(', ')}; loop delay max ${p.loopDelayMaxMs.toFixed(0)} ms; error: ${p.error}`;
      let p = await probeAttack(t, attack);
      outcome(p, describe(p));
      // The unit stage runs test files in parallel on 2 cores (and on a shared machine load
      // averages of 10 were seen): a busy machine alone can delay one answer past 150 ms. Then
      // the attack gets up to two more tries, one of which must be clean. An attack that really
      // held the loop (the issue measured 10–23 s) fails every try.
      const tries = [describe(p)];
      while (Math.max(...p.latencies) >= 150 && tries.length < 3) {
        p = await probeAttack(t, attack);
        outcome(p, describe(p));
        tries.push(describe(p));
      }
      expect(Math.max(...p.latencies), tries.map((s, i) => `try ${i + 1}: ${s}`).join('\n')).toBeLessThan(150);
    }, 3 * (attack.timeoutMs ?? 10_000) + 10_000);
  }

  it('a backtracking regex that ran out is stopped in its worker, and the next regex works', async () => {
    const before = regexWorkerRestarts();
    const p = await probeAttack(t, ATTACKS.find((a) => a.name === 'Set: regex literal with the i flag')!);
    expect(p.error).toMatch(/took longer than 50 ms/);
    expect(regexWorkerRestarts()).toBe(before + 1);
    const ok = await t.api('POST', '/workflows/run', {
      workflowData: {
        ...ATTACKS[0].workflow!,
        nodes: ATTACKS[0].workflow!.nodes.map((n) =>
          n.name === 'Set' ? { ...n, parameters: { ...n.parameters, assignments: { assignments: [{ id: 'a', name: 'x', value: "={{ 'John Smith'.replace(/(\\w+)\\s(\\w+)/, '$2, $1') + '|' + /(?<=a)b\\1?/.test('ab') }}", type: 'string' }] } } } : n,
        ),
      },
    });
    const done = await t.until(async () => {
      const r = await t.api('GET', `/executions/${ok.body.data.executionId}`);
      return r.body?.data?.status === 'success' ? r.body.data : undefined;
    });
    expect(done.data.resultData.runData.Set[0].data.main[0][0].json.x).toBe('Smith, John|true');
  }, 20_000);
});
