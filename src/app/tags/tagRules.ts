// Tag rules shared by the header's tag editor, the tag picker and the tags manager (spec 002 §5
// "Tag name", §3 "Tag table row"; spec 001 §9 "Tag container limit 20 ... overflow '+N'").
// Pure functions: no DOM, no stores.
import type { ITag } from '../../model/workflow.ts';

/** Tag name max: the server's MAX_TAG_NAME_LENGTH (n8n's 24; the spec names the constant only). */
export const MAX_TAG_NAME_LENGTH = 24;
/** The header's tag container shows at most this many tags, then '+N' (spec 001 §9). */
export const TAGS_CONTAINER_LIMIT = 20;

/** The tags manager's and the picker's texts (n8n's catalogue, which the spec points to). */
export const TAG_TEXTS = {
  nameCannotBeEmpty: 'Tag name cannot be empty',
  manageTags: 'Manage tags',
  done: 'Done',
  addNew: 'Add new',
  searchTags: 'Search Tags',
  name: 'Name',
  usage: 'Usage',
  notBeingUsed: 'Not being used',
  areYouSure: 'Are you sure you want to delete this tag?',
  cancel: 'Cancel',
  createTag: 'Create tag',
  saveChanges: 'Save changes?',
  deleteTag: 'Delete tag',
  editTag: 'Edit Tag',
  noMatchingTagsExist: 'No matching tags exist',
  noTagsExist: 'No tags exist',
  typeToCreateATag: 'Type to create a tag',
  readyToOrganize: 'Ready to organize your workflows?',
  withTagsYouReFree: "With workflow tags, you're free to create the perfect tagging system for your flows",
  createATag: 'Create a tag',
  addTag: 'Add tag',
  chooseOrCreate: 'Choose or create a tag',
  tagUpdated: 'Tag updated',
  tagDeleted: 'Tag deleted',
  couldNotCreate: 'Could not create tag',
  couldNotUpdate: 'Could not update tag',
  couldNotDelete: 'Could not delete tag',
  couldNotFetch: 'Could not fetch tags',
} as const;

/** "A problem occurred when trying to create the tag 'x'" (and update, delete), with the name escaped as n8n does. */
export function tagErrorMessage(action: 'create' | 'update' | 'delete', name: string): string {
  return `A problem occurred when trying to ${action} the tag '${escapeName(name)}':`;
}

/** The dropdown's own create failure (n8n's tagsDropdown.showError.message). */
export function dropdownCreateErrorMessage(name: string): string {
  return `A problem occurred when trying to create the '${name}' tag`;
}

/** n8n escapes the tag name in its error messages (the old JavaScript escape()); we escape HTML's specials. */
function escapeName(name: string): string {
  return name.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Checks a typed tag name: trimmed; empty or over the limit is refused (the text to show), else the clean name. */
export function checkTagName(raw: string): { name: string } | { error: string } {
  const name = raw.trim();
  if (!name) return { error: TAG_TEXTS.nameCannotBeEmpty };
  if (name.length > MAX_TAG_NAME_LENGTH) return { error: `Tag name cannot be longer than ${MAX_TAG_NAME_LENGTH} characters` };
  return { name };
}

/** Search (spec 002 §5): case-insensitive and trimmed, on both sides. */
export function tagMatches(name: string, search: string): boolean {
  return name.toLowerCase().trim().includes(search.toLowerCase().trim());
}

/** The usage cell (spec 002 §3): '1 workflow', 'N workflows', or 'Not being used'. */
export function usageText(count: number | undefined): string {
  if (!count || count <= 0) return TAG_TEXTS.notBeingUsed;
  return count === 1 ? '1 workflow' : `${count} workflows`;
}

/** Tags by name, case-insensitively, then by exact name (a stable order for lists). */
export function byName<T extends ITag>(a: T, b: T): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** One entry of the picker's list. */
export type PickerOption = { kind: 'tag'; tag: ITag; selected: boolean } | { kind: 'create'; name: string } | { kind: 'message'; text: string } | { kind: 'manage' };

/**
 * The picker's list for a filter: the matching tags; 'Create tag "x"' when creating is on, the
 * typed name is valid and no tag has exactly that name (first when nothing else matches, so Enter
 * creates; after the matches otherwise); a message when there is nothing to pick; 'Manage tags' last.
 */
export function pickerOptions(all: readonly ITag[], selected: ReadonlySet<string>, filter: string, opts: { createEnabled: boolean; manageEnabled: boolean }): PickerOption[] {
  const out: PickerOption[] = [];
  const trimmed = filter.trim();
  const matches = all.filter((t) => tagMatches(t.name, trimmed));
  const exact = trimmed !== '' && all.some((t) => t.name === trimmed);
  const canCreate = opts.createEnabled && trimmed !== '' && !exact && trimmed.length <= MAX_TAG_NAME_LENGTH;
  if (canCreate && matches.length === 0) out.push({ kind: 'create', name: trimmed });
  for (const tag of matches) out.push({ kind: 'tag', tag, selected: selected.has(tag.id) });
  if (canCreate && matches.length > 0) out.push({ kind: 'create', name: trimmed });
  if (out.length === 0) {
    const text = opts.createEnabled ? TAG_TEXTS.typeToCreateATag : all.length > 0 ? TAG_TEXTS.noMatchingTagsExist : TAG_TEXTS.noTagsExist;
    out.push({ kind: 'message', text });
  }
  if (opts.manageEnabled) out.push({ kind: 'manage' });
  return out;
}

/** The option Enter picks with no arrow key pressed: the first pickable one when something is typed. */
export function defaultActiveOption(options: readonly PickerOption[], filter: string): number {
  if (filter.trim() === '') return -1;
  return options.findIndex((o) => o.kind === 'tag' || o.kind === 'create');
}

/** The next pickable option from `from` in direction `step` (wrapping); -1 when none. */
export function stepOption(options: readonly PickerOption[], from: number, step: 1 | -1): number {
  const n = options.length;
  for (let k = 1; k <= n; k++) {
    const i = (((from + step * k) % n) + n) % n;
    if (options[i].kind !== 'message') return i;
  }
  return -1;
}

/** The header's tag container (spec 001 §9): at most `limit` tags, the rest counted as '+N' with their names as its title. */
export function containerTags<T extends ITag>(tags: readonly T[], limit = TAGS_CONTAINER_LIMIT): { shown: T[]; hidden: number; hiddenTitle: string } {
  const shown = tags.slice(0, limit);
  const rest = tags.slice(limit);
  return { shown, hidden: rest.length, hiddenTitle: rest.map((t) => t.name).join(', ') };
}

// ---- tags manager (spec 002 §4 "Tags manager") ----

/** The manager's mode: list; create (a new row on top); update or delete of one tag. */
export type ManagerMode = { kind: 'list' } | { kind: 'create' } | { kind: 'update'; id: string } | { kind: 'delete'; id: string };

export interface ManagerRow {
  tag: ITag & { usageCount?: number };
  usage: string;
  /** Another row is being created, edited or deleted: this one is greyed and inert. */
  disabled: boolean;
  update: boolean;
  delete: boolean;
  canDelete: boolean;
}

/** Create is forced when there are no tags (spec 002 §4). */
export function effectiveMode(mode: ManagerMode, tagCount: number): ManagerMode {
  return tagCount === 0 ? { kind: 'create' } : mode;
}

/**
 * The table's rows: tags matching the search, plus the sticky ones (just created or renamed,
 * kept visible despite the search: spec 002 §4), each disabled while another row has a mode.
 */
export function managerRows(tags: ReadonlyArray<ITag & { usageCount?: number }>, mode: ManagerMode, search: string, sticky: ReadonlySet<string>, canDelete: boolean): ManagerRow[] {
  const busyId = mode.kind === 'update' || mode.kind === 'delete' ? mode.id : undefined;
  const anyMode = mode.kind !== 'list';
  return tags
    .filter((t) => sticky.has(t.id) || tagMatches(t.name, search))
    .map((tag) => ({
      tag,
      usage: usageText(tag.usageCount),
      disabled: anyMode && tag.id !== busyId,
      update: mode.kind === 'update' && mode.id === tag.id,
      delete: mode.kind === 'delete' && mode.id === tag.id,
      canDelete,
    }));
}

/** Deleting tags is for the owner and the default user (spec 002 §6). */
export function canDeleteTags(role: string | undefined): boolean {
  return role === 'owner' || role === 'default';
}

/**
 * How many of the container's chips fit (n8n's responsive tag container): `rights` are the chips'
 * right edges in order, `avail` the room; when some do not fit, the '+N' chip (`countWidth`, with
 * the gap before it) must fit after the last one shown. `total` counts the tags beyond the chips
 * too (more than the limit), which also need the '+N'. At least one chip is shown when any exists.
 */
export function fitCount(rights: readonly number[], avail: number, total: number, countWidth: number): number {
  for (let k = rights.length; k >= 1; k--) {
    const needsCount = total > k;
    if (rights[k - 1] + (needsCount ? countWidth : 0) <= avail) return k;
  }
  return Math.min(1, rights.length);
}
