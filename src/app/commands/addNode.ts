// Adding nodes from the node creator and the add-sticky button (spec 001 §2.6, §4.1, §5).
import { STICKY_DEFAULT_HEIGHT, STICKY_DEFAULT_WIDTH, STICKY_NODE_TYPE, WEBHOOK_NODE_TYPE } from '../../model/constants.ts';
import { newId } from '../../model/names.ts';
import { latestVersion, type INodeTypeDescription } from '../../model/nodeTypes.ts';
import { resolveNodeParameters } from '../../model/parameters.ts';
import type { RootStore } from '../stores/RootStore.ts';
import type { CreatorSource } from '../stores/UIStore.ts';
import type { NodeModel } from '../stores/WorkflowStore.ts';
import { afterSource, freePosition } from '../../model/placement.ts';
import { ensureEditable } from './readOnly.ts';

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
  if (source.kind === 'connection') {
    const c = workflow.connections.get(source.connectionId);
    const node = c && workflow.nodes.get(c.sourceId);
    return node && c ? { node, outputIndex: c.sourceOutput } : undefined;
  }
  if (source.kind === 'default' && workflow.lastSelectedId && workflow.selection.has(workflow.lastSelectedId)) {
    const node = workflow.nodes.get(workflow.lastSelectedId);
    if (node && !node.isSticky) return { node, outputIndex: 0 };
  }
  return undefined;
}

/**
 * A new Webhook node listens at its own id (n8n's resolveNodeWebhook sets parameters.path to the
 * webhookId when the path is empty), so two new webhooks never claim one URL and the URL shown is
 * the one the server registers. Wait nodes resume at /webhook-waiting/<execution id> and have no path.
 */
export function withGeneratedPath<P extends Record<string, unknown>>(type: string, parameters: P, webhookId: string | undefined): P {
  if (type !== WEBHOOK_NODE_TYPE || !webhookId || (parameters.path !== '' && parameters.path !== undefined)) return parameters;
  return { ...parameters, path: webhookId };
}

/** Adds a node of `type`; returns it, or undefined when it could not be added (a toast says why). */
export function addNodeOfType(root: RootStore, type: string, source: CreatorSource = { kind: 'default' }): NodeModel | undefined {
  const { workflow, nodeTypes, ui } = root;
  if (!ensureEditable(root)) return undefined;
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
  // Inserting into a connection: the new node takes its place between the two ends.
  const into = source.kind === 'connection' && d.inputs.length && d.outputs.length ? workflow.connections.get(source.connectionId) : undefined;
  let wanted: [number, number] = ui.lastClickPosition;
  if (into && source.kind === 'connection') wanted = source.position;
  else if (from) {
    const outputs = nodeTypes.portsOf(from.node.type, from.node.typeVersion, from.node.parameters)?.outputs ?? 1;
    wanted = source.kind === 'endpoint' && source.position ? source.position : afterSource(from.node, from.outputIndex, outputs);
  } else if (source.kind === 'position') wanted = [source.x, source.y];
  const position = into ? wanted : freePosition(wanted, workflow.nodes.values());
  const webhookId = d.webhooks?.length ? newId() : undefined;
  const node = workflow.history.transact(`Add ${d.displayName}`, () => {
    const added = workflow.addNode({
      name: d.defaults.name,
      type: d.name,
      typeVersion: version,
      position,
      parameters: withGeneratedPath(d.name, resolveNodeParameters(d.properties, {}, version), webhookId),
      ...(webhookId ? { webhookId } : {}),
    });
    if (into) {
      workflow.disconnect([into.id]);
      workflow.connect(into.sourceId, into.sourceOutput, added.id, 0);
      workflow.connect(added.id, 0, into.targetId, into.targetInput);
    } else if (from) workflow.connect(from.node.id, from.outputIndex, added.id, 0);
    return added;
  });
  workflow.select([node.id]);
  ui.reveal(node.id);
  return node;
}

/** A sticky note at `at` (the canvas centre) with the spec's default size. */
export function addSticky(root: RootStore, at: [number, number]): NodeModel | undefined {
  const { workflow, nodeTypes } = root;
  if (!ensureEditable(root)) return undefined;
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
