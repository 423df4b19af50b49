// Queue mode (issue 16), one run, real parts: PostgreSQL and Redis (tests/support/databases.ts),
// Switchyard processes as in production (tests/support/queueCluster.ts).
//  - webhook → Set → respond with the last node, every execution saved: regular mode (one
//    process) vs queue mode (1 webhook process + 1 worker), alternating rounds, wrk -t2 -c20;
//  - the queue hop (queued → a worker takes it): the workers' scaling_mode_queue_hop_seconds
//    summary (median, p99) over a paced stream of webhook calls;
//  - scaling: executions/s of a CPU-bound Code node (~20 ms each) with 1, 2 and 4 workers.
// Run: npm run bench -- --only queue [--quick]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, runAutocannon, runWrk, startServer, stop, WRK, type Load } from './loadTool.ts';
import { startQueueCluster, type QueueProcess } from '../tests/support/queueCluster.ts';

const CONNECTIONS = 20;
const round2 = (n: number) => Math.round(n * 100) / 100;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const load = (target: string, seconds: number): Promise<Load> => (WRK ? runWrk(target, { seconds, connections: CONNECTIONS }) : runAutocannon(target, { duration: seconds, connections: 32 }));

function lastNodeWorkflow(path: string) {
  return {
    name: `Queue bench ${path}`,
    active: false,
    settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' },
    nodes: [
      { id: 'w', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: `qb-${path}`, parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', options: {} } },
      { id: 's', name: 'Set', type: 'n8n-nodes-base.set', typeVersion: 3.4, position: [220, 0], parameters: { assignments: { assignments: [{ id: 'a', name: 'doubled', value: '={{ $json.body.n * 2 }}', type: 'number' }] }, options: {} } },
    ],
    connections: { Webhook: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
  };
}

function cpuWorkflow(path: string) {
  return {
    name: `Queue bench cpu ${path}`,
    active: false,
    settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all' },
    nodes: [
      { id: 'w', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: `qc-${path}`, parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} } },
      { id: 'c', name: 'Busy', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0], parameters: { mode: 'runOnceForAllItems', jsCode: 'const t = Date.now(); let x = 0; while (Date.now() - t < 20) x++; return [{ json: { x } }];' } },
    ],
    connections: { Webhook: { main: [[{ node: 'Busy', type: 'main', index: 0 }]] } },
  };
}

async function activate(url: string, wf: unknown): Promise<string> {
  const created = await api(url, 'POST', '/workflows', wf);
  await api(url, 'PATCH', `/workflows/${created.id}`, { active: true });
  return created.id as string;
}

/** The worker's queue-hop summary from its /metrics: { p50, p99 } in ms. */
async function hopOf(worker: QueueProcess): Promise<{ p50: number; p90: number; p99: number; count: number }> {
  const text = await (await fetch(`${worker.url.replace(/\/$/, '')}/metrics`)).text();
  const q = (quantile: string) => Number(new RegExp(`scaling_mode_queue_hop_seconds\\{quantile="${quantile}"\\} (\\S+)`).exec(text)?.[1] ?? NaN) * 1000;
  const count = Number(/scaling_mode_queue_hop_seconds_count (\S+)/.exec(text)?.[1] ?? NaN);
  return { p50: round2(q('0.5')), p90: round2(q('0.9')), p99: round2(q('0.99')), count };
}

async function successCount(url: string, workflowId: string): Promise<number> {
  const r = await api(url, 'GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId, status: 'success' }))}&limit=1`);
  return Number(r.count ?? 0);
}

export async function runQueueBench({ quick = false, rounds, seconds }: { quick?: boolean; rounds?: number; seconds?: number } = {}) {
  rounds ??= quick ? 2 : 3;
  seconds ??= quick ? 5 : 15;
  const c = await startQueueCluster({ SWITCHYARD_METRICS: 'true', SWITCHYARD_EXECUTIONS_DATA_PRUNE: 'false', SWITCHYARD_DB_POSTGRESDB_SCHEMA: 'queue' });
  const regularDir = mkdtempSync(join(tmpdir(), 'switchyard-queue-bench-regular-'));
  let regular: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const main = await c.start('main');
    const hooks = await c.start('webhook');
    const workers: QueueProcess[] = [await c.start('worker')];
    regular = await startServer(regularDir, { ...c.env, SWITCHYARD_EXECUTIONS_MODE: 'regular', SWITCHYARD_DATA_DIR: regularDir, SWITCHYARD_DB_POSTGRESDB_SCHEMA: 'regular', SWITCHYARD_EXECUTIONS_DATA_PRUNE: 'false' });
    await activate(main.url, lastNodeWorkflow('qb-last'));
    await activate(regular.url, lastNodeWorkflow('qb-last'));
    const targets = [
      { name: 'regular (1 process)', target: `${regular.url}webhook/qb-last`, rounds: [] as Array<Load & { load1m: number }> },
      { name: 'queue (1 webhook process + 1 worker)', target: `${hooks.url}webhook/qb-last`, rounds: [] as Array<Load & { load1m: number }> },
    ];
    await new Promise((r) => setTimeout(r, 1500));
    for (const t of targets) await load(t.target, quick ? 2 : 5);
    const loadAtStart = loadavg()[0]!;
    for (let i = 0; i < rounds; i++) for (const t of targets) t.rounds.push({ ...(await load(t.target, seconds)), load1m: round2(loadavg()[0]!) });
    const throughput = Object.fromEntries(
      targets.map((t) => [
        t.name,
        {
          rounds: t.rounds,
          medianRequestsPerSecond: Math.round(median(t.rounds.map((r) => r.requestsPerSecond))),
          medianP50Ms: round2(median(t.rounds.map((r) => r.latencyP50Ms))),
          medianP99Ms: round2(median(t.rounds.map((r) => r.latencyP99Ms))),
          errors: t.rounds.reduce((n, r) => n + r.errors + r.non2xx, 0),
        },
      ]),
    );

    // The hop on an unloaded queue: paced calls, one at a time, measured by a fresh worker whose
    // summary holds these only (jobs left from the load rounds drain first, on another worker).
    await new Promise((r) => setTimeout(r, 2000));
    const measuring = await c.start('worker');
    await workers[0]!.stop();
    workers.length = 0;
    workers.push(measuring);
    const paced = quick ? 200 : 1000;
    for (let i = 0; i < paced; i++) {
      await fetch(`${hooks.url}webhook/qb-last`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' });
    }
    const hop = await hopOf(workers[0]!);

    // Scaling: a burst of CPU-bound executions, time until all are saved.
    const cpuId = await activate(main.url, cpuWorkflow('qc-cpu'));
    await new Promise((r) => setTimeout(r, 1000));
    const scaling: Array<{ workers: number; executions: number; seconds: number; executionsPerSecond: number }> = [];
    for (const n of quick ? [1, 2] : [1, 2, 4]) {
      while (workers.length < n) workers.push(await c.start('worker'));
      const before = await successCount(main.url, cpuId);
      const burst = quick ? 100 : 400;
      const t0 = Date.now();
      await Promise.all(Array.from({ length: burst }, () => fetch(`${hooks.url}webhook/qc-cpu`, { method: 'POST' })));
      for (;;) {
        if ((await successCount(main.url, cpuId)) - before >= burst) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const s = (Date.now() - t0) / 1000;
      scaling.push({ workers: n, executions: burst, seconds: round2(s), executionsPerSecond: round2(burst / s) });
    }
    return {
      machine: { cpus: 2, loadAverage1mAtStart: round2(loadAtStart), loadAverage1mAtEnd: round2(loadavg()[0]!) },
      tool: WRK ? `wrk -t2 -c${CONNECTIONS}` : 'autocannon -c32',
      secondsPerRound: seconds,
      workload: 'webhook -> Set -> respond with the last node, every execution saved, PostgreSQL',
      throughput,
      queueHopMs: { ...hop, calls: paced, note: 'paced webhook calls, one at a time; from the worker\'s scaling_mode_queue_hop_seconds summary' },
      scaling: { workload: 'webhook (respond immediately) -> Code busy for 20 ms, saved; burst until all saved', rows: scaling },
    };
  } finally {
    if (regular) await stop(regular.child);
    rmSync(regularDir, { recursive: true, force: true });
    await c.dispose();
  }
}
