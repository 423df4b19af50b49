// Subscribes to the document with MobX at the granularity the canvas needs, without a reaction
// per node: the nodes and connections maps are observed for add/delete, each node object gets
// one change listener (a shared function, not a derivation), and selection sets and pin data
// are observed once each. Everything funnels into a listener that only marks things dirty; the
// frame loop does the work.
import { isObservableMap, isObservableObject, isObservableSet, observe, reaction, type IObjectDidChange, type Lambda, type ObservableMap, type ObservableSet } from 'mobx';
import type { CanvasConnection, CanvasDocument, CanvasNode } from '../types.ts';

export interface SyncListener {
  nodeAdded(node: CanvasNode): void;
  nodeRemoved(node: CanvasNode): void;
  /** A field of a node changed (x, y, name, status, issues …). */
  nodeChanged(node: CanvasNode, field: string): void;
  connectionAdded(c: CanvasConnection): void;
  connectionRemoved(c: CanvasConnection): void;
  nodeSelectionChanged(nodeId: string): void;
  connectionSelectionChanged(connectionId: string): void;
  /** Node names whose pinned data appeared, changed or disappeared. */
  pinDataChanged(names: string[]): void;
}

export function syncDocument(doc: CanvasDocument, l: SyncListener): Lambda {
  if (!isObservableMap(doc.nodes) || !isObservableMap(doc.connections)) throw new Error('Canvas document: nodes and connections must be MobX observable maps');
  if (!isObservableSet(doc.selection) || !isObservableSet(doc.selectedConnections)) throw new Error('Canvas document: selection and selectedConnections must be MobX observable sets');
  const nodes = doc.nodes as ObservableMap<string, CanvasNode>;
  const connections = doc.connections as ObservableMap<string, CanvasConnection>;
  const selection = doc.selection as ObservableSet<string>;
  const selectedConnections = doc.selectedConnections as ObservableSet<string>;
  const nodeDisposers = new Map<string, Lambda>();
  const onNodeField = (change: IObjectDidChange) => {
    if (change.type === 'update') l.nodeChanged(change.object as CanvasNode, String(change.name));
  };
  const watchNode = (n: CanvasNode) => {
    if (!isObservableObject(n)) throw new Error(`Canvas document: node ${n.id} is not a MobX observable object`);
    nodeDisposers.get(n.id)?.();
    nodeDisposers.set(n.id, observe(n as object, onNodeField));
  };

  for (const n of doc.nodes.values()) {
    watchNode(n);
    l.nodeAdded(n);
  }
  for (const c of doc.connections.values()) l.connectionAdded(c);

  const disposers: Lambda[] = [
    observe(nodes, (change) => {
      if (change.type === 'add') {
        watchNode(change.newValue);
        l.nodeAdded(change.newValue);
      } else if (change.type === 'delete') {
        nodeDisposers.get(change.oldValue.id)?.();
        nodeDisposers.delete(change.oldValue.id);
        l.nodeRemoved(change.oldValue);
      } else {
        // A node object replaced under the same id: treat as remove + add.
        nodeDisposers.get(change.oldValue.id)?.();
        l.nodeRemoved(change.oldValue);
        watchNode(change.newValue);
        l.nodeAdded(change.newValue);
      }
    }),
    observe(connections, (change) => {
      if (change.type === 'add') l.connectionAdded(change.newValue);
      else if (change.type === 'delete') l.connectionRemoved(change.oldValue);
      else {
        l.connectionRemoved(change.oldValue);
        l.connectionAdded(change.newValue);
      }
    }),
    observe(selection, (change) => {
      l.nodeSelectionChanged(change.type === 'add' ? change.newValue : change.oldValue);
    }),
    observe(selectedConnections, (change) => {
      l.connectionSelectionChanged(change.type === 'add' ? change.newValue : change.oldValue);
    }),
    reaction(
      () => doc.pinData,
      (next, prev) => {
        const names: string[] = [];
        for (const k of Object.keys(next)) if (next[k] !== prev[k]) names.push(k);
        for (const k of Object.keys(prev)) if (!(k in next)) names.push(k);
        if (names.length) l.pinDataChanged(names);
      },
    ),
  ];

  return () => {
    for (const d of disposers) d();
    for (const d of nodeDisposers.values()) d();
    nodeDisposers.clear();
  };
}
