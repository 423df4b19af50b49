// Webhook → Set → respond immediately, against a real server in its own process (one process,
// as deployed), measured against Node-RED (issue 14's peer: node-red 5.0.7, `http in → change →
// http response`, installed by bench/nodeRedPeer.ts into a temp folder) in the same run: wrk on
// loopback, 2 threads × 20 connections, the same body. Rounds alternate — ours with saving off,
// Node-RED, ours with every execution saved, Node-RED … — so a neighbour's load on the shared
// machine falls on both; 3 rounds of 20 s each (5 s with --quick), medians reported. Then
// 100,000 executions per saving mode (20,000 quick) to see whether memory stays flat.
// Without wrk the load comes from autocannon (in Node: on 2 cores it takes a core from the
// server, so its numbers are lower).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, runAutocannon, runWrk, startServer, stop, WRK, type Load } from './loadTool.ts';
import { startNodeRed } from './nodeRedPeer.ts';

const CONNECTIONS = 20;

function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
}

/** Webhook → Set (doubles body.n) → answered on receipt; every execution saved or none. Also bench/databases.bench.ts. */
export function webhookBenchWorkflow(save: boolean) {
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

async function load(target: string, opts: { duration?: number; amount?: number }): Promise<Load> {
  return WRK ? loadWrk(target, opts) : runAutocannon(target, { ...opts, connections: 32 });
}

/** wrk runs for a time, not a count: an amount becomes the time it takes at the last measured rate. */
async function loadWrk(target: string, opts: { duration?: number; amount?: number }): Promise<Load> {
  const seconds = opts.duration ?? Math.max(5, Math.ceil((opts.amount ?? 0) / Math.max(1, lastRate)));
  const r = await runWrk(target, { seconds, connections: CONNECTIONS });
  lastRate = r.requestsPerSecond;
  return r;
}
let lastRate = 1000;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

interface Round extends Load {
  loadAverage1m: number;
}

function summary(rounds: Round[]) {
  return {
    rounds: rounds.length,
    requestsPerSecond: Math.round(median(rounds.map((r) => r.requestsPerSecond))),
    latencyP50Ms: round2(median(rounds.map((r) => r.latencyP50Ms))),
    latencyP99Ms: round2(median(rounds.map((r) => r.latencyP99Ms))),
    errors: rounds.reduce((a, r) => a + r.errors + r.non2xx, 0),
    each: rounds.map((r) => ({ rps: r.requestsPerSecond, p50: r.latencyP50Ms, p99: r.latencyP99Ms, load: r.loadAverage1m })),
  };
}

function ratios(ours: ReturnType<typeof summary>, peer: ReturnType<typeof summary>) {
  return {
    p50: round2(ours.latencyP50Ms / peer.latencyP50Ms),
    p99: round2(ours.latencyP99Ms / peer.latencyP99Ms),
    requestsPerSecond: round2(ours.requestsPerSecond / peer.requestsPerSecond),
  };
}

/** RSS after warm-up vs after `amount` more executions. */
async function memory(pid: number, target: string, amount: number) {
  await new Promise((r) => setTimeout(r, 1000));
  const rssAfterWarmup = rssMiB(pid);
  const long = await load(target, { amount });
  await new Promise((r) => setTimeout(r, 2000));
  const rssAfterRun = rssMiB(pid);
  return {
    executions: long.requests,
    rssAfterWarmupMiB: rssAfterWarmup,
    rssAfterRunMiB: rssAfterRun,
    growthPercent: Math.round(((rssAfterRun - rssAfterWarmup) / rssAfterWarmup) * 1000) / 10,
    longRunRequestsPerSecond: long.requestsPerSecond,
    longRunErrors: long.errors + long.non2xx,
  };
}

export async function runWebhookBench({ quick = false, rounds = 3, seconds }: { quick?: boolean; rounds?: number; seconds?: number } = {}) {
  seconds ??= quick ? 5 : 20;
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-webhook-bench-'));
  const ours = await startServer(dataDir, {});
  const peer = await startNodeRed();
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMiB(ours.child.pid!)), 1000);
  try {
    const targets: Record<'unsaved' | 'saved', string> = { unsaved: '', saved: '' };
    for (const save of [false, true]) {
      const wf = await api(ours.url, 'POST', '/workflows', webhookBenchWorkflow(save));
      await api(ours.url, 'PATCH', `/workflows/${wf.id}`, { active: true });
      targets[save ? 'saved' : 'unsaved'] = `${ours.url}webhook/bench-${save ? 'saved' : 'unsaved'}`;
    }
    // Warm-up of each: JIT, statement cache, Node-RED's flow.
    const warm = quick ? 2 : 5;
    for (const t of [targets.unsaved, peer.url, targets.saved]) await load(t, { duration: warm });
    const loadAtStart = loadavg()[0];
    const measured: Record<'unsaved' | 'saved' | 'nodeRed', Round[]> = { unsaved: [], saved: [], nodeRed: [] };
    const measure = async (who: keyof typeof measured, target: string) => {
      const loadAverage1m = round2(loadavg()[0]);
      measured[who].push({ ...(await load(target, { duration: seconds })), loadAverage1m });
    };
    for (let i = 0; i < rounds; i++) {
      await measure('unsaved', targets.unsaved);
      await measure('nodeRed', peer.url);
      await measure('saved', targets.saved);
      await measure('nodeRed', peer.url);
    }
    const loadAtEnd = loadavg()[0];
    const unsaved = summary(measured.unsaved);
    const saved = summary(measured.saved);
    const nodeRed = summary(measured.nodeRed);
    const amount = quick ? 20_000 : 100_000;
    const memoryUnsaved = await memory(ours.child.pid!, targets.unsaved, amount);
    const memorySaved = await memory(ours.child.pid!, targets.saved, amount);
    const savedExecutions = (await api(ours.url, 'GET', '/executions?limit=1')).count;
    return {
      machine: { cpus: 2, loadAverage1mAtStart: round2(loadAtStart), loadAverage1mAtEnd: round2(loadAtEnd) },
      tool: WRK ? `wrk -t2 -c${CONNECTIONS}` : 'autocannon -c32',
      secondsPerRound: seconds,
      nodeRed: { version: peer.version, ...nodeRed },
      unsaved: { saving: 'saving off', ...unsaved, vsNodeRed: ratios(unsaved, nodeRed) },
      saved: { saving: 'every execution saved', ...saved, vsNodeRed: ratios(saved, nodeRed) },
      memory: { unsaved: memoryUnsaved, saved: memorySaved, savedExecutions, rssMiBEverySecond: samples },
    };
  } finally {
    clearInterval(sampler);
    await stop(ours.child);
    await peer.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name: string) => {
    const a = process.argv.find((x) => x.startsWith(`--${name}=`));
    return a ? Number(a.split('=')[1]) : undefined;
  };
  const r = await runWebhookBench({ quick: process.argv.includes('--quick'), rounds: arg('rounds'), seconds: arg('seconds') });
  const s = r.memory.rssMiBEverySecond;
  console.log(JSON.stringify({ ...r, memory: { ...r.memory, rssMiBEverySecond: `${s.length} samples, max ${Math.max(...s)}` } }, null, 2));
}
