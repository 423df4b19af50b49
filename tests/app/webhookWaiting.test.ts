// A run that starts at a Webhook node waits for a call of its test URL (spec 001 §2.4, §4.4,
// §4.10): RunStore's waiting state, the push messages that end it or give it its execution,
// the stop-waiting command; and the wait text of nodes whose execution ended waiting.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: Array<{ method: string; path: string }> = [];
let answer: (method: string, path: string) => unknown = () => true;
vi.mock('../../src/app/api/client.ts', () => ({
  pushRef: 'test',
  request: vi.fn(async (method: string, path: string) => {
    calls.push({ method, path });
    const a = answer(method, path);
    if (a instanceof Error) throw a;
    return a;
  }),
}));

const { RootStore } = await import('../../src/app/stores/RootStore.ts');
const { RunStore } = await import('../../src/app/stores/RunStore.ts');
const { stopRun } = await import('../../src/app/commands/runWorkflow.ts');
const { waitingText, WAITING_INDEFINITELY_TEXT } = await import('../../src/model/waitingText.ts');
const { WAIT_INDEFINITELY, IN_PROGRESS_EXECUTION_ID } = await import('../../src/model/constants.ts');
import type { ITaskData } from '../../src/model/execution.ts';

function store() {
  const root = new RootStore();
  root.workflow.load({
    id: 'wf1',
    name: 'wf',
    active: false,
    nodes: [
      { id: 'a', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], parameters: {} },
      { id: 'b', name: 'Set', type: 'n8n-nodes-base.set', typeVersion: 3.4, position: [200, 0], parameters: {} },
    ],
    connections: { Webhook: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
  });
  return root;
}

/** The run request answered { waitingForWebhook: true } with no execution id. */
function waiting() {
  const root = store();
  root.run.start();
  root.run.waitForWebhook('wf1');
  return root;
}

const task = (items: number, status?: ITaskData['executionStatus']): ITaskData => ({
  startTime: 1,
  executionTime: 2,
  source: [],
  executionStatus: status,
  data: { main: [Array.from({ length: items }, (_, i) => ({ json: { i } }))] },
});
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(() => {
  calls.length = 0;
  answer = () => true;
});

describe('RunStore waiting for a test webhook call', () => {
  it('counts as running without an execution id, then adopts the id of the call', () => {
    const run = new RunStore();
    run.start();
    run.waitForWebhook('wf1');
    expect(run.running).toBe(true);
    expect(run.waitingForWebhook).toBe(true);
    expect(run.activeExecutionId).toBeUndefined();
    expect(run.awaitsCallOf('wf1')).toBe(true);
    expect(run.adoptExecution('other', '9')).toBe(false);
    expect(run.adoptExecution('wf1', '9')).toBe(true);
    expect(run.activeExecutionId).toBe('9');
    expect(run.waitingForWebhook).toBe(false);
    expect(run.running).toBe(true);
    // Only once: a later execution of the workflow is not taken over.
    expect(run.adoptExecution('wf1', '10')).toBe(false);
    run.finish('idle');
    expect(run.running).toBe(false);
    expect(run.waitingWorkflowId).toBeUndefined();
  });

  it('takes a call that comes before the run response only when told so', () => {
    const run = new RunStore();
    run.start();
    expect(run.adoptExecution('wf1', '3')).toBe(false);
    expect(run.adoptExecution('wf1', '3', true)).toBe(true);
    expect(run.activeExecutionId).toBe('3');
  });
});

describe('PushHandler and a run waiting for its webhook', () => {
  it('testWebhookReceived gives the run its execution: the node messages that follow are applied', async () => {
    const root = waiting();
    root.pushHandler.receive({ type: 'testWebhookReceived', data: { workflowId: 'wf1', executionId: '5' } });
    expect(root.run.activeExecutionId).toBe('5');
    expect(root.run.waitingForWebhook).toBe(false);
    root.pushHandler.receive({ type: 'executionStarted', data: { executionId: '5', mode: 'manual', startedAt: '2026-01-01T00:00:00Z', workflowId: 'wf1' } });
    root.pushHandler.receive({ type: 'nodeExecuteAfter', data: { executionId: '5', nodeName: 'Webhook', data: task(1), itemCount: [1] } });
    root.pushHandler.receive({ type: 'nodeExecuteBefore', data: { executionId: '5', nodeName: 'Set' } });
    expect(root.workflow.nodeByName('Webhook')!.itemCount).toEqual([1]);
    expect(root.workflow.nodeByName('Set')!.status).toBe('running');
    root.pushHandler.receive({
      type: 'executionFinished',
      data: { executionId: '5', status: 'success', data: { resultData: { runData: { Webhook: [task(1)], Set: [task(1)] } } } },
    });
    await wait(10);
    expect(root.run.running).toBe(false);
    expect(root.workflow.nodeByName('Set')!.itemCount).toEqual([1]);
    expect(root.ui.toasts.toasts.map((t) => t.title)).toEqual(['Workflow executed successfully']);
  });

  it('executionStarted of the workflow also gives the run its execution; other workflows are ignored', () => {
    const root = waiting();
    root.pushHandler.receive({ type: 'executionStarted', data: { executionId: '8', mode: 'manual', startedAt: '', workflowId: 'other' } });
    expect(root.run.waitingForWebhook).toBe(true);
    root.pushHandler.receive({ type: 'executionStarted', data: { executionId: '8', mode: 'manual', startedAt: '', workflowId: 'wf1' } });
    expect(root.run.activeExecutionId).toBe('8');
    expect(root.run.running).toBe(true);
  });

  it('a call that arrives while the run request is in flight is kept', () => {
    const root = store();
    root.run.start();
    root.pushHandler.receive({ type: 'testWebhookReceived', data: { workflowId: 'wf1', executionId: '4' } });
    expect(root.run.activeExecutionId).toBe('4');
    expect(root.run.activeExecutionId).not.toBe(IN_PROGRESS_EXECUTION_ID);
  });

  it('testWebhookDeleted (stopped or timed out) ends the waiting run', () => {
    const root = waiting();
    root.pushHandler.receive({ type: 'testWebhookDeleted', data: { workflowId: 'other' } });
    expect(root.run.running).toBe(true);
    root.pushHandler.receive({ type: 'testWebhookDeleted', data: { workflowId: 'wf1' } });
    expect(root.run.running).toBe(false);
    expect(root.run.waitingForWebhook).toBe(false);
    expect(root.run.titleState).toBe('idle');
  });
});

describe('stopping a run that waits for its webhook', () => {
  it('removes the test webhook of the workflow: DELETE /test-webhook/{id}', async () => {
    const root = waiting();
    await stopRun(root);
    expect(calls).toEqual([{ method: 'DELETE', path: '/test-webhook/wf1' }]);
    expect(root.run.running).toBe(false);
    expect(root.ui.toasts.toasts).toEqual([]);
  });

  it('keeps waiting and says so when the DELETE fails', async () => {
    const root = waiting();
    answer = () => new Error('offline');
    await stopRun(root);
    expect(root.run.waitingForWebhook).toBe(true);
    expect(root.run.stopping).toBe(false);
    expect(root.ui.toasts.toasts.map((t) => t.title)).toEqual(['Problem deleting test webhook']);
  });

  it('a run that has its execution is stopped as an execution', async () => {
    const root = waiting();
    root.pushHandler.receive({ type: 'testWebhookReceived', data: { workflowId: 'wf1', executionId: '5' } });
    answer = (method) => (method === 'GET' ? { id: '5', finished: false, data: { resultData: { runData: {} } } } : {});
    await stopRun(root);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /executions-current/5/stop', 'GET /executions/5']);
    expect(root.run.running).toBe(false);
  });
});

describe('wait text of a waiting node', () => {
  it('is the indefinite-wait message at the sentinel, else the date and time', () => {
    expect(waitingText(WAIT_INDEFINITELY.toISOString())).toBe(WAITING_INDEFINITELY_TEXT);
    expect(waitingText(new Date('3100-01-01T00:00:00Z'))).toBe(WAITING_INDEFINITELY_TEXT);
    const at = new Date('2026-11-22T10:15:00Z');
    expect(waitingText(at.toISOString(), 'en-US')).toBe(`Node is waiting until ${at.toLocaleDateString('en-US')} ${at.toLocaleTimeString('en-US')}`);
    expect(waitingText('not a date')).toBeUndefined();
  });

  it('is set when a run ends waiting (executionWaiting, executionFinished) and cleared by the next run', async () => {
    const root = store();
    root.run.start();
    root.run.setExecutionId('1');
    root.pushHandler.receive({ type: 'executionWaiting', data: { executionId: '1', waitTill: WAIT_INDEFINITELY.toISOString() } });
    root.pushHandler.receive({
      type: 'executionFinished',
      data: { executionId: '1', status: 'waiting', data: { resultData: { runData: { Webhook: [task(1)], Set: [task(1, 'waiting')] }, lastNodeExecuted: 'Set' } } },
    });
    await wait(10);
    const set = root.workflow.nodeByName('Set')!;
    expect(set.status).toBe('waiting');
    expect(set.waitingText).toBe(WAITING_INDEFINITELY_TEXT);
    expect(root.workflow.nodeByName('Webhook')!.waitingText).toBeUndefined();
    expect(root.ui.toasts.toasts.map((t) => t.title)).toEqual(['Workflow started waiting']);
    expect(root.run.running).toBe(false);

    // The next run: cleared at its start (a full run) or when the node runs again.
    root.workflow.clearExecution();
    expect(set.waitingText).toBeUndefined();
    root.workflow.setRunData({ Set: [task(1, 'waiting')] }, '2', { waitTill: '2030-01-01T00:00:00Z', lastNode: 'Set' });
    expect(set.waitingText).toMatch(/^Node is waiting until /);
    root.workflow.setNodeRun('Set', task(2));
    expect(set.waitingText).toBeUndefined();
    expect(set.status).toBe('success');
  });

  it('the last node executed of an execution with waitTill is the waiting one (an opened execution)', () => {
    const root = store();
    root.workflow.setRunData({ Webhook: [task(1)], Set: [task(1)] }, '3', { waitTill: WAIT_INDEFINITELY.toISOString(), lastNode: 'Set' });
    expect(root.workflow.nodeByName('Set')!.status).toBe('waiting');
    expect(root.workflow.nodeByName('Set')!.waitingText).toBe(WAITING_INDEFINITELY_TEXT);
    expect(root.workflow.nodeByName('Webhook')!.status).toBe('success');
    root.workflow.setRunData({ Webhook: [task(1)], Set: [task(1)] }, '4');
    expect(root.workflow.nodeByName('Set')!.status).toBe('success');
    expect(root.workflow.nodeByName('Set')!.waitingText).toBeUndefined();
  });
});
