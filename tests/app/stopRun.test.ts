// Stopping a running execution (spec 001 §4.4): the success toast comes whether the stop request
// or the run's own canceled push message ends the run first.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
let onStop: () => void = () => {};
vi.mock('../../src/app/api/client.ts', () => ({
  pushRef: 'test',
  request: vi.fn(async (method: string, path: string) => {
    calls.push(`${method} ${path}`);
    if (method === 'POST') {
      onStop();
      return { finished: false, status: 'canceled' };
    }
    return { id: '7', finished: false, status: 'canceled', stoppedAt: '2026-01-01T00:00:00Z', data: { resultData: { runData: {} } } };
  }),
}));

const { RootStore } = await import('../../src/app/stores/RootStore.ts');
const { stopRun } = await import('../../src/app/commands/runWorkflow.ts');

function running() {
  const root = new RootStore();
  root.workflow.load({
    id: 'wf1',
    name: 'wf',
    active: false,
    nodes: [{ id: 'a', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }],
    connections: {},
  });
  root.run.start();
  root.run.setExecutionId('7', false);
  return root;
}

beforeEach(() => {
  calls.length = 0;
  onStop = () => {};
});

describe('stopping a running execution', () => {
  it('stops it and says so', async () => {
    const root = running();
    await stopRun(root);
    expect(calls).toEqual(['POST /executions-current/7/stop', 'GET /executions/7']);
    expect(root.run.running).toBe(false);
    expect(root.ui.toasts.toasts.map((t) => `${t.title}: ${t.message}`)).toEqual(['Execution stopped: The execution with the id 7 got stopped!']);
  });

  it('says so also when the canceled push message ended the run before the stop request answered', async () => {
    const root = running();
    // The server pushes executionFinished (canceled) as soon as the run has ended, before it answers the stop.
    onStop = () => root.run.finish('idle');
    await stopRun(root);
    expect(root.run.running).toBe(false);
    expect(root.ui.toasts.toasts.map((t) => t.title)).toEqual(['Execution stopped']);
  });
});
