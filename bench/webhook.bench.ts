// Webhook → Set → respond immediately, against a real server in its own process (one process,
// as deployed): wrk on loopback (2 threads, 20 connections, as the peers were measured;
// Debian's `wrk`), or autocannon when wrk is not installed — autocannon runs in Node and on
// 2 cores takes most of a core from the server, so its numbers are lower. Execution saving off
// and on, sustained for 60 s (10 s with --quick); then 100,000 executions (20,000 quick) to see
// whether memory stays flat.
// Reports requests/s, latency p50/p99, errors, the server's RSS over time and its growth after
// warm-up, and the machine's load average (the machine is shared; numbers are noisy).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, runAutocannon, runWrk, startServer, WRK, type Load } from './loadTool.ts';

function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
}

function workflow(save: boolean) {
  return {
    name: `Bench ${save ? 'saved' : 'unsaved'}`,
    active: false,
    settings: { executionOrder: 'v1', saveDataSuccessExecution: save ? 'all' : 'none', saveDataErrorExecution: save ? 'all' : 'none' },
    nodes: [
      { id: 'w', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: 'bench', parameters: { httpMethod: 'POST', path: `bench-${save ? 'saved' : 'unsaved'}`, responseMode: 'onReceived', options: {} } },
      {
        id: 's',
        name: 'Set',
        type: 'n8n-nodes-base.set',
        typeVersion: 3.4,
        position: [220, 0],
        parameters: { assignments: { assignments: [{ id: 'a', name: 'doubled', value: '={{ $json.body.n * 2 }}', type: 'number' }] }, options: {} },
      },
    ],
    connections: { Webhook: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
  };
}

async function load(target: string, opts: { duration?: number; amount?: number; connections: number }): Promise<Load> {
  return WRK ? loadWrk(target, opts) : runAutocannon(target, opts);
}

/** wrk runs for a time, not a count: an amount becomes the time it takes at the last measured rate. */
async function loadWrk(target: string, opts: { duration?: number; amount?: number; connections: number }): Promise<Load> {
  const seconds = opts.duration ?? Math.max(5, Math.ceil((opts.amount ?? 0) / Math.max(1, lastRate)));
  const r = await runWrk(target, { seconds, connections: opts.connections });
  lastRate = r.requestsPerSecond;
  return r;
}
let lastRate = 1000;

async function scenario(save: boolean, quick: boolean) {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-webhook-bench-'));
  const { child, url } = await startServer(dataDir, {});
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMiB(child.pid!)), 1000);
  try {
    const wf = await api(url, 'POST', '/workflows', workflow(save));
    await api(url, 'PATCH', `/workflows/${wf.id}`, { active: true });
    const target = `${url}webhook/bench-${save ? 'saved' : 'unsaved'}`;
    const connections = WRK ? 20 : 32;
    await load(target, { duration: quick ? 2 : 5, connections }); // warm-up: JIT, statement cache
    const loadBefore = loadavg()[0];
    const sustained = await load(target, { duration: quick ? 10 : 60, connections });
    // Memory: RSS after warm-up vs after N more executions.
    const amount = quick ? 20_000 : 100_000;
    await new Promise((r) => setTimeout(r, 1000));
    const rssAfterWarmup = rssMiB(child.pid!);
    const long = await load(target, { amount, connections });
    await new Promise((r) => setTimeout(r, 2000));
    const rssAfterRun = rssMiB(child.pid!);
    const saved = save ? (await api(url, 'GET', '/executions?limit=1')).count : 0;
    return {
      saving: save ? 'every execution saved' : 'saving off',
      ...sustained,
      seconds: quick ? 10 : 60,
      memory: {
        executions: long.requests,
        rssAfterWarmupMiB: rssAfterWarmup,
        rssAfterRunMiB: rssAfterRun,
        growthPercent: Math.round(((rssAfterRun - rssAfterWarmup) / rssAfterWarmup) * 1000) / 10,
        longRunRequestsPerSecond: long.requestsPerSecond,
        longRunErrors: long.errors + long.non2xx,
        rssMiBEverySecond: samples,
      },
      savedExecutions: saved,
      loadAverageAtStart: Math.round(loadBefore * 100) / 100,
    };
  } finally {
    clearInterval(sampler);
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runWebhookBench({ quick = false } = {}) {
  const unsaved = await scenario(false, quick);
  const saved = await scenario(true, quick);
  return { machine: { cpus: 2, loadAverage1m: Math.round(loadavg()[0] * 100) / 100 }, unsaved, saved };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const quick = process.argv.includes('--quick');
  const r = await runWebhookBench({ quick });
  const brief = (s: any) => ({ ...s, memory: { ...s.memory, rssMiBEverySecond: `${s.memory.rssMiBEverySecond.length} samples, max ${Math.max(...s.memory.rssMiBEverySecond)}` } });
  console.log(JSON.stringify({ ...r, unsaved: brief(r.unsaved), saved: brief(r.saved) }, null, 2));
}
