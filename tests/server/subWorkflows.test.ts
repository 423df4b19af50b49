// Execute Workflow in the running server: sub-workflows loaded from the workflow store by id,
// run as executions of their own (mode 'integrated') and saved per the child's settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connect, node, startServer, type TestServer } from './helpers.ts';
import { TRIGGER } from './fixtures.ts';
import type { IExecution } from '../../src/model/execution.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.dispose();
});

async function run(workflowData: IWorkflowBase): Promise<string> {
  const r = await call(s, 'POST', '/rest/workflows/run', { workflowData });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.executionId;
}

async function finished(id: string, timeoutMs = 15000): Promise<IExecution> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const r = await call(s, 'GET', `/rest/executions/${id}`);
    if (r.status === 200 && r.body.data.status !== 'running' && r.body.data.status !== 'new') return r.body.data;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`execution ${id} did not finish in ${timeoutMs} ms`);
}

const items = (e: IExecution, nodeName: string) => e.data.resultData.runData[nodeName]?.[0]?.data?.main?.[0]?.map((i) => i.json) ?? null;

/** Execute Workflow Trigger → Set (greeting = "hello " + name). */
function child(settings: IWorkflowBase['settings'] = {}): IWorkflowBase {
  return {
    name: 'Child',
    active: false,
    nodes: [
      node('Start', 'n8n-nodes-base.executeWorkflowTrigger', 1, [0, 0]),
      node('Greet', 'n8n-nodes-base.set', 3.4, [220, 0], {
        assignments: { assignments: [{ id: 'g', name: 'greeting', value: '=hello {{ $json.name }}', type: 'string' }] },
        options: {},
      }),
    ],
    connections: connect([['Start', 'Greet']]),
    settings: { executionOrder: 'v1', ...settings },
  };
}

/** Manual Trigger → Set (name) → Execute Workflow (source database, the given workflowId). */
function parent(workflowId: unknown, name = 'Parent'): IWorkflowBase {
  return {
    name,
    active: false,
    nodes: [
      node(TRIGGER, 'n8n-nodes-base.manualTrigger', 1, [0, 0]),
      node('Name', 'n8n-nodes-base.set', 3.4, [220, 0], { assignments: { assignments: [{ id: 'n', name: 'name', value: 'Ada', type: 'string' }] }, options: {} }),
      node('Call child', 'n8n-nodes-base.executeWorkflow', 1, [440, 0], { source: 'database', workflowId }),
    ],
    connections: connect([
      [TRIGGER, 'Name'],
      ['Name', 'Call child'],
    ]),
    settings: { executionOrder: 'v1' },
  };
}

async function saveChild(settings: IWorkflowBase['settings'] = {}): Promise<string> {
  const r = await call(s, 'POST', '/rest/workflows', child(settings));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id;
}

describe('Execute Workflow from the workflow store', () => {
  it('runs a saved workflow by id (v1 string) and outputs what it returned', async () => {
    const childId = await saveChild();
    const e = await finished(await run(parent(childId)));
    expect(e.status, JSON.stringify(e.data.resultData.error)).toBe('success');
    expect(items(e, 'Call child')).toEqual([{ greeting: 'hello Ada' }]);
  });

  it('takes the id from a resource locator {__rl, value, mode}', async () => {
    const childId = await saveChild();
    const e = await finished(await run(parent({ __rl: true, value: childId, mode: 'id' })));
    expect(e.status, JSON.stringify(e.data.resultData.error)).toBe('success');
    expect(items(e, 'Call child')).toEqual([{ greeting: 'hello Ada' }]);
  });

  it('fails clearly when no workflow has the id', async () => {
    const e = await finished(await run(parent('no-such-workflow')));
    expect(e.status).toBe('error');
    const error = e.data.resultData.runData['Call child']?.[0]?.error;
    expect(error?.message).toBe('Workflow does not exist.');
    expect(error?.description).toBe('Workflow ID: "no-such-workflow"');
  });
});

const filter = (f: object) => encodeURIComponent(JSON.stringify(f));
const listOf = async (workflowId: string) => (await call(s, 'GET', `/rest/executions?filter=${filter({ workflowId })}`)).body.data;

describe('sub-workflow executions', () => {
  it("are recorded with mode 'integrated', a real id and a link to the parent", async () => {
    const childId = await saveChild({ saveDataSuccessExecution: 'all' });
    const parentId = await run(parent(childId));
    const e = await finished(parentId);
    expect(e.status).toBe('success');
    const list = await listOf(childId);
    expect(list.count).toBe(1);
    const sub = list.results[0];
    expect(sub).toMatchObject({ mode: 'integrated', status: 'success', finished: true, workflowId: childId, workflowName: 'Child' });
    expect(Number(sub.id)).toBeGreaterThan(Number(parentId));
    // Parent and child point at each other, as n8n records them.
    expect(e.data.resultData.runData['Call child'][0].metadata).toEqual({ subExecution: { executionId: sub.id, workflowId: childId }, subExecutionsCount: 1 });
    const stored = await finished(sub.id);
    expect(stored.data.parentExecution).toEqual({ executionId: parentId });
    expect(items(stored, 'Greet')).toEqual([{ greeting: 'hello Ada' }]);
  });

  it("follow the child's save settings", async () => {
    const childId = await saveChild({ saveDataSuccessExecution: 'none' });
    const e = await finished(await run(parent(childId)));
    expect(e.status).toBe('success');
    expect(items(e, 'Call child')).toEqual([{ greeting: 'hello Ada' }]);
    expect(e.data.resultData.runData['Call child'][0].metadata?.subExecutionsCount).toBe(1);
    expect((await listOf(childId)).count).toBe(0);
  });

  it('a failing child is saved as a failed integrated execution and fails the parent', async () => {
    const failing = child({ saveDataErrorExecution: 'all' });
    failing.nodes[1] = node('Greet', 'n8n-nodes-base.code', 2, [220, 0], { jsCode: "throw new Error('child broke');" });
    const childId = (await call(s, 'POST', '/rest/workflows', failing)).body.data.id;
    const e = await finished(await run(parent(childId)));
    expect(e.status).toBe('error');
    expect(e.data.resultData.runData['Call child'][0].error?.message).toContain('child broke');
    const list = await listOf(childId);
    expect(list.results).toEqual([expect.objectContaining({ mode: 'integrated', status: 'error' })]);
  });

  it('stop with their parent', async () => {
    const slow = child({ saveDataErrorExecution: 'all' });
    slow.nodes[1] = node('Greet', 'n8n-nodes-base.wait', 1.1, [220, 0], { resume: 'timeInterval', amount: 30, unit: 'seconds' });
    const childId = (await call(s, 'POST', '/rest/workflows', slow)).body.data.id;
    const parentId = await run(parent(childId));
    const until = Date.now() + 10000;
    let running: Array<{ id: string; mode: string }> = [];
    while (Date.now() < until) {
      running = (await call(s, 'GET', `/rest/executions-current?filter=${filter({ workflowId: childId })}`)).body.data ?? [];
      if (running.length) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(running).toEqual([expect.objectContaining({ mode: 'integrated' })]);
    const stopped = await call(s, 'POST', `/rest/executions-current/${parentId}/stop`);
    expect(stopped.body.data).toMatchObject({ status: 'canceled' });
    const sub = await finished(running[0].id);
    expect(sub).toMatchObject({ mode: 'integrated', status: 'canceled' });
  });
});
