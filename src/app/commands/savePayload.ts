// The saved-workflow payload (spec 001 §3): node fields starting with '_', color, issues and
// status are dropped; tags go as ids; the id only travels in the URL.
import type { WorkflowSavePayload } from '../../model/api.ts';
import type { INode } from '../../model/workflow.ts';
import type { WorkflowStore } from '../stores/WorkflowStore.ts';

const DROPPED = new Set(['color', 'issues', 'status']);

export function cleanNode(node: INode): INode {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k.startsWith('_') || DROPPED.has(k) || v === undefined) continue;
    out[k] = v;
  }
  return out as unknown as INode;
}

export function savePayload(store: WorkflowStore): WorkflowSavePayload {
  const wf = store.toWorkflow();
  const payload: WorkflowSavePayload = {
    name: wf.name,
    nodes: wf.nodes.map(cleanNode),
    connections: wf.connections,
    pinData: wf.pinData ?? {},
    settings: wf.settings ?? {},
    tags: (wf.tags ?? []).map((t) => t.id),
    active: store.isSaved ? wf.active : false,
  };
  if (wf.versionId) payload.versionId = wf.versionId;
  if (wf.meta) payload.meta = wf.meta;
  return payload;
}
