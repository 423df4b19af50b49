// Adding nodes from the node creator and the add-sticky button (spec 001 §2.6, §4.1, §5).
import { STICKY_DEFAULT_HEIGHT, STICKY_DEFAULT_WIDTH, STICKY_NODE_TYPE } from '../../model/constants.ts';
import { newId } from '../../model/names.ts';
import { latestVersion, type INodeTypeDescription } from '../../model/nodeTypes.ts';
import { resolveNodeParameters } from '../../model/parameters.ts';
import type { RootStore } from '../stores/RootStore.ts';
import type { CreatorSource } from '../stores/UIStore.ts';
import type { NodeModel } from '../stores/WorkflowStore.ts';
import { afterSource, DEFAULT_POSITION, freePosition } from './nodePlacement.ts';

function maxNodesReached(root: RootStore, d: INodeTypeDescription): boolean {
  if (!d.maxNodes) return false;
  let count = 0;
  for (const n of root.workflow.nodes.values()) if (n.type === d.name) count++;
  return count >= d.maxNodes;
}

/** The node the new one is connected after: the endpoint it was opened from, else the last selected node. */
function sourceOf(root: RootStore, source: CreatorSource): { node: NodeModel; outputIndex: number } | undefined {
  const { workflow } = root;
  if (source.kind === 'endpoint') {
    const node = workflow.nodes.get(source.nodeId);
    return node ? { node, outputIndex: source.outputIndex } : undefined;
  }
  if (source.kind === 'default' && workflow.lastSelectedId && workflow.selection.has(workflow.lastSelectedId)) {
    const node = workflow.nodes.get(workflow.lastSelectedId);
    if (node && !node.isSticky) return { node, outputIndex: 0 };
  }
  return undefined;
}

/** Adds a node of `type`; returns it, or undefined when it could not be added (a toast says why). */
export function addNodeOfType(root: RootStore, type: string, source: CreatorSource = { kind: 'default' }): NodeModel | undefined {
  const { workflow, nodeTypes, ui } = root;
  if (ui.readOnly) {
    ui.toasts.error('Could not create node', 'This view is read-only.');
    return undefined;
  }
  const d = nodeTypes.latest(type);
  if (!d) {
    ui.toasts.error('Could not create node', `Node type "${type}" is not known.`);
    return undefined;
  }
  if (maxNodesReached(root, d)) {
    ui.toasts.show({
      kind: 'error',
      title: 'Could not insert node',
      message: `Node can not be inserted because the maximum number of ${d.maxNodes} nodes of type "${d.displayName}" is already reached.`,
      persistent: true,
    });
    return undefined;
  }
  const version = latestVersion(d);
  const from = d.inputs.length ? sourceOf(root, source) : undefined;
  let wanted: [number, number] = DEFAULT_POSITION;
  if (from) {
    const fromType = nodeTypes.get(from.node.type, from.node.typeVersion);
    wanted = afterSource(from.node, from.outputIndex, fromType?.outputs.length ?? 1);
  } else if (source.kind === 'position') wanted = [source.x, source.y];
  const position = freePosition(wanted, workflow.nodes.values());
  const node = workflow.addNode({
    name: d.defaults.name,
    type: d.name,
    typeVersion: version,
    position,
    parameters: resolveNodeParameters(d.properties, {}, version),
    ...(d.webhooks?.length ? { webhookId: newId() } : {}),
  });
  if (from) workflow.connect(from.node.id, from.outputIndex, node.id, 0);
  workflow.select([node.id]);
  return node;
}

/** A sticky note at `at` (the canvas centre) with the spec's default size. */
export function addSticky(root: RootStore, at: [number, number]): NodeModel | undefined {
  const { workflow, nodeTypes, ui } = root;
  if (ui.readOnly) return undefined;
  const d = nodeTypes.latest(STICKY_NODE_TYPE);
  const version = d ? latestVersion(d) : 1;
  const defaults = d ? resolveNodeParameters(d.properties, {}, version) : {};
  const node = workflow.addNode({
    name: d?.defaults.name ?? 'Sticky Note',
    type: STICKY_NODE_TYPE,
    typeVersion: version,
    position: [Math.round(at[0] - STICKY_DEFAULT_WIDTH / 2), Math.round(at[1] - STICKY_DEFAULT_HEIGHT / 2)],
    parameters: { ...defaults, height: STICKY_DEFAULT_HEIGHT, width: STICKY_DEFAULT_WIDTH },
  });
  workflow.select([node.id]);
  return node;
}
