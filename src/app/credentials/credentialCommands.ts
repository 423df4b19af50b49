// What the credential dialogs do beyond the store: deleting (the open workflow's nodes that
// used the credential lose it, one undoable step; spec 002 §4 "Deleting it clears the
// selection") and telling a credential that no longer exists (spec 002 §8 'Could not find
// credential').
import { ApiError, errorMessage, isSessionEnded } from '../api/errors.ts';
import type { RootStore } from '../stores/RootStore.ts';

export const CREDENTIAL_DELETED = 'Credential deleted';
export const PROBLEM_DELETING_CREDENTIAL = 'Problem deleting credential';
export const PROBLEM_LOADING_CREDENTIAL = 'Problem loading credential';
export const ERROR_LOADING_CREDENTIALS = 'Error loading credentials';

export function isNotFound(e: unknown): boolean {
  return e instanceof ApiError && e.status === 404;
}

export function couldNotFind(id: string): string {
  return `Could not find credential with ID "${id}": it may have been deleted.`;
}

/** Clears every reference to a deleted credential from the open workflow's nodes. */
export function clearCredentialRefs(root: RootStore, id: string): void {
  const { workflow } = root;
  const refs: Array<{ node: string; type: string }> = [];
  for (const m of workflow.nodes.values()) {
    for (const [type, ref] of Object.entries(m.settings.credentials ?? {})) if (ref?.id === id) refs.push({ node: m.id, type });
  }
  if (!refs.length) return;
  workflow.history.transact('Remove credential', () => {
    for (const r of refs) workflow.setNodeCredential(r.node, r.type, undefined);
  });
}

/**
 * DELETE, then the toast. A credential already gone is gone: it leaves the list with 'Could not
 * find credential' instead of a failure. Returns whether it is gone.
 */
export async function deleteCredentialCommand(root: RootStore, id: string, name: string): Promise<boolean> {
  const { credentials, ui } = root;
  try {
    await credentials.delete(id);
    clearCredentialRefs(root, id);
    ui.toasts.success(CREDENTIAL_DELETED, `"${name}" was deleted.`);
    return true;
  } catch (e) {
    if (isNotFound(e)) {
      credentials.forget(id);
      clearCredentialRefs(root, id);
      ui.toasts.error(PROBLEM_DELETING_CREDENTIAL, couldNotFind(id), false);
      return true;
    }
    if (!isSessionEnded(e)) ui.toasts.error(PROBLEM_DELETING_CREDENTIAL, errorMessage(e), false);
    return false;
  }
}
