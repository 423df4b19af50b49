// Stored workflows in n8n's JSON shape. Each JSON part (nodes, connections, settings, pinData,
// staticData, meta, and n8n's other fields in `extra`) is kept as the client sent it — null
// included — so export → import loses nothing. Every save is one transaction (workflow row +
// tag links) and gets a new versionId.
import { stringifySliced } from '../../slicedJson.ts';
import { parseJsonSliced, SLICED_PARSE_MIN_CHARS } from '../../slicedJsonParse.ts';
import { sql, type Kysely, type Selectable, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { IWorkflowDb, IWorkflowListItem } from '../../../model/api.ts';
import type { IConnections, INode, IPinData, IWorkflowSettings, IDataObject, IWorkflowBase } from '../../../model/workflow.ts';
import type { Database, WorkflowsTable } from '../schema.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { newEntityId, newVersionId, nowIso, parseJsonColumn, parseStoredJson } from './ids.ts';
import { resolveTagRefs, setWorkflowTags, tagsByWorkflow, type TagRef } from './tags.ts';

/** Stored as sent: undefined = not sent (absent), null = sent as null. */
export interface WorkflowWrite {
  name: string;
  nodes: INode[];
  connections: IConnections;
  active?: boolean;
  settings?: IWorkflowSettings | null;
  pinData?: IPinData | null;
  staticData?: IDataObject | null;
  meta?: IWorkflowBase['meta'] | null;
  /** n8n's other workflow fields (description, nodeGroups, …); an update replaces the ones it sends. */
  extra?: Record<string, unknown>;
  tags?: TagRef[];
}

export interface WorkflowListFilter {
  /** Case-insensitive substring of the name. */
  name?: string;
  /** Tag ids; a workflow must carry all of them. */
  tags?: string[];
  /** Only this user's workflows (a member's view). */
  ownerId?: string;
  /** Only active (true) or inactive (false) workflows. */
  active?: boolean;
  /** Only workflows with a node of one of these types. */
  nodeTypes?: string[];
}

/** The filter's conditions on a query of the workflows table. */
function filtered<O>(q: SelectQueryBuilder<Database, 'workflows', O>, filter: WorkflowListFilter): SelectQueryBuilder<Database, 'workflows', O> {
  if (filter.name && filter.name.trim() !== '') {
    // The escape clause makes a searched % or _ literal; lower() on both sides makes the
    // match case-insensitive on PostgreSQL too, where like is case-sensitive.
    q = q.where(sql<boolean>`lower(${sql.ref('name')}) like ${containsPattern(filter.name.trim())} escape '\\'`);
  }
  if (filter.ownerId !== undefined) q = q.where('ownerId', '=', filter.ownerId);
  if (filter.active !== undefined) q = q.where('active', '=', filter.active);
  if (filter.nodeTypes && filter.nodeTypes.length > 0) {
    // A cheap first pass on the stored JSON text; list() then reads the nodes to be sure.
    const likes = filter.nodeTypes.map((t) => sql<boolean>`${sql.ref('nodes')} like ${'%' + JSON.stringify(t).replace(/[\\%_]/g, (c) => '\\' + c) + '%'} escape '\\'`);
    q = q.where(sql<boolean>`(${sql.join(likes, sql` or `)})`);
  }
  if (filter.tags && filter.tags.length > 0) {
    const wanted = [...new Set(filter.tags)];
    q = q.where('id', 'in', (eb) =>
      eb
        .selectFrom('workflow_tags')
        .select('workflowId')
        .where('tagId', 'in', wanted)
        .groupBy('workflowId')
        .having((h) => h.fn.count('tagId').distinct(), '=', wanted.length),
    );
  }
  return q;
}

function json(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/** The stored extra fields as an object of their own (never the workflow's own keys). */
function extraFields(stored: unknown): Record<string, unknown> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(stored)) if (!RESERVED_KEYS.has(k)) out[k] = v;
  return out;
}

/** Keys the row answers itself: an extra field never overrides them. */
const RESERVED_KEYS = new Set(['id', 'name', 'active', 'nodes', 'connections', 'settings', 'pinData', 'staticData', 'meta', 'tags', 'versionId', 'createdAt', 'updatedAt']);

/** The extra fields as a column value: NULL when there are none. */
function extraColumn(extra: Record<string, unknown> | undefined): string | null {
  if (!extra) return null;
  const kept = Object.fromEntries(Object.entries(extra).filter(([k, v]) => v !== undefined && !RESERVED_KEYS.has(k)));
  return Object.keys(kept).length ? JSON.stringify(kept) : null;
}

function toWorkflow(row: Selectable<WorkflowsTable>, tags: IWorkflowDb['tags']): IWorkflowDb {
  const part = (column: string) => `The ${column} of workflow ${JSON.stringify(row.name)} (id ${row.id})`;
  const wf: IWorkflowDb = {
    id: row.id,
    name: row.name,
    active: Boolean(row.active),
    nodes: parseStoredJson<INode[]>(row.nodes, part('nodes')),
    connections: parseStoredJson<IConnections>(row.connections, part('connections')),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    versionId: row.versionId,
    tags,
  };
  // Parts the client never sent stay absent rather than appearing as {} (exact round trip); a
  // part sent as null is answered as null.
  if (row.settings !== null) wf.settings = parseJsonColumn(row.settings, {}, part('settings'));
  if (row.pinData !== null) wf.pinData = parseJsonColumn(row.pinData, {}, part('pinData'));
  if (row.staticData !== null) wf.staticData = parseJsonColumn(row.staticData, null, part('staticData'));
  if (row.meta !== null) wf.meta = parseJsonColumn(row.meta, {}, part('meta'));
  if (row.extra) Object.assign(wf, extraFields(parseJsonColumn<Record<string, unknown>>(row.extra, {}, part('other fields'))));
  return wf;
}

/**
 * toWorkflow, with large pinned data parsed in slices (slicedJsonParse.ts) rather than in one
 * JSON.parse: a workflow with megabytes of pinned items is read at every open and save.
 */
async function toWorkflowSliced(row: Selectable<WorkflowsTable>, tags: IWorkflowDb['tags']): Promise<IWorkflowDb> {
  if (row.pinData === null || row.pinData.length < SLICED_PARSE_MIN_CHARS) return toWorkflow(row, tags);
  const wf = toWorkflow({ ...row, pinData: null }, tags);
  const r = await parseJsonSliced(row.pinData, { maxDepth: STORED_MAX_DEPTH, refusePrototypeKeys: false, maxArrayLength: Infinity });
  // Text the sliced reader refuses goes the usual way (NaN repair, or StoredJsonError).
  wf.pinData = r.ok ? (r.value as IWorkflowDb['pinData']) : parseJsonColumn(row.pinData, {}, `The pinData of workflow ${JSON.stringify(row.name)} (id ${row.id})`);
  return wf;
}

/** Stored JSON was checked at the door; older rows may nest deeper, which reading allows. */
const STORED_MAX_DEPTH = 100_000;

/** A JSON column's text, written in slices (pinned data can be megabytes). */
async function jsonSliced(value: unknown): Promise<string | null> {
  return value === undefined ? null : ((await stringifySliced(value)) ?? null);
}

/** `like` pattern for a literal substring. */
function containsPattern(text: string): string {
  return '%' + text.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c) + '%';
}

/** Owners of workflows looked up so far: every run asks whose it is (webhooks many times a second). */
const MAX_CACHED_OWNERS = 100_000;

export class WorkflowsRepository {
  readonly #db: Kysely<Database>;
  readonly #owners = new Map<string, string | null>();
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The user a workflow belongs to; undefined when there is no such workflow. */
  async ownerOf(id: string): Promise<string | null | undefined> {
    if (this.#owners.has(id)) return this.#owners.get(id);
    const row = await this.#db.selectFrom('workflows').select('ownerId').where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    this.#rememberOwner(id, row.ownerId);
    return row.ownerId;
  }

  /** Ownership changed outside this repository (a user was deleted and their workflows moved). */
  forgetOwners(): void {
    this.#owners.clear();
  }

  #rememberOwner(id: string, ownerId: string | null): void {
    if (this.#owners.size >= MAX_CACHED_OWNERS) this.#owners.clear();
    this.#owners.set(id, ownerId);
  }

  /** How many workflows the filter matches (its name, owner and active conditions). */
  async count(filter: Omit<WorkflowListFilter, 'nodeTypes'> = {}): Promise<number> {
    const row = await filtered(this.#db.selectFrom('workflows').select((eb) => eb.fn.countAll<number | string>().as('n')), filter).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async list(filter: WorkflowListFilter = {}): Promise<IWorkflowListItem[]> {
    const q = filtered(this.#db.selectFrom('workflows').select(['id', 'name', 'active', 'ownerId', 'createdAt', 'updatedAt']), filter);
    let rows = await q.orderBy('updatedAt', 'desc').execute();
    if (filter.nodeTypes && filter.nodeTypes.length > 0) rows = await this.#withNodeTypes(rows, filter.nodeTypes);
    const tags = await tagsByWorkflow(this.#db, rows.length > 500 ? undefined : rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      active: Boolean(r.active),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      tags: tags.get(r.id) ?? [],
      ownerId: r.ownerId,
    }));
  }

  /** The rows whose stored nodes include one of `types` (the like pass also matches parameter text). */
  async #withNodeTypes<R extends { id: string }>(rows: R[], types: string[]): Promise<R[]> {
    if (rows.length === 0) return rows;
    const wanted = new Set(types);
    const keep = new Set<string>();
    // In chunks of 50 rows, and a turn of the event loop after every 4 MB parsed: a list of many
    // large workflows never holds the server for long (DESIGN: nothing a caller sends stalls it).
    let parsed = 0;
    for (let i = 0; i < rows.length; i += 50) {
      const ids = rows.slice(i, i + 50).map((r) => r.id);
      for (const r of await this.#db.selectFrom('workflows').select(['id', 'nodes']).where('id', 'in', ids).execute()) {
        parsed += r.nodes.length;
        if (parsed > 4_000_000) {
          parsed = 0;
          await new Promise((resolve) => setImmediate(resolve));
        }
        let nodes: unknown;
        try {
          nodes = parseStoredJson<unknown>(r.nodes, 'nodes');
        } catch {
          continue;
        }
        if (Array.isArray(nodes) && nodes.some((n) => typeof n === 'object' && n !== null && wanted.has((n as { type?: unknown }).type as string))) keep.add(r.id);
      }
    }
    return rows.filter((r) => keep.has(r.id));
  }

  /**
   * Whole workflows in id order after `afterId` (the public API's cursor pages: stable while
   * workflows are added or deleted). Rows are read while their stored JSON stays within
   * `maxBytes` (always at least one), so a page of large workflows stays bounded; `more` says
   * whether rows remain after the last one returned.
   */
  async page(filter: WorkflowListFilter, page: { afterId?: string; limit: number; maxBytes: number }): Promise<{ workflows: IWorkflowDb[]; more: boolean }> {
    const size = sql<number>`length(${sql.ref('nodes')}) + length(${sql.ref('connections')}) + coalesce(length(${sql.ref('pinData')}), 0) + coalesce(length(${sql.ref('staticData')}), 0)`;
    let q = filtered(this.#db.selectFrom('workflows').select(['id', size.as('size')]), filter);
    if (page.afterId !== undefined) q = q.where('id', '>', page.afterId);
    const sizes = await q.orderBy('id').limit(page.limit + 1).execute();
    const ids: string[] = [];
    let bytes = 0;
    for (const r of sizes.slice(0, page.limit)) {
      if (ids.length > 0 && bytes + Number(r.size) > page.maxBytes) break;
      ids.push(r.id);
      bytes += Number(r.size);
    }
    if (ids.length === 0) return { workflows: [], more: false };
    const rows = await this.#db.selectFrom('workflows').selectAll().where('id', 'in', ids).orderBy('id').execute();
    const tags = await tagsByWorkflow(this.#db, ids);
    return { workflows: rows.map((r) => toWorkflow(r, tags.get(r.id) ?? [])), more: sizes.length > ids.length };
  }

  async get(id: string): Promise<IWorkflowDb | undefined> {
    return (await this.getWithOwner(id))?.workflow;
  }

  /** The workflow and whose it is, in one read. */
  async getWithOwner(id: string): Promise<{ workflow: IWorkflowDb; ownerId: string | null } | undefined> {
    const row = await this.#db.selectFrom('workflows').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    this.#rememberOwner(id, row.ownerId);
    const tags = await tagsByWorkflow(this.#db, [id]);
    return { workflow: await toWorkflowSliced(row, tags.get(id) ?? []), ownerId: row.ownerId };
  }

  /** Ids of workflows marked active (re-activated at start). */
  async activeIds(): Promise<string[]> {
    return (await this.#db.selectFrom('workflows').select('id').where('active', '=', true).execute()).map((r) => r.id);
  }

  /** Marks a workflow inactive without a new version (its activation failed). */
  async setInactive(id: string): Promise<void> {
    await this.#db.updateTable('workflows').set({ active: false }).where('id', '=', id).execute();
  }

  async exists(id: string): Promise<boolean> {
    return !!(await this.#db.selectFrom('workflows').select('id').where('id', '=', id).executeTakeFirst());
  }

  /** Names equal to or starting with `prefix` (for the next default name). */
  async namesStartingWith(prefix: string): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('workflows')
      .select('name')
      .where((eb) => eb(eb.fn('substr', ['name', eb.val(1), eb.val(prefix.length)]), '=', prefix))
      .execute();
    return rows.map((r) => r.name);
  }

  async create(w: WorkflowWrite, ownerId: string): Promise<IWorkflowDb> {
    const now = nowIso();
    const row = {
      id: newEntityId(),
      ownerId,
      name: w.name,
      active: w.active ?? false,
      nodes: JSON.stringify(w.nodes),
      connections: JSON.stringify(w.connections),
      settings: json(w.settings),
      pinData: await jsonSliced(w.pinData),
      staticData: json(w.staticData),
      meta: json(w.meta),
      extra: extraColumn(w.extra),
      versionId: newVersionId(),
      createdAt: now,
      updatedAt: now,
    };
    const tags = await this.#db.transaction().execute(async (trx) => {
      const tagIds = await resolveTagRefs(trx, w.tags ?? []);
      await trx.insertInto('workflows').values(row).execute();
      this.#rememberOwner(row.id, ownerId);
      if (tagIds.length > 0) await trx.insertInto('workflow_tags').values(tagIds.map((tagId) => ({ workflowId: row.id, tagId }))).execute();
      return tagIds.length > 0 ? ((await tagsByWorkflow(trx, [row.id])).get(row.id) ?? []) : [];
    });
    // Answered from the row as written (the same text GET parses), without reading it back.
    return toWorkflowSliced(row, tags);
  }

  /**
   * Applies the given fields. With `expectedVersionId`, fails with 409 when someone saved in
   * between, so a stale editor never overwrites a newer version.
   */
  async update(id: string, patch: Partial<WorkflowWrite>, expectedVersionId?: string): Promise<IWorkflowDb> {
    const pinData = patch.pinData !== undefined ? await jsonSliced(patch.pinData) : undefined;
    const { row, tags } = await this.#db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('workflows').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current) throw new NotFoundError(`Workflow with ID "${id}" could not be found`);
      if (expectedVersionId !== undefined && expectedVersionId !== current.versionId) {
        throw new ConflictError(
          'Your changes cannot be saved: this workflow was changed by someone else since you opened it',
          `Your version is ${expectedVersionId}, the saved one is ${current.versionId}. Reload the workflow, then make your changes again.`,
        );
      }
      const set: Updateable<WorkflowsTable> = { versionId: newVersionId(), updatedAt: nowIso() };
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.active !== undefined) set.active = patch.active;
      if (patch.nodes !== undefined) set.nodes = JSON.stringify(patch.nodes);
      if (patch.connections !== undefined) set.connections = JSON.stringify(patch.connections);
      if (patch.settings !== undefined) set.settings = json(patch.settings);
      if (pinData !== undefined) set.pinData = pinData;
      if (patch.staticData !== undefined) set.staticData = json(patch.staticData);
      if (patch.meta !== undefined) set.meta = json(patch.meta);
      if (patch.extra !== undefined) set.extra = extraColumn({ ...extraFields(parseJsonColumn(current.extra, {})), ...patch.extra });
      await trx
        .updateTable('workflows')
        .set(set)
        .where('id', '=', id)
        .execute();
      if (patch.tags !== undefined) await setWorkflowTags(trx, id, await resolveTagRefs(trx, patch.tags));
      return { row: { ...current, ...set }, tags: (await tagsByWorkflow(trx, [id])).get(id) ?? [] };
    });
    return toWorkflowSliced(row as Selectable<WorkflowsTable>, tags);
  }

  async delete(id: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      // Executions and tag links go with it (foreign keys cascade); done explicitly as well so
      // the outcome does not depend on the database's foreign-key setting.
      await trx.deleteFrom('execution_data').where('executionId', 'in', (eb) => eb.selectFrom('executions').select('id').where('workflowId', '=', id)).execute();
      await trx.deleteFrom('executions').where('workflowId', '=', id).execute();
      await trx.deleteFrom('workflow_tags').where('workflowId', '=', id).execute();
      await trx.deleteFrom('processed_data').where('workflowId', '=', id).execute();
      const r = await trx.deleteFrom('workflows').where('id', '=', id).executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) throw new NotFoundError(`Workflow with ID "${id}" could not be found`);
    });
    this.#owners.delete(id);
  }

  /** Engine-owned static data (triggers keep state there); saved without a new versionId. */
  async saveStaticData(id: string, staticData: IDataObject): Promise<void> {
    await this.#db.updateTable('workflows').set({ staticData: JSON.stringify(staticData) }).where('id', '=', id).execute();
  }
}
