// The canvas's document layer against the real WorkflowStore: change routing, geometry
// patches, adjacency, and that it subscribes without a reaction per node.
import { describe, expect, it } from 'vitest';
import { getObserverTree, runInAction } from 'mobx';
import { WorkflowStore } from '../../src/app/stores/WorkflowStore.ts';
import { GraphGeometry } from '../../src/canvas/doc/GraphGeometry.ts';
import { syncDocument, type SyncListener } from '../../src/canvas/doc/DocumentSync.ts';
import type { CanvasDocument } from '../../src/canvas/types.ts';
import { NODE_STRIDE, N_CONNECTED, N_X } from '../../workers/spatial/geometry.ts';
import { generateWorkflow } from '../../bench/generateWorkflow.ts';

function recorder(geometry: GraphGeometry) {
  const log: string[] = [];
  const l: SyncListener = {
    nodeAdded: (n) => {
      geometry.setNode(n.id, { x: n.x, y: n.y, w: 100, h: 100, inputs: 1, outputs: 2, flags: 0 });
      log.push(`add ${n.name}`);
    },
    nodeRemoved: (n) => {
      geometry.removeNode(n.id);
      log.push(`remove ${n.name}`);
    },
    nodeChanged: (n, f) => {
      if (f === 'x' || f === 'y') geometry.moveNode(geometry.nodes.slotOf(n.id)!, n.x, n.y);
      log.push(`change ${n.name}.${f}`);
    },
    connectionAdded: (c) => {
      geometry.addEdge(c.id, c.sourceId, c.sourceOutput, c.targetId, c.targetInput);
      log.push(`connect ${c.id}`);
    },
    connectionRemoved: (c) => {
      geometry.removeEdge(c.id);
      log.push(`disconnect ${c.id}`);
    },
    nodeSelectionChanged: (id) => log.push(`select ${id}`),
    connectionSelectionChanged: (id) => log.push(`selectConnection ${id}`),
    pinDataChanged: (names) => log.push(`pin ${names.join(',')}`),
  };
  return { l, log };
}

function twoNodes() {
  const store = new WorkflowStore();
  runInAction(() =>
    store.load({
      name: 't',
      active: false,
      nodes: [
        { id: 'a', name: 'A', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [0, 0], parameters: {} },
        { id: 'b', name: 'B', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [300, 0], parameters: {} },
      ],
      connections: {},
    }),
  );
  return store;
}

describe('document sync', () => {
  it('the WorkflowStore is a CanvasDocument', () => {
    const doc: CanvasDocument = new WorkflowStore();
    expect(doc.nodes.size).toBe(0);
  });

  it('reports existing nodes, then each change once, with the field that changed', () => {
    const store = twoNodes();
    const g = new GraphGeometry();
    const { l, log } = recorder(g);
    const dispose = syncDocument(store, l);
    expect(log).toEqual(['add A', 'add B']);
    log.length = 0;
    runInAction(() => {
      store.setNodePosition('a', 40, 60);
      store.connect('a', 1, 'b', 0);
      store.select(['b']);
      store.setNodeStatus('B', 'running');
      store.setPinData('A', [{ json: { x: 1 } }]);
    });
    expect(log).toEqual(['change A.x', 'change A.y', 'connect a:1>b:0', 'select b', 'change B.status', 'pin A']);
    log.length = 0;
    runInAction(() => store.removeNodes(['b']));
    expect(log).toEqual(['disconnect a:1>b:0', 'remove B', 'select b']);
    dispose();
    runInAction(() => store.setNodePosition('a', 0, 0));
    expect(log).toHaveLength(3);
  });

  it('patches only what changed: a move ships one node and its connections', () => {
    const store = twoNodes();
    const g = new GraphGeometry();
    syncDocument(store, recorder(g).l);
    runInAction(() => store.connect('a', 0, 'b', 0));
    expect(g.takePatch()!.nodeSlots.length).toBe(2);
    expect(g.takePatch()).toBeNull();
    runInAction(() => store.setNodePosition('b', 500, 20));
    const p = g.takePatch()!;
    expect([...p.nodeSlots]).toEqual([g.nodes.slotOf('b')]);
    expect(p.nodeValues[N_X]).toBe(500);
    expect(p.edgeSlots.length).toBe(1);
  });

  it('tracks which outputs are connected (plus buttons) and reuses slots', () => {
    const store = twoNodes();
    const g = new GraphGeometry();
    syncDocument(store, recorder(g).l);
    const a = g.nodes.slotOf('a')!;
    runInAction(() => store.connect('a', 1, 'b', 0));
    expect(g.outputConnected(a, 1)).toBe(true);
    expect(g.outputConnected(a, 0)).toBe(false);
    expect(g.state.nodes[a * NODE_STRIDE + N_CONNECTED]).toBe(2);
    runInAction(() => store.disconnect(['a:1>b:0']));
    expect(g.outputConnected(a, 1)).toBe(false);
    expect(g.state.nodes[a * NODE_STRIDE + N_CONNECTED]).toBe(0);
    const b = g.nodes.slotOf('b')!;
    runInAction(() => store.removeNodes(['b']));
    runInAction(() => store.addNode({ name: 'C', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [0, 0], parameters: {} }));
    expect(g.nodes.slotOf([...store.nodes.keys()].find((k) => k !== 'a')!)).toBe(b);
  });

  it('creates no reaction per node: a thousand nodes leave their fields without derivations', () => {
    const store = new WorkflowStore();
    runInAction(() => store.load(generateWorkflow(1000)));
    const g = new GraphGeometry();
    syncDocument(store, recorder(g).l);
    const some = [...store.nodes.values()][500];
    // Fields are watched by change listeners, not by reactions/computeds.
    expect(getObserverTree(some, 'x').observers ?? []).toHaveLength(0);
    expect(getObserverTree(some, 'status').observers ?? []).toHaveLength(0);
    expect(g.nodes.size).toBe(1000);
    expect(g.edges.size).toBe(999);
  });

  it('refuses a document whose collections are not observable, with a clear error', () => {
    const fake = { ...new WorkflowStore(), nodes: new Map() } as unknown as CanvasDocument;
    expect(() => syncDocument(fake, recorder(new GraphGeometry()).l)).toThrow(/must be MobX observable maps/);
  });
});
