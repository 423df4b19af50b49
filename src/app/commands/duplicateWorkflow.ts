// Duplicate (spec 002 duplicate modal, §5; spec 001 §4.5 save-as-new): the open workflow as it
// is now (unsaved edits included) is created as a new, inactive workflow under the given name
// and tags, with new node and webhook ids (src/model/duplicateWorkflow.ts). The original is
// not touched.
import type { WorkflowSavePayload } from '../../model/api.ts';
import { MAX_WORKFLOW_PAYLOAD_BYTES } from '../../model/constants.ts';
import { duplicateWorkflowName, nodesForCopy } from '../../model/duplicateWorkflow.ts';
import { createWorkflow, getNewWorkflow } from '../api/workflows.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { savePayload } from './savePayload.ts';

export const DUPLICATE_FAILED_TITLE = 'Duplicate workflow failed';

/** The name the dialog proposes: 'Name copy', made free by the server ('Name copy 2'), or the name as is when too long. */
export async function proposedDuplicateName(name: string): Promise<string> {
  const wanted = duplicateWorkflowName(name);
  if (wanted === name) return name;
  try {
    return (await getNewWorkflow(wanted)).name;
  } catch {
    // Only a proposal: the user can change it, and the server accepts duplicate names.
    return wanted;
  }
}

/** The copy's save payload. */
export function duplicatePayload(root: RootStore, name: string, tagIds: string[]): WorkflowSavePayload {
  const { versionId: _version, ...payload } = savePayload(root.workflow);
  return { ...payload, name: name.trim(), nodes: nodesForCopy(payload.nodes), tags: tagIds, active: false };
}

/** Creates the copy; returns its id. Throws what the server answered. */
export async function duplicateWorkflow(root: RootStore, name: string, tagIds: string[]): Promise<string> {
  const payload = duplicatePayload(root, name, tagIds);
  const bytes = new TextEncoder().encode(JSON.stringify(payload)).length;
  if (bytes > MAX_WORKFLOW_PAYLOAD_BYTES) throw new Error(`The workflow is ${(bytes / 1048576).toFixed(1)} MB; the maximum is ${MAX_WORKFLOW_PAYLOAD_BYTES / 1048576} MB.`);
  return (await createWorkflow(payload)).id;
}
