// Leaving a workflow with unsaved changes asks save / discard / cancel (spec 001 §4.5).
// In-app navigation goes through guardedNavigate; browser back/forward is caught by the view.
import type { RootStore } from './stores/RootStore.ts';
import { saveWorkflow } from './commands/saveWorkflow.ts';

/** True when the caller may leave the current workflow (saved, discarded, or nothing to lose). */
export async function confirmLeave(root: RootStore): Promise<boolean> {
  if (!root.workflow.dirty || root.ui.readOnly) return true;
  const choice = await root.ui.askUnsaved();
  if (choice === 'cancel') return false;
  if (choice === 'discard') return true;
  return !!(await saveWorkflow(root));
}

/** One navigation whose leave was already confirmed; the view skips its own question for it. */
let confirmedTarget: string | undefined;

export function markConfirmed(path: string): void {
  confirmedTarget = path;
}

export function takeConfirmed(path: string): boolean {
  const ok = confirmedTarget === path;
  confirmedTarget = undefined;
  return ok;
}

/** Returns false when the user chose to stay. */
export async function guardedNavigate(root: RootStore, navigate: (to: string, options?: { replace?: boolean }) => void, to: string): Promise<boolean> {
  if (!(await confirmLeave(root))) return false;
  markConfirmed(to);
  navigate(to);
  return true;
}
