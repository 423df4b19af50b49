// Postgres node (v1, v2 … 2.6) against a real temporary PostgreSQL started by the test
// (tests/support/databases.ts): every operation, query batching, query parameters (no SQL
// injection through values), bad SQL with and without continueOnFail, bounded results, stops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { IDataObject } from '../../src/model/workflow.ts';
import { closeAllPools, openPoolCount, poolSettings, resultLimits } from '../../src/nodes/shared/connectionPools.ts';
import { startPostgres, type DatabaseServer } from '../support/databases.ts';
import { errorOf, jsonOf, runChain, type TestNode } from './helpers.ts';

let server: DatabaseServer;
let admin: pg.Client;
let credentials: IDataObject;

beforeAll(async () => {
  server = await startPostgres();
  credentials = { host: server.host, port: server.port, database: server.database, user: server.user, password: server.password, ssl: 'disable' };
  admin = new pg.Client({ host: server.host, port: server.port, database: server.database, user: server.user, password: server.password });
  await admin.connect();
}, 60_000);

afterAll(async () => {
  await admin?.end();
  await closeAllPools();
  await server?.stop();
});

const withCreds = (creds: IDataObject = credentials, extra: { signal?: AbortSignal } = {}) => ({ runOptions: { getCredentials: async () => creds, ...extra } });

function node(parameters: IDataObject, typeVersion = 2.6, extra: Partial<TestNode> = {}): TestNode {
  return { name: 'Postgres', type: 'n8n-nodes-base.postgres', typeVersion, parameters: parameters as TestNode['parameters'], ...extra };
}

const rl = (value: string) => ({ __rl: true, mode: 'name', value });

async function rows(sql: string): Promise<IDataObject[]> {
  return (await admin.query(sql)).rows as IDataObject[];
}

describe('Postgres: Execute Query', () => {
  beforeAll(async () => {
    await admin.query('CREATE TABLE people (id serial PRIMARY KEY, name text NOT NULL, age int, data jsonb, tags text[], big bigint)');
  });

  it('runs a query per item with $1 query parameters; values are data, never SQL', async () => {
    const evil = "x'); DROP TABLE people; --";
    const run = await runChain([{ name: 'Ann', age: 31 }, { name: evil, age: 7 }], [
      node({ operation: 'executeQuery', query: 'INSERT INTO people(name, age) VALUES($1, $2) RETURNING id, name, age', options: { queryReplacement: '={{ $json.name }},{{ $json.age }}' } }),
    ], withCreds());
    expect(errorOf(run, 'Postgres')).toBeUndefined();
    expect(jsonOf(run, 'Postgres')).toEqual([{ id: 1, name: 'Ann', age: 31 }, { id: 2, name: evil, age: 7 }]);
    expect(await rows('SELECT name FROM people ORDER BY id')).toEqual([{ name: 'Ann' }, { name: evil }]);
  });

  it('keeps a value with commas whole when it comes from one expression', async () => {
    const run = await runChain([{ text: 'a, b, c' }], [node({ operation: 'executeQuery', query: 'SELECT $1::text AS t, $2::int AS n', options: { queryReplacement: '={{ $json.text }}, 5' } })], withCreds());
    expect(jsonOf(run, 'Postgres')).toEqual([{ t: 'a, b, c', n: 5 }]);
  });

  it('evaluates {{ }} in a query written without "=" (as n8n does); an expression\'s result is not evaluated again', async () => {
    const run = await runChain([{ id: 7, text: '{{ 1 + 1 }}' }], [node({ operation: 'executeQuery', query: 'SELECT {{ $json.id }} AS id' })], withCreds());
    expect(jsonOf(run, 'Postgres')).toEqual([{ id: 7 }]);
    const once = await runChain([{ text: '{{ 1 + 1 }}' }], [node({ operation: 'executeQuery', query: '=SELECT $1::text AS t, \'{{ $json.text }}\' AS u', options: { queryReplacement: '={{ $json.text }}' } })], withCreds());
    expect(jsonOf(once, 'Postgres')).toEqual([{ t: '{{ 1 + 1 }}', u: '{{ 1 + 1 }}' }]);
  });

  it('quotes $1:name identifiers (double quotes inside are doubled)', async () => {
    const run = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT 1 AS $1:name', options: { queryReplacement: 'we"ird' } })], withCreds());
    expect(jsonOf(run, 'Postgres')).toEqual([{ 'we"ird': 1 }]);
  });

  it('names a missing parameter clearly', async () => {
    const run = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT $1, $2', options: { queryReplacement: 'only-one' } })], withCreds());
    expect(errorOf(run, 'Postgres')?.message).toBe('Variable $2 out of range. Parameters array length: 1');
  });

  it('single batching: one round trip for all items; empty results give success only for non-SELECTs', async () => {
    const run = await runChain([{ n: 1 }, { n: 2 }], [node({ operation: 'executeQuery', query: 'SELECT $1::int * 10 AS v', options: { queryReplacement: '={{ $json.n }}' } })], withCreds());
    expect(jsonOf(run, 'Postgres')).toEqual([{ v: 10 }, { v: 20 }]);
    const none = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT 1 WHERE false' })], withCreds());
    expect(jsonOf(none, 'Postgres')).toEqual([]);
    const upd = await runChain([{}], [node({ operation: 'executeQuery', query: "UPDATE people SET age = age WHERE name = 'nobody'" })], withCreds());
    expect(jsonOf(upd, 'Postgres')).toEqual([{ success: true }]);
    // Before 2.3 an empty SELECT gave { success: true } too.
    const old = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT 1 WHERE false' }, 2.2)], withCreds());
    expect(jsonOf(old, 'Postgres')).toEqual([{ success: true }]);
  });

  it('bad SQL fails with the line and the failed query; continueOnFail gives an error item', async () => {
    const run = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT 1;\nSELEC oops' })], withCreds());
    const error = errorOf(run, 'Postgres');
    expect(error?.message).toBe('Syntax error at line 2 near "SELEC"');
    expect(error?.description).toContain('Failed query: SELECT 1;');
    const cont = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT * FROM no_such_table' }, 2.6, { continueOnFail: true })], withCreds());
    expect(errorOf(cont, 'Postgres')).toBeUndefined();
    expect(jsonOf(cont, 'Postgres')).toEqual([{ message: 'relation "no_such_table" does not exist', error: { message: 'relation "no_such_table" does not exist', description: 'Failed query: SELECT * FROM no_such_table' } }]);
  });

  it('independently: each item alone; with continueOnFail the bad one becomes an error item', async () => {
    const run = await runChain([{ q: 'SELECT 1 AS a' }, { q: 'SELECT nope' }, { q: 'SELECT 3 AS a' }], [
      node({ operation: 'executeQuery', query: '={{ $json.q }}', options: { queryBatching: 'independently' } }, 2.6, { continueOnFail: true }),
    ], withCreds());
    const out = jsonOf(run, 'Postgres') as IDataObject[];
    expect(out[0]).toEqual({ a: 1 });
    expect(out[1]!.message).toBe('column "nope" does not exist');
    expect(out[1]!.item).toEqual({ q: 'SELECT nope' });
    expect(out[2]).toEqual({ a: 3 });
  });

  it('transaction: a failure rolls back every item of the run', async () => {
    await admin.query('CREATE TABLE tx (v int UNIQUE)');
    const nodes = [node({ operation: 'executeQuery', query: 'INSERT INTO tx VALUES($1)', options: { queryBatching: 'transaction', queryReplacement: '={{ $json.v }}' } })];
    const run = await runChain([{ v: 1 }, { v: 2 }, { v: 1 }], nodes, withCreds());
    expect(errorOf(run, 'Postgres')?.message).toContain('duplicate key value violates unique constraint');
    expect(await rows('SELECT * FROM tx')).toEqual([]);
    const cont = await runChain([{ v: 1 }, { v: 1 }], [{ ...nodes[0]!, continueOnFail: true }], withCreds());
    const out = jsonOf(cont, 'Postgres') as IDataObject[];
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual({ success: true });
    expect(String(out[1]!.message)).toContain('duplicate key');
    expect(await rows('SELECT * FROM tx')).toEqual([]);
    const ok = await runChain([{ v: 1 }, { v: 2 }], nodes, withCreds());
    expect(errorOf(ok, 'Postgres')).toBeUndefined();
    expect(await rows('SELECT v FROM tx ORDER BY v')).toEqual([{ v: 1 }, { v: 2 }]);
  });

  it('large numbers as text (default) or numbers; dates as ISO strings; json as objects', async () => {
    const q = "SELECT 9007199254740993::bigint AS big, 12.5::numeric AS num, '2024-01-02T03:04:05Z'::timestamptz AS at, '{\"a\":[1]}'::jsonb AS j";
    const text = await runChain([{}], [node({ operation: 'executeQuery', query: q })], withCreds());
    expect(jsonOf(text, 'Postgres')).toEqual([{ big: '9007199254740993', num: '12.5', at: '2024-01-02T03:04:05.000Z', j: { a: [1] } }]);
    const numbers = await runChain([{}], [node({ operation: 'executeQuery', query: q, options: { largeNumbersOutput: 'numbers' } })], withCreds());
    expect((jsonOf(numbers, 'Postgres')[0] as IDataObject).num).toBe(12.5);
  });
});

describe('Postgres: table operations (v2.6 columns mapper)', () => {
  beforeAll(async () => {
    await admin.query('CREATE TABLE items (id int PRIMARY KEY, name text, qty int NOT NULL DEFAULT 0, meta jsonb)');
  });

  it('insert: auto-mapped and defined below, returning columns; unknown columns and NOT NULL named', async () => {
    const run = await runChain([{ id: 1, name: "O'Brien", qty: 3, meta: { k: 'v' } }, { id: 2, name: 'b', qty: 5 }], [
      node({ operation: 'insert', schema: rl('public'), table: rl('items'), columns: { mappingMode: 'autoMapInputData', value: {} }, options: { outputColumns: ['id', 'name'] } }),
    ], withCreds());
    expect(errorOf(run, 'Postgres')).toBeUndefined();
    expect(jsonOf(run, 'Postgres')).toEqual([{ id: 1, name: "O'Brien" }, { id: 2, name: 'b' }]);
    const defined = await runChain([{ x: 9 }], [node({ operation: 'insert', schema: rl('public'), table: rl('items'), columns: { mappingMode: 'defineBelow', value: { id: '={{ $json.x }}', name: 'nine', qty: 9 } } })], withCreds());
    expect(jsonOf(defined, 'Postgres')).toEqual([{ id: 9, name: 'nine', qty: 9, meta: null }]);
    expect(await rows("SELECT meta FROM items WHERE id = 1")).toEqual([{ meta: { k: 'v' } }]);
    const bad = await runChain([{ id: 3, nope: 1 }], [node({ operation: 'insert', schema: rl('public'), table: rl('items'), columns: { mappingMode: 'autoMapInputData', value: {} } })], withCreds());
    expect(errorOf(bad, 'Postgres')?.message).toBe("Column 'nope' does not exist in selected table");
    const nul = await runChain([{ id: 3, qty: null }], [node({ operation: 'insert', schema: rl('public'), table: rl('items'), columns: { mappingMode: 'autoMapInputData', value: {} } })], withCreds());
    expect(errorOf(nul, 'Postgres')?.message).toBe("Column 'qty' is not nullable");
  });

  it('insert: skipOnConflict skips duplicates instead of failing', async () => {
    const params = { operation: 'insert', schema: rl('public'), table: rl('items'), columns: { mappingMode: 'autoMapInputData', value: {} } };
    const dup = await runChain([{ id: 1, name: 'dup' }], [node(params)], withCreds());
    expect(errorOf(dup, 'Postgres')?.message).toContain('duplicate key value');
    const skip = await runChain([{ id: 1, name: 'dup' }], [node({ ...params, options: { skipOnConflict: true } })], withCreds());
    expect(errorOf(skip, 'Postgres')).toBeUndefined();
    expect(jsonOf(skip, 'Postgres')).toEqual([{ success: true }]);
    expect(await rows('SELECT name FROM items WHERE id = 1')).toEqual([{ name: "O'Brien" }]);
  });

  it('update by matching columns, and upsert (insert then update)', async () => {
    const upd = await runChain([{ id: 2, qty: 50 }], [node({ operation: 'update', schema: rl('public'), table: rl('items'), columns: { mappingMode: 'autoMapInputData', value: {}, matchingColumns: ['id'] } })], withCreds());
    expect(jsonOf(upd, 'Postgres')).toEqual([{ id: 2, name: 'b', qty: 50, meta: null }]);
    const ups = { operation: 'upsert', schema: rl('public'), table: rl('items'), columns: { mappingMode: 'autoMapInputData', value: {}, matchingColumns: ['id'] } };
    const first = await runChain([{ id: 20, name: 'new', qty: 1 }, { id: 2, name: 'changed', qty: 2 }], [node(ups)], withCreds());
    expect(jsonOf(first, 'Postgres')).toEqual([{ id: 20, name: 'new', qty: 1, meta: null }, { id: 2, name: 'changed', qty: 2, meta: null }]);
    const missing = await runChain([{ name: 'no id' }], [node(ups)], withCreds());
    expect(errorOf(missing, 'Postgres')?.message).toContain('Column to match on not found in input item');
  });

  it('v2 (dataMode, columnToMatchOn, valuesToSend) update and upsert', async () => {
    const upd = await runChain([{}], [node({ operation: 'update', schema: rl('public'), table: rl('items'), dataMode: 'defineBelow', columnToMatchOn: 'id', valueToMatchOn: '9', valuesToSend: { values: [{ column: 'name', value: 'NINE' }] } }, 2)], withCreds());
    expect(jsonOf(upd, 'Postgres')).toEqual([{ id: 9, name: 'NINE', qty: 9, meta: null }]);
    const ups = await runChain([{ id: 30, name: 'thirty' }], [node({ operation: 'upsert', schema: rl('public'), table: rl('items'), dataMode: 'autoMapInputData', columnToMatchOn: 'id' }, 2.1)], withCreds());
    expect(jsonOf(ups, 'Postgres')).toEqual([{ id: 30, name: 'thirty', qty: 0, meta: null }]);
  });

  it('select: where (=, >, LIKE, IS NULL) combined with AND / OR, sort, limit, return all, output columns', async () => {
    const base = { operation: 'select', schema: rl('public'), table: rl('items') };
    const all = await runChain([{}], [node({ ...base, returnAll: true, sort: { values: [{ column: 'id', direction: 'DESC' }] }, options: { outputColumns: ['id'] } })], withCreds());
    expect(jsonOf(all, 'Postgres')).toEqual([{ id: 30 }, { id: 20 }, { id: 9 }, { id: 2 }, { id: 1 }]);
    const limited = await runChain([{}], [node({ ...base, limit: 2, sort: { values: [{ column: 'id', direction: 'ASC' }] }, options: { outputColumns: ['id'] } })], withCreds());
    expect(jsonOf(limited, 'Postgres')).toEqual([{ id: 1 }, { id: 2 }]);
    const where = await runChain([{}], [node({ ...base, returnAll: true, where: { values: [{ column: 'qty', condition: '>', value: 1 }, { column: 'name', condition: 'LIKE', value: 'N%' }] }, sort: { values: [{ column: 'id' }] }, options: { outputColumns: ['id'] } })], withCreds());
    expect(jsonOf(where, 'Postgres')).toEqual([{ id: 9 }]);
    const or = await runChain([{}], [node({ ...base, returnAll: true, combineConditions: 'OR', where: { values: [{ column: 'meta', condition: 'IS NULL' }, { column: 'id', condition: 'equal', value: '1' }] }, sort: { values: [{ column: 'id' }] }, options: { outputColumns: ['id'] } })], withCreds());
    expect(jsonOf(or, 'Postgres')).toHaveLength(5);
    // As imported from n8n: a condition left out is 'equal'; no operation is 'insert'.
    const noCondition = await runChain([{ c: '9' }], [node({ ...base, where: { values: [{ column: 'id', value: '={{ $json.c }}' }] }, options: { outputColumns: ['id'] } })], withCreds());
    expect(jsonOf(noCondition, 'Postgres')).toEqual([{ id: 9 }]);
    const noOperation = await runChain([{}], [node({ schema: rl('public'), table: rl('items'), columns: { mappingMode: 'defineBelow', value: { id: 40, name: 'forty' }, matchingColumns: ['id'] }, options: {} })], withCreds());
    expect(jsonOf(noOperation, 'Postgres')).toEqual([{ id: 40, name: 'forty', qty: 0, meta: null }]);
    await admin.query('DELETE FROM items WHERE id = 40');
    const notNumber = await runChain([{}], [node({ ...base, where: { values: [{ column: 'qty', condition: '>', value: 'abc' }] } })], withCreds());
    expect(errorOf(notNumber, 'Postgres')?.message).toBe("Operator in entry 1 of 'Select Rows' works with numbers, but value abc is not a number");
    const injection = await runChain([{}], [node({ ...base, returnAll: true, where: { values: [{ column: 'name', condition: 'equal', value: "' OR 1=1 --" }] } })], withCreds());
    expect(jsonOf(injection, 'Postgres')).toEqual([]);
    const badColumn = await runChain([{}], [node({ ...base, where: { values: [{ column: 'id" = 1 OR "x', condition: 'equal', value: '1' }] } })], withCreds());
    expect(errorOf(badColumn, 'Postgres')?.message).toBe('column "id" = 1 OR "x" does not exist');
  });

  it('delete: rows matching the conditions, truncate with restart, drop', async () => {
    const del = await runChain([{}], [node({ operation: 'deleteTable', schema: rl('public'), table: rl('items'), deleteCommand: 'delete', where: { values: [{ column: 'id', condition: '>=', value: 20 }] } })], withCreds());
    expect(jsonOf(del, 'Postgres')).toEqual([{ success: true }]);
    expect(await rows('SELECT id FROM items ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }, { id: 9 }]);
    await admin.query("CREATE TABLE seq (id serial PRIMARY KEY, v text); INSERT INTO seq(v) VALUES ('a'), ('b')");
    await runChain([{}], [node({ operation: 'deleteTable', schema: rl('public'), table: rl('seq'), deleteCommand: 'truncate', restartSequences: true })], withCreds());
    await admin.query("INSERT INTO seq(v) VALUES ('c')");
    expect(await rows('SELECT id, v FROM seq')).toEqual([{ id: 1, v: 'c' }]);
    await runChain([{}], [node({ operation: 'deleteTable', schema: rl('public'), table: rl('seq'), deleteCommand: 'drop' })], withCreds());
    expect(await rows("SELECT to_regclass('public.seq') AS t")).toEqual([{ t: null }]);
  });
});

describe('Postgres v1', () => {
  it('executeQuery with Query Parameters from item properties, insert with casts, update by key', async () => {
    await admin.query('CREATE TABLE v1t (id int PRIMARY KEY, name text, price numeric)');
    const ins = await runChain([{ id: '1', name: 'pen', price: '1.5' }, { id: '2', name: "it's", price: '2' }], [
      node({ operation: 'insert', schema: 'public', table: 'v1t', columns: 'id:int,name,price:numeric', returnFields: 'id,name' }, 1),
    ], withCreds());
    expect(errorOf(ins, 'Postgres')).toBeUndefined();
    expect(jsonOf(ins, 'Postgres')).toEqual([{ id: 1, name: 'pen' }, { id: 2, name: "it's" }]);
    const upd = await runChain([{ id: 2, name: 'ink' }], [node({ operation: 'update', table: 'v1t', updateKey: 'id', columns: 'name' }, 1)], withCreds());
    expect(jsonOf(upd, 'Postgres')).toEqual([{ id: 2, name: 'ink', price: '2' }]);
    const q = await runChain([{ min: 1, name: "x' OR '1'='1" }], [node({ operation: 'executeQuery', query: 'SELECT id FROM v1t WHERE id > $1 OR name = $2 ORDER BY id', additionalFields: { queryParams: 'min,name' } }, 1)], withCreds());
    expect(jsonOf(q, 'Postgres')).toEqual([{ id: 2 }]);
    const bad = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT * FROM missing_v1' }, 1)], withCreds());
    expect(errorOf(bad, 'Postgres')?.message).toBe('relation "missing_v1" does not exist');
  });
});

describe('Postgres: connections, limits and stops', () => {
  it('reuses one pool per credential', async () => {
    await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT 1' })], withCreds());
    const before = openPoolCount('postgres');
    await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT 2' })], withCreds());
    expect(openPoolCount('postgres')).toBe(before);
    await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT 3', options: { connectionTimeout: 5 } })], withCreds());
    expect(openPoolCount('postgres')).toBe(before + 1);
  });

  it('closes a pool nobody used for a while: its sessions end on the server', async () => {
    await closeAllPools();
    const saved = { ...poolSettings };
    Object.assign(poolSettings, { idleCloseMs: 300, sweepMs: 100 });
    try {
      await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT 1' })], withCreds());
      expect(openPoolCount('postgres')).toBe(1);
      const sessions = async () => (await rows("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'Switchyard'"))[0]!.n;
      expect(await sessions()).toBe(1);
      await new Promise((r) => setTimeout(r, 800));
      expect(openPoolCount('postgres')).toBe(0);
      expect(await sessions()).toBe(0);
    } finally {
      await closeAllPools();
      Object.assign(poolSettings, saved);
    }
  });

  it('a wrong password, a closed port, TLS the server lacks and an SSH tunnel fail clearly', async () => {
    const q = [node({ operation: 'executeQuery', query: 'SELECT 1' })];
    expect(errorOf(await runChain([{}], q, withCreds({ ...credentials, password: 'wrong' })), 'Postgres')?.message).toBe(`password authentication failed for user "${server.user}"`);
    const refused = errorOf(await runChain([{}], q, withCreds({ ...credentials, port: 1 })), 'Postgres');
    expect(refused?.message).toBe('Connection refused');
    expect(errorOf(await runChain([{}], q, withCreds({ ...credentials, ssl: 'require' })), 'Postgres')?.message).toBe('The server does not support SSL connections');
    expect(errorOf(await runChain([{}], q, withCreds({ ...credentials, sshTunnel: true })), 'Postgres')?.message).toBe('SSH tunnels are not supported');
  });

  it('a result past the row or byte limit fails clearly and the pool stays usable', async () => {
    const saved = { ...resultLimits };
    try {
      resultLimits.maxRows = 1000;
      const rowsRun = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT g FROM generate_series(1, 5000) g' })], withCreds());
      expect(errorOf(rowsRun, 'Postgres')?.message).toBe('The query returned more than 1,000 rows, more than a node may read at once');
      resultLimits.maxRows = saved.maxRows;
      resultLimits.maxBytes = 1024 * 1024;
      const bytesRun = await runChain([{}], [node({ operation: 'executeQuery', query: "SELECT repeat('x', 100000) FROM generate_series(1, 50)" })], withCreds());
      expect(errorOf(bytesRun, 'Postgres')?.message).toBe('The query returned more than 1 MB, more than a node may read at once');
    } finally {
      Object.assign(resultLimits, saved);
    }
    const after = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT count(*)::int AS n FROM generate_series(1, 5000)' })], withCreds());
    expect(jsonOf(after, 'Postgres')).toEqual([{ n: 5000 }]);
  });

  it('200,000 rows come back as items without holding the loop for long', async () => {
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 2);
    const t0 = performance.now();
    const run = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT g AS n, md5(g::text) AS h FROM generate_series(1, 200000) g' })], withCreds());
    clearInterval(timer);
    expect(errorOf(run, 'Postgres')).toBeUndefined();
    expect(jsonOf(run, 'Postgres')).toHaveLength(200_000);
    console.log(`200,000 rows: ${Math.round(performance.now() - t0)} ms, longest loop hold ${Math.round(longest)} ms (load ${(await import('node:os')).loadavg()[0]!.toFixed(2)})`);
  }, 60_000);

  it('stopping the execution cancels a running query', async () => {
    const controller = new AbortController();
    const t0 = Date.now();
    setTimeout(() => controller.abort(), 300);
    const run = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT pg_sleep(20)' })], withCreds(credentials, { signal: controller.signal }));
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(run.data.resultData.error ?? errorOf(run, 'Postgres')).toBeTruthy();
    // The server ended the backend: no session is left sleeping.
    await new Promise((r) => setTimeout(r, 200));
    expect(await rows("SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(20)' AND state = 'active'")).toEqual([{ n: 0 }]);
  });
});
