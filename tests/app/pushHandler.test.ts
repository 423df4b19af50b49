import { describe, expect, it } from 'vitest';
import { RootStore } from '../../src/app/stores/RootStore.ts';
import type { ITaskData } from '../../src/model/execution.ts';

function store(): RootStore {
  const root = new RootStore();
  root.workflow.load({
    name: 'wf',
    active: false,
    nodes: [
      { id: 'a', name: 'A', type: 't', typeVersion: 1, position: [0, 0], parameters: {} },
      { id: 'b', name: 'B', type: 't', typeVersion: 1, position: [200, 0], parameters: {} },
    ],
    connections: { A: { main: [[{ node: 'B', type: 'main', index: 0 }]] } },
  });
  return root;
}

const task = (items: number): ITaskData => ({ startTime: 1, executionTime: 2, source: [], data: { main: [Array.from({ length: items }, (_, i) => ({ json: { i } }))] } });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PushHandler', () => {
  it('applies node messages of the current execution to the workflow store', () => {
    const root = store();
    root.run.start();
    root.run.setExecutionId('1');
    root.pushHandler.receive({ type: 'nodeExecuteBefore', data: { executionId: '1', nodeName: 'A' } });
    expect(root.workflow.nodeByName('A')!.status).toBe('running');
    root.pushHandler.receive({ type: 'nodeExecuteAfter', data: { executionId: '1', nodeName: 'A', data: task(3), itemCount: [3] } });
    expect(root.workflow.nodeByName('A')!.status).toBe('success');
    expect(root.workflow.nodeByName('A')!.itemCount).toEqual([3]);
  });

  it('holds messages that arrive before the run response, then applies them in order', async () => {
    const root = store();
    root.run.start();
    root.pushHandler.receive({ type: 'nodeExecuteBefore', data: { executionId: '7', nodeName: 'A' } });
    root.pushHandler.receive({ type: 'nodeExecuteAfter', data: { executionId: '7', nodeName: 'A', data: task(1), itemCount: [1] } });
    await wait(200);
    expect(root.workflow.nodeByName('A')!.status).toBe('idle');
    root.run.setExecutionId('7');
    await wait(60);
    expect(root.workflow.nodeByName('A')!.status).toBe('success');
  });

  it('drops messages of another execution after the retries', async () => {
    const root = store();
    root.run.start();
    root.run.setExecutionId('1');
    root.pushHandler.receive({ type: 'nodeExecuteBefore', data: { executionId: 'other', nodeName: 'B' } });
    await wait(250);
    root.pushHandler.receive({ type: 'nodeExecuteBefore', data: { executionId: '1', nodeName: 'A' } });
    await wait(30);
    expect(root.workflow.nodeByName('B')!.status).toBe('idle');
    expect(root.workflow.nodeByName('A')!.status).toBe('running');
  });

  it('finishes the run: success toast, or a persistent error naming the node', async () => {
    const ok = store();
    ok.run.start();
    ok.run.setExecutionId('1');
    ok.pushHandler.receive({ type: 'executionFinished', data: { executionId: '1', status: 'success', data: { resultData: { runData: { A: [task(2)] } } } } });
    await wait(10);
    expect(ok.run.running).toBe(false);
    expect(ok.run.titleState).toBe('idle');
    expect(ok.workflow.nodeByName('A')!.itemCount).toEqual([2]);
    expect(ok.ui.toasts.toasts.map((t) => t.title)).toEqual(['Workflow executed successfully']);

    const bad = store();
    bad.run.start();
    bad.run.setExecutionId('2');
    bad.pushHandler.receive({
      type: 'executionFinished',
      data: { executionId: '2', status: 'error', data: { resultData: { runData: {}, error: { message: 'boom', node: { name: 'B', type: 't' } } } } },
    });
    await wait(10);
    expect(bad.run.titleState).toBe('error');
    const toast = bad.ui.toasts.toasts[0];
    expect(toast).toMatchObject({ kind: 'error', title: 'Problem executing workflow', duration: 0 });
    expect(toast.message).toBe('There was a problem executing the workflow: "B: boom"');
  });
});
