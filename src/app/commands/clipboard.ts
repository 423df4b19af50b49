// Copy, cut, paste and duplicate of canvas nodes (spec 001 §2.5, §5). The clipboard holds n8n's
// workflow JSON (the selected nodes, the connections among them, their pinned data), so nodes
// move between Switchyard and n8n editors; pasted workflow JSON and links to .json files (after
// a confirmation, fetched by the server) are added the same way.
import { COPY_TOAST_MS } from '../../model/constants.ts';
import { copyPayload, readClipboardText } from '../../model/clipboard.ts';
import { duplicateOffset } from '../../model/placement.ts';
import type { Rect } from '../../model/pastePlan.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { deleteNodes } from './deleteNodes.ts';
import { insertWorkflow } from './insertWorkflow.ts';
import { importWorkflowUrl, insertImported } from './importWorkflow.ts';
import { ensureEditable } from './readOnly.ts';

/** The selection as clipboard text, or undefined when nothing is selected. */
export function selectionText(root: RootStore): string | undefined {
  const { workflow } = root;
  const nodes = [...workflow.selection].map((id) => workflow.nodes.get(id)).filter((n) => n !== undefined);
  if (!nodes.length) return undefined;
  const payload = copyPayload(
    nodes.map((n) => n.toJSON()),
    workflow.connectionsJSON(),
    workflow.pinData,
    workflow.meta?.instanceId,
  );
  return JSON.stringify(payload, null, 2);
}

export function copiedToast(root: RootStore, count: number, verb: string): void {
  root.ui.toasts.show({ kind: 'success', title: `${verb} ${count} ${count === 1 ? 'node' : 'nodes'}`, duration: COPY_TOAST_MS });
}

/** ctrl+c: `write` puts the text on the clipboard (the copy event's clipboardData, or the async API). */
export function copySelection(root: RootStore, write: (text: string) => void): boolean {
  const text = selectionText(root);
  if (!text) return false;
  write(text);
  copiedToast(root, root.workflow.selection.size, 'Copied');
  return true;
}

/** ctrl+x: copy, then delete with the usual rules (reconnect, last trigger). */
export function cutSelection(root: RootStore, write: (text: string) => void): boolean {
  if (!ensureEditable(root)) return false;
  const ids = [...root.workflow.selection];
  const text = selectionText(root);
  if (!text) return false;
  write(text);
  deleteNodes(root, ids);
  copiedToast(root, ids.length, 'Cut');
  return true;
}

export interface PasteContext {
  /** Visible world rectangle. */
  viewport?: Rect;
}

/** ctrl+v. Returns the ids of the added nodes (after the URL confirmation and fetch, if any). */
export async function pasteText(root: RootStore, text: string, context: PasteContext = {}): Promise<string[]> {
  if (!ensureEditable(root)) return [];
  const content = readClipboardText(text);
  switch (content.kind) {
    case 'empty':
      return [];
    case 'error':
      // Pasting the wrong thing is a slip, not a state: the message goes away by itself.
      root.ui.toasts.show({ kind: 'error', title: 'Could not paste', message: content.message });
      return [];
    case 'workflow':
      return insertImported(root, content.data, 'Paste', context);
    case 'url':
      return importFromUrl(root, content.url, context);
  }
}

/** A pasted link to a workflow file: asks first (spec 001 §5), then the server fetches it. */
export async function importFromUrl(root: RootStore, url: string, context: PasteContext = {}): Promise<string[]> {
  if (!(await root.ui.askUrlImport(url))) return [];
  return importWorkflowUrl(root, url, context);
}

/** Duplicates the selection DUPLICATE_OFFSET_Y below (sticky notes 40 × 40). */
export function duplicateSelection(root: RootStore): string[] {
  if (!ensureEditable(root)) return [];
  const { workflow } = root;
  const nodes = [...workflow.selection].map((id) => workflow.nodes.get(id)).filter((n) => n !== undefined);
  if (!nodes.length) return [];
  const payload = copyPayload(nodes.map((n) => n.toJSON()), workflow.connectionsJSON(), workflow.pinData);
  return insertWorkflow(root, payload, { label: nodes.length === 1 ? 'Duplicate node' : 'Duplicate nodes', fixedOffset: { node: duplicateOffset(false), sticky: duplicateOffset(true) } });
}
