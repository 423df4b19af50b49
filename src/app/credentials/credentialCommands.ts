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

export const NODE_CREDENTIAL_UPDATED = 'Node credential updated';

/**
 * Spec 002 §4 "Invalid stored credentials are replaced, with a success message": choosing a
 * credential for a node whose current one does not exist (deleted, or from another instance)
 * gives it also to every other node of the open workflow that names the same missing credential,
 * in one undoable step, and says so (n8n's 'Node credential updated'). Otherwise only the node.
 */
export function selectNodeCredential(root: RootStore, nodeId: string, type: string, chosen: { id: string; name: string }): void {
  const { workflow, credentials, ui } = root;
  const old = workflow.nodes.get(nodeId)?.settings.credentials?.[type];
  const stored = credentials.ofType(type);
  const exists = (ref: { id?: string | null; name?: string }) =>
    (!!ref.id && stored.some((c) => c.id === ref.id)) || (!!ref.name && stored.filter((c) => c.name === ref.name).length === 1);
  const invalid = old && credentials.loaded && !exists(old) && (old.id !== chosen.id || old.name !== chosen.name);
  if (!invalid) {
    workflow.setNodeCredential(nodeId, type, chosen);
    return;
  }
  const same = (ref: { id?: string | null; name?: string } | undefined) => !!ref && (old.id ? ref.id === old.id : !ref.id && ref.name === old.name);
  const others = [...workflow.nodes.values()].filter((m) => m.id !== nodeId && same(m.settings.credentials?.[type])).map((m) => m.id);
  workflow.history.transact('Select credential', () => {
    for (const id of [nodeId, ...others]) workflow.setNodeCredential(id, type, chosen);
  });
  if (others.length) ui.toasts.success(NODE_CREDENTIAL_UPDATED, `Nodes that used credential "${old.name || old.id}" have been updated to use "${chosen.name}"`);
}
