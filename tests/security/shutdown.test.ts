// Graceful shutdown (issue 14): SIGTERM to a real server process stops accepting connections,
// lets running executions finish until SWITCHYARD_GRACEFUL_SHUTDOWN_TIMEOUT, cancels the rest
// (canceled, not crashed), closes the database cleanly (the WAL is checkpointed and removed) and
// exits 0. Before, Fastify's 10 s plugin time-out cut the close hook: exit 1, runs crashed.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { call, connect, node, startServer, tempDataDir } from '../server/helpers.ts';
import { TRIGGER } from '../server/fixtures.ts';

const mainTs = fileURLToPath(new URL('../../src/server/main.ts', import.meta.url));
const dirs: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function spawnServer(dataDir: string, env: Record<string, string>): Promise<{ child: ChildProcessWithoutNullStreams; url: string; output: () => string }> {
  const child = spawn(process.execPath, [mainTs], {
    env: { ...process.env, SWITCHYARD_DATA_DIR: dataDir, SWITCHYARD_PORT: '0', SWITCHYARD_HOST: '127.0.0.1', SWITCHYARD_LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Switchyard is running at (\S+)/.exec(out);
      if (m) resolve({ child, url: m[1], output: () => out });
    });
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
    setTimeout(() => reject(new Error(`server did not start: ${out}`)), 20000);
  });
}

const waitingWorkflow = (name: string, seconds: number) => ({
  name,
  nodes: [node(TRIGGER, 'n8n-nodes-base.manualTrigger', 1, [0, 0]), node('Wait', 'n8n-nodes-base.wait', 1.1, [220, 0], { resume: 'timeInterval', amount: seconds, unit: 'seconds' })],
  connections: connect([[TRIGGER, 'Wait']]),
  settings: { executionOrder: 'v1', saveManualExecutions: true },
});

async function startRun(url: string, seconds: number): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${url}rest${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => {
      const json = (await r.json()) as { data: any };
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
      return json.data;
    });
  const wf = await post('/workflows', waitingWorkflow(`waits ${seconds} s`, seconds));
  return (await post('/workflows/run', { workflowData: wf })).executionId as string;
}

async function untilExit(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; seconds: number }> {
  const t0 = performance.now();
  const code = child.exitCode ?? (await new Promise<number | null>((r) => child.once('exit', (c) => r(c))));
  return { code, seconds: (performance.now() - t0) / 1000 };
}

/** Opens the data folder again in this process: the database must open and show the runs. */
async function executionsAfter(dataDir: string, ids: string[]): Promise<Array<{ status: string; error?: string }>> {
  const s = await startServer({}, { dataDir });
  try {
    const out = [];
    for (const id of ids) {
      const e = (await call(s, 'GET', `/rest/executions/${id}`)).body.data;
      out.push({ status: e.status as string, error: e.data?.resultData?.error?.message as string | undefined });
    }
    return out;
  } finally {
    await s.close();
  }
}

const walClean = (dataDir: string) => {
  const wal = join(dataDir, 'database.sqlite-wal');
  return !existsSync(wal) || statSync(wal).size === 0;
};

describe('graceful shutdown (SIGTERM)', () => {
  it('lets runs that end within the timeout finish — past Fastify’s 10 s — then exits 0 with the database closed cleanly', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const { child, url, output } = await spawnServer(dataDir, { SWITCHYARD_GRACEFUL_SHUTDOWN_TIMEOUT: '20' });
    const short = await startRun(url, 2);
    const long = await startRun(url, 11);
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGTERM');
    // The listener closes at once: a new connection is refused while the runs finish.
    await new Promise((r) => setTimeout(r, 500));
    await expect(fetch(`${url}rest/settings`)).rejects.toThrow();
    const { code, seconds } = await untilExit(child);
    expect(code, output()).toBe(0);
    expect(seconds).toBeGreaterThan(9);
    expect(seconds).toBeLessThan(16);
    expect(existsSync(join(dataDir, 'database.sqlite')), 'database file').toBe(true);
    expect(walClean(dataDir), 'the WAL was checkpointed on close').toBe(true);
    expect(await executionsAfter(dataDir, [short, long])).toEqual([{ status: 'success' }, { status: 'success' }]);
  }, 40000);

  it('cancels a run still going at the timeout (not crashed) and exits 0 at about the timeout', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const { child, url, output } = await spawnServer(dataDir, { SWITCHYARD_GRACEFUL_SHUTDOWN_TIMEOUT: '3' });
    const id = await startRun(url, 30);
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGTERM');
    const { code, seconds } = await untilExit(child);
    expect(code, output()).toBe(0);
    expect(seconds).toBeGreaterThan(2.8);
    expect(seconds).toBeLessThan(8);
    expect(walClean(dataDir), 'the WAL was checkpointed on close').toBe(true);
    const [e] = await executionsAfter(dataDir, [id]);
    expect(e.status).toBe('canceled');
    expect(e.error).toMatch(/server shut down.*3 seconds.*SWITCHYARD_GRACEFUL_SHUTDOWN_TIMEOUT/);
  }, 40000);
});

describe('while shutting down (in process)', () => {
  it('webhooks and new runs are answered 503, new connections are refused', async () => {
    const s = await startServer({ SWITCHYARD_GRACEFUL_SHUTDOWN_TIMEOUT: '10', SWITCHYARD_HOST: '127.0.0.1' });
    dirs.push(s.dataDir);
    const base = await s.server.listen();
    const hook = {
      name: 'hook',
      nodes: [{ id: 'hook', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: 'shutdown-hook', parameters: { path: 'shutdown-hook', httpMethod: 'POST', options: {} } }],
      connections: {},
      settings: { executionOrder: 'v1' },
    };
    const wf = (await call(s, 'POST', '/rest/workflows', hook)).body.data;
    expect((await call(s, 'PATCH', `/rest/workflows/${wf.id}`, { active: true })).status).toBe(200);
    expect((await s.server.app.inject({ method: 'POST', url: '/webhook/shutdown-hook', payload: { a: 1 } })).statusCode).toBe(200);
    const slow = (await call(s, 'POST', '/rest/workflows', waitingWorkflow('slow', 2))).body.data;
    expect((await call(s, 'POST', '/rest/workflows/run', { workflowData: slow })).status).toBe(200);

    const closed = s.close();
    await new Promise((r) => setTimeout(r, 100));
    const hookCall = await s.server.app.inject({ method: 'POST', url: '/webhook/shutdown-hook', payload: { a: 1 } });
    expect(hookCall.statusCode).toBe(503);
    expect(hookCall.json().message).toMatch(/shutting down/);
    const run = await call(s, 'POST', '/rest/workflows/run', { workflowData: slow });
    expect(run.status).toBe(503);
    await expect(fetch(`${base}rest/settings`)).rejects.toThrow();
    await closed;
  }, 30000);
});
