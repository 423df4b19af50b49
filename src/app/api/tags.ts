// Tags (spec 002 §7): GET /tags (withUsageCount), POST /tags {name}, PATCH /tags/{id} {name},
// DELETE /tags/{id}.
import type { ITag } from '../../model/workflow.ts';
import { request } from './client.ts';

/** A tag as GET /tags lists it. */
export interface TagListItem extends ITag {
  createdAt?: string;
  updatedAt?: string;
  usageCount?: number;
}

/** GET /tags; with usage counts (the workflows each tag is on) for the tags manager. */
export function getTags(options: { withUsageCount?: boolean } = {}): Promise<TagListItem[]> {
  return request('GET', '/tags', options.withUsageCount ? { query: { withUsageCount: 'true' } } : {});
}

/** POST /tags */
export function createTag(name: string): Promise<TagListItem> {
  return request('POST', '/tags', { body: { name } });
}

/** PATCH /tags/{id} */
export function renameTag(id: string, name: string): Promise<TagListItem> {
  return request('PATCH', `/tags/${encodeURIComponent(id)}`, { body: { name } });
}

/** DELETE /tags/{id}: true when deleted. */
export function deleteTag(id: string): Promise<boolean> {
  return request('DELETE', `/tags/${encodeURIComponent(id)}`);
}
