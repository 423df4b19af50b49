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

/** Manual Trigger → Set v3.4 (bad mode) → If v1 (bad combination) → HTTP Request (no URL). */
function issuesWorkflow(extra: Partial<Record<'Edit' | 'Check' | 'Fetch', Partial<IWorkflowBase['nodes'][number]>>> = {}): IWorkflowBase {
  return {
    name: 'Issues',
    active: false,
    nodes: [
      node(TRIGGER, 'n8n-nodes-base.manualTrigger', 1, [0, 0]),
      node('Edit', 'n8n-nodes-base.set', 3.4, [220, 0], { mode: 'bogus', options: {} }, extra.Edit),
      node('Check', 'n8n-nodes-base.if', 1, [440, 0], { combineOperation: 'xor', conditions: {} }, extra.Check),
      node('Fetch', 'n8n-nodes-base.httpRequest', 4.2, [660, 0], { url: '', options: {} }, extra.Fetch),
    ],
    connections: connect([[TRIGGER, 'Edit'], ['Edit', 'Check'], ['Check', 'Fetch']]),
    settings: { executionOrder: 'v1' },
  };
}

const HAS_ISSUES = 'The workflow has issues and cannot be executed for that reason. Please fix them first.';

describe('POST /workflows/run refuses node issues (spec 001 §5, §8)', () => {
  it('answers 400 with the sentence, a "node: issue" line each and the issues per node', async () => {
    const r = await call(s, 'POST', '/rest/workflows/run', { workflowData: issuesWorkflow() });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      [HAS_ISSUES, 'Edit: The value "bogus" is not supported!', 'Check: The value "xor" is not supported!', 'Fetch: Parameter "URL" is required.'].join('\n'),
    );
    expect(r.body.issues).toEqual({ Edit: ['The value "bogus" is not supported!'], Check: ['The value "xor" is not supported!'], Fetch: ['Parameter "URL" is required.'] });
    expect((await call(s, 'GET', '/rest/executions-current')).body.data).toEqual([]);
  });

  it('an unknown node type is refused before the run too', async () => {
    const wf = issuesWorkflow();
    wf.nodes[3] = { ...wf.nodes[3], type: 'acme.notInstalled', typeVersion: 1 };
    const r = await call(s, 'POST', '/rest/workflows/run', { workflowData: wf });
    expect(r.status).toBe(400);
    // n8n's issue line for the node (nodeIssuesToString), among the others of the nodes that would run.
    expect(r.body.message).toMatch(/\nFetch: Node Type "acme\.notInstalled" is not known\.$/);
    expect(r.body.issues.Fetch).toEqual(['Node Type "acme.notInstalled" is not known.']);
  });

  it('disabled and pinned nodes do not block; a valid workflow still runs', async () => {
    const off = issuesWorkflow({ Edit: { disabled: true }, Check: { disabled: true }, Fetch: { disabled: true } });
    expect((await finished(await run(off))).status).toBe('success');
    const pinned = issuesWorkflow({ Edit: { disabled: true }, Check: { disabled: true } });
    const e = await finished(await run(pinned, { pinData: { Fetch: [{ json: { pinned: true } }] } }));
    expect(e.status).toBe('success');
    expect(items(e, 'Fetch')?.map((i) => i.json)).toEqual([{ pinned: true }]);
    expect((await finished(await run(branchingWorkflow(5)))).status).toBe('success');
  });

  it('checks only the nodes that would run: up to the destination, or downstream of the start', async () => {
    const wf = issuesWorkflow({ Edit: { parameters: { mode: 'manual', options: {} } } });
    const e = await finished(await run(wf, { destinationNode: 'Edit' }));
    expect(e.status).toBe('success');
    expect(Object.keys(e.data.resultData.runData).sort()).toEqual(['Edit', TRIGGER].sort());
    const toCheck = await call(s, 'POST', '/rest/workflows/run', { workflowData: wf, destinationNode: 'Check' });
    expect(toCheck.status).toBe(400);
    expect(toCheck.body.issues).toEqual({ Check: ['The value "xor" is not supported!'] });
    // A node no run reaches (not connected to the trigger) does not block.
    const island = { ...wf, connections: connect([[TRIGGER, 'Edit']]) };
    expect((await finished(await run(island))).status).toBe('success');
  });
});
