// The wall's server cost (issue 18: "server cost of the live stream at 1,000 executions/s ≤ 5 %
// more CPU than with no wall open"). The real server in its own process, an active
// Webhook → Set workflow (executions not saved), autocannon holding 1,000 requests/s; rounds
// alternate (A B B A …) without a wall and with one wall stream open on the workflow, and each round reads
// the server process's CPU time (/proc/<pid>/stat) over the same window. Also counts the stream's
// events (≤ 4 a second) and bytes.
//   node bench/wall.bench.ts [--seconds 6] [--rounds 4] [--rate 1000]   (npm run bench -- --only wall)
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { api, startServer, stop } from './loadTool.ts';
import { webhookBenchWorkflow } from './webhook.bench.ts';
import { WallAggregator } from '../src/server/wall/WallAggregator.ts';
import type { ITaskData } from '../src/model/execution.ts';

/**
 * The aggregator alone, in this process: CPU per production run of a Webhook → Set workflow
 * (start, two nodes in and out, end), unwatched and watched, plus the updates built meanwhile.
 */
export function aggregatorCost(runs = 1_000_000): { unwatchedNsPerRun: number; watchedNsPerRun: number } {
  const item = [[{ json: { n: 1 } }]];
  const td: ITaskData = { startTime: 0, executionTime: 1, source: [], executionStatus: 'success', data: { main: item } };
  const done = { status: 'success' as const, data: { resultData: { runData: {} } } };
  const measure = (watched: boolean) => {
    const agg = new WallAggregator();
    if (watched) agg.watch('wf');
    const t0 = process.cpuUsage();
    for (let i = 0; i < runs; i++) {
      const r = agg.runStarted(String(i), 'wf', 'webhook', false)!;
      r.nodeBefore('Webhook');
      r.nodeAfter('Webhook', td);
      r.nodeBefore('Set');
      r.nodeAfter('Set', td);
      r.finished(done);
    }
    const d = process.cpuUsage(t0);
    agg.close();
    return Math.round(((d.user + d.system) * 1000) / runs);
  };
  measure(true); // warm-up
  return { unwatchedNsPerRun: measure(false), watchedNsPerRun: measure(true) };
}

function cpuMs(pid: number): number {
  // Fields after the command name: utime is the 12th, stime the 13th (clock ticks, 100 a second).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function openWall(url: string): { events: () => number; bytes: () => number; close(): void } {
  let events = 0;
  let bytes = 0;
  const req = http.get(url, (res) => {
    res.setEncoding('utf8');
    res.on('data', (c: string) => {
      bytes += c.length;
      events += c.split('\ndata: ').length - 1 + (c.startsWith('data: ') ? 1 : 0);
    });
  });
  req.on('error', () => undefined);
  return { events: () => events, bytes: () => bytes, close: () => req.destroy() };
}

interface Round {
  wall: boolean;
  requests: number;
  requestsPerSecond: number;
  cpuMs: number;
  cpuPerRequestUs: number;
  wallEvents?: number;
  wallEventsPerSecond?: number;
  wallBytes?: number;
}

export async function runWallBench({ quick = false, seconds = quick ? 4 : 6, rounds = quick ? 2 : 4, rate = 1000 }: { quick?: boolean; seconds?: number; rounds?: number; rate?: number } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-wall-bench-'));
  const { child, url } = await startServer(dataDir, {});
  try {
    const wf = await api(url, 'POST', '/workflows', webhookBenchWorkflow(false));
    await api(url, 'PATCH', `/workflows/${wf.id}`, { active: true });
    const target = `${url}webhook/bench-unsaved`;
    const fire = (duration: number) =>
      autocannon({ url: target, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n: 21 }), connections: 20, overallRate: rate, duration });
    await fire(10); // warm-up: the JIT settles (the first rounds are otherwise the slowest)
    const results: Round[] = [];
    for (let i = 0; i < rounds * 2; i++) {
      // A B B A …: a drift of the machine over time falls on both sides.
      const withWall = [false, true, true, false][i % 4]!;
      const wall = withWall ? openWall(`${url}rest/wall/stream?ids=${wf.id}`) : undefined;
      await new Promise((r) => setTimeout(r, 300));
      const e0 = wall?.events() ?? 0;
      const c0 = cpuMs(child.pid!);
      const t0 = Date.now();
      const r = await fire(seconds);
      const elapsed = (Date.now() - t0) / 1000;
      const cpu = cpuMs(child.pid!) - c0;
      const round: Round = { wall: withWall, requests: r.requests.total, requestsPerSecond: Math.round(r.requests.total / elapsed), cpuMs: cpu, cpuPerRequestUs: Math.round((cpu * 1000) / Math.max(1, r.requests.total)) };
      if (wall) {
        round.wallEvents = wall.events() - e0;
        round.wallEventsPerSecond = Math.round((round.wallEvents / elapsed) * 10) / 10;
        round.wallBytes = wall.bytes();
        wall.close();
      }
      results.push(round);
      console.log(JSON.stringify(round));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    const off = median(results.filter((r) => !r.wall).map((r) => r.cpuPerRequestUs));
    const on = median(results.filter((r) => r.wall).map((r) => r.cpuPerRequestUs));
    const aggregator = aggregatorCost();
    const summary = {
      rate,
      seconds,
      rounds,
      cpuPerRequestUsNoWall: off,
      cpuPerRequestUsWall: on,
      extraCpuPercent: Math.round(((on - off) / off) * 1000) / 10,
      aggregator,
      /** The watched aggregator's share of one request's CPU (no wall): its cost at any rate. */
      aggregatorSharePercent: Math.round((aggregator.watchedNsPerRun / (off * 1000)) * 10000) / 100,
      results,
    };
    return summary;
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string, d: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : d;
  };
  const summary = await runWallBench({ seconds: arg('seconds', 6), rounds: arg('rounds', 4), rate: arg('rate', 1000) });
  console.log(JSON.stringify({ ...summary, results: undefined }, null, 2));
}
