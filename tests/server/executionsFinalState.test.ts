// Every execution reaches a final state (issue 12), against the real server: a run whose data
// cannot be saved — a database that refuses the row, one that refuses every write for a while —
// ends as 'error' with a message the executions list and GET show, and stop, retry and delete
// answer for it; delete refuses a running execution; stop marks a row that nothing runs any more
// as canceled. Data nested too deep to store (an HTTP answer 5,000 deep) no longer gets that far:
// the node that returned it fails (issue 14), and the run is saved with its data.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { live, node, webhookNode, workflow, type Live } from './triggerHelpers.ts';
import { CompiledQuery, sql } from 'kysely';
import { DATABASE_FILE, openDatabase } from '../../src/server/db/database.ts';
import { onPostgres, testDatabaseOptions } from '../support/testDatabase.ts';
import { unsavableExecution } from '../../src/server/executions/ExecutionService.ts';
import type { IExecution } from '../../src/model/execution.ts';
import { startServer as startHttp } from '../nodes/httpServer.ts';

let t: Live;
/** A second connection to the server's database, to make it refuse writes as a failing disk would. */
let raw: RawDatabase;
/** Answers JSON nested 5,000 deep, past the depth limit of workflow data. */
let remote: Awaited<ReturnType<typeof startHttp>>;
beforeAll(async () => {
  remote = await startHttp({ '/deep': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(nested(5000)) });
  t = await live({});
  raw = await openRaw(t.s.dataDir);
});
afterAll(async () => {
  await remote.close();
  await raw.close();
  await t.dispose();
});

/** The few raw statements below, on SQLite or on the data folder's PostgreSQL schema. */
interface RawDatabase {
  /** A trigger that aborts an update of `table` when `when` holds, with `message`. */
  refuse(name: string, table: 'execution_data' | 'executions', when: string, message: string): Promise<void>;
  drop(name: string, table: 'execution_data' | 'executions'): Promise<void>;
  get(query: string, ...params: unknown[]): Promise<Record<string, unknown> | undefined>;
  run(query: string, ...params: unknown[]): Promise<void>;
  close(): Promise<void>;
}

async function openRaw(dataDir: string): Promise<RawDatabase> {
  if (!onPostgres) {
    const db = new DatabaseSync(join(dataDir, DATABASE_FILE));
    db.exec('PRAGMA busy_timeout = 5000');
    return {
      async refuse(name, table, when, message) {
        db.exec(`CREATE TRIGGER ${name} BEFORE UPDATE ON ${table} WHEN ${when} BEGIN SELECT RAISE(ABORT, '${message}'); END`);
      },
      async drop(name) {
        db.exec(`DROP TRIGGER ${name}`);
      },
      async get(query, ...params) {
        return db.prepare(query).get(...(params as never[])) as Record<string, unknown> | undefined;
      },
      async run(query, ...params) {
        db.prepare(query).run(...(params as never[]));
      },
      async close() {
        db.close();
      },
    };
  }
  const opened = await openDatabase(dataDir, testDatabaseOptions(dataDir));
  const db = opened.db;
  // '?' placeholders as PostgreSQL's $1, $2 …; camelCase column names quoted.
  const pgText = (q: string) => {
    let n = 0;
    return q.replace(/\?/g, () => `$${++n}`).replace(/\b(workflowId|workflowName|startedAt|executionId|workflowData|errorMessage)\b/g, '"$1"');
  };
  const query = (q: string, params: unknown[]) => db.executeQuery(CompiledQuery.raw(pgText(q), params));
  return {
    async refuse(name, table, when, message) {
      await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin if ${pgText(when).replace(/NEW\./g, 'NEW.')} then raise exception '${message}'; end if; return NEW; end $$`).execute(db);
      await sql.raw(`create trigger ${name} before update on ${table} for each row execute function ${name}()`).execute(db);
    },
    async drop(name, table) {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
      await sql.raw(`drop function ${name}()`).execute(db);
    },
    async get(q, ...params) {
      return (await query(q, params)).rows[0] as Record<string, unknown> | undefined;
    },
    async run(q, ...params) {
      await query(q, params);
    },
    close: () => opened.close(),
  };
}

function nested(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

const post = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });
const listOf = async (workflowId: string) => (await t.api('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`)).body.data;
const ended = (workflowId: string) =>
  t.until(async () => {
    const l = await listOf(workflowId);
    return l.results[0] && l.results[0].status !== 'running' && l.results[0].status !== 'new' ? l.results[0] : undefined;
  });

const fetchDeep = () => node('Fetch', 'n8n-nodes-base.httpRequest', 4.2, { url: `${remote.base}/deep`, options: {} });

/** Makes the database refuse execution data holding 'poison-pill', as a failing disk would. */
async function withPoisonRefused(fn: () => Promise<void>): Promise<void> {
  await raw.refuse('refuse_poison', 'execution_data', `NEW.data LIKE '%poison-pill%'`, 'disk I/O error');
  try {
    await fn();
  } finally {
    await raw.drop('refuse_poison', 'execution_data');
  }
}

describe('run data nested 5,000 deep (an HTTP answer)', () => {
  it('fails the node that fetched it, naming the limit; the run is saved with its data', async () => {
    const wf = await t.activate(workflow('Deep answer', [webhookNode({ path: 'deep-answer', httpMethod: 'POST' }), fetchDeep()]));
    expect((await t.hook('deep-answer', post('{"go":1}'))).status).toBe(200);
    const row = await ended(wf.id);
    const message = 'Node "Fetch" returned data nested more than 512 levels deep (item 0)';
    expect(row).toMatchObject({ status: 'error', errorMessage: message });
    const one = (await t.api('GET', `/executions/${row.id}`)).body.data;
    expect(one.data.resultData.error).toMatchObject({ message, node: { name: 'Fetch' } });
    expect(one.data.resultData.runData.Webhook[0].data.main[0][0].json.body).toEqual({ go: 1 });
  });
});

describe('an execution whose data cannot be saved', () => {
  it('ends as an error with a message; stop, retry and delete work on it', async () => {
    const wf = await t.activate(workflow('Unsavable', [webhookNode({ path: 'unsavable', httpMethod: 'POST' })]));
    let row: any;
    await withPoisonRefused(async () => {
      expect((await t.hook('unsavable', post('{"v":"poison-pill"}'))).status).toBe(200);
      row = await ended(wf.id);
    });
    const message = 'The execution data could not be saved: the database refused it (disk I/O error)';
    expect(row).toMatchObject({ status: 'error', finished: false, mode: 'webhook', errorMessage: message });
    expect(row.stoppedAt).toEqual(expect.any(String));
    const one = await t.api('GET', `/executions/${row.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ status: 'error', finished: false });
    expect(one.body.data.data.resultData.error).toMatchObject({ name: 'ExecutionSaveError', message });
    expect((await t.api('GET', '/executions-current')).body.data.map((e: { id: string }) => e.id)).not.toContain(row.id);

    const stop = await t.api('POST', `/executions-current/${row.id}/stop`);
    expect(stop.status).toBe(409);
    expect(stop.body.message).toBe(`Execution ${row.id} has already finished (status: error)`);

    // Retry runs it again (a new execution that retries this one): no 'still running'.
    const retry = await t.api('POST', `/executions/${row.id}/retry`, { loadWorkflow: false });
    expect(retry.status).toBe(200);
    expect(typeof retry.body.data).toBe('boolean');
    const retries = await t.until(async () => (await listOf(wf.id)).results.find((e: { retryOf: string | null }) => e.retryOf === row.id));
    expect(retries.mode).toBe('retry');

    const del = await t.api('POST', '/executions/delete', { ids: [row.id] });
    expect(del).toMatchObject({ status: 200, body: { data: true } });
    expect((await t.api('GET', `/executions/${row.id}`)).status).toBe(404);
    const again = await t.api('POST', `/executions/${row.id}/retry`);
    expect(again).toMatchObject({ status: 404, body: { message: `The execution with the ID "${row.id}" does not exist.` } });
  });

  it('leaves other executions saved in the same moment alone', async () => {
    const wf = await t.activate(workflow('Mixed', [webhookNode({ path: 'mixed', httpMethod: 'POST' })]));
    await withPoisonRefused(async () => {
      const calls = [t.hook('mixed', post('{"v":"poison-pill"}')), ...Array.from({ length: 5 }, (_, i) => t.hook('mixed', post(JSON.stringify({ n: i }))))];
      for (const r of await Promise.all(calls)) expect(r.status).toBe(200);
      const done = await t.until(async () => {
        const l = await listOf(wf.id);
        return l.results.length === 6 && l.results.every((e: { status: string }) => e.status !== 'running') ? l.results : undefined;
      });
      expect(done.filter((e: { status: string }) => e.status === 'success')).toHaveLength(5);
      expect(done.filter((e: { status: string }) => e.status === 'error')).toHaveLength(1);
    });
  });
});

describe('the database refuses the execution', () => {
  it('saves it as an error without its data when the row with its data is refused', async () => {
    const wf = await t.activate(workflow('Refused data', [webhookNode({ path: 'refused-data', httpMethod: 'POST' })]));
    await raw.refuse('refuse_poison', 'execution_data', `NEW.data LIKE '%poison-pill%'`, 'disk I/O error');
    try {
      expect((await t.hook('refused-data', post(JSON.stringify({ v: 'poison-pill' })))).status).toBe(200);
      const row = await ended(wf.id);
      expect(row).toMatchObject({ status: 'error', errorMessage: 'The execution data could not be saved: the database refused it (disk I/O error)' });
    } finally {
      await raw.drop('refuse_poison', 'execution_data');
    }
  });

  it('keeps it in memory as failed while every write is refused, then writes it', async () => {
    const wf = await t.activate(workflow('Refused all', [webhookNode({ path: 'refused-all', httpMethod: 'POST' })]));
    await raw.refuse('refuse_all', 'executions', `NEW.workflowName = 'Refused all' AND NEW.status <> 'running'`, 'database is full');
    let id: string;
    try {
      expect((await t.hook('refused-all', post('{"v":1}'))).status).toBe(200);
      // The stored row still says running, but the list, GET and stop tell the end.
      const row = await ended(wf.id);
      id = row.id;
      expect(row).toMatchObject({ status: 'error', errorMessage: 'The execution data could not be saved: the database refused it (database is full)' });
      expect((await raw.get('SELECT status FROM executions WHERE id = ?', Number(id)))?.status).toBe('running');
      expect((await t.api('GET', `/executions/${id}`)).body.data.status).toBe('error');
      expect((await t.api('POST', `/executions-current/${id}/stop`)).status).toBe(409);
      expect((await t.api('GET', '/executions-current')).body.data).toEqual([]);
      // Retry takes it as it ended (not 'still running'); its own run is saved normally.
      const retry = await t.api('POST', `/executions/${id}/retry`);
      expect(retry.status).toBe(200);
    } finally {
      await raw.drop('refuse_all', 'executions');
    }
    expect(await t.s.server.context.executions.retryUnsaved()).toBe(0);
    expect(await raw.get('SELECT status, errorMessage FROM executions WHERE id = ?', Number(id))).toEqual({
      status: 'error',
      errorMessage: 'The execution data could not be saved: the database refused it (database is full)',
    });
  });
});

describe('stop and delete on every state', () => {
  it('stop marks a row that nothing runs any more as canceled, and delete removes it', async () => {
    const now = new Date().toISOString();
    await raw.run(`INSERT INTO executions (id, workflowId, workflowName, mode, status, finished, startedAt) VALUES (900001, NULL, 'Orphan', 'webhook', 'running', ?, ?)`, onPostgres ? false : 0, now);
    await raw.run(`INSERT INTO execution_data (executionId, workflowData, data) VALUES (900001, '{"name":"Orphan","nodes":[],"connections":{}}', '{"resultData":{"runData":{}}}')`);
    const stop = await t.api('POST', '/executions-current/900001/stop');
    expect(stop).toMatchObject({ status: 200, body: { data: { status: 'canceled', finished: false } } });
    expect((await t.api('GET', '/executions/900001')).body.data.status).toBe('canceled');
    expect((await t.api('POST', '/executions/delete', { ids: ['900001'] })).status).toBe(200);
    expect((await t.api('GET', '/executions/900001')).status).toBe(404);
  });

  it('delete refuses a running execution with a message and deletes nothing', async () => {
    const slow = node('Flaky', 'n8n-nodes-base.code', 2, { jsCode: "throw new Error('not yet');" }, { retryOnFail: true, maxTries: 5, waitBetweenTries: 5000 });
    const wf = await t.activate(workflow('Slow hook', [webhookNode({ path: 'slow', httpMethod: 'POST' }), slow]));
    expect((await t.hook('slow', post('{}'))).status).toBe(200);
    const running = await t.until(async () => (await t.api('GET', `/executions-current?filter=${encodeURIComponent(JSON.stringify({ workflowId: wf.id }))}`)).body.data[0]);
    const done = await t.activate(workflow('Quick hook', [webhookNode({ path: 'quick', httpMethod: 'POST' })]));
    await t.hook('quick', post('{}'));
    const quick = await ended(done.id);
    const del = await t.api('POST', '/executions/delete', { ids: [quick.id, running.id] });
    expect(del).toMatchObject({ status: 409, body: { message: `Execution ${running.id} is running: stop it before deleting it` } });
    expect((await t.api('GET', `/executions/${quick.id}`)).status).toBe(200);
    expect((await t.api('POST', `/executions-current/${running.id}/stop`)).body.data.status).toBe('canceled');
    expect((await t.api('POST', '/executions/delete', { ids: [quick.id, running.id] })).status).toBe(200);
    expect((await t.api('GET', `/executions/${running.id}`)).status).toBe(404);
  });
});

describe('the message of a failed save', () => {
  const ended: IExecution = {
    id: '7',
    finished: true,
    mode: 'webhook',
    status: 'success',
    startedAt: '2026-01-01T00:00:00.000Z',
    stoppedAt: '2026-01-01T00:00:01.000Z',
    workflowId: 'w',
    workflowName: 'W',
    retryOf: null,
    retrySuccessId: null,
    waitTill: null,
    workflowData: { name: 'W', active: false, nodes: [], connections: {} },
    data: { resultData: { runData: { Webhook: [] }, lastNodeExecuted: 'Webhook' } },
  };
  it('says why for data too large for a string, nested too deep, and a database error', () => {
    const cases: Array<[Error, string]> = [
      [new RangeError('Invalid string length'), 'its data is too large to be stored'],
      [new RangeError('Maximum call stack size exceeded'), 'its data is nested too deeply to be stored (for example a request body with thousands of nested levels)'],
      [new Error('string or blob too big'), 'its data is larger than the database accepts'],
      [new Error('SQLITE_IOERR: disk I/O error'), 'the database refused it (SQLITE_IOERR: disk I/O error)'],
    ];
    for (const [err, why] of cases) {
      const e = unsavableExecution(ended, err);
      expect(e).toMatchObject({ id: '7', status: 'error', finished: false, waitTill: null, workflowData: ended.workflowData });
      expect(e.data).toEqual({ resultData: { runData: {}, lastNodeExecuted: 'Webhook', error: { name: 'ExecutionSaveError', message: `The execution data could not be saved: ${why}`, timestamp: expect.any(Number) } } });
    }
  });
});
