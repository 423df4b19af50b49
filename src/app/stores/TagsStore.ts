// All tags of the instance (GET /tags), for the header's tag editor, the tag picker and the tags
// manager. Renames and deletions also reach the open workflow's tags, so the header never shows a
// stale name nor keeps (and would save) a deleted tag's id.
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import type { ITag } from '../../model/workflow.ts';
import { createTag, deleteTag, getTags, renameTag, type TagListItem } from '../api/tags.ts';
import { byName, checkTagName, TAG_TEXTS } from '../tags/tagRules.ts';
import type { WorkflowStore } from './WorkflowStore.ts';

export class TagsStore {
  readonly byId = observable.map<string, TagListItem>([], { deep: false });
  loaded = false;
  loading = false;
  private inFlight: Promise<void> | undefined;
  private inFlightWithUsage = false;
  private readonly workflow: Pick<WorkflowStore, 'tags'>;

  constructor(workflow: Pick<WorkflowStore, 'tags'>) {
    this.workflow = workflow;
    makeObservable<TagsStore, 'put'>(this, { loaded: observable, loading: observable, all: computed, put: action });
  }

  /** Every tag, by name. */
  get all(): TagListItem[] {
    return [...this.byId.values()].sort(byName);
  }

  get(id: string): TagListItem | undefined {
    return this.byId.get(id);
  }

  /**
   * Loads the list once (the picker), or again when `force` (the tags manager, with usage counts,
   * each time it opens). A call while one is on its way shares it unless it needs counts the
   * running one does not fetch.
   */
  fetchAll(options: { force?: boolean; withUsageCount?: boolean } = {}): Promise<void> {
    const withUsageCount = options.withUsageCount ?? false;
    if (this.inFlight && (this.inFlightWithUsage || !withUsageCount)) return this.inFlight;
    if (this.loaded && !options.force) return Promise.resolve();
    runInAction(() => (this.loading = true));
    const p = getTags({ withUsageCount }).then(
      (list) => {
        runInAction(() => {
          this.byId.replace(list.map((t) => [t.id, t]));
          this.loaded = true;
          this.loading = false;
        });
        this.syncWorkflowNames();
      },
      (e) => {
        runInAction(() => (this.loading = false));
        throw e;
      },
    );
    const tracked = p.finally(() => {
      if (this.inFlight === tracked) this.inFlight = undefined;
    });
    this.inFlight = tracked;
    this.inFlightWithUsage = withUsageCount;
    return tracked;
  }

  /** POST /tags with the trimmed name; refused here first when empty or too long. */
  async create(rawName: string): Promise<TagListItem> {
    const checked = checkTagName(rawName);
    if ('error' in checked) throw new Error(checked.error);
    const tag = await createTag(checked.name);
    this.put({ ...tag, usageCount: tag.usageCount ?? 0 });
    return tag;
  }

  /** PATCH /tags/{id}; the same name just succeeds (spec 002 §5). */
  async rename(id: string, rawName: string): Promise<TagListItem> {
    const checked = checkTagName(rawName);
    if ('error' in checked) throw new Error(checked.error);
    const before = this.byId.get(id);
    if (before && before.name === checked.name) return before;
    const tag = await renameTag(id, checked.name);
    this.put({ ...before, ...tag, usageCount: before?.usageCount ?? tag.usageCount });
    this.syncWorkflowNames();
    return tag;
  }

  /** DELETE /tags/{id}; a falsy answer is 'Could not delete tag' (spec 002 §8). */
  async delete(id: string): Promise<void> {
    const deleted = await deleteTag(id);
    if (!deleted) throw new Error(TAG_TEXTS.couldNotDelete);
    runInAction(() => {
      this.byId.delete(id);
      // The server dropped the tag from every workflow; the open one follows without becoming
      // unsaved (its stored copy already lost it), and a later save does not send the dead id.
      const tags = this.workflow.tags;
      if (tags.some((t) => t.id === id)) this.workflow.tags = tags.filter((t) => t.id !== id);
    });
  }

  private put(tag: TagListItem): void {
    this.byId.set(tag.id, tag);
  }

  /** The open workflow's tags carry names: keep them equal to the list's. */
  private syncWorkflowNames(): void {
    runInAction(() => {
      const tags = this.workflow.tags;
      if (!tags.some((t) => this.byId.get(t.id) && this.byId.get(t.id)!.name !== t.name)) return;
      this.workflow.tags = tags.map((t): ITag => {
        const known = this.byId.get(t.id);
        return known && known.name !== t.name ? { ...t, name: known.name } : t;
      });
    });
  }
}
