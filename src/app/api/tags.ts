import type { ITag } from '../../model/workflow.ts';
import { request } from './client.ts';

/** A tag as GET /tags lists it. */
export interface TagListItem extends ITag {
  createdAt?: string;
  updatedAt?: string;
  usageCount?: number;
}

/** GET /tags */
export function getTags(): Promise<TagListItem[]> {
  return request('GET', '/tags');
}

/** POST /tags */
export function createTag(name: string): Promise<TagListItem> {
  return request('POST', '/tags', { body: { name } });
}
