// Adding nodes from pasted or imported workflow JSON, and duplicates (spec 001 §4.1, §5): the
// data is repaired (repairWorkflow), planned (planPaste: maxNodes, unique names, offsets,
// connections and expressions under the new names) and applied as one undo step; the new
// nodes end up selected. What was skipped or repaired is said in toasts.
import { planPaste, nodeBox, type Rect } from '../../model/pastePlan.ts';
import { repairMessages, repairWorkflow } from '../../model/repairWorkflow.ts';
import { matchCredentials } from '../../model/nodeCredentials.ts';
import { checkPinDataTotal, PIN_DATA_TOO_LARGE_TITLE } from '../../../workers/pinData/kernel.ts';
import type { IPinData } from '../../model/workflow.ts';
import type { RootStore } from '../stores/RootStore.ts';

export interface InsertOptions {
  /** Undo label. */
  label: string;
  /** The visible world rectangle (a paste from elsewhere lands in view). */
  viewport?: Rect;
  /** Duplicate: fixed offsets instead of looking for a free spot. */
  fixedOffset?: { node: [number, number]; sticky: [number, number] };
}

/** Returns the ids of the added nodes (empty when nothing could be added). */
export function insertWorkflow(root: RootStore, data: unknown, options: InsertOptions): string[] {
  const { workflow, nodeTypes, ui } = root;
  const { workflow: source, report } = repairWorkflow(data);
  const counts = new Map<string, number>();
  for (const n of workflow.nodes.values()) counts.set(n.type, (counts.get(n.type) ?? 0) + 1);
  const plan = planPaste(source, {
    hasName: (name) => workflow.hasName(name),
    countOfType: (type) => counts.get(type) ?? 0,
    limitOf: (type) => {
      const d = nodeTypes.latest(type);
      return d?.maxNodes ? { maxNodes: d.maxNodes, displayName: d.displayName } : undefined;
    },
    boxes: [...workflow.nodes.values()].map((n) => nodeBox({ type: n.type, position: [n.x, n.y], parameters: n.parameters })),
    viewport: options.viewport,
    fixedOffset: options.fixedOffset,
  });

  for (const s of plan.skipped) {
    // showMaxNodeTypeError: stays until closed (spec 001 §5).
    ui.toasts.show({
      kind: 'error',
      title: 'Could not insert node',
      message: `Node can not be inserted because the maximum number of ${s.maxNodes} nodes of type "${s.displayName}" is already reached. ${s.skipped} ${s.skipped === 1 ? 'node was' : 'nodes were'} skipped.`,
      persistent: true,
    });
  }
  const lines = repairMessages(report);
  if (lines.length) ui.toasts.show({ kind: 'warning', title: 'Some of the pasted data was repaired', message: lines.join(' ') });
  if (!plan.nodes.length) {
    if (!plan.skipped.length) ui.toasts.error('Could not insert nodes', 'no nodes given to add');
    return [];
  }
  if (nodeTypes.loaded) {
    const unknown = [...new Set(plan.nodes.filter((n) => !nodeTypes.get(n.type, n.typeVersion)).map((n) => `${n.type} (v${n.typeVersion})`))];
    if (unknown.length) {
      ui.toasts.show({
        kind: 'error',
        title: unknown.length === 1 ? 'Unknown node type' : 'Unknown node types',
        message: `${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not installed. The nodes were added and marked; they cannot run.`,
        persistent: true,
      });
    }
  }
  let pins: IPinData = plan.pinData;
  const pinError = Object.keys(pins).length ? checkPinDataTotal(workflow.pinData, pins) : undefined;
  if (pinError) {
    ui.toasts.show({ kind: 'error', title: PIN_DATA_TOO_LARGE_TITLE, message: `${pinError.message} The nodes were added without it.`, persistent: true });
    pins = {};
  }

  // Credentials from another instance: matched to ours by id, else by a unique name.
  const known = root.credentials.loaded ? root.credentials.credentials : undefined;
  const nodes = known ? plan.nodes.map((n) => (n.credentials ? { ...n, credentials: matchCredentials(n.credentials, known) } : n)) : plan.nodes;

  let ids: string[] = [];
  workflow.history.transact(options.label, () => {
    const added = workflow.addNodes(nodes);
    ids = added.map((m) => m.id);
    for (const c of plan.connections) {
      const from = workflow.nodeByName(c.source);
      const to = workflow.nodeByName(c.target);
      if (from && to) workflow.connect(from.id, c.sourceOutput, to.id, c.targetInput, c.type);
    }
    for (const [name, items] of Object.entries(pins)) workflow.setPinData(name, items);
  });
  workflow.select(ids);
  // A large paste or import does not fit the view at its zoom: the canvas zooms out to show it.
  ui.showNodes(ids);
  return ids;
}
