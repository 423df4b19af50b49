// Spec 001 §4.1 "Node data is stale when parameters changed after the run started": the kernel
// rule, the store keeping parametersLastUpdatedAt and each node's stale flag, and what the
// canvas makes of it (mirror label, badge).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runInAction } from 'mobx';
import { WorkflowStore } from '../../src/app/stores/WorkflowStore.ts';
import { isNodeDataStale } from '../../src/model/staleData.ts';
import { accessibleLabel } from '../../src/canvas/kernels/nodeState.ts';
import { TypeCache, mirrorLabel, nodeAppearance, nodeRecord, nodeState } from '../../src/canvas/doc/nodeLook.ts';
import type { ITaskData } from '../../src/model/execution.ts';
import type { INode, IWorkflowBase } from '../../src/model/workflow.ts';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

const node = (id: string, name: string, parameters: INode['parameters'] = {}): INode => ({ id, name, type: 'n8n-nodes-base.set', typeVersion: 1, position: [0, 0], parameters });

function wf(): IWorkflowBase {
  return {
    name: 'wf',
    active: false,
    nodes: [node('a', 'A', { value: 1 }), node('b', 'B', { value: "={{ $('A').item.json.x }}" }), node('p', 'P', { value: 2 })],
    connections: { A: { main: [[{ node: 'B', type: 'main', index: 0 }]] } },
    pinData: { P: [{ json: { pinned: true } }] },
  };
}

const task = (startTime: number): ITaskData => ({ startTime, executionTime: 5, source: [], data: { main: [[{ json: { x: 1 } }]] } });

function store(): WorkflowStore {
  const s = new WorkflowStore();
  runInAction(() => s.load(wf()));
  return s;
}

const act = <T>(f: () => T): T => runInAction(f);
const at = (ms: number) => vi.setSystemTime(T0 + ms);
const byName = (s: WorkflowStore, name: string) => s.nodeByName(name)!;
const edit = (s: WorkflowStore, name: string, value: unknown) => act(() => s.setParameters(byName(s, name).id, { ...byName(s, name).parameters, value }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  at(0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('isNodeDataStale (kernel)', () => {
  it('is stale only when the parameters changed after the latest run started', () => {
    expect(isNodeDataStale(T0 + 10, [{ startTime: T0 }], false)).toBe(true);
    expect(isNodeDataStale(T0 - 10, [{ startTime: T0 }], false)).toBe(false);
    expect(isNodeDataStale(T0, [{ startTime: T0 }], false)).toBe(false);
    // The latest run counts: a second run after the change clears it.
    expect(isNodeDataStale(T0 + 10, [{ startTime: T0 }, { startTime: T0 + 20 }], false)).toBe(false);
  });

  it('is never stale without a change, without a run, or with pinned data', () => {
    expect(isNodeDataStale(undefined, [{ startTime: T0 }], false)).toBe(false);
    expect(isNodeDataStale(T0, undefined, false)).toBe(false);
    expect(isNodeDataStale(T0, [], false)).toBe(false);
    expect(isNodeDataStale(T0 + 10, [{ startTime: T0 }], true)).toBe(false);
  });
});

describe('WorkflowStore: parametersLastUpdatedAt and stale run data', () => {
  it('marks a node stale when its parameters change after its run started', () => {
    const s = store();
    act(() => s.setRunData({ A: [task(T0)], B: [task(T0 + 1)] }, 'e1'));
    expect(byName(s, 'A').stale).toBe(false);
    at(50);
    edit(s, 'A', 5);
    expect(s.parametersLastUpdate('A')).toBe(T0 + 50);
    expect(byName(s, 'A').stale).toBe(true);
    // Only the edited node.
    expect(byName(s, 'B').stale).toBe(false);
  });

  it('does not mark a node whose run started after the change', () => {
    const s = store();
    at(10);
    edit(s, 'A', 5);
    expect(byName(s, 'A').stale).toBe(false); // no run yet
    act(() => s.setRunData({ A: [task(T0 + 20)] }, 'e1'));
    expect(byName(s, 'A').stale).toBe(false);
    // Pushed run of a node (nodeExecuteAfter) that started after the change.
    const s2 = store();
    at(10);
    edit(s2, 'A', 5);
    act(() => s2.setNodeRun('A', task(T0 + 20)));
    expect(byName(s2, 'A').stale).toBe(false);
  });

  it('keeps the timestamp and the stale flag through a rename (run data follows the node)', () => {
    const s = store();
    act(() => s.setRunData({ A: [task(T0)], B: [task(T0 + 1)] }, 'e1'));
    at(50);
    edit(s, 'A', 5);
    const id = byName(s, 'A').id;
    act(() => s.renameNode(id, 'Renamed'));
    expect(s.parametersLastUpdate('Renamed')).toBe(T0 + 50);
    expect(s.parametersLastUpdate('A')).toBeUndefined();
    expect(s.nodes.get(id)!.stale).toBe(true);
    expect(s.runData?.Renamed).toHaveLength(1);
    expect(s.runData?.A).toBeUndefined();
    // B's expression was rewritten to the new name: not a change by the user, so not stale.
    expect(byName(s, 'B').parameters.value).toContain('Renamed');
    expect(byName(s, 'B').stale).toBe(false);
    // Undoing the rename moves the run data back and keeps the node stale.
    act(() => s.undo());
    expect(s.runData?.A).toHaveLength(1);
    expect(byName(s, 'A').stale).toBe(true);
    expect(byName(s, 'B').stale).toBe(false);
  });

  it('clears the flag on a new run', () => {
    const s = store();
    act(() => s.setRunData({ A: [task(T0)] }, 'e1'));
    at(50);
    edit(s, 'A', 5);
    expect(byName(s, 'A').stale).toBe(true);
    // Running the whole workflow again: the old data goes, the new run started later.
    act(() => s.clearExecution());
    expect(byName(s, 'A').stale).toBe(false);
    act(() => s.setNodeRun('A', task(T0 + 60)));
    expect(byName(s, 'A').stale).toBe(false);
    // Partial run (run data replaced with the reused parents plus the new runs).
    at(70);
    edit(s, 'A', 6);
    expect(byName(s, 'A').stale).toBe(true);
    act(() => s.setRunData({ A: [task(T0 + 80)] }, 'e2'));
    expect(byName(s, 'A').stale).toBe(false);
  });

  it('never marks pinned data stale, and unpinning shows the run underneath', () => {
    const s = store();
    act(() => s.setRunData({ P: [task(T0)] }, 'e1'));
    at(50);
    edit(s, 'P', 9);
    expect(byName(s, 'P').stale).toBe(false);
    act(() => s.setPinData('P', undefined));
    expect(byName(s, 'P').stale).toBe(true);
    act(() => s.undo()); // pinned again
    expect(byName(s, 'P').stale).toBe(false);
  });

  it('starts clean when a workflow is loaded, and undoing a parameter edit counts as a change', () => {
    const s = store();
    act(() => s.setRunData({ A: [task(T0)] }, 'e1'));
    at(50);
    edit(s, 'A', 5);
    act(() => s.load(wf()));
    expect(byName(s, 'A').stale).toBe(false);
    expect(s.parametersLastUpdate('A')).toBeUndefined();
    act(() => s.setRunData({ A: [task(T0 + 60)] }, 'e2'));
    at(70);
    edit(s, 'A', 7);
    act(() => s.setRunData({ A: [task(T0 + 80)] }, 'e3'));
    expect(byName(s, 'A').stale).toBe(false);
    at(90);
    act(() => s.undo()); // parameters differ from the ones the run used
    expect(byName(s, 'A').stale).toBe(true);
  });

  it('deactivating a node clears its run data and with it the stale flag', () => {
    const s = store();
    act(() => s.setRunData({ A: [task(T0)] }, 'e1'));
    at(50);
    edit(s, 'A', 5);
    act(() => s.setDisabled([byName(s, 'A').id], true));
    expect(byName(s, 'A').stale).toBe(false);
  });
});

describe('canvas: stale node look and mirror label', () => {
  const base = { disabled: false, status: 'success' as const, issues: [], itemCount: [2], pinned: false };

  it('says so in the accessible label only when the node shows data', () => {
    expect(accessibleLabel('Set', { ...base, stale: true })).toBe('Set, has data, parameters changed since the run, 2 items');
    expect(accessibleLabel('Set', { ...base, stale: false })).toBe('Set, has data, 2 items');
    expect(accessibleLabel('Set', { ...base, stale: true, pinned: true })).toBe('Set, pinned data, 2 items');
    expect(accessibleLabel('Set', { ...base, stale: true, status: 'running' })).toBe('Set, executing');
    expect(accessibleLabel('Set', { ...base, stale: true, issues: ['x'] })).toBe('Set, has issues, 2 items');
  });

  it('reads the store node: mirror label and the appearance flag that turns the badge into a warning', () => {
    const s = store();
    act(() => s.setRunData({ A: [task(T0)] }, 'e1'));
    at(50);
    edit(s, 'A', 5);
    const m = byName(s, 'A');
    expect(mirrorLabel(m, false)).toBe('A, has data, parameters changed since the run, 1 item');
    const types = new TypeCache(() => ({ displayName: 'Set', inputs: 1, outputs: 1, isTrigger: false }), () => {});
    const t = types.get(m.type, m.typeVersion);
    const look = nodeAppearance(m, t, nodeRecord(m, t), nodeState(m, false), false, 0);
    expect(look.state).toBe('success');
    expect(look.stale).toBe(true);
    act(() => s.setNodeRun('A', task(T0 + 60)));
    expect(mirrorLabel(m, false)).toBe('A, has data, 1 item');
    expect(nodeAppearance(m, t, nodeRecord(m, t), nodeState(m, false), false, 0).stale).toBe(false);
    types.destroy();
  });
});
