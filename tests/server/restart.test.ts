// The data folder survives restarts and crashes: workflows are kept, executions a crash cut
// short are marked crashed.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { call, connect, node, startServer, tempDataDir } from './helpers.ts';
import { branchingWorkflow, TRIGGER } from './fixtures.ts';
import { testDatabaseEnv } from '../support/testDatabase.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const mainTs = fileURLToPath(new URL('../../src/server/main.ts', import.meta.url));

describe('restart', () => {
  it('a second start on the same data folder keeps workflows, tags and the instance id', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const a = await startServer({}, { dataDir });
    const tag = (await call(a, 'POST', '/rest/tags', { name: 'kept' })).body.data;
    const saved = (await call(a, 'POST', '/rest/workflows', { ...branchingWorkflow(5, 'Survivor'), tags: [tag.id] })).body.data;
    const instanceId = (await call(a, 'GET', '/rest/settings')).body.data.instanceId;
    await a.close();

    const b = await startServer({}, { dataDir });
    expect((await call(b, 'GET', `/rest/workflows/${saved.id}`)).body.data).toEqual(saved);
    expect((await call(b, 'GET', '/rest/settings')).body.data.instanceId).toBe(instanceId);
    await b.close();
  });

  it('a crash during a run keeps the saved workflow and marks the execution crashed', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const child = spawn(process.execPath, [mainTs], {
      env: { ...process.env, SWITCHYARD_DATA_DIR: dataDir, SWITCHYARD_PORT: '0', SWITCHYARD_LOG_LEVEL: 'warn', ...testDatabaseEnv(dataDir) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /Switchyard is running at (\S+)/.exec(out);
          if (m) resolve(m[1]);
        });
        child.stderr.on('data', (d: Buffer) => (out += d.toString()));
        child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
        setTimeout(() => reject(new Error(`server did not start: ${out}`)), 15000);
      });
      const post = (path: string, body: unknown) =>
        fetch(`${url}rest${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ data: any }>);
      const slow = {
        name: 'Crashing',
        active: false,
        nodes: [
          node(TRIGGER, 'n8n-nodes-base.manualTrigger', 1, [0, 0]),
          node('Flaky', 'n8n-nodes-base.code', 2, [220, 0], { jsCode: "throw new Error('not yet');" }, { retryOnFail: true, maxTries: 5, waitBetweenTries: 5000 }),
        ],
        connections: connect([[TRIGGER, 'Flaky']]),
        settings: { executionOrder: 'v1', saveManualExecutions: true },
      };
      const wf = (await post('/workflows', slow)).data;
      const executionId = (await post('/workflows/run', { workflowData: wf })).data.executionId;
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));

      const after = await startServer({}, { dataDir });
      expect((await call(after, 'GET', `/rest/workflows/${wf.id}`)).body.data).toEqual(wf);
      const e = (await call(after, 'GET', `/rest/executions/${executionId}`)).body.data;
      expect(e.status).toBe('crashed');
      expect(e.finished).toBe(false);
      expect(e.stoppedAt).toBeTruthy();
      expect((await call(after, 'GET', '/rest/executions')).body.data.results[0]).toMatchObject({ id: executionId, status: 'crashed' });
      await after.close();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 30000);

  it('shuts down gracefully on SIGTERM', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const child = spawn(process.execPath, [mainTs], {
      env: { ...process.env, SWITCHYARD_DATA_DIR: dataDir, SWITCHYARD_PORT: '0', SWITCHYARD_LOG_LEVEL: 'warn', ...testDatabaseEnv(dataDir) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => /Switchyard is running at/.test(d.toString()) && resolve());
      setTimeout(() => reject(new Error('server did not start')), 15000);
    });
    child.kill('SIGTERM');
    const code = await new Promise((r) => child.once('exit', r));
    expect(code).toBe(0);
  }, 30000);

  it('refuses to start with a bad setting, naming it', async () => {
    const child = spawn(process.execPath, [mainTs], { env: { ...process.env, SWITCHYARD_PORT: 'eighty' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise((r) => child.once('exit', r));
    expect(code).toBe(1);
    expect(err).toContain('SWITCHYARD_PORT must be a whole number (got "eighty")');
  }, 30000);
});
