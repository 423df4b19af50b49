// Server benchmarks through Fastify's inject on a real temporary SQLite file (no sockets, so the
// numbers are the server's own cost): workflow saves and reads, and manual runs from request to
// finished execution, unsaved and saved.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { createServer, type SwitchyardServer } from '../src/server/app.ts';
import type { INode, IConnections, IWorkflowBase } from '../src/model/workflow.ts';

function chain(nodes: number, name: string, settings: IWorkflowBase['settings'] = {}): IWorkflowBase {
  const list: INode[] = [{ id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }];
  const connections: IConnections = {};
  let prev = 'Trigger';
  for (let i = 0; i < nodes - 1; i++) {
    const n: INode = {
      id: `n${i}`,
      name: `Set ${i}`,
      type: 'n8n-nodes-base.set',
      typeVersion: 3.4,
      position: [200 * (i + 1), 0],
      parameters: { assignments: { assignments: [{ id: `a${i}`, name: 'value', value: i, type: 'number' }] }, includeOtherFields: true, options: {} },
    };
    list.push(n);
    connections[prev] = { main: [[{ node: n.name, type: 'main', index: 0 }]] };
    prev = n.name;
  }
  return { name, active: false, nodes: list, connections, settings: { executionOrder: 'v1', ...settings } };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function inject(server: SwitchyardServer, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
  const r = await server.app.inject({ method, url, payload: body === undefined ? undefined : JSON.stringify(body), headers: body === undefined ? {} : { 'content-type': 'application/json' } });
  if (r.statusCode !== 200) throw new Error(`${method} ${url} → ${r.statusCode} ${r.body.slice(0, 300)}`);
  return JSON.parse(r.body) as { data: any };
}

/** Requests per second over `count` sequential calls. */
async function rate(count: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < count; i++) await fn(i);
  return Math.round((count / (performance.now() - t0)) * 1000);
}

async function runAndWait(server: SwitchyardServer, workflowData: unknown): Promise<number> {
  const t0 = performance.now();
  const id = (await inject(server, 'POST', '/rest/workflows/run', { workflowData })).data.executionId as string;
  for (;;) {
    const e = server.context.executions.getLive(id) ?? (await server.context.repos.executions.summary(id));
    if (e && e.status !== 'running') {
      if (e.status !== 'success') throw new Error(`run ended ${e.status}`);
      return performance.now() - t0;
    }
    await new Promise((r) => setImmediate(r));
  }
}

export async function runServerBench({ quick = false } = {}) {
  const n = quick ? 100 : 500;
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-bench-'));
  const server = await createServer(loadConfig({ SWITCHYARD_DATA_DIR: dataDir, SWITCHYARD_PORT: '0', SWITCHYARD_LOG_LEVEL: 'warn' }));
  try {
    const small = chain(10, 'Small');
    const big = chain(1000, 'Big');
    // Warm-up: module compilation and JIT would otherwise dominate the first numbers.
    for (let i = 0; i < 50; i++) await inject(server, 'POST', '/rest/workflows', small);
    for (let i = 0; i < 3; i++) await inject(server, 'POST', '/rest/workflows', big);
    for (let i = 0; i < 20; i++) await runAndWait(server, chain(5, 'Warm-up'));
    const createPerSecond10 = await rate(n, (i) => inject(server, 'POST', '/rest/workflows', { ...small, name: `Small ${i}` }));
    const saved = (await inject(server, 'POST', '/rest/workflows', small)).data;
    let versionId = saved.versionId as string;
    const patchPerSecond10 = await rate(n, async () => {
      versionId = (await inject(server, 'PATCH', `/rest/workflows/${saved.id}`, { ...small, versionId })).data.versionId;
    });
    const bigSaved = (await inject(server, 'POST', '/rest/workflows', big)).data;
    const saveMs1000: number[] = [];
    const readMs1000: number[] = [];
    for (let i = 0; i < (quick ? 5 : 20); i++) {
      let t0 = performance.now();
      await inject(server, 'PATCH', `/rest/workflows/${bigSaved.id}`, { nodes: big.nodes, connections: big.connections });
      saveMs1000.push(performance.now() - t0);
      t0 = performance.now();
      await inject(server, 'GET', `/rest/workflows/${bigSaved.id}`);
      readMs1000.push(performance.now() - t0);
    }
    const runs = quick ? 50 : 200;
    const unsaved = chain(5, 'Run unsaved');
    const savedRuns = chain(5, 'Run saved', { saveManualExecutions: true });
    const unsavedMs: number[] = [];
    const savedMs: number[] = [];
    let t0 = performance.now();
    for (let i = 0; i < runs; i++) unsavedMs.push(await runAndWait(server, unsaved));
    const unsavedPerSecond = Math.round((runs / (performance.now() - t0)) * 1000);
    t0 = performance.now();
    for (let i = 0; i < runs; i++) savedMs.push(await runAndWait(server, savedRuns));
    const savedPerSecond = Math.round((runs / (performance.now() - t0)) * 1000);
    return {
      workflowCreatePerSecond_10nodes: createPerSecond10,
      workflowPatchPerSecond_10nodes: patchPerSecond10,
      workflowPatchMs_1000nodes_median: median(saveMs1000),
      workflowGetMs_1000nodes_median: median(readMs1000),
      manualRunMs_5nodes_unsaved_median: median(unsavedMs),
      manualRunsPerSecond_5nodes_unsaved_sequential: unsavedPerSecond,
      manualRunMs_5nodes_saved_median: median(savedMs),
      manualRunsPerSecond_5nodes_saved_sequential: savedPerSecond,
    };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
