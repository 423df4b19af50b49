// Rename (F2, the rename action), disable (d) and undo/redo (ctrl+z, ctrl+shift+z, ctrl+y).
import { normaliseRename } from '../../model/names.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { ensureEditable } from './readOnly.ts';

/** The node an action on "the selected node" means: the last selected one, else the only one. */
export function targetNodeId(root: RootStore): string | undefined {
  const { workflow } = root;
  if (workflow.lastSelectedId && workflow.selection.has(workflow.lastSelectedId)) return workflow.lastSelectedId;
  return workflow.selection.size === 1 ? [...workflow.selection][0] : undefined;
}

/**
 * F2 / the rename action: the rename prompt for a node (default: the selected one). A sticky
 * note's name is never shown, so for a sticky it opens the note's text editor instead.
 */
export function startRename(root: RootStore, nodeId = targetNodeId(root), editSticky?: (id: string) => boolean): void {
  if (!nodeId || !ensureEditable(root)) return;
  if (root.workflow.nodes.get(nodeId)?.isSticky) {
    editSticky?.(nodeId);
    return;
  }
  root.ui.openRename(nodeId);
}

/** Renames (trimmed; empty ignored; made unique; expressions updated). Returns the new name. */
export function renameNode(root: RootStore, nodeId: string, wanted: string): string | undefined {
  if (!ensureEditable(root)) return undefined;
  const name = normaliseRename(wanted);
  return name ? root.workflow.renameNode(nodeId, name) : undefined;
}

/** d: disables the selection, or enables it when every selected node is disabled. */
export function toggleDisabled(root: RootStore, ids: string[] = [...root.workflow.selection]): void {
  if (!ensureEditable(root)) return;
  const nodes = ids.map((id) => root.workflow.nodes.get(id)).filter((n) => n !== undefined && !n.isSticky);
  if (!nodes.length) return;
  root.workflow.setDisabled(
    nodes.map((n) => n!.id),
    nodes.some((n) => !n!.disabled),
  );
}

export function undo(root: RootStore): void {
  if (!ensureEditable(root)) return;
  root.workflow.undo();
}

export function redo(root: RootStore): void {
  if (!ensureEditable(root)) return;
  root.workflow.redo();
}
