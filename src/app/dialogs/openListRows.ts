// The open-workflow list's rows (spec 001 §4.8, §9): the name filter (case-insensitive substring),
// the tag filter (every selected tag must be on the workflow), the sort (updated, newest first, by
// default) and the tags a row shows (3, then '+N'). Pure, so tests/app/openListRows.test.ts
// checks the rules without a browser.
import type { IWorkflowListItem } from '../../model/api.ts';
import type { ITag } from '../../model/workflow.ts';

/** Spec 001 §9: the open list shows 3 tags of a workflow. */
export const OPEN_LIST_TAG_LIMIT = 3;

export type SortKey = 'name' | 'createdAt' | 'updatedAt';
export interface Sort {
  key: SortKey;
  descending: boolean;
}
export const DEFAULT_SORT: Sort = { key: 'updatedAt', descending: true };

export function filterRows(rows: readonly IWorkflowListItem[], name: string, tagIds: ReadonlySet<string>): IWorkflowListItem[] {
  const needle = name.trim().toLowerCase();
  return rows.filter((r) => {
    if (needle && !r.name.toLowerCase().includes(needle)) return false;
    if (tagIds.size === 0) return true;
    const own = new Set(r.tags.map((t) => t.id));
    for (const id of tagIds) if (!own.has(id)) return false;
    return true;
  });
}

export function sortRows(rows: IWorkflowListItem[], sort: Sort): IWorkflowListItem[] {
  const dir = sort.descending ? -1 : 1;
  const cmp =
    sort.key === 'name'
      ? (a: IWorkflowListItem, b: IWorkflowListItem) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true })
      : (a: IWorkflowListItem, b: IWorkflowListItem) => a[sort.key].localeCompare(b[sort.key]);
  // Ties (same name or time) keep a stable order by id.
  return rows.sort((a, b) => dir * cmp(a, b) || a.id.localeCompare(b.id));
}

/** A header click: the same column turns around; another starts with names A→Z, dates newest first. */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, descending: !current.descending };
  return { key, descending: key !== 'name' };
}

/** The tags a row shows and how many more it has ('+N'). */
export function rowTags(tags: readonly ITag[], limit = OPEN_LIST_TAG_LIMIT): { shown: ITag[]; more: number } {
  return { shown: tags.slice(0, limit), more: Math.max(0, tags.length - limit) };
}
