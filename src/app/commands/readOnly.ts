// Read-only views (executions, the demo): every attempt to edit shows the spec's error that
// stays until closed (spec 001 §2.1) — one toast, not one per keypress or drag.
import type { RootStore } from '../stores/RootStore.ts';

export const READ_ONLY_TITLE = 'This view is read-only';

function readOnlyMessage(root: RootStore): string {
  return root.ui.readOnlyReason === 'demo'
    ? 'This is a preview of a workflow. Import it to change it.'
    : 'You are looking at a past execution. Open its workflow to make changes.';
}

/** Shows the read-only error unless it is already on screen. */
export function showReadOnlyError(root: RootStore): void {
  const { toasts } = root.ui;
  if (toasts.toasts.some((t) => t.title === READ_ONLY_TITLE)) return;
  toasts.show({ kind: 'error', title: READ_ONLY_TITLE, message: readOnlyMessage(root), persistent: true });
}

/** True when the view may be edited; otherwise shows the read-only error and returns false. */
export function ensureEditable(root: RootStore): boolean {
  if (!root.ui.readOnly) return true;
  showReadOnlyError(root);
  return false;
}
