// The server-under-load tools of the webhook and executions benches: the real server in its own
// process (one process, as deployed) on a temp data folder, its REST API, and a webhook load
// generator — wrk on loopback (2 threads, as the peers were measured; Debian's `wrk`), or
// autocannon when wrk is not installed (it runs in Node and on 2 cores takes most of a core from
// the server, so its numbers are lower).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const mainTs = fileURLToPath(new URL('../src/server/main.ts', import.meta.url));

export const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));
/** The body every load request posts. */
export const BODY = JSON.stringify({ n: 21, text: 'hello' });

export interface Load {
  tool: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Socket errors (connect, read, write, timeout). */
  errors: number;
  non2xx: number;
  requests: number;
}

/** Starts src/server/main.ts on a free port with `dataDir`; resolves with its URL once it says it runs. */
export async function startServer(dataDir: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string; startedAt: number }> {
  const startedAt = Date.now();
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
    // A seeded million-row folder takes a while to open.
    setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000).unref();
  });
  return { child, url, startedAt };
}

/** Kills the server and waits for it to be gone. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** A REST call (no owner is set up: the API is open); the answer's `data`. */
export async function api(url: string, method: string, path: string, body?: unknown): Promise<any> {
  const r = await fetch(`${url}rest${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  const j = (await r.json()) as any;
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(j)}`);
  return j.data;
}

/** Milliseconds from wrk's latency notation (e.g. 812.00us, 2.36ms, 1.02s). */
export function wrkMs(v: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(v.trim());
  if (!m) return NaN;
  const n = Number(m[1]);
  return { us: n / 1000, ms: n, s: n * 1000, m: n * 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm'];
}

/** POSTs BODY to `target` with wrk (2 threads) for `seconds`. */
export async function runWrk(target: string, opts: { seconds: number; connections: number }): Promise<Load> {
  if (!WRK) throw new Error('wrk is not installed (apt-get install wrk)');
  const script = join(tmpdir(), `switchyard-wrk-${process.pid}-${Date.now()}.lua`);
  writeFileSync(script, `wrk.method = "POST"\nwrk.body = '${BODY}'\nwrk.headers["Content-Type"] = "application/json"\n`);
  const out = await new Promise<string>((resolve, reject) =>
    execFile(WRK, ['-t2', `-c${opts.connections}`, `-d${opts.seconds}s`, '--latency', '-s', script, target], { timeout: (opts.seconds + 30) * 1000 }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
  );
  rmSync(script, { force: true });
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
  if (!/^\s+99%\s+\S+/m.test(out)) throw new Error(`wrk printed no latency distribution: ${out}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    tool: 'wrk -t2',
    requestsPerSecond: Math.round(num(/Requests\/sec:\s+([\d.]+)/)),
    // Anchored: the Thread Stats lines end in a percentage too (e.g. '76.50%').
    latencyP50Ms: wrkMs(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? ''),
    latencyP99Ms: wrkMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? ''),
    errors: socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
    non2xx: num(/Non-2xx or 3xx responses: (\d+)/),
    requests: num(/(\d+) requests in/),
  };
}

/** POSTs BODY to `target` with autocannon, for a duration or an amount of requests. */
export async function runAutocannon(target: string, opts: { duration?: number; amount?: number; connections: number }): Promise<Load> {
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
