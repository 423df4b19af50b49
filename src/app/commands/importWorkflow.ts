// Importing a workflow into the open one (spec 001 §3 "Pasted or imported workflow", §5): from a
// file, from a URL, or pasted. As in n8n, an import adds the file's nodes, connections and pinned
// data to the workflow that is open (the paste path: insertWorkflow), and its tags, matched to
// this instance's tags by name (missing ones are created). The workflow's own name, settings
// and id are not taken over.
import { IMPORT_ERROR_TITLE, readWorkflowFile, workflowFileSizeError } from '../../model/workflowFile.ts';
import type { ITag } from '../../model/workflow.ts';
import { getWorkflowFromUrl } from '../api/workflows.ts';
import { createTag, getTags } from '../api/tags.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import type { Rect } from '../../model/pastePlan.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { insertWorkflow } from './insertWorkflow.ts';
import { ensureEditable } from './readOnly.ts';

/** A file's tags are untrusted input: at most this many are looked up or created. */
export const MAX_IMPORTED_TAGS = 50;

export interface ImportContext {
  /** The visible world rectangle (imported nodes land in view). */
  viewport?: Rect;
}

/**
 * The names of the tags a file lists ({ name } objects, as n8n writes them, or plain strings, as
 * many shared files list them and as the REST API reads them), trimmed and unique.
 */
export function importedTagNames(tags: unknown): string[] {
  if (!Array.isArray(tags)) return [];
  const names: string[] = [];
  for (const t of tags) {
    const name = typeof t === 'string' ? t.trim() : typeof t === 'object' && t !== null && typeof (t as { name?: unknown }).name === 'string' ? (t as { name: string }).name.trim() : '';
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/** The plain strings among a file's tags: each is a tag's id when this instance has one, else a name (as the REST API reads them). */
function plainTagRefs(tags: unknown): Set<string> {
  return new Set(Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string').map((t) => t.trim()) : []);
}

/**
 * Adds the imported tags to the open workflow: an existing tag of the same name is used, a
 * missing one created. Only while the imported nodes are still there (the user may have left).
 */
export async function importTags(root: RootStore, tags: unknown, addedIds: string[]): Promise<void> {
  let names = importedTagNames(tags);
  if (!names.length) return;
  const { workflow, ui } = root;
  const dropped = names.length > MAX_IMPORTED_TAGS ? names.length - MAX_IMPORTED_TAGS : 0;
  names = names.slice(0, MAX_IMPORTED_TAGS);
  const found: ITag[] = [];
  const failed: string[] = [];
  const plain = plainTagRefs(tags);
  try {
    const all = await getTags();
    const byName = new Map(all.map((t) => [t.name, t]));
    const byId = new Map(all.map((t) => [t.id, t]));
    for (const name of names) {
      let tag = (plain.has(name) ? byId.get(name) : undefined) ?? byName.get(name);
      if (!tag) {
        try {
          tag = await createTag(name);
        } catch (e) {
          failed.push(`"${name}": ${errorMessage(e)}`);
          continue;
        }
      }
      found.push({ id: tag.id, name: tag.name });
    }
  } catch (e) {
    ui.toasts.show({ kind: 'warning', title: 'Tags were not imported', message: errorMessage(e) });
    return;
  }
  if (!addedIds.some((id) => workflow.nodes.has(id)) || ui.readOnly) return;
  const have = new Set(workflow.tags.map((t) => t.id));
  const next = [...workflow.tags, ...found.filter((t) => !have.has(t.id))];
  workflow.setTags(next);
  const notes = [...failed];
  if (dropped) notes.push(`${dropped} more ${dropped === 1 ? 'tag was' : 'tags were'} left out (at most ${MAX_IMPORTED_TAGS} are imported).`);
  if (notes.length) ui.toasts.show({ kind: 'warning', title: 'Some tags were not imported', message: notes.join(' ') });
}

/** Workflow data that passed the shape check: its nodes into the open workflow, then its tags. */
export function insertImported(root: RootStore, data: Record<string, unknown>, label: string, context: ImportContext = {}): string[] {
  const ids = insertWorkflow(root, data, { label, viewport: context.viewport });
  if (ids.length && data.tags !== undefined) void importTags(root, data.tags, ids);
  return ids;
}

/** Import from file: refused by size before reading, then read and checked as JSON. */
export async function importWorkflowFile(root: RootStore, file: Blob, context: ImportContext = {}): Promise<string[]> {
  if (!ensureEditable(root)) return [];
  const sizeError = workflowFileSizeError(file.size);
  if (sizeError) {
    root.ui.toasts.error(IMPORT_ERROR_TITLE, sizeError);
    return [];
  }
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    root.ui.toasts.error(IMPORT_ERROR_TITLE, `The file could not be read: ${errorMessage(e)}`);
    return [];
  }
  const content = readWorkflowFile(text);
  if (content.kind === 'error') {
    root.ui.toasts.error(IMPORT_ERROR_TITLE, content.message);
    return [];
  }
  if (!ensureEditable(root)) return [];
  return insertImported(root, content.data, 'Import from file', context);
}

/** The server fetches the file at `url` (already confirmed or typed by the user) and it is imported. */
export async function importWorkflowUrl(root: RootStore, url: string, context: ImportContext = {}): Promise<string[]> {
  let data: unknown;
  try {
    data = await getWorkflowFromUrl(url);
  } catch (e) {
    if (!isSessionEnded(e)) root.ui.toasts.error('Problem getting the workflow from the URL', errorMessage(e));
    return [];
  }
  if (!ensureEditable(root)) return [];
  return insertImported(root, data as Record<string, unknown>, 'Import from URL', context);
}

/** The sidebar's Import from URL: asks for the link, then imports it. */
export async function promptImportUrl(root: RootStore, context: () => ImportContext): Promise<string[]> {
  if (!ensureEditable(root)) return [];
  const url = await root.ui.askImportUrl();
  if (!url) return [];
  return importWorkflowUrl(root, url, context());
}
