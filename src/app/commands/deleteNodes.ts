// Deleting nodes (spec 001 §2.4, src/model/deletePlan.ts): a node with one input and one output
// leaves its neighbours connected RECONNECT_ON_DELETE_DELAY_MS later; the last trigger stays
// (a toast says why). Delete and reconnection are one undo step.
import { action } from 'mobx';
import { RECONNECT_ON_DELETE_DELAY_MS, STICKY_NODE_TYPE } from '../../model/constants.ts';
import { planDelete } from '../../model/deletePlan.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { ensureEditable } from './readOnly.ts';

export function deleteNodes(root: RootStore, ids: string[]): void {
  const { workflow, ui, nodeTypes } = root;
  if (!ensureEditable(root) || ids.length === 0) return;
  const nodes = [...workflow.nodes.values()].map((n) => ({ id: n.id, name: n.name, type: n.type, typeVersion: n.typeVersion, parameters: n.parameters }));
  const plan = planDelete(nodes, workflow.connectionsJSON(), ids, {
    // Ports of the node itself (a Switch with one rule has one output).
    ports: (n) => nodeTypes.portsOf(n.type, n.typeVersion, n.parameters),
    isStartTrigger: (type, version) => nodeTypes.isStartTrigger(type, version),
    isSticky: (type) => type === STICKY_NODE_TYPE,
  });
  if (plan.keptTrigger) {
    ui.toasts.show({
      kind: 'warning',
      title: 'The last trigger cannot be deleted',
      message: `"${plan.keptTrigger.name}" starts this workflow and is its last trigger. Add another trigger first, then delete this one.`,
    });
  }
  if (!plan.remove.length) return;
  workflow.history.transact(plan.remove.length === 1 ? 'Delete node' : 'Delete nodes', () => workflow.removeNodes(plan.remove));
  if (!plan.bridges.length) return;
  const stepId = workflow.history.lastStepId;
  setTimeout(
    action(() => {
      // Undone within the delay: the node is back, nothing to bridge.
      if (workflow.history.isUndone(stepId)) return;
      workflow.history.extend(stepId, 'Reconnect', () => {
        for (const b of plan.bridges) {
          const from = workflow.nodeByName(b.from);
          const to = workflow.nodeByName(b.to);
          if (from && to) workflow.connect(from.id, b.output, to.id, b.input);
        }
      });
    }),
    RECONNECT_ON_DELETE_DELAY_MS,
  );
}
