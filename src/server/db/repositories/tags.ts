// Tags and their links to workflows (workflow_tags).
import type { Kysely, Transaction } from 'kysely';
import type { ITag } from '../../../model/workflow.ts';
import type { Database } from '../schema.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import { newEntityId, nowIso } from './ids.ts';

export const MAX_TAG_NAME_LENGTH = 24;

export interface TagWithUsage extends ITag {
  usageCount?: number;
  createdAt: string;
  updatedAt: string;
}

/** A tag reference in a save payload: an id, or an object from an exported file. */
/**
 * A tag a workflow names: an id, or an object with an id and/or a name (n8n's export form). A
 * string that is no tag's id is a tag name (workflow files list tags by name too), created when
 * missing, as is an object's name when its id is unknown.
 */
export type TagRef = string | { id?: string | null; name?: string | null };

type Db = Kysely<Database> | Transaction<Database>;

export function normaliseTagName(name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '') throw new BadRequestError('Tag name cannot be empty');
  const t = name.trim();
  if (t.length > MAX_TAG_NAME_LENGTH) throw new BadRequestError(`Tag name cannot be longer than ${MAX_TAG_NAME_LENGTH} characters`);
  return t;
}

export class TagsRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async list(withUsageCount: boolean): Promise<TagWithUsage[]> {
    if (!withUsageCount) {
      return this.#db.selectFrom('tags').select(['id', 'name', 'createdAt', 'updatedAt']).orderBy('name').execute();
    }
    const rows = await this.#db
      .selectFrom('tags')
      .leftJoin('workflow_tags', 'workflow_tags.tagId', 'tags.id')
      .select(({ fn }) => ['tags.id', 'tags.name', 'tags.createdAt', 'tags.updatedAt', fn.count<number>('workflow_tags.workflowId').as('usageCount')])
      .groupBy(['tags.id', 'tags.name', 'tags.createdAt', 'tags.updatedAt'])
      .orderBy('tags.name')
      .execute();
    return rows.map((r) => ({ ...r, usageCount: Number(r.usageCount) }));
  }

  async get(id: string): Promise<TagWithUsage | undefined> {
    return this.#db.selectFrom('tags').select(['id', 'name', 'createdAt', 'updatedAt']).where('id', '=', id).executeTakeFirst();
  }

  /** The tags with these ids or these names (both bounded by the caller), by name. */
  async find(by: { ids: string[] } | { names: string[] }): Promise<TagWithUsage[]> {
    const [column, values] = 'ids' in by ? (['id', by.ids] as const) : (['name', by.names] as const);
    if (values.length === 0) return [];
    return this.#db.selectFrom('tags').select(['id', 'name', 'createdAt', 'updatedAt']).where(column, 'in', values).orderBy('name').execute();
  }

  /** Tags in id order after `afterId` (the public API's cursor pages); `more` when others follow. */
  async page(page: { afterId?: string; limit: number }): Promise<{ tags: TagWithUsage[]; more: boolean }> {
    let q = this.#db.selectFrom('tags').select(['id', 'name', 'createdAt', 'updatedAt']);
    if (page.afterId !== undefined) q = q.where('id', '>', page.afterId);
    const rows = await q.orderBy('id').limit(page.limit + 1).execute();
    return { tags: rows.slice(0, page.limit), more: rows.length > page.limit };
  }

  async create(name: unknown): Promise<TagWithUsage> {
    const clean = normaliseTagName(name);
    return this.#db.transaction().execute(async (trx) => {
      await assertNameFree(trx, clean);
      return insertTag(trx, clean);
    });
  }

  async rename(id: string, name: unknown): Promise<TagWithUsage> {
    const clean = normaliseTagName(name);
    return this.#db.transaction().execute(async (trx) => {
      const tag = await trx.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
      if (!tag) throw new NotFoundError(`Tag ${id} not found`);
      if (tag.name === clean) return tag;
      await assertNameFree(trx, clean, id);
      const updatedAt = nowIso();
      await trx.updateTable('tags').set({ name: clean, updatedAt }).where('id', '=', id).execute();
      return { ...tag, name: clean, updatedAt };
    });
  }

  async delete(id: string): Promise<void> {
    const r = await this.#db.deleteFrom('tags').where('id', '=', id).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw new NotFoundError(`Tag ${id} not found`);
  }
}

async function assertNameFree(db: Db, name: string, exceptId?: string): Promise<void> {
  let q = db.selectFrom('tags').select('id').where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw new ConflictError(`A tag named "${name}" already exists`);
}

async function insertTag(db: Db, name: string): Promise<TagWithUsage> {
  const now = nowIso();
  const tag = { id: newEntityId(), name, createdAt: now, updatedAt: now };
  await db.insertInto('tags').values(tag).execute();
  return tag;
}

/**
 * Turns the tags of a save payload into tag ids, inside the save's transaction. String refs
 * must be existing ids. Objects (from exported files, whose ids belong to another instance)
 * match by id, then by name, and are created by name when missing, so an import keeps its tags.
 */
export async function resolveTagRefs(db: Db, refs: TagRef[]): Promise<string[]> {
  const ids: string[] = [];
  const byName = async (i: number, raw: unknown): Promise<string> => {
    let name: string;
    try {
      name = normaliseTagName(raw);
    } catch (e) {
      throw new BadRequestError(`body/tags/${i}: ${(e as Error).message}`);
    }
    const found = await db.selectFrom('tags').select('id').where('name', '=', name).executeTakeFirst();
    return found ? found.id : (await insertTag(db, name)).id;
  };
  for (let i = 0; i < refs.length; i++) {
    const ref = refs[i];
    if (typeof ref === 'string') {
      const found = await db.selectFrom('tags').select('id').where('id', '=', ref).executeTakeFirst();
      ids.push(found ? found.id : await byName(i, ref));
      continue;
    }
    if (ref.id) {
      const byId = await db.selectFrom('tags').select('id').where('id', '=', ref.id).executeTakeFirst();
      if (byId) {
        ids.push(byId.id);
        continue;
      }
    }
    if (ref.name === undefined || ref.name === null) throw new BadRequestError(`body/tags/${i} refers to tag ${ref.id ?? '?'}, which does not exist`);
    ids.push(await byName(i, ref.name));
  }
  return [...new Set(ids)];
}

export async function setWorkflowTags(db: Db, workflowId: string, tagIds: string[]): Promise<void> {
  await db.deleteFrom('workflow_tags').where('workflowId', '=', workflowId).execute();
  if (tagIds.length === 0) return;
  await db
    .insertInto('workflow_tags')
    .values(tagIds.map((tagId) => ({ workflowId, tagId })))
    .execute();
}

/** Tags of the given workflows (all workflows when ids is undefined), by workflow id. */
export async function tagsByWorkflow(db: Db, ids?: string[]): Promise<Map<string, ITag[]>> {
  let q = db
    .selectFrom('workflow_tags')
    .innerJoin('tags', 'tags.id', 'workflow_tags.tagId')
    .select(['workflow_tags.workflowId', 'tags.id', 'tags.name'])
    .orderBy('tags.name');
  if (ids) {
    if (ids.length === 0) return new Map();
    q = q.where('workflow_tags.workflowId', 'in', ids);
  }
  const result = new Map<string, ITag[]>();
  for (const r of await q.execute()) {
    let list = result.get(r.workflowId);
    if (!list) result.set(r.workflowId, (list = []));
    list.push({ id: r.id, name: r.name });
  }
  return result;
}
