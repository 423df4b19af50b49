import { rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATABASE_FILE, openDatabase, type OpenDatabase } from '../../src/server/db/database.ts';
import { WorkflowsRepository } from '../../src/server/db/repositories/workflows.ts';
import { ExecutionsRepository } from '../../src/server/db/repositories/executions.ts';
import { ExecutionIdAllocator } from '../../src/server/db/repositories/executionIds.ts';
import { TagsRepository } from '../../src/server/db/repositories/tags.ts';
import { SettingsRepository } from '../../src/server/db/repositories/settings.ts';
import { UsersRepository } from '../../src/server/db/repositories/users.ts';
import type { IExecution } from '../../src/model/execution.ts';
import { tempDataDir } from './tempDir.ts';
import { onPostgres, testDatabaseOptions } from '../support/testDatabase.ts';

/** The test data folder's database: SQLite, or its PostgreSQL schema (SWITCHYARD_TEST_DB=postgres). */
function openTestDatabase(dir: string): Promise<OpenDatabase> {
  return openDatabase(dir, testDatabaseOptions(dir));
}

const open: OpenDatabase[] = [];
const dirs: string[] = [];

async function fresh(dir = tempDataDir()): Promise<{ db: OpenDatabase; dir: string }> {
  dirs.push(dir);
  const db = await openTestDatabase(dir);
  open.push(db);
  return { db, dir };
}

afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const workflow = { name: 'W', nodes: [], connections: {} };

function execution(id: string, status: IExecution['status'], startedAt = new Date().toISOString()): IExecution {
  return {
    id,
    finished: status === 'success',
    mode: 'trigger',
    status,
    startedAt,
    stoppedAt: startedAt,
    workflowId: null,
    workflowName: 'W',
    workflowData: { ...workflow, active: false },
    data: { resultData: { runData: {} } },
  };
}

describe('database', () => {
  const ALL_MIGRATIONS = ['0001_initial', '0002_credentials', '0003_processed_data', '0004_accounts', '0005_workflow_extra', '0006_execution_error_message', '0007_execution_data_gzip', '0008_installed_packages', '0009_queued_starts', '0010_templates_prompts', '0011_wall_tokens'];

  it.skipIf(onPostgres)('is a WAL-mode SQLite file with the migrations applied once', async () => {
    const { db, dir } = await fresh();
    await db.close();
    const again = await openTestDatabase(dir);
    open.push(again);
    const raw = new DatabaseSync(join(dir, DATABASE_FILE), { readOnly: true });
    expect(raw.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    const migrations = raw.prepare('select name from migrations').all().map((r) => r.name);
    expect(migrations).toEqual(ALL_MIGRATIONS);
    raw.close();
  });

  it.runIf(onPostgres)('on PostgreSQL: the migrations are applied once, in the configured schema, with bytea for gzipped run data', async () => {
    const { db, dir } = await fresh();
    await db.close();
    const again = await openTestDatabase(dir);
    open.push(again);
    expect((await again.db.selectFrom('migrations' as never).select('name' as never).orderBy('name' as never).execute()).map((r: any) => r.name)).toEqual(ALL_MIGRATIONS);
    const schema = (testDatabaseOptions(dir) as { postgres: { schema: string } }).postgres.schema;
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`select table_name, column_name, data_type from information_schema.columns where table_schema = ${schema} and table_name in ('execution_data', 'executions') and column_name in ('dataGzip', 'finished', 'id')`.execute(again.db);
    expect(rows.map((r) => `${r.table_name}.${r.column_name}:${r.data_type}`).sort()).toEqual(['execution_data.dataGzip:bytea', 'executions.finished:boolean', 'executions.id:integer']);
    // Gzipped run data goes in and comes out as bytes.
    const repo = new ExecutionsRepository(again.db);
    const big = 'x'.repeat(300 * 1024);
    await repo.saveFinished({ ...execution('7', 'success'), data: { resultData: { runData: { A: [{ startTime: 1, executionTime: 1, source: [], data: { main: [[{ json: { big } }]] } }] } } } } as IExecution, null);
    const stored = await again.db.selectFrom('execution_data').select(['data', 'dataGzip']).where('executionId', '=', 7).executeTakeFirstOrThrow();
    expect(stored.data).toBe('');
    expect(stored.dataGzip).toBeInstanceOf(Uint8Array);
    expect((await repo.get('7'))?.data.resultData.runData.A?.[0]?.data?.main[0]?.[0]?.json.big).toBe(big);
  });

  it.runIf(onPostgres)('the same migrations make the same schema on SQLite and PostgreSQL: tables, columns, nullability, defaults, indexes', async () => {
    const { db: pg, dir } = await fresh();
    const liteDir = tempDataDir();
    dirs.push(liteDir);
    const lite = await openDatabase(liteDir);
    open.push(lite);
    const schema = (testDatabaseOptions(dir) as { postgres: { schema: string } }).postgres.schema;
    // SQLite lets a text PRIMARY KEY column hold NULL (a legacy quirk; PostgreSQL's is NOT NULL):
    // those columns count as not nullable, as every row the server writes has its key.
    const litePk = new Set((await sql<{ k: string }>`select m.name || '.' || p.name as k from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and p.pk > 0`.execute(lite.db)).rows.map((r) => r.k));
    const shape = async (d: OpenDatabase, pgSchema?: string) =>
      (await d.db.introspection.getTables({ withInternalKyselyTables: true }))
        .filter((t) => !pgSchema || t.schema === pgSchema)
        .map((t) => `${t.name}(${t.columns.map((c) => `${c.name}${c.isNullable && !litePk.has(`${t.name}.${c.name}`) ? '?' : ''}${c.hasDefaultValue ? '=' : ''}`).join(',')})`)
        .sort();
    const pgShape = await shape(pg, schema);
    expect(pgShape).toEqual(await shape(lite));
    expect(pgShape.length).toBe(18);
    const liteIndexes = (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and name not like 'sqlite_autoindex%'`.execute(lite.db)).rows.map((r) => r.name).sort();
    const pgIndexes = (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = ${schema} and indexname like 'idx_%'`.execute(pg.db)).rows.map((r) => r.name).sort();
    expect(pgIndexes).toEqual(liteIndexes);
    expect(pgIndexes.length).toBeGreaterThan(10);
  });

  it.runIf(onPostgres)('on PostgreSQL: several processes opening one new schema at once migrate it once; their id blocks never overlap', async () => {
    const dir = tempDataDir();
    dirs.push(dir);
    const many = await Promise.all([0, 1, 2, 3].map(() => openTestDatabase(dir)));
    open.push(...many);
    expect((await many[0]!.db.selectFrom('migrations' as never).select('name' as never).execute()).length).toBe(ALL_MIGRATIONS.length);
    const allocators = many.map((d) => new ExecutionIdAllocator(d.db));
    const ids = (await Promise.all(allocators.map((a) => Promise.all(Array.from({ length: 1500 }, () => a.next()))))).flat();
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the adapter reads RETURNING rows and runs writes', async () => {
    const { db } = await fresh();
    const settings = new SettingsRepository(db.db);
    await settings.set('a', { x: 1 });
    await settings.set('a', { x: 2 });
    expect(await settings.get('a')).toEqual({ x: 2 });
    const rows = await db.db.insertInto('tags').values({ id: 't1', name: 'one', createdAt: 'c', updatedAt: 'u' }).returning(['id', 'name']).execute();
    expect(rows).toEqual([{ id: 't1', name: 'one' }]);
  });

  it('a save whose tags cannot be resolved stores nothing (one transaction)', async () => {
    const { db } = await fresh();
    const repo = new WorkflowsRepository(db.db);
    // A string that is no tag's id is a name; an id without a name that exists cannot be resolved.
    await expect(repo.create({ ...workflow, tags: [{ name: 'fine' }, 'a new one', { id: 'missing-id' }] }, 'u1')).rejects.toThrow(/does not exist/);
    expect(await db.db.selectFrom('workflows').selectAll().execute()).toEqual([]);
    expect(await db.db.selectFrom('tags').selectAll().execute()).toEqual([]);
  });

  it('filters workflows by name substring (case-insensitive, literal % and _) and by all tags', async () => {
    const { db } = await fresh();
    const repo = new WorkflowsRepository(db.db);
    const tags = new TagsRepository(db.db);
    const red = await tags.create('red');
    const blue = await tags.create('blue');
    await repo.create({ ...workflow, name: 'Invoice sync', tags: [red.id, blue.id] }, 'u1');
    await repo.create({ ...workflow, name: 'invoice_100%', tags: [red.id] }, 'u1');
    await repo.create({ ...workflow, name: 'Other' }, 'u1');
    const names = async (f: Parameters<WorkflowsRepository['list']>[0]) => (await repo.list(f)).map((w) => w.name).sort();
    expect(await names({ name: 'INVOICE' })).toEqual(['Invoice sync', 'invoice_100%']);
    expect(await names({ name: '_100%' })).toEqual(['invoice_100%']);
    expect(await names({ name: '%' })).toEqual(['invoice_100%']);
    expect(await names({ tags: [red.id] })).toEqual(['Invoice sync', 'invoice_100%']);
    expect(await names({ tags: [red.id, blue.id] })).toEqual(['Invoice sync']);
    expect((await repo.list()).find((w) => w.name === 'Invoice sync')?.tags.map((t) => t.name)).toEqual(['blue', 'red']);
    expect((await tags.list(true)).map((t) => [t.name, t.usageCount])).toEqual([['blue', 1], ['red', 2]]);
  });

  it('marks executions a crash left running as crashed', async () => {
    const { db, dir } = await fresh();
    const repo = new ExecutionsRepository(db.db);
    await repo.insertRunning({ id: '1', workflowId: null, workflowName: 'W', mode: 'trigger', startedAt: new Date().toISOString(), workflowData: { ...workflow, active: false }, data: { resultData: { runData: {} } }, userId: null });
    await repo.saveFinished(execution('2', 'success'), null);
    await db.close();
    const reopened = await openTestDatabase(dir);
    open.push(reopened);
    const again = new ExecutionsRepository(reopened.db);
    expect(await again.markCrashed()).toBe(1);
    const crashed = await again.get('1');
    expect(crashed?.status).toBe('crashed');
    expect(crashed?.stoppedAt).toBeTruthy();
    expect((await again.get('2'))?.status).toBe('success');
    expect(await again.markCrashed()).toBe(0);
  });

  it('lists newest first with paging and counts, and deletes by ids or date', async () => {
    const { db } = await fresh();
    const repo = new ExecutionsRepository(db.db);
    for (let i = 1; i <= 5; i++) await repo.saveFinished(execution(String(i), i % 2 ? 'success' : 'error', `2024-01-0${i}T00:00:00.000Z`), null);
    const page = await repo.list({}, { limit: 2 });
    expect(page.results.map((r) => r.id)).toEqual(['5', '4']);
    expect(page.count).toBe(5);
    expect((await repo.list({}, { limit: 10, lastId: 4 })).results.map((r) => r.id)).toEqual(['3', '2', '1']);
    expect((await repo.list({}, { limit: 10, firstId: 3 })).results.map((r) => r.id)).toEqual(['5', '4']);
    const errors = await repo.list({ status: ['error'] }, { limit: 10 });
    expect(errors.results.map((r) => r.id)).toEqual(['4', '2']);
    expect(errors.count).toBe(2);
    expect(await repo.deleteMany({ ids: ['1', 'nonsense'] })).toEqual(['1']);
    expect(await repo.deleteMany({ filter: { startedBefore: '2024-01-04T00:00:00.000Z', status: ['success'] } })).toEqual(['3']);
    expect((await repo.list({}, { limit: 10 })).results.map((r) => r.id)).toEqual(['5', '4', '2']);
    expect(await db.db.selectFrom('execution_data').select('executionId').orderBy('executionId').execute()).toEqual([
      { executionId: 2 },
      { executionId: 4 },
      { executionId: 5 },
    ]);
  });

  it('allocates increasing execution ids that are never reused after a restart', async () => {
    const { db, dir } = await fresh();
    const a = new ExecutionIdAllocator(db.db);
    const first = await Promise.all([a.next(), a.next(), a.next()]);
    expect(new Set(first).size).toBe(3);
    await db.close();
    const reopened = await openTestDatabase(dir);
    open.push(reopened);
    const b = new ExecutionIdAllocator(reopened.db);
    const next = Number(await b.next());
    expect(next).toBeGreaterThan(Math.max(...first.map(Number)));
  });

  it('goes on from the last id after a clean shutdown (release), and never reuses one handed out after it', async () => {
    const { db, dir } = await fresh();
    const a = new ExecutionIdAllocator(db.db);
    const first = Number(await a.next());
    expect(Number(await a.next())).toBe(first + 1);
    await a.release();
    // An id asked for after the release still comes from a block of its own.
    const late = Number(await a.next());
    expect(late).toBeGreaterThan(first + 1);
    await a.release();
    await db.close();
    const reopened = await openTestDatabase(dir);
    open.push(reopened);
    const b = new ExecutionIdAllocator(reopened.db);
    expect(Number(await b.next())).toBe(late + 1);
  });

  it.runIf(onPostgres)('on PostgreSQL: connections the server ends (a restart, a killed backend) are replaced, the process goes on', async () => {
    const { db } = await fresh();
    const settings = new SettingsRepository(db.db);
    await settings.set('before', 1);
    // Another session ends the pool's connection (its only one: queries ran one at a time), as a
    // server restart would; other test files' connections on the same cluster are left alone.
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db.db);
    const otherDir = tempDataDir();
    dirs.push(otherDir);
    const other = await openTestDatabase(otherDir);
    open.push(other);
    const ended = await sql<{ ok: boolean }>`select pg_terminate_backend(${rows[0]!.pid}) as ok`.execute(other.db);
    expect(ended.rows[0]?.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    await settings.set('after', 2);
    expect(await settings.get('before')).toBe(1);
    expect(await settings.get('after')).toBe(2);
  });

  it('creates one default user and one instance id', async () => {
    const { db } = await fresh();
    const users = new UsersRepository(db.db);
    const u1 = await users.ensureDefaultUser();
    const u2 = await users.ensureDefaultUser();
    expect(u1).toEqual(u2);
    expect(u1.role).toBe('default');
    expect(u1.isPending).toBe(true);
    const settings = new SettingsRepository(db.db);
    const id = await settings.ensureInstanceId();
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(await settings.ensureInstanceId()).toBe(id);
  });
});
