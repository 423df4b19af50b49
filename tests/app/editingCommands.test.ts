// The editing commands over the real stores and the built-in node types: delete with
// reconnect and the last-trigger rule, paste (maxNodes, names, expressions, bad input),
// duplicate, disable, insert into a connection, and read-only refusals.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runInAction } from 'mobx';
import { RootStore } from '../../src/app/stores/RootStore.ts';
import { deleteNodes } from '../../src/app/commands/deleteNodes.ts';
import { cutSelection, duplicateSelection, pasteText, selectionText } from '../../src/app/commands/clipboard.ts';
import { startRename, toggleDisabled, undo } from '../../src/app/commands/editNodes.ts';
import { addNodeOfType } from '../../src/app/commands/addNode.ts';
import { READ_ONLY_TITLE } from '../../src/app/commands/readOnly.ts';
import { tidyUp } from '../../src/app/commands/tidyUp.ts';
import { builtinNodeTypes } from '../../src/nodes/registry.ts';
import type { INode, IWorkflowBase } from '../../src/model/workflow.ts';

const TRIGGER = 'n8n-nodes-base.manualTrigger';
const SET = 'n8n-nodes-base.set';
const IF = 'n8n-nodes-base.if';

const n = (id: string, name: string, type: string, x: number, parameters: INode['parameters'] = {}): INode => ({
  id,
  name,
  type,
  typeVersion: type === SET ? 3.4 : type === IF ? 2 : 1,
  position: [x, 300],
  parameters,
});

function chain(): IWorkflowBase {
  return {
    name: 'chain',
    active: false,
    nodes: [n('t', 'Trigger', TRIGGER, 0), n('a', 'A', SET, 200), n('b', 'B', SET, 400, { v: "={{ $('A').item.json.x }}" }), n('c', 'C', SET, 600)],
    connections: {
      Trigger: { main: [[{ node: 'A', type: 'main', index: 0 }]] },
      A: { main: [[{ node: 'B', type: 'main', index: 0 }]] },
      B: { main: [[{ node: 'C', type: 'main', index: 0 }]] },
    },
  };
}

function rootWith(wf: IWorkflowBase): RootStore {
  const root = new RootStore();
  runInAction(() => {
    root.nodeTypes.set(builtinNodeTypes.descriptions());
    root.workflow.load(wf);
  });
  return root;
}

const names = (root: RootStore) => [...root.workflow.nodes.values()].map((m) => m.name).sort();
const edges = (root: RootStore) => {
  const byId = (id: string) => root.workflow.nodes.get(id)!.name;
  return [...root.workflow.connections.values()].map((c) => `${byId(c.sourceId)}>${byId(c.targetId)}`).sort();
};
const toastTitles = (root: RootStore) => root.ui.toasts.toasts.map((t) => t.title);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('delete', () => {
  it('reconnects the neighbours after 100 ms, and one undo brings everything back', () => {
    const root = rootWith(chain());
    runInAction(() => deleteNodes(root, ['b']));
    expect(edges(root)).toEqual(['Trigger>A']);
    vi.advanceTimersByTime(99);
    expect(edges(root)).toEqual(['Trigger>A']);
    vi.advanceTimersByTime(1);
    expect(edges(root)).toEqual(['A>C', 'Trigger>A']);
    expect(root.workflow.history.size).toBe(1);
    runInAction(() => undo(root));
    expect(names(root)).toEqual(['A', 'B', 'C', 'Trigger']);
    expect(edges(root)).toEqual(['A>B', 'B>C', 'Trigger>A']);
  });

  it('an undo inside the 100 ms cancels the reconnection', () => {
    const root = rootWith(chain());
    runInAction(() => deleteNodes(root, ['b']));
    runInAction(() => undo(root));
    vi.advanceTimersByTime(200);
    expect(edges(root)).toEqual(['A>B', 'B>C', 'Trigger>A']);
  });

  it('does not bridge a node with two outputs', () => {
    const wf = chain();
    wf.nodes[2] = n('b', 'B', IF, 400);
    const root = rootWith(wf);
    runInAction(() => deleteNodes(root, ['b']));
    vi.advanceTimersByTime(200);
    expect(edges(root)).toEqual(['Trigger>A']);
  });

  it('keeps the last trigger, also on deleting everything, and says why', () => {
    const root = rootWith(chain());
    runInAction(() => deleteNodes(root, ['t']));
    expect(names(root)).toContain('Trigger');
    expect(toastTitles(root)).toEqual(['The last trigger cannot be deleted']);
    runInAction(() => deleteNodes(root, ['t', 'a', 'b', 'c']));
    expect(names(root)).toEqual(['Trigger']);
  });
});

describe('paste', () => {
  it('adds copied nodes with unique names, connections and rewritten expressions, below the originals, selected', async () => {
    const root = rootWith(chain());
    runInAction(() => root.workflow.select(['a', 'b']));
    const text = selectionText(root)!;
    const ids = await runInAction(() => pasteText(root, text));
    expect(ids).toHaveLength(2);
    const added = ids.map((id) => root.workflow.nodes.get(id)!);
    expect(added.map((m) => m.name)).toEqual(['A1', 'B1']);
    expect(added[1].parameters).toEqual({ v: "={{ $('A1').item.json.x }}" });
    expect(edges(root)).toContain('A1>B1');
    expect(added.every((m) => m.y > 300)).toBe(true);
    expect([...root.workflow.selection].sort()).toEqual([...ids].sort());
    expect(root.workflow.history.undoLabel).toBe('Paste');
    runInAction(() => undo(root));
    expect(names(root)).toEqual(['A', 'B', 'C', 'Trigger']);
  });

  it('skips nodes over a type maxNodes with the persistent error', async () => {
    const root = rootWith(chain());
    runInAction(() => root.workflow.select(['t', 'a']));
    const text = selectionText(root)!;
    await runInAction(() => pasteText(root, text));
    expect(names(root)).toEqual(['A', 'A1', 'B', 'C', 'Trigger']);
    const error = root.ui.toasts.toasts.find((t) => t.title === 'Could not insert node')!;
    expect(error.duration).toBe(0);
    expect(error.message).toMatch(/maximum number of 1 nodes of type "Manual Trigger"/);
  });

  it('answers garbage and a 50 MB clipboard with a clear error and changes nothing', async () => {
    const root = rootWith(chain());
    await runInAction(() => pasteText(root, 'not a workflow'));
    await runInAction(() => pasteText(root, '{"nodes": 1}'));
    await runInAction(() => pasteText(root, 'x'.repeat(50 * 1024 * 1024)));
    expect(names(root)).toEqual(['A', 'B', 'C', 'Trigger']);
    const messages = root.ui.toasts.toasts.map((t) => t.message);
    expect(messages[0]).toMatch(/does not hold a workflow/);
    expect(messages[1]).toMatch(/"nodes" array/);
    expect(messages[2]).toMatch(/too much to paste: more than 50.0 MB/);
    expect(root.workflow.history.canUndo).toBe(false);
  });

  it('pastes a workflow with broken connections, positions and unknown types, and says so', async () => {
    const root = rootWith(chain());
    const wf = {
      nodes: [
        { name: 'P', type: SET, typeVersion: 3.4, position: [NaN, 0], parameters: {} },
        { name: 'Q', type: 'acme.mystery', typeVersion: 1, position: [200, 0], parameters: {} },
      ],
      connections: { P: { main: [[{ node: 'Q', type: 'main', index: 0 }, { node: 'Nowhere', type: 'main', index: 0 }]] } },
    };
    await runInAction(() => pasteText(root, JSON.stringify(wf)));
    expect(names(root)).toEqual(['A', 'B', 'C', 'P', 'Q', 'Trigger']);
    expect(edges(root)).toContain('P>Q');
    expect(toastTitles(root)).toEqual(expect.arrayContaining(['Some of the pasted data was repaired', 'Unknown node type']));
    for (const m of root.workflow.nodes.values()) expect(Number.isFinite(m.x) && Number.isFinite(m.y)).toBe(true);
  });

  it('a pasted URL asks first and is not fetched when the user says no', async () => {
    const root = rootWith(chain());
    const pending = runInAction(() => pasteText(root, 'https://example.com/flow.json'));
    expect(root.ui.urlImportPrompt?.url).toBe('https://example.com/flow.json');
    runInAction(() => root.ui.answerUrlImport(false));
    expect(await pending).toEqual([]);
  });
});

describe('duplicate, cut, disable, rename, insert', () => {
  it('duplicates 140 px below with connections among the copies', () => {
    const root = rootWith(chain());
    runInAction(() => root.workflow.select(['a', 'b']));
    const ids = runInAction(() => duplicateSelection(root));
    const [a1, b1] = ids.map((id) => root.workflow.nodes.get(id)!);
    expect([a1.x, a1.y, b1.x, b1.y]).toEqual([200, 440, 400, 440]);
    expect(edges(root)).toContain('A1>B1');
  });

  it('cut copies and deletes (with the reconnection)', () => {
    const root = rootWith(chain());
    runInAction(() => root.workflow.select(['b']));
    let copied = '';
    runInAction(() => cutSelection(root, (t) => (copied = t)));
    expect(JSON.parse(copied).nodes[0].name).toBe('B');
    vi.advanceTimersByTime(100);
    expect(edges(root)).toEqual(['A>C', 'Trigger>A']);
  });

  it('d disables the selection and clears its execution data; again enables it', () => {
    const root = rootWith(chain());
    runInAction(() => {
      root.workflow.setRunData({ A: [{ startTime: 0, executionTime: 1, source: [], data: { main: [[{ json: {} }]] } }] }, '1');
      root.workflow.select(['a', 'b']);
    });
    expect(root.workflow.nodes.get('a')!.status).toBe('success');
    runInAction(() => toggleDisabled(root));
    expect([root.workflow.nodes.get('a')!.disabled, root.workflow.nodes.get('b')!.disabled]).toEqual([true, true]);
    expect(root.workflow.nodes.get('a')!.status).toBe('idle');
    expect(root.workflow.runData?.A).toBeUndefined();
    runInAction(() => toggleDisabled(root));
    expect(root.workflow.nodes.get('a')!.disabled).toBe(false);
  });

  it('inserting into a connection puts the node between its ends in one undo step', () => {
    const root = rootWith(chain());
    const ab = [...root.workflow.connections.values()].find((c) => c.sourceId === 'a')!;
    const added = runInAction(() => addNodeOfType(root, 'n8n-nodes-base.noOp', { kind: 'connection', connectionId: ab.id, position: [300, 300] }))!;
    expect(edges(root)).toEqual(['A>No Operation, do nothing', 'B>C', 'No Operation, do nothing>B', 'Trigger>A']);
    expect([added.x, added.y]).toEqual([300, 300]);
    runInAction(() => undo(root));
    expect(edges(root)).toEqual(['A>B', 'B>C', 'Trigger>A']);
  });
});

describe('read-only', () => {
  it('refuses every edit with one persistent error, however often it is tried', async () => {
    const root = rootWith(chain());
    runInAction(() => {
      root.ui.setReadOnly(true, 'execution');
      root.workflow.select(['a']);
    });
    runInAction(() => {
      deleteNodes(root, ['a']);
      toggleDisabled(root);
      toggleDisabled(root);
      startRename(root);
      duplicateSelection(root);
      undo(root);
      addNodeOfType(root, SET);
    });
    await runInAction(() => pasteText(root, selectionText(root)!));
    expect(names(root)).toEqual(['A', 'B', 'C', 'Trigger']);
    expect(root.workflow.nodes.get('a')!.disabled).toBe(false);
    expect(root.ui.renameNodeId).toBeUndefined();
    expect(toastTitles(root)).toEqual([READ_ONLY_TITLE]);
    expect(root.ui.toasts.toasts[0].duration).toBe(0);
  });
});

describe('tidy up', () => {
  it('an edit made while the tidy-up animation runs stays its own undo step', async () => {
    vi.useRealTimers();
    const root = rootWith(chain());
    const layout = { layout: async () => ({ positions: { t: [0, 0], a: [220, 0], b: [440, 0], c: [660, 0] } as Record<string, [number, number]> }) };
    let finish!: () => void;
    let seenLabel: string | undefined;
    // A canvas whose animation ends when the test says so, then writes as the real one does.
    const canvas = {
      animatePositions: (positions: ReadonlyMap<string, readonly [number, number]>, _ms?: number, label?: string) =>
        new Promise<void>((resolve) => {
          seenLabel = label;
          finish = () => {
            runInAction(() => root.workflow.setNodePositions(new Map([...positions].map(([id, [x, y]]) => [id, [x, y] as [number, number]])), label));
            resolve();
          };
        }),
    };
    const done = tidyUp(root, layout as never, canvas as never);
    await vi.waitFor(() => expect(finish).toBeTypeOf('function'));
    runInAction(() => toggleDisabled(root, ['c'])); // during the animation
    finish();
    expect(await done).toBe(4);
    expect(seenLabel).toBe('Tidy up');
    const at = (id: string) => [root.workflow.nodes.get(id)!.x, root.workflow.nodes.get(id)!.y];
    expect(at('b')).toEqual([440, 0]);
    expect(root.workflow.history.undoLabel).toBe('Tidy up');
    runInAction(() => undo(root));
    expect(at('b')).toEqual([400, 300]);
    expect(root.workflow.nodes.get('c')!.disabled).toBe(true); // the edit was not taken back with it
    runInAction(() => undo(root));
    expect(root.workflow.nodes.get('c')!.disabled).toBe(false);
  });
});

describe('adding without a source', () => {
  it('goes to the last clicked spot (450,450 before any click) and asks the canvas to show it', () => {
    const root = rootWith(chain());
    runInAction(() => root.workflow.clearSelection());
    const first = runInAction(() => addNodeOfType(root, 'n8n-nodes-base.noOp'))!;
    expect([first.x, first.y]).toEqual([460, 460]); // 450,450 on the grid of 20
    expect(root.ui.revealRequest?.id).toBe(first.id);
    runInAction(() => {
      root.workflow.clearSelection();
      root.ui.setLastClickPosition(2000, -1000);
    });
    const second = runInAction(() => addNodeOfType(root, 'n8n-nodes-base.noOp'))!;
    expect([second.x, second.y]).toEqual([2000, -1000]);
    expect(root.ui.revealRequest).toMatchObject({ id: second.id, seq: 2 });
    runInAction(() => root.ui.setLastClickPosition(NaN, 5)); // ignored
    expect(root.ui.lastClickPosition).toEqual([2000, -1000]);
  });
});

describe('paste and credentials', () => {
  it('a pasted node naming a stored credential by name gets its id; an unknown one is kept as it came', async () => {
    const root = rootWith(chain());
    const item = (id: string, name: string) => ({ id, name, type: 'httpHeaderAuth', nodesAccess: [], createdAt: '', updatedAt: '' });
    runInAction(() => (root.credentials as unknown as { setLoaded(t: unknown[], l: unknown[]): void }).setLoaded([], [item('42', 'Partner API')]));
    const http = (name: string, credName: string) => ({
      id: name, name, type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, position: [0, 0],
      parameters: { url: 'https://example.com', authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' },
      credentials: { httpHeaderAuth: { id: 'from-elsewhere', name: credName } },
    });
    await runInAction(() => pasteText(root, JSON.stringify({ nodes: [http('Known', 'Partner API'), http('Unknown', 'Nobody')], connections: {} })));
    expect(root.workflow.nodeByName('Known')!.settings.credentials).toEqual({ httpHeaderAuth: { id: '42', name: 'Partner API' } });
    expect(root.workflow.nodeByName('Unknown')!.settings.credentials).toEqual({ httpHeaderAuth: { id: 'from-elsewhere', name: 'Nobody' } });
  });
});

