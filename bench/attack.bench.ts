// The attack suite as a bench (issue 14): each payload of tests/security/attacks.ts — ReDoS in
// expressions, If / Filter / Switch regex conditions, Code nodes and a webhook body, an endless
// expression loop, huge strings — runs on a real server while GET /rest/settings is asked back
// to back; reported are the slowest answer and the longest the event loop was held (gaps of a
// 2 ms interval) during each, and their maxima over the suite. Also the cost of the
// regex guard: µs per regex operation inside an expression, fast path and worker path.
// Part of `npm run bench` (runAttackBench); alone: `npm run bench -- --only attack`.
import { live } from '../tests/server/triggerHelpers.ts';
import { ATTACKS, probeAttack } from '../tests/security/attacks.ts';
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
    for (const attack of ATTACKS) {
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
    return {
      attacks: rows,
      settingsMaxMs: Math.max(...rows.map((r) => r.settingsMaxMs)),
      loopDelayMaxMs: Math.max(...rows.map((r) => r.loopDelayMaxMs)),
      regexUsPerOperation,
    };
  } finally {
    await t.dispose();
  }
}
