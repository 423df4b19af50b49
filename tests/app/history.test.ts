// Undo / redo at the WorkflowStore level: every edit kind, grouping, coalescing of typing,
// the bound, and the dirty flag following the saved point.
import { describe, expect, it } from 'vitest';
import { runInAction } from 'mobx';
import { WorkflowStore } from '../../src/app/stores/WorkflowStore.ts';
import { History } from '../../src/app/stores/history/History.ts';
import type { INode, IWorkflowBase } from '../../src/model/workflow.ts';

const node = (id: string, name: string, x = 0, parameters: INode['parameters'] = {}): INode => ({ id, name, type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [x, 0], parameters });

function base(): IWorkflowBase {
  return {
    name: 'wf',
    active: false,
    nodes: [node('a', 'A'), node('b', 'B', 200, { v: "={{ $('A').item.json.x }}" }), node('c', 'C', 400)],
    connections: { A: { main: [[{ node: 'B', type: 'main', index: 0 }]] }, B: { main: [[{ node: 'C', type: 'main', index: 0 }]] } },
    pinData: { A: [{ json: { p: 1 } }] },
  };
}

function store(): WorkflowStore {
  const s = new WorkflowStore();
  runInAction(() => s.load(base()));
  return s;
}

/** A comparable snapshot of the document. */
function doc(s: WorkflowStore) {
  const wf = s.toWorkflow();
  return { nodes: wf.nodes.map((n) => ({ ...n })).sort((x, y) => x.id.localeCompare(y.id)), connections: wf.connections, pinData: wf.pinData };
}

const act = <T>(f: () => T): T => runInAction(f);

describe('history', () => {
  it('undoes and redoes every kind of edit back to the exact document', () => {
    const s = store();
    const states = [doc(s)];
    const edits: Array<() => void> = [
      () => s.addNode({ id: 'd', name: 'D', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [600, 0], parameters: {} }),
      () => s.connect('c', 0, 'd', 0),
      () => s.moveNodes(['a', 'b'], 20, 40),
      () => s.setNodePosition('c', 1000, 1000),
      () => s.renameNode('a', 'Start here'),
      () => s.setParameters('c', { x: 1 }),
      () => s.setNodeSettings('c', { notes: 'hello' }),
      () => s.setDisabled(['b', 'c'], true),
      () => s.setPinData('C', [{ json: { q: 2 } }]),
      () => s.disconnect([...s.connections.keys()].slice(0, 1)),
      () => s.removeNodes(['b']),
    ];
    for (const edit of edits) {
      act(edit);
      states.push(doc(s));
    }
    expect(s.history.size).toBe(edits.length);
    for (let i = states.length - 2; i >= 0; i--) {
      act(() => s.undo());
      expect(doc(s)).toEqual(states[i]);
    }
    expect(s.history.canUndo).toBe(false);
    for (let i = 1; i < states.length; i++) {
      act(() => s.redo());
      expect(doc(s)).toEqual(states[i]);
    }
  });

  it('renaming rewrites expressions and pinned data, and undo restores both', () => {
    const s = store();
    act(() => s.renameNode('a', '  Fetch  '));
    expect(s.nodes.get('a')!.name).toBe('Fetch');
    expect(s.nodes.get('b')!.parameters).toEqual({ v: "={{ $('Fetch').item.json.x }}" });
    expect(Object.keys(s.pinData)).toEqual(['Fetch']);
    expect(s.nodeByName('A')).toBeUndefined();
    act(() => s.undo());
    expect(s.nodes.get('b')!.parameters).toEqual({ v: "={{ $('A').item.json.x }}" });
    expect(s.nodeByName('A')!.id).toBe('a');
    expect(Object.keys(s.pinData)).toEqual(['A']);
  });

  it('ignores empty and unchanged names and makes names unique', () => {
    const s = store();
    expect(act(() => s.renameNode('a', '   '))).toBeUndefined();
    expect(act(() => s.renameNode('a', 'A'))).toBeUndefined();
    expect(act(() => s.renameNode('a', 'B'))).toBe('B1');
    expect(s.history.size).toBe(1);
  });

  it('deleting a node restores its connections and pinned data on undo', () => {
    const s = store();
    act(() => s.removeNodes(['a']));
    expect(s.connections.size).toBe(1);
    expect(s.pinData).toEqual({});
    act(() => s.undo());
    expect(s.connections.size).toBe(2);
    expect(s.pinData).toEqual({ A: [{ json: { p: 1 } }] });
    expect([...s.selection]).toEqual(['a']);
  });

  it('groups a transaction into one step and extends a step that is still the newest', () => {
    const s = store();
    act(() =>
      s.history.transact('Paste', () => {
        s.addNode({ id: 'x', name: 'X', type: 't', typeVersion: 1, position: [0, 300], parameters: {} });
        s.addNode({ id: 'y', name: 'Y', type: 't', typeVersion: 1, position: [200, 300], parameters: {} });
        s.connect('x', 0, 'y', 0);
      }),
    );
    expect(s.history.size).toBe(1);
    expect(s.history.undoLabel).toBe('Paste');
    const step = s.history.lastStepId;
    act(() => s.history.extend(step, 'Reconnect', () => s.connect('a', 0, 'c', 0)));
    expect(s.history.size).toBe(1);
    act(() => s.undo());
    expect(s.nodes.has('x')).toBe(false);
    expect(s.connections.size).toBe(2);
    // A step that is no longer the newest is not extended: the edit becomes its own step.
    act(() => s.redo());
    act(() => s.setNodePosition('c', 5, 5));
    act(() => s.history.extend(step, 'Reconnect', () => s.connect('c', 0, 'a', 0)));
    expect(s.history.size).toBe(3);
  });

  it('coalesces typing into one parameter, not into another one or after a pause', () => {
    let now = 0;
    const s = store();
    // A store whose history runs on a fake clock.
    Object.assign(s, { history: new History({ now: () => now }) });
    const type = (text: string) => act(() => s.setParameters('c', { ...s.nodes.get('c')!.parameters, text }));
    act(() => s.setParameters('c', { text: '' }));
    now += 5000;
    // The first keystroke in the node details view also writes the other fields' defaults.
    act(() => s.setParameters('c', { text: 'h', mode: 'manual', options: {} }));
    now += 200;
    for (const t of ['he', 'hel', 'hell', 'hello']) {
      type(t);
      now += 200;
    }
    expect(s.history.size).toBe(2);
    act(() => s.setParameters('c', { ...s.nodes.get('c')!.parameters, other: 1 }));
    expect(s.history.size).toBe(3);
    now += 5000;
    type('hello!');
    expect(s.history.size).toBe(4);
    act(() => s.undo());
    act(() => s.undo());
    expect(s.nodes.get('c')!.parameters).toEqual({ text: 'hello', mode: 'manual', options: {} });
    act(() => s.undo());
    expect(s.nodes.get('c')!.parameters).toEqual({ text: '' });
  });

  it('keeps at most 500 steps', () => {
    const s = store();
    for (let i = 0; i < 520; i++) act(() => s.setNodePosition('c', i * 20, 0));
    expect(s.history.size).toBe(500);
    for (let i = 0; i < 500; i++) act(() => s.undo());
    // The 20 oldest steps were dropped: undo stops after the 20th move.
    expect(s.nodes.get('c')!.x).toBe(19 * 20);
    expect(s.history.canUndo).toBe(false);
  });

  it('a new edit after undo drops the redo steps', () => {
    const s = store();
    act(() => s.setNodePosition('c', 1, 1));
    act(() => s.undo());
    act(() => s.setNodePosition('c', 2, 2));
    expect(s.history.canRedo).toBe(false);
  });

  it('the dirty flag follows undo and redo around the saved point', () => {
    const s = store();
    expect(s.dirty).toBe(false);
    act(() => s.setNodePosition('c', 1, 1));
    expect(s.dirty).toBe(true);
    act(() => s.undo());
    expect(s.dirty).toBe(false);
    act(() => s.redo());
    expect(s.dirty).toBe(true);
    act(() => s.markSaved({ id: '1' }));
    expect(s.dirty).toBe(false);
    act(() => s.undo());
    expect(s.dirty).toBe(true);
    act(() => s.redo());
    expect(s.dirty).toBe(false);
    // A workflow rename is not undone by the canvas history: it keeps the document dirty.
    act(() => s.setName('Other'));
    act(() => s.setNodePosition('c', 9, 9));
    act(() => s.undo());
    expect(s.dirty).toBe(true);
  });

  it('a load clears the history', () => {
    const s = store();
    act(() => s.setNodePosition('c', 1, 1));
    act(() => s.load(base()));
    expect(s.history.canUndo).toBe(false);
    expect(s.dirty).toBe(false);
  });

  it('an async step (tidy up) collects what is recorded until it ends', () => {
    const s = store();
    const end = s.history.begin('Tidy up');
    act(() => s.setNodePosition('a', 100, 100));
    act(() => s.setNodePosition('b', 300, 100));
    end();
    expect(s.history.size).toBe(1);
    expect(s.history.undoLabel).toBe('Tidy up');
    act(() => s.undo());
    expect([s.nodes.get('a')!.x, s.nodes.get('b')!.x]).toEqual([0, 200]);
  });
});

describe('sticky notes', () => {
  it('a resize from the left edge (size and position) and its text edit are separate single steps', () => {
    const s = store();
    act(() => s.addNode({ id: 's', name: 'Note', type: 'n8n-nodes-base.stickyNote', typeVersion: 1, position: [0, 400], parameters: { content: 'hi', width: 380, height: 300 } }));
    act(() => {
      s.setParameters('s', { content: 'hi', width: 420, height: 300 });
      s.setNodePosition('s', -40, 400);
    });
    expect(s.history.size).toBe(2);
    expect(s.history.undoLabel).toBe('Resize sticky note');
    act(() => s.setParameters('s', { content: 'hello', width: 420, height: 300 }));
    expect(s.history.size).toBe(3);
    act(() => s.undo());
    act(() => s.undo());
    const n = s.nodes.get('s')!;
    expect([n.x, n.parameters.width, n.parameters.content]).toEqual([0, 380, 'hi']);
  });
});

describe('load', () => {
  it('repairs what is broken and says what it did', () => {
    const s = new WorkflowStore();
    const report = act(() =>
      s.load({
        name: 'broken',
        active: false,
        nodes: [node('a', 'A'), { ...node('b', 'B'), position: [NaN, 1e12] as [number, number] }, { ...node('c', 'C'), type: 'acme.notInstalled' }],
        connections: { A: { main: [[{ node: 'Gone', type: 'main', index: 0 }, { node: 'B', type: 'main', index: 0 }]] }, Ghost: { main: [[{ node: 'A', type: 'main', index: 0 }]] } },
      }),
    );
    expect(report.droppedConnections).toBe(2);
    expect(report.repairedPositions).toBe(1);
    expect(s.connections.size).toBe(1);
    expect(Number.isFinite(s.nodes.get('b')!.y)).toBe(true);
    expect(s.nodes.get('c')!.type).toBe('acme.notInstalled');
  });
});
