// The same webhook workload on SQLite and on PostgreSQL (issue 16): webhook → Set → respond
// immediately, every execution saved, one server process each, loaded in alternating rounds
// (SQLite, PostgreSQL, SQLite, …) so a neighbour's load on the shared machine falls on both.
// PostgreSQL is the tests' temporary local cluster (tests/support/databases.ts: Debian's
// postgresql on 127.0.0.1, shared_buffers 16 MB, synchronous_commit and fsync off — commits
// not flushed, like SQLite's synchronous=NORMAL, which fsyncs only at checkpoints), with the
// default pool (2 connections) and, as another row, a pool of 8. wrk -t2 -c20 on loopback (autocannon without wrk).
// Run: npx node bench/databases.bench.ts [--quick] [--rounds=N] [--seconds=N]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, runAutocannon, runWrk, startServer, stop, WRK, type Load } from './loadTool.ts';
import { startPostgres } from '../tests/support/databases.ts';
import { webhookBenchWorkflow } from './webhook.bench.ts';

const CONNECTIONS = 20;

const workflow = webhookBenchWorkflow(true);

const load = (target: string, seconds: number): Promise<Load> => (WRK ? runWrk(target, { seconds, connections: CONNECTIONS }) : runAutocannon(target, { duration: seconds, connections: 32 }));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const round2 = (n: number) => Math.round(n * 100) / 100;

export async function runDatabasesBench({ quick = false, rounds = 3, seconds }: { quick?: boolean; rounds?: number; seconds?: number } = {}) {
  seconds ??= quick ? 5 : 15;
  const pg = await startPostgres({ database: 'bench' });
  const url = `postgres://${pg.user}:${pg.password}@${pg.host}:${pg.port}/${pg.database}`;
  const variants: Array<{ name: string; env: Record<string, string> }> = [
    { name: 'sqlite', env: {} },
    { name: 'postgres (pool 2)', env: { SWITCHYARD_DB_TYPE: 'postgresdb', SWITCHYARD_DB_POSTGRESDB_URL: url, SWITCHYARD_DB_POSTGRESDB_SCHEMA: 'pool2' } },
    { name: 'postgres (pool 8)', env: { SWITCHYARD_DB_TYPE: 'postgresdb', SWITCHYARD_DB_POSTGRESDB_URL: url, SWITCHYARD_DB_POSTGRESDB_SCHEMA: 'pool8', SWITCHYARD_DB_POSTGRESDB_POOL_SIZE: '8' } },
  ];
  const dirs: string[] = [];
  const servers: Array<{ name: string; child: Awaited<ReturnType<typeof startServer>>['child']; target: string; url: string; rounds: Array<Load & { load1m: number }> }> = [];
  try {
    for (const v of variants) {
      const dir = mkdtempSync(join(tmpdir(), 'switchyard-db-bench-'));
      dirs.push(dir);
      const s = await startServer(dir, { SWITCHYARD_EXECUTIONS_DATA_PRUNE: 'false', ...v.env });
      const wf = await api(s.url, 'POST', '/workflows', workflow);
      await api(s.url, 'PATCH', `/workflows/${wf.id}`, { active: true });
      servers.push({ name: v.name, child: s.child, url: s.url, target: `${s.url}webhook/bench-saved`, rounds: [] });
    }
    for (const s of servers) await load(s.target, quick ? 2 : 5);
    const loadAtStart = loadavg()[0]!;
    for (let i = 0; i < rounds; i++) {
      for (const s of servers) s.rounds.push({ ...(await load(s.target, seconds)), load1m: round2(loadavg()[0]!) });
    }
    const out: Record<string, unknown> = {
      machine: { cpus: 2, loadAverage1mAtStart: round2(loadAtStart), loadAverage1mAtEnd: round2(loadavg()[0]!) },
      tool: WRK ? `wrk -t2 -c${CONNECTIONS}` : 'autocannon -c32',
      secondsPerRound: seconds,
      workload: 'webhook -> Set -> respond immediately, every execution saved',
    };
    for (const s of servers) {
      const saved = (await api(s.url, 'GET', '/executions?limit=1')).count;
      out[s.name] = {
        requestsPerSecond: Math.round(median(s.rounds.map((r) => r.requestsPerSecond))),
        latencyP50Ms: round2(median(s.rounds.map((r) => r.latencyP50Ms))),
        latencyP99Ms: round2(median(s.rounds.map((r) => r.latencyP99Ms))),
        errors: s.rounds.reduce((a, r) => a + r.errors + r.non2xx, 0),
        savedExecutions: saved,
        each: s.rounds.map((r) => ({ rps: r.requestsPerSecond, p99: r.latencyP99Ms, load: r.load1m })),
      };
    }
    return out;
  } finally {
    for (const s of servers) await stop(s.child);
    await pg.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name: string) => {
    const a = process.argv.find((x) => x.startsWith(`--${name}=`));
    return a ? Number(a.split('=')[1]) : undefined;
  };
  console.log(JSON.stringify(await runDatabasesBench({ quick: process.argv.includes('--quick'), rounds: arg('rounds'), seconds: arg('seconds') }), null, 2));
}
