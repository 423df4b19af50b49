// The editor's side of the expression worker: the workflow's data is sent once per change (its
// key: run data version, pinned data, nodes, connections), then each preview is one small
// request. Without workers the same kernel answers on the main thread (loaded on demand, so
// the evaluator stays out of the main bundle).
import { buildGraph, parentNodes } from '../../../../model/graph.ts';
import type { IPinData } from '../../../../model/workflow.ts';
import type { IRunData } from '../../../../model/execution.ts';
import { workflowTimezone } from '../../../../model/timezone.ts';
import type { RootStore } from '../../../stores/RootStore.ts';
import { WorkerClient } from '../../../workers/WorkerClient.ts';
import type { ExpressionApi } from '../../../../../workers/expression.worker.ts';
import type { PreviewRequest, PreviewResult, PreviewWorkflow } from '../../../../../workers/expression/previewKernel.ts';
import type { ValueKind } from './completions.ts';

const kernel = () => import('../../../../../workers/expression/previewKernel.ts');

const localApi = {
  setWorkflow: async (wf: PreviewWorkflow) => (await kernel()).setPreviewWorkflow(wf),
  workflowKey: async () => (await kernel()).previewWorkflowKey(),
  preview: async (req: PreviewRequest) => (await kernel()).previewExpression(req),
  computeValue: async (req: PreviewRequest) => (await kernel()).computeExpressionValue(req),
  catalog: async () => (await import('../../../../../workers/expression/catalog.ts')).extensionCatalog(),
};

let client: WorkerClient<ExpressionApi> | undefined;
let sentKey: string | undefined;
let sending: Promise<void> | undefined;
let catalog: Promise<Record<ValueKind, string[]>> | undefined;

function getClient(root: RootStore): WorkerClient<ExpressionApi> {
  client ??= new WorkerClient<ExpressionApi>('expression', localApi as unknown as ExpressionApi, (message) =>
    root.ui.toasts.show({ kind: 'warning', title: 'Expression previews run on the main thread', message }),
  );
  return client;
}

const pinIds = new WeakMap<object, number>();
let nextPinId = 1;
function identity(o: object): number {
  let id = pinIds.get(o);
  if (!id) pinIds.set(o, (id = nextPinId++));
  return id;
}

/**
 * What the data an expression of `nodeName` reads depends on. Cheap enough for every render:
 * the node's parameters are not part of it (they travel with each request).
 */
export function previewKey(root: RootStore, nodeName: string): string {
  const { workflow } = root;
  let names = '';
  for (const n of workflow.nodes.values()) names += n.name + '\u0000';
  return [workflow.runDataVersion, identity(workflow.runData ?? pinIds), identity(workflow.pinData), workflow.connections.size, [...workflow.connections.keys()].join(','), names, workflow.name, workflow.workflowId, workflow.active, nodeName, workflowTimezone(workflow, root.settings.timezone)].join('|');
}

/** The workflow as plain data, with the run and pinned data of the node's ancestors only. */
export function previewWorkflowOf(root: RootStore, nodeName: string, key: string): PreviewWorkflow {
  const { workflow } = root;
  const wf = workflow.toWorkflow();
  // Node parameters may be observable: send a plain copy (small next to run data).
  const nodes = JSON.parse(JSON.stringify(wf.nodes)) as PreviewWorkflow['nodes'];
  const connections = JSON.parse(JSON.stringify(wf.connections)) as PreviewWorkflow['connections'];
  const graph = buildGraph(nodes, connections);
  const reach = [nodeName, ...parentNodes(graph, nodeName)];
  const runData: IRunData = {};
  const pinData: IPinData = {};
  for (const name of reach) {
    const runs = workflow.runData?.[name];
    if (runs) runData[name] = runs;
    const pinned = workflow.pinData[name];
    if (pinned) pinData[name] = pinned;
  }
  return {
    key,
    id: wf.id,
    name: wf.name,
    active: !!wf.active,
    nodes,
    connections,
    runData,
    pinData,
    timezone: workflowTimezone(wf, root.settings.timezone),
  };
}

/** Sends the workflow's data when it changed since the last send. */
export function syncPreviewWorkflow(root: RootStore, nodeName: string): Promise<void> {
  const key = previewKey(root, nodeName);
  if (key === sentKey && sending) return sending;
  sentKey = key;
  const wf = previewWorkflowOf(root, nodeName, key);
  sending = getClient(root).call('setWorkflow', wf);
  sending.catch(() => {
    if (sentKey === key) sentKey = undefined;
  });
  return sending;
}

export async function requestPreview(root: RootStore, req: PreviewRequest): Promise<PreviewResult> {
  await syncPreviewWorkflow(root, req.nodeName);
  return getClient(root).call('preview', req);
}

/** The expression's value now (for switching to a fixed value), as plain data. */
export async function computeValue(root: RootStore, req: PreviewRequest): Promise<{ ok: true; value: unknown } | { ok: false }> {
  await syncPreviewWorkflow(root, req.nodeName);
  return getClient(root).call('computeValue', req);
}

/** The evaluator's extension method names (asked once). */
export function extensionNames(root: RootStore): Promise<Record<ValueKind, string[]>> {
  catalog ??= getClient(root).call('catalog');
  return catalog;
}

/** For tests: forget the worker and what was sent. */
export function resetPreviewClient(): void {
  client?.destroy();
  client = undefined;
  sentKey = undefined;
  sending = undefined;
  catalog = undefined;
}
