// The attack suite as a bench (issue 14): each payload of tests/security/attacks.ts — ReDoS in
// expressions, If / Filter / Switch regex conditions, Code nodes and a webhook body, an endless
// expression loop, huge strings — runs on a real server while GET /rest/settings is asked back
// to back; reported are the slowest answer and the longest the event loop was held (gaps of a
// 2 ms interval) during each, and their maxima over the suite. Also the cost of the
// regex guard: µs per regex operation inside an expression, fast path and worker path.
// Part of `npm run bench` (runAttackBench); alone: `npm run bench -- --only attack`.
import { live } from '../tests/server/triggerHelpers.ts';
import { ATTACKS, probeAttack, type Attack } from '../tests/security/attacks.ts';
import { chain, node, workflow } from '../tests/server/triggerHelpers.ts';
import '../src/engine/expressions.ts';
import { evaluateExpression } from '../src/model/expressions/index.ts';

export interface AttackRow {
  name: string;
  status: string;
  settingsMaxMs: number;
  loopDelayMaxMs: number;
  runMs: number;
  error: string;
}

const REGEX_CASES: Record<string, string> = {
  'test, linear pattern (fast path)': '={{ /^user\\d+@example\\.com$/.test($json.email) }}',
  'test /i, no repetition (fast path)': '={{ /item number 7/i.test($json.name) }}',
  'test /i with \\d+ (worker)': '={{ /^user\\d+@/i.test($json.email) }}',
  'no regex (reference)': '={{ $json.email.startsWith("user") }}',
};

function regexCost(items: number): Record<string, number> {
  const data = Array.from({ length: items }, (_, i) => ({ name: `Item Number ${i}`, email: `user${i}@example.com` }));
  const out: Record<string, number> = {};
  for (const [name, expression] of Object.entries(REGEX_CASES)) {
    const runs: number[] = [];
    for (let r = 0; r < 5; r++) {
      const t0 = performance.now();
      for (let i = 0; i < items; i++) evaluateExpression(expression, { $json: data[i] }, { mode: 'n8n' });
      runs.push(((performance.now() - t0) * 1000) / items);
    }
    out[name] = Number(runs.sort((a, b) => a - b)[2].toFixed(2));
  }
  return out;
}

export async function runAttackBench({ quick = false } = {}) {
  const t = await live({});
  try {
    await t.api('GET', '/settings');
    const rows: AttackRow[] = [];
    // The control: a harmless run probed the same way, first and last — what the machine alone
    // costs (a loaded shared machine holds the loop by itself: GC, thread switches).
    const trigger = node('Trigger', 'n8n-nodes-base.manualTrigger', 1);
    const set = node('Set', 'n8n-nodes-base.set', 3.4, { mode: 'manual', assignments: { assignments: [{ id: 'a', name: 'x', value: '={{ 1 + 1 }}', type: 'string' }] }, options: {} });
    const control: Attack = { name: 'control: a harmless Set node', workflow: workflow('Control', [trigger, set], chain(trigger, set)) };
    for (const attack of [control, ...ATTACKS, { ...control, name: 'control again' }]) {
      if (quick && (attack.timeoutMs ?? 0) > 10_000) continue;
      const p = await probeAttack(t, attack);
      rows.push({
        name: attack.name,
        status: p.status,
        settingsMaxMs: Number(Math.max(...p.latencies).toFixed(1)),
        loopDelayMaxMs: Number(p.loopDelayMaxMs.toFixed(1)),
        runMs: Number(p.runMs.toFixed(0)),
        error: p.error.split(' — ')[0],
      });
    }
    for (const r of rows) console.log(`${r.name.padEnd(72)} settings max ${String(r.settingsMaxMs).padStart(6)} ms  loop delay max ${String(r.loopDelayMaxMs).padStart(6)} ms  ${r.status}`);
    const regexUsPerOperation = regexCost(quick ? 20_000 : 100_000);
    const attacks = rows.filter((r) => !r.name.startsWith('control'));
    const regexStopped = attacks.filter((r) => /Regular expression/.test(r.error));
    return {
      attacks: rows,
      settingsMaxMs: Math.max(...attacks.map((r) => r.settingsMaxMs)),
      loopDelayMaxMs: Math.max(...attacks.map((r) => r.loopDelayMaxMs)),
      regexStoppedLoopDelayMaxMs: Math.max(...regexStopped.map((r) => r.loopDelayMaxMs)),
      controlLoopDelayMaxMs: Math.max(...rows.filter((r) => r.name.startsWith('control')).map((r) => r.loopDelayMaxMs)),
      regexUsPerOperation,
    };
  } finally {
    await t.dispose();
  }
}
