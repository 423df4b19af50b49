// The attack suite as a bench (issue 14): each payload of tests/security/attacks.ts — ReDoS in
// expressions, If / Filter / Switch regex conditions, Code nodes and a webhook body, an endless
// expression loop, huge strings — runs on a real server while GET /rest/settings is asked back
// to back; reported are the slowest answer and the longest the event loop was held (gaps of a
// 2 ms interval) during each, and their maxima over the suite. Also the cost of the
// regex guard: µs per regex operation inside an expression, fast path and worker path.
// Part of `npm run bench` (runAttackBench); alone: `npm run bench -- --only attack`. First, in a
// process of its own, the cold pass: a new server's first runs of the large-item rows
// (`node_modules/.bin/node bench/attack.bench.ts cold` alone), reported with the most CPU the
// loop's thread spent between two turns, next to the wall-clock figures.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { live } from '../tests/server/triggerHelpers.ts';
import { ATTACKS, COLD_PASS_ROWS, probeAttack, type Attack } from '../tests/security/attacks.ts';
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

export interface ColdRow {
  name: string;
  status: string;
  settingsMaxMs: number;
  loopDelayMaxMs: number;
  /** Most CPU the loop's thread spent between two turns (Linux schedstat; -1 without it). */
  loopCpuMaxMs: number;
  /** The longest gap's time on a CPU and waiting for one (the rest: asleep). */
  longestGapCpuMs: number;
  longestGapWaitMs: number;
  runMs: number;
}

/**
 * The cold first pass: a new server in a new process (so that nothing the process ran before
 * has warmed the code or grown the heap) runs the five large-item rows once each, in order.
 */
export async function runColdPass(): Promise<ColdRow[]> {
  const t = await live({});
  try {
    await t.api('GET', '/settings');
    const rows: ColdRow[] = [];
    for (const name of COLD_PASS_ROWS) {
      const p = await probeAttack(t, ATTACKS.find((a) => a.name === name)!);
      const r1 = (v: number | undefined) => (v === undefined ? -1 : Number(v.toFixed(1)));
      rows.push({
        name,
        status: p.status,
        settingsMaxMs: r1(Math.max(...p.latencies)),
        loopDelayMaxMs: r1(p.loopDelayMaxMs),
        loopCpuMaxMs: r1(p.loopCpuMaxMs),
        longestGapCpuMs: r1(p.longestGap?.cpuMs),
        longestGapWaitMs: r1(p.longestGap?.waitMs),
        runMs: Math.round(p.runMs),
      });
    }
    return rows;
  } finally {
    await t.dispose();
  }
}

/** runColdPass in a child process of this Node, with the load average at its start. */
function coldPassInChild(): Promise<{ load1: number; rows: ColdRow[] }> {
  const load1 = Number(loadavg()[0].toFixed(2));
  return new Promise((resolve, reject) => {
    // With the flag src/server/main.ts sets for every real start (this server runs in-process).
    const child = spawn(process.execPath, [...process.execArgv, '--no-allocation-site-pretenuring', fileURLToPath(import.meta.url), 'cold'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('[')) reject(new Error(`cold pass exited ${code}: ${out.slice(-500)}`));
      else resolve({ load1, rows: JSON.parse(line) });
    });
  });
}

export async function runAttackBench({ quick = false } = {}) {
  // First, in a process of its own: the cold pass (the rows below run on a warmed server).
  const coldPass = await coldPassInChild();
  for (const r of coldPass.rows) console.log(`cold: ${r.name.padEnd(72)} settings max ${String(r.settingsMaxMs).padStart(6)} ms  loop delay max ${String(r.loopDelayMaxMs).padStart(6)} ms  loop CPU max ${String(r.loopCpuMaxMs).padStart(6)} ms  ${r.status}`);
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
      coldPass: { load1: coldPass.load1, rows: coldPass.rows, settingsMaxMs: Math.max(...coldPass.rows.map((r) => r.settingsMaxMs)), loopCpuMaxMs: Math.max(...coldPass.rows.map((r) => r.loopCpuMaxMs)) },
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

// `node_modules/.bin/node bench/attack.bench.ts cold`: the cold pass alone, its rows as one JSON line.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'cold') {
  const rows = await runColdPass();
  console.log(JSON.stringify(rows));
  process.exit(0);
}
