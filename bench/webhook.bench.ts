// Webhook → Set → respond immediately, against a real server in its own process (one process,
// as deployed): wrk on loopback (2 threads, 20 connections, as the peers were measured;
// Debian's `wrk`), or autocannon when wrk is not installed — autocannon runs in Node and on
// 2 cores takes most of a core from the server, so its numbers are lower. Execution saving off
// and on, sustained for 60 s (10 s with --quick); then 100,000 executions (20,000 quick) to see
// whether memory stays flat.
// Reports requests/s, latency p50/p99, errors, the server's RSS over time and its growth after
// warm-up, and the machine's load average (the machine is shared; numbers are noisy).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const mainTs = fileURLToPath(new URL('../src/server/main.ts', import.meta.url));

function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
}

async function startServer(dataDir: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [mainTs], {
    env: { ...process.env, SWITCHYARD_DATA_DIR: dataDir, SWITCHYARD_PORT: '0', SWITCHYARD_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Switchyard is running at (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
    setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000).unref();
  });
  return { child, url };
}

async function api(url: string, method: string, path: string, body?: unknown): Promise<any> {
  const r = await fetch(`${url}rest${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  const j = (await r.json()) as any;
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(j)}`);
  return j.data;
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

interface Load {
  tool: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
}

const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));
const BODY = JSON.stringify({ n: 21, text: 'hello' });

async function load(target: string, opts: { duration?: number; amount?: number; connections: number }): Promise<Load> {
  return WRK ? loadWrk(WRK, target, opts) : loadAutocannon(target, opts);
}

/** Milliseconds from wrk's latency notation (e.g. 812.00us, 2.36ms, 1.02s). */
function wrkMs(v: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(v.trim());
  if (!m) return NaN;
  const n = Number(m[1]);
  return { us: n / 1000, ms: n, s: n * 1000, m: n * 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm'];
}

async function loadWrk(wrk: string, target: string, opts: { duration?: number; amount?: number; connections: number }): Promise<Load> {
  const script = join(tmpdir(), `switchyard-wrk-${process.pid}.lua`);
  writeFileSync(script, `wrk.method = "POST"\nwrk.body = '${BODY}'\nwrk.headers["Content-Type"] = "application/json"\n`);
  // wrk runs for a time, not a count: an amount becomes the time it takes at the last measured rate.
  const seconds = opts.duration ?? Math.max(5, Math.ceil((opts.amount ?? 0) / Math.max(1, lastRate)));
  const out = await new Promise<string>((resolve, reject) =>
    execFile(wrk, ['-t2', `-c${opts.connections}`, `-d${seconds}s`, '--latency', '-s', script, target], { timeout: (seconds + 30) * 1000 }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
  );
  rmSync(script, { force: true });
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const r: Load = {
    tool: 'wrk -t2',
    requestsPerSecond: Math.round(num(/Requests\/sec:\s+([\d.]+)/)),
    latencyP50Ms: wrkMs(/50%\s+(\S+)/.exec(out)?.[1] ?? ''),
    latencyP99Ms: wrkMs(/99%\s+(\S+)/.exec(out)?.[1] ?? ''),
    errors: socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
    non2xx: num(/Non-2xx or 3xx responses: (\d+)/),
    requests: num(/(\d+) requests in/),
  };
  lastRate = r.requestsPerSecond;
  return r;
}
let lastRate = 1000;

async function loadAutocannon(target: string, opts: { duration?: number; amount?: number; connections: number }): Promise<Load> {
  const result = await autocannon({
    url: target,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: BODY,
    connections: opts.connections,
    ...(opts.amount !== undefined ? { amount: opts.amount } : { duration: opts.duration }),
  });
  return {
    tool: 'autocannon',
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

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
