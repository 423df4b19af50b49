// Save (ctrl+s, the save button, the unsaved-changes prompt): create when unsaved, else update.
import { askAfterSave } from '../prompts/flow.ts';
import { MAX_WORKFLOW_PAYLOAD_BYTES } from '../../model/constants.ts';
import { validateWorkflowName } from '../../model/names.ts';
import { createWorkflow, updateWorkflow } from '../api/workflows.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { savePayload } from './savePayload.ts';

export interface SaveResult {
  id: string;
  created: boolean;
}

/** Returns the saved id, or undefined when saving failed (a toast says why). */
export async function saveWorkflow(root: RootStore): Promise<SaveResult | undefined> {
  const { workflow, ui } = root;
  if (ui.readOnly) {
    ui.toasts.error('Could not save', 'This view is read-only.');
    return undefined;
  }
  if (ui.saving) return undefined;
  const nameError = validateWorkflowName(workflow.name);
  if (nameError) {
    ui.toasts.error('Problem saving workflow', nameError);
    return undefined;
  }
  const payload = savePayload(workflow);
  const bytes = new TextEncoder().encode(JSON.stringify(payload)).length;
  if (bytes > MAX_WORKFLOW_PAYLOAD_BYTES) {
    ui.toasts.error('Problem saving workflow', `The workflow is ${(bytes / 1048576).toFixed(1)} MB; the maximum is ${MAX_WORKFLOW_PAYLOAD_BYTES / 1048576} MB.`);
    return undefined;
  }
  ui.setSaving(true);
  try {
    const created = !workflow.isSaved;
    const saved = created ? await createWorkflow(payload) : await updateWorkflow(workflow.workflowId, payload);
    workflow.markSaved({ id: saved.id, versionId: saved.versionId, name: saved.name, tags: saved.tags, active: saved.active });
    // Spec 001 §7: the prompts data is fetched after a save.
    void askAfterSave(root);
    return { id: saved.id, created };
  } catch (e) {
    // A lost session is handled by RootStore.sessionEnded (sign in again over the editor): no error toast.
    if (!isSessionEnded(e)) ui.toasts.error('Problem saving workflow', errorMessage(e));
    return undefined;
  } finally {
    ui.setSaving(false);
  }
}
