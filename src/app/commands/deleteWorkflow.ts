// Delete (spec 001 §4.5, §8): after the user confirmed, DELETE /workflows/{id}; the caller then
// goes to the new-workflow route (unsaved edits of the deleted workflow are dropped without a
// question). n8n's texts: 'Workflow deleted', 'Problem deleting workflow'.
import { deleteWorkflow } from '../api/workflows.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import type { RootStore } from '../stores/RootStore.ts';

export function deleteQuestion(name: string): string {
  return `Are you sure that you want to delete '${name}'?`;
}

/** True when it was deleted (a toast says so either way). */
export async function deleteOpenWorkflow(root: RootStore): Promise<boolean> {
  const { workflow, ui } = root;
  if (!workflow.isSaved) return false;
  const name = workflow.name;
  try {
    await deleteWorkflow(workflow.workflowId);
  } catch (e) {
    if (!isSessionEnded(e)) ui.toasts.error('Problem deleting workflow', errorMessage(e));
    return false;
  }
  ui.toasts.show({ kind: 'success', title: 'Workflow deleted', message: `'${name}' was deleted.` });
  return true;
}
