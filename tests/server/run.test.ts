// Running workflows through POST /workflows/run with the real engine and nodes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connect, node, startServer, type TestServer } from './helpers.ts';
import { branchingWorkflow, TRIGGER } from './fixtures.ts';
import type { IExecution } from '../../src/model/execution.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.dispose();
});

async function run(workflowData: IWorkflowBase & { id?: string }, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await call(s, 'POST', '/rest/workflows/run', { workflowData, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.data.waitingForWebhook).toBe(false);
  return r.body.data.executionId;
}

/** Polls GET /executions/{id} until the execution has ended (bounded). */
async function finished(id: string, timeoutMs = 15000): Promise<IExecution> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const r = await call(s, 'GET', `/rest/executions/${id}`);
    if (r.status === 200 && r.body.data.status !== 'running') return r.body.data;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`execution ${id} did not finish in ${timeoutMs} ms`);
}

/** Code node that fails, retried 5 times 5 s apart: a run that takes ~20 s unless stopped. */
function slowWorkflow(settings: IWorkflowBase['settings'] = {}): IWorkflowBase {
  return {
    name: 'Slow',
    active: false,
    nodes: [
      node(TRIGGER, 'n8n-nodes-base.manualTrigger', 1, [0, 0]),
      node('Flaky', 'n8n-nodes-base.code', 2, [220, 0], { jsCode: "throw new Error('not yet');" }, { retryOnFail: true, maxTries: 5, waitBetweenTries: 5000 }),
    ],
    connections: connect([[TRIGGER, 'Flaky']]),
    settings: { executionOrder: 'v1', ...settings },
  };
}

const items = (e: IExecution, nodeName: string, output = 0) => e.data.resultData.runData[nodeName]?.[0]?.data?.main?.[output] ?? null;

describe('POST /workflows/run', () => {
  it('runs Manual Trigger → Set → IF → NoOps down the true branch', async () => {
    const id = await run(branchingWorkflow(5));
    const e = await finished(id);
    expect(e).toMatchObject({ id, status: 'success', finished: true, mode: 'manual', workflowId: null, workflowName: 'Branching' });
    expect(items(e, 'Set value')).toEqual([expect.objectContaining({ json: { value: 5 } })]);
    expect(items(e, 'Is big', 0)).toHaveLength(1);
    expect(items(e, 'Is big', 1)).toEqual([]);
    expect(items(e, 'Big')?.map((i) => i.json)).toEqual([{ value: 5 }]);
    expect(e.data.resultData.runData.Small).toBeUndefined();
    expect(e.workflowData.nodes.map((n) => n.name)).toContain('Is big');
  });

  it('runs down the false branch', async () => {
    const e = await finished(await run(branchingWorkflow(1)));
    expect(e.status).toBe('success');
    expect(items(e, 'Small')?.map((i) => i.json)).toEqual([{ value: 1 }]);
    expect(e.data.resultData.runData.Big).toBeUndefined();
  });

  it('runs a stored workflow: unsaved by default, yet readable for a while', async () => {
    const wf = (await call(s, 'POST', '/rest/workflows', branchingWorkflow(5, 'Stored'))).body.data;
    const id = await run({ ...wf });
    const e = await finished(id);
    expect(e.workflowId).toBe(wf.id);
    const list = await call(s, 'GET', `/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: wf.id }))}`);
    expect(list.body.data).toEqual({ results: [], count: 0, estimated: false });
  });

  it('saves manual runs when the workflow settings say so, and lists them newest first', async () => {
    const wf = (await call(s, 'POST', '/rest/workflows', { ...branchingWorkflow(5, 'Saved runs'), settings: { executionOrder: 'v1', saveManualExecutions: true } })).body
      .data;
    const a = await run(wf);
    await finished(a);
    const boom = { type: 'n8n-nodes-base.code', typeVersion: 2, parameters: { jsCode: "throw new Error('boom');" } };
    const failing = { ...wf, nodes: wf.nodes.map((n: { name: string }) => (n.name === 'Set value' ? { ...n, ...boom } : n)) };
    const b = await run(failing);
    const eb = await finished(b);
    expect(Number(b)).toBeGreaterThan(Number(a));
    const filter = (f: object) => encodeURIComponent(JSON.stringify(f));
    const list = (await call(s, 'GET', `/rest/executions?filter=${filter({ workflowId: wf.id })}`)).body.data;
    expect(list.count).toBe(2);
    expect(list.results.map((r: { id: string }) => r.id)).toEqual([b, a]);
    expect(list.results[1]).toMatchObject({ id: a, status: 'success', finished: true, mode: 'manual', workflowId: wf.id, workflowName: 'Saved runs' });
    expect(list.results[1].stoppedAt).toBeTruthy();
    expect(eb.status).toBe('error');
    const errors = (await call(s, 'GET', `/rest/executions?filter=${filter({ workflowId: wf.id, status: ['error'] })}`)).body.data;
    expect(errors.results.map((r: { id: string }) => r.id)).toEqual([b]);
    const stored = (await call(s, 'GET', `/rest/executions/${a}`)).body.data;
    expect(stored.data.resultData.runData.Big).toHaveLength(1);

    expect((await call(s, 'POST', '/rest/executions/delete', { ids: [a] })).body).toEqual({ data: true });
    expect((await call(s, 'GET', `/rest/executions?filter=${filter({ workflowId: wf.id })}`)).body.data.count).toBe(1);
    await call(s, 'POST', '/rest/executions/delete', { deleteBefore: new Date(Date.now() + 1000).toISOString(), filters: { workflowId: wf.id } });
    expect((await call(s, 'GET', `/rest/executions?filter=${filter({ workflowId: wf.id })}`)).body.data.count).toBe(0);
  });

  it('validates the executions queries', async () => {
    expect((await call(s, 'GET', '/rest/executions?limit=0')).body.message).toMatch(/query\/limit must be between 1 and 500/);
    expect((await call(s, 'GET', '/rest/executions?limit=ten')).body.message).toMatch(/^query\/limit must match pattern/);
    expect((await call(s, 'GET', `/rest/executions?filter=${encodeURIComponent('{"status":"bogus"}')}`)).status).toBe(400);
    expect((await call(s, 'POST', '/rest/executions/delete', {})).body.message).toMatch(/ids .* or deleteBefore/);
    expect((await call(s, 'POST', '/rest/executions/delete', { deleteBefore: 'yesterday' })).body.message).toMatch(/body\/deleteBefore must be a date/);
    expect((await call(s, 'GET', '/rest/executions/123456789')).status).toBe(404);
  });

  it('reports a failing node as an error execution', async () => {
    const wf = slowWorkflow();
    wf.nodes[1] = { ...wf.nodes[1], retryOnFail: false };
    const e = await finished(await run(wf));
    expect(e.status).toBe('error');
    expect(e.finished).toBe(false);
    expect(e.data.resultData.error?.message).toMatch(/not yet/);
  });

  it('stops a running execution', async () => {
    const id = await run(slowWorkflow());
    await new Promise((r) => setTimeout(r, 300));
    const current = (await call(s, 'GET', '/rest/executions-current')).body.data;
    expect(current.map((e: { id: string }) => e.id)).toContain(id);
    expect(current.find((e: { id: string }) => e.id === id)).toMatchObject({ status: 'running', mode: 'manual', finished: false });
    const t0 = Date.now();
    const stopped = await call(s, 'POST', `/rest/executions-current/${id}/stop`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.data).toMatchObject({ status: 'canceled', finished: false, mode: 'manual' });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect((await call(s, 'GET', '/rest/executions-current')).body.data.map((e: { id: string }) => e.id)).not.toContain(id);
    const e = (await call(s, 'GET', `/rest/executions/${id}`)).body.data;
    expect(e.status).toBe('canceled');
    const again = await call(s, 'POST', `/rest/executions-current/${id}/stop`);
    expect(again.status).toBe(409);
  });

  it('cancels an execution that exceeds the workflow timeout', async () => {
    const t0 = Date.now();
    const e = await finished(await run(slowWorkflow({ executionTimeout: 1 })));
    expect(e.status).toBe('canceled');
    expect(e.data.resultData.error?.message).toMatch(/timed out/);
    expect(Date.now() - t0).toBeLessThan(4000);
  });

  it('filters current executions by workflow', async () => {
    const id = await run({ ...slowWorkflow(), id: 'not-stored' });
    const filter = encodeURIComponent(JSON.stringify({ workflowId: 'other' }));
    expect((await call(s, 'GET', `/rest/executions-current?filter=${filter}`)).body.data).toEqual([]);
    await call(s, 'POST', `/rest/executions-current/${id}/stop`);
  });
});
