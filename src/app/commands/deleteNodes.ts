// Deleting nodes (spec 001 §2.4): a node with one input and one output leaves its neighbours
// connected (after RECONNECT_ON_DELETE_DELAY_MS); the last trigger-type start node stays.
import { RECONNECT_ON_DELETE_DELAY_MS, START_NODE_TYPE } from '../../model/constants.ts';
import { buildGraph, reconnectOnDelete } from '../../model/graph.ts';
import type { RootStore } from '../stores/RootStore.ts';

export function deleteNodes(root: RootStore, ids: string[]): void {
  const { workflow, ui, nodeTypes } = root;
  if (ui.readOnly || ids.length === 0) return;
  let remove = ids.filter((id) => workflow.nodes.has(id));
  const startNodes = [...workflow.nodes.values()].filter((n) => n.type === START_NODE_TYPE);
  const otherTriggers = [...workflow.nodes.values()].filter((n) => !remove.includes(n.id) && nodeTypes.isTrigger(n.type, n.typeVersion));
  if (startNodes.length && otherTriggers.length === 0) {
    const last = startNodes.filter((n) => remove.includes(n.id));
    if (last.length === startNodes.length) {
      remove = remove.filter((id) => id !== last[0].id);
      ui.toasts.show({ kind: 'warning', title: 'The last start node cannot be removed', message: `"${last[0].name}" starts the workflow.` });
    }
  }
  if (!remove.length) return;

  const wf = workflow.toWorkflow();
  const graph = buildGraph(wf.nodes, wf.connections);
  const removedNames = new Set(remove.map((id) => workflow.nodes.get(id)!.name));
  const bridges = remove
    .filter((id) => {
      const m = workflow.nodes.get(id)!;
      const d = nodeTypes.get(m.type, m.typeVersion);
      return d ? d.inputs.length === 1 && d.outputs.length === 1 : false;
    })
    .flatMap((id) => reconnectOnDelete(graph, workflow.nodes.get(id)!.name))
    .filter((b) => !removedNames.has(b.from) && !removedNames.has(b.to));

  workflow.removeNodes(remove);
  if (!bridges.length) return;
  setTimeout(() => {
    for (const b of bridges) {
      const from = workflow.nodeByName(b.from);
      const to = workflow.nodeByName(b.to);
      if (from && to) workflow.connect(from.id, b.output, to.id, b.input);
    }
  }, RECONNECT_ON_DELETE_DELAY_MS);
}
