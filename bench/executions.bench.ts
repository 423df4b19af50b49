// The executions log at scale (issue 12), against the real server in its own process:
// 1. 1,000,000 stored executions (bulk-inserted into a temp data folder: 20 workflows, 90 %
//    success, 8 % error, some crashed/canceled/waiting): the dialog's calls — first page
//    (limit 10), a filter change (workflow; status; workflow + status; waiting), Load more
//    (lastId), auto-refresh (firstId, 30) — each timed over HTTP on loopback (round trip: server
//    time plus a fraction of a millisecond), median of several runs.
// 2. Pruning 1,000,000 old executions while webhooks run at full speed (wrk, as
//    bench/webhook.bench.ts; executions saved): webhook p50/p99 on the same data folder with
//    pruning off (baseline) and during a pruning pass, alternating, and how many rows the pass
//    deleted meanwhile.
// Reports the machine's load average: the machine is shared and the numbers are noisy.
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATABASE_FILE, openDatabase } from '../src/server/db/database.ts';
import { seedExecutions, type SeedRow } from '../tests/server/executionSeed.ts';
import { api, runWrk, startServer, stop } from './loadTool.ts';

const DAY = 24 * 3600_000;

const median = (xs: number[]) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.floor(s.length / 2)] * 10) / 10 : NaN;
};

/** A migrated data folder with `workflows` workflows and `count` executions. */
async function seededFolder(count: number, workflows: number, row: (i: number, workflowIds: string[]) => SeedRow): Promise<{ dir: string; workflowIds: string[]; seedSeconds: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-executions-bench-'));
  const opened = await openDatabase(dir);
  await opened.close();
  const db = new DatabaseSync(join(dir, DATABASE_FILE));
  const owner = (db.prepare('SELECT id FROM users LIMIT 1').get() as { id: string }).id;
  const now = new Date().toISOString();
  const workflowIds = Array.from({ length: workflows }, (_, i) => `benchwf${String(i).padStart(8, '0')}`);
  const insert = db.prepare(`INSERT INTO workflows (id, name, active, nodes, connections, settings, versionId, ownerId, createdAt, updatedAt) VALUES (?, ?, 0, '[]', '{}', '{}', ?, ?, ?, ?)`);
  for (const [i, id] of workflowIds.entries()) insert.run(id, `Bench workflow ${i}`, `v${i}`, owner, now, now);
  db.close();
  const t0 = Date.now();
  seedExecutions(dir, 1, count, (i) => row(i, workflowIds));
  return { dir, workflowIds, seedSeconds: Math.round((Date.now() - t0) / 100) / 10 };
}

async function timed(url: string, path: string, runs: number): Promise<{ medianMs: number; runsMs: number[]; count: number; estimated: boolean; rows: number; lastId?: string }> {
  const runsMs: number[] = [];
  let data: any;
  // Two unmeasured calls: the statement cache and the pages this query reads.
  for (let i = 0; i < 2; i++) await api(url, 'GET', path);
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    data = await api(url, 'GET', path);
    runsMs.push(Math.round((performance.now() - t0) * 10) / 10);
  }
  const results = Array.isArray(data) ? data : data.results;
  return { medianMs: median(runsMs), runsMs, count: data.count, estimated: data.estimated, rows: results.length, lastId: results.at(-1)?.id };
}

async function listAtScale(quick: boolean) {
  const count = quick ? 200_000 : 1_000_000;
  const now = Date.now();
  const { dir, workflowIds, seedSeconds } = await seededFolder(count, 20, (i, wf) => {
    const r = i % 100;
    const status = r < 90 ? 'success' : r < 98 ? 'error' : r === 98 ? 'crashed' : i % 1000 === 99 ? 'waiting' : 'canceled';
    // Spread over the last 10 days, oldest first (ids grow with time).
    return { status, workflowId: wf[((i * 2654435761) >>> 0) % wf.length], startedAt: new Date(now - 10 * DAY + Math.floor((i / count) * 10 * DAY)).toISOString(), waitTill: status === 'waiting' ? new Date(now + DAY).toISOString() : null };
  });
  const { child, url } = await startServer(dir, { SWITCHYARD_EXECUTIONS_DATA_PRUNE: 'false' });
  const runs = quick ? 5 : 15;
  const q = (filter: unknown, extra = '') => `/executions?filter=${encodeURIComponent(JSON.stringify(filter))}&limit=10${extra}`;
  try {
    // One call to warm the statement cache and the page cache, as a dialog open after start would not have.
    await api(url, 'GET', '/executions?limit=10');
    const first = await timed(url, '/executions?limit=10', runs);
    const byWorkflow = await timed(url, q({ workflowId: workflowIds[3] }), runs);
    const byStatus = await timed(url, q({ status: 'error' }), runs);
    const byErrorStatuses = await timed(url, q({ status: ['error', 'crashed'] }), runs);
    const byWorkflowAndStatus = await timed(url, q({ workflowId: workflowIds[3], status: 'error' }), runs);
    const waiting = await timed(url, q({ waitTill: true }), runs);
    const loadMore = await timed(url, `/executions?limit=10&lastId=${first.lastId}`, runs);
    const loadMoreDeep = await timed(url, `/executions?limit=10&lastId=${Math.floor(count / 2)}`, runs);
    const loadMoreFiltered = await timed(url, q({ workflowId: workflowIds[3], status: 'error' }, `&lastId=${byWorkflowAndStatus.lastId}`), runs);
    const autoRefresh = await timed(url, `/executions?limit=30&firstId=${count - 100}`, runs);
    const current = await timed(url, '/executions-current', runs);
    return {
      storedExecutions: count,
      seedSeconds,
      runsEach: runs,
      firstPage: first,
      filterChange: { workflow: byWorkflow, status: byStatus, errorStatuses: byErrorStatuses, workflowAndStatus: byWorkflowAndStatus, waiting },
      loadMore: { afterFirstPage: loadMore, middle: loadMoreDeep, filtered: loadMoreFiltered },
      autoRefresh30: autoRefresh,
      executionsCurrent: { medianMs: current.medianMs },
    };
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The webhook load of the pruning rounds: wrk, 20 connections; non-2xx answers count as errors. */
async function wrk(target: string, seconds: number): Promise<{ requestsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number; errors: number }> {
  const r = await runWrk(target, { seconds, connections: 20 });
  return { requestsPerSecond: r.requestsPerSecond, latencyP50Ms: r.latencyP50Ms, latencyP99Ms: r.latencyP99Ms, errors: r.errors + r.non2xx };
}

function hookWorkflow() {
  return {
    name: 'Bench hook',
    active: false,
    settings: { executionOrder: 'v1' },
    nodes: [
      { id: 'w', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: 'bench', parameters: { httpMethod: 'POST', path: 'bench-prune', responseMode: 'onReceived', options: {} } },
      { id: 's', name: 'Set', type: 'n8n-nodes-base.set', typeVersion: 3.4, position: [220, 0], parameters: { assignments: { assignments: [{ id: 'a', name: 'doubled', value: '={{ $json.body.n * 2 }}', type: 'number' }] }, options: {} } },
    ],
    connections: { Webhook: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
  };
}

/** Seeded rows (ids up to `upTo`) left in the executions table, read from the file while the server runs. */
function rowsIn(dir: string, upTo: number): number {
  const db = new DatabaseSync(join(dir, DATABASE_FILE), { readOnly: true });
  try {
    return Number((db.prepare('SELECT count(*) AS n FROM executions WHERE id <= ?').get(upTo) as { n: number }).n);
  } finally {
    db.close();
  }
}

async function pruningUnderLoad(quick: boolean) {
  const count = quick ? 200_000 : 1_000_000;
  const seconds = quick ? 10 : 15;
  const now = Date.now();
  const { dir, seedSeconds } = await seededFolder(count, 1, (i, wf) => ({ status: i % 10 === 0 ? 'error' : 'success', workflowId: wf[0], startedAt: new Date(now - 30 * DAY + i).toISOString() }));
  // The webhook workflow, made once with pruning off (its executions are saved: webhooks write while pruning deletes).
  let s = await startServer(dir, { SWITCHYARD_EXECUTIONS_DATA_PRUNE: 'false' });
  const wf = await api(s.url, 'POST', '/workflows', hookWorkflow());
  await api(s.url, 'PATCH', `/workflows/${wf.id}`, { active: true });
  const rounds: Array<{ baseline: Awaited<ReturnType<typeof wrk>>; pruning: Awaited<ReturnType<typeof wrk>>; prunedDuringLoad: number; loadAverage: number }> = [];
  try {
    for (let round = 0; round < (quick ? 1 : 3); round++) {
      // Baseline: pruning off, same data folder.
      if (round > 0) s = await startServer(dir, { SWITCHYARD_EXECUTIONS_DATA_PRUNE: 'false' });
      await wrk(`${s.url}webhook/bench-prune`, 3);
      const baseline = await wrk(`${s.url}webhook/bench-prune`, seconds);
      await stop(s.child);
      // Pruning on: the first pass starts 10 s after start; warm up, then measure while it runs.
      const before = rowsIn(dir, count);
      s = await startServer(dir, { SWITCHYARD_EXECUTIONS_DATA_PRUNE: 'true' });
      await wrk(`${s.url}webhook/bench-prune`, 3);
      const wait = s.startedAt + 11_000 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const atStart = rowsIn(dir, count);
      const pruning = await wrk(`${s.url}webhook/bench-prune`, seconds);
      const atEnd = rowsIn(dir, count);
      await stop(s.child);
      rounds.push({ baseline, pruning, prunedDuringLoad: atStart - atEnd, loadAverage: Math.round(loadavg()[0] * 100) / 100 });
      if (before - atEnd <= 0) throw new Error('pruning deleted nothing during the measurement');
    }
  } finally {
    await stop(s.child);
    rmSync(dir, { recursive: true, force: true });
  }
  const p99Base = median(rounds.map((r) => r.baseline.latencyP99Ms));
  const p99Prune = median(rounds.map((r) => r.pruning.latencyP99Ms));
  return {
    storedExecutions: count,
    seedSeconds,
    secondsEach: seconds,
    rounds,
    webhookP99BaselineMs: p99Base,
    webhookP99DuringPruningMs: p99Prune,
    p99RisePercent: Math.round(((p99Prune - p99Base) / p99Base) * 1000) / 10,
  };
}

export async function runExecutionsBench({ quick = false } = {}) {
  const loadAtStart = Math.round(loadavg()[0] * 100) / 100;
  const list = await listAtScale(quick);
  const pruning = await pruningUnderLoad(quick);
  return { machine: { cpus: 2, loadAverageAtStart: loadAtStart, loadAverageAtEnd: Math.round(loadavg()[0] * 100) / 100 }, list, pruning };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(JSON.stringify(await runExecutionsBench({ quick: process.argv.includes('--quick') }), null, 2));
}
