// MySQL node (v1, v2 … 2.5) against a real temporary MariaDB started by the test
// (tests/support/databases.ts): every operation, query batching, query parameters (no SQL
// injection through values), bad SQL with and without continueOnFail, bounded results, stops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mysql from 'mysql2/promise';
import type { IDataObject } from '../../src/model/workflow.ts';
import { closeAllPools, resultLimits } from '../../src/nodes/shared/connectionPools.ts';
import { prepareQuery } from '../../src/nodes/MySql/MySql.node.ts';
import { startMariaDb, type DatabaseServer } from '../support/databases.ts';
import { errorOf, jsonOf, runChain, type TestNode } from './helpers.ts';

let server: DatabaseServer;
let admin: mysql.Connection;
let credentials: IDataObject;

beforeAll(async () => {
  server = await startMariaDb();
  credentials = { host: server.host, port: server.port, database: server.database, user: server.user, password: server.password };
  admin = await mysql.createConnection({ host: server.host, port: server.port, database: server.database, user: server.user, password: server.password, multipleStatements: true });
}, 90_000);

afterAll(async () => {
  await admin?.end();
  await closeAllPools();
  await server?.stop();
});

const withCreds = (creds: IDataObject = credentials, extra: { signal?: AbortSignal } = {}) => ({ runOptions: { getCredentials: async () => creds, ...extra } });

function node(parameters: IDataObject, typeVersion = 2.5, extra: Partial<TestNode> = {}): TestNode {
  return { name: 'MySQL', type: 'n8n-nodes-base.mySql', typeVersion, parameters: parameters as TestNode['parameters'], ...extra };
}
const rl = (value: string) => ({ __rl: true, mode: 'name', value });

async function rows(sql: string): Promise<IDataObject[]> {
  const [r] = await admin.query(sql);
  return (r as IDataObject[]).map((x) => ({ ...x }));
}

describe('MySQL: query parameters', () => {
  it('turns $N into placeholders outside quotes and $N:name into identifiers', () => {
    expect(prepareQuery("SELECT $1:name FROM t WHERE a = $2 AND b = '$1' AND c = $2", ['x`y', 5])).toEqual({ query: "SELECT `x``y` FROM t WHERE a = ? AND b = '$1' AND c = ?", values: [5, 5] });
    expect(() => prepareQuery('SELECT $3', [1])).toThrow('Parameter $3 referenced in query but no replacement value provided at index 3');
  });
});

describe('MySQL: Execute Query', () => {
  beforeAll(async () => {
    await admin.query('CREATE TABLE people (id int AUTO_INCREMENT PRIMARY KEY, name varchar(200) NOT NULL, age int, big bigint, born date)');
  });

  it('runs per-item queries with $1 parameters; values are data, never SQL', async () => {
    const evil = "x'); DROP TABLE people; -- \\";
    const run = await runChain([{ name: 'Ann', age: 31 }, { name: evil, age: 7 }], [
      node({ operation: 'executeQuery', query: 'INSERT INTO people(name, age, big, born) VALUES($1, $2, 9007199254740993, "2024-01-02")', options: { queryReplacement: '={{ $json.name }},{{ $json.age }}' } }),
    ], withCreds());
    expect(errorOf(run, 'MySQL')).toBeUndefined();
    expect(jsonOf(run, 'MySQL')).toEqual([{ success: true }]);
    expect(await rows('SELECT name, age FROM people ORDER BY id')).toEqual([{ name: 'Ann', age: 31 }, { name: evil, age: 7 }]);
    const sel = await runChain([{ n: evil }], [node({ operation: 'executeQuery', query: 'SELECT id, name, big, born FROM people WHERE name = $1', options: { queryReplacement: '={{ $json.n }}' } })], withCreds());
    // bigint as text by default (largeNumbersOutput), DATE as the server writes it (2.1+).
    expect(jsonOf(sel, 'MySQL')).toEqual([{ id: 2, name: evil, big: '9007199254740993', born: '2024-01-02' }]);
  });

  it('evaluates {{ }} in a query written without "=" (as n8n does)', async () => {
    const run = await runChain([{ t: 'people' }], [node({ operation: 'executeQuery', query: 'SELECT COUNT(*) AS n FROM {{ $json.t }};' })], withCreds());
    // COUNT(*) is a BIGINT: text unless 'Output Large-Format Numbers As' is Numbers.
    expect(jsonOf(run, 'MySQL')).toEqual([{ n: '2' }]);
  });

  it('single batching joins the items\' queries; several statements give their rows; empty SELECTs give nothing', async () => {
    const run = await runChain([{ n: 1 }, { n: 2 }], [node({ operation: 'executeQuery', query: 'SELECT $1 * 10 AS v', options: { queryReplacement: '={{ $json.n }}' } })], withCreds());
    expect(jsonOf(run, 'MySQL')).toEqual([{ v: 10 }, { v: 20 }]);
    expect(jsonOf(await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT 1 FROM people WHERE 1 = 0' })], withCreds()), 'MySQL')).toEqual([]);
    // Before 2.2 an empty SELECT gave { success: true }.
    expect(jsonOf(await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT 1 FROM people WHERE 1 = 0' }, 2.1)], withCreds()), 'MySQL')).toEqual([{ success: true }]);
  });

  it('bad SQL fails with n8n\'s wording; continueOnFail gives an error item', async () => {
    const run = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT 1;\nSELEC oops' })], withCreds());
    const error = errorOf(run, 'MySQL');
    expect(error?.message).toBe("You have an error in your SQL syntax on line 2 near 'SELEC oops'");
    expect(error?.description).toContain('code: ER_PARSE_ERROR');
    const cont = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT * FROM no_such_table' }, 2.5, { continueOnFail: true })], withCreds());
    expect(errorOf(cont, 'MySQL')).toBeUndefined();
    expect((jsonOf(cont, 'MySQL')[0] as IDataObject).message).toBe(`Table '${server.database}.no_such_table' doesn't exist`);
  });

  it('independently with continueOnFail; transaction rolls back on failure', async () => {
    const ind = await runChain([{ q: 'SELECT 1 AS a' }, { q: 'SELECT nope' }, { q: 'SELECT 3 AS a' }], [node({ operation: 'executeQuery', query: '={{ $json.q }}', options: { queryBatching: 'independently' } }, 2.5, { continueOnFail: true })], withCreds());
    const out = jsonOf(ind, 'MySQL') as IDataObject[];
    expect(out[0]).toEqual({ a: 1 });
    expect(out[1]!.message).toBe("Unknown column 'nope' in 'SELECT'");
    expect(out[2]).toEqual({ a: 3 });
    await admin.query('CREATE TABLE tx (v int UNIQUE) ENGINE=InnoDB');
    const txNode = node({ operation: 'executeQuery', query: 'INSERT INTO tx VALUES($1)', options: { queryBatching: 'transaction', queryReplacement: '={{ $json.v }}' } });
    const tx = await runChain([{ v: 1 }, { v: 2 }, { v: 1 }], [txNode], withCreds());
    expect(errorOf(tx, 'MySQL')?.message).toContain('Duplicate entry');
    expect(await rows('SELECT * FROM tx')).toEqual([]);
    const ok = await runChain([{ v: 1 }, { v: 2 }], [txNode], withCreds());
    expect(errorOf(ok, 'MySQL')).toBeUndefined();
    expect(await rows('SELECT v FROM tx ORDER BY v')).toEqual([{ v: 1 }, { v: 2 }]);
  });
});

describe('MySQL: table operations', () => {
  beforeAll(async () => {
    await admin.query('CREATE TABLE items (id int PRIMARY KEY, name varchar(100), qty int NOT NULL DEFAULT 0)');
  });

  it('insert: auto-mapped in one statement (single) or per item, skipOnConflict', async () => {
    const run = await runChain([{ id: 1, name: "O'Brien", qty: 3 }, { id: 2, name: 'b', qty: 0 }], [node({ operation: 'insert', table: rl('items'), dataMode: 'autoMapInputData' })], withCreds());
    expect(errorOf(run, 'MySQL')).toBeUndefined();
    expect(await rows('SELECT * FROM items ORDER BY id')).toEqual([{ id: 1, name: "O'Brien", qty: 3 }, { id: 2, name: 'b', qty: 0 }]);
    const defined = await runChain([{ x: 9 }], [node({ operation: 'insert', table: rl('items'), dataMode: 'defineBelow', valuesToSend: { values: [{ column: 'id', value: '={{ $json.x }}' }, { column: 'name', value: 'nine' }] }, options: { queryBatching: 'independently' } })], withCreds());
    expect(errorOf(defined, 'MySQL')).toBeUndefined();
    const dup = await runChain([{ id: 1, name: 'dup' }], [node({ operation: 'insert', table: rl('items'), dataMode: 'autoMapInputData' })], withCreds());
    expect(errorOf(dup, 'MySQL')?.message).toContain("Duplicate entry '1'");
    const skip = await runChain([{ id: 1, name: 'dup' }], [node({ operation: 'insert', table: rl('items'), dataMode: 'autoMapInputData', options: { skipOnConflict: true } })], withCreds());
    expect(errorOf(skip, 'MySQL')).toBeUndefined();
    expect(await rows('SELECT name FROM items WHERE id = 1')).toEqual([{ name: "O'Brien" }]);
  });

  it('update and upsert (ON DUPLICATE KEY UPDATE)', async () => {
    const upd = await runChain([{ id: 2, qty: 50 }], [node({ operation: 'update', table: rl('items'), dataMode: 'autoMapInputData', columnToMatchOn: 'id' })], withCreds());
    expect(errorOf(upd, 'MySQL')).toBeUndefined();
    expect(await rows('SELECT qty FROM items WHERE id = 2')).toEqual([{ qty: 50 }]);
    const ups = await runChain([{ id: 20, name: 'new', qty: 1 }, { id: 2, name: 'changed', qty: 2 }], [node({ operation: 'upsert', table: rl('items'), dataMode: 'autoMapInputData', columnToMatchOn: 'id' })], withCreds());
    expect(errorOf(ups, 'MySQL')).toBeUndefined();
    expect(await rows('SELECT id, name, qty FROM items WHERE id IN (2, 20) ORDER BY id')).toEqual([{ id: 2, name: 'changed', qty: 2 }, { id: 20, name: 'new', qty: 1 }]);
    const missing = await runChain([{ name: 'no id' }], [node({ operation: 'update', table: rl('items'), dataMode: 'autoMapInputData', columnToMatchOn: 'id' })], withCreds());
    expect(errorOf(missing, 'MySQL')?.message).toContain('Column to match on not found in input item');
  });

  it('select: where, OR, sort, limit, return all, distinct, output columns; values never become SQL', async () => {
    const base = { operation: 'select', table: rl('items') };
    const all = await runChain([{}], [node({ ...base, returnAll: true, sort: { values: [{ column: 'id', direction: 'DESC' }] }, options: { outputColumns: ['id'] } })], withCreds());
    expect(jsonOf(all, 'MySQL')).toEqual([{ id: 20 }, { id: 9 }, { id: 2 }, { id: 1 }]);
    const limited = await runChain([{}], [node({ ...base, limit: 2, sort: { values: [{ column: 'id', direction: 'ASC' }] }, options: { outputColumns: ['id'] } })], withCreds());
    expect(jsonOf(limited, 'MySQL')).toEqual([{ id: 1 }, { id: 2 }]);
    const where = await runChain([{}], [node({ ...base, returnAll: true, where: { values: [{ column: 'qty', condition: '>', value: '1' }, { column: 'name', condition: 'LIKE', value: 'c%' }] }, options: { outputColumns: ['id'] } })], withCreds());
    expect(jsonOf(where, 'MySQL')).toEqual([{ id: 2 }]);
    const or = await runChain([{}], [node({ ...base, returnAll: true, where: { values: [{ column: 'id', condition: 'equal', value: '1' }, { column: 'id', condition: 'equal', value: '9' }] }, sort: { values: [{ column: 'id' }] }, options: { combineConditions: 'OR', outputColumns: ['id'] } })], withCreds());
    expect(jsonOf(or, 'MySQL')).toEqual([{ id: 1 }, { id: 9 }]);
    const distinct = await runChain([{}], [node({ ...base, returnAll: true, options: { selectDistinct: true, outputColumns: ['qty'] }, where: { values: [{ column: 'qty', condition: '<=', value: '3' }] }, sort: { values: [{ column: 'qty' }] } })], withCreds());
    expect(jsonOf(distinct, 'MySQL')).toEqual([{ qty: 0 }, { qty: 1 }, { qty: 2 }, { qty: 3 }]);
    const injection = await runChain([{}], [node({ ...base, returnAll: true, where: { values: [{ column: 'name', condition: 'equal', value: "' OR 1=1 -- " }] } })], withCreds());
    expect(jsonOf(injection, 'MySQL')).toEqual([]);
    const badColumn = await runChain([{}], [node({ ...base, where: { values: [{ column: 'id` = 1 OR `x', condition: 'equal', value: '1' }] } })], withCreds());
    expect(errorOf(badColumn, 'MySQL')?.message).toBe("Unknown column 'id` = 1 OR `x' in 'WHERE'");
  });

  it('delete rows, truncate, drop', async () => {
    await runChain([{}], [node({ operation: 'deleteTable', table: rl('items'), deleteCommand: 'delete', where: { values: [{ column: 'id', condition: '>=', value: '9' }] } })], withCreds());
    expect(await rows('SELECT id FROM items ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
    await runChain([{}], [node({ operation: 'deleteTable', table: rl('items'), deleteCommand: 'truncate' })], withCreds());
    expect(await rows('SELECT count(*) AS n FROM items')).toEqual([{ n: 0 }]);
    await runChain([{}], [node({ operation: 'deleteTable', table: rl('items'), deleteCommand: 'drop' })], withCreds());
    expect(await rows(`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = '${server.database}' AND table_name = 'items'`)).toEqual([{ n: 0 }]);
  });
});

describe('MySQL v1', () => {
  it('insert (one statement, IGNORE), update by key, executeQuery', async () => {
    await admin.query('CREATE TABLE v1t (id int PRIMARY KEY, name varchar(50))');
    const ins = await runChain([{ id: 1, name: 'pen' }, { id: 2, name: "it's" }, { id: 1, name: 'dup' }], [node({ operation: 'insert', table: 'v1t', columns: 'id,name', options: { ignore: true } }, 1)], withCreds());
    expect(errorOf(ins, 'MySQL')).toBeUndefined();
    expect((jsonOf(ins, 'MySQL')[0] as IDataObject).affectedRows).toBe(2);
    const upd = await runChain([{ id: 2, name: 'ink' }], [node({ operation: 'update', table: 'v1t', updateKey: 'id', columns: 'name' }, 1)], withCreds());
    expect(jsonOf(upd, 'MySQL')).toEqual([{ id: 2, name: 'ink' }]);
    const q = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT * FROM v1t ORDER BY id' }, 1)], withCreds());
    expect(jsonOf(q, 'MySQL')).toEqual([{ id: 1, name: 'pen' }, { id: 2, name: 'ink' }]);
    const bad = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT * FROM missing_v1' }, 1, { continueOnFail: true })], withCreds());
    expect(jsonOf(bad, 'MySQL')).toEqual([{ error: `Table '${server.database}.missing_v1' doesn't exist` }]);
  });
});

describe('MySQL: connections, limits and stops', () => {
  it('a wrong password, a closed port and an SSH tunnel fail clearly', async () => {
    const q = [node({ operation: 'executeQuery', query: 'SELECT 1' })];
    expect(errorOf(await runChain([{}], q, withCreds({ ...credentials, password: 'wrong' })), 'MySQL')?.message).toBe(`Access denied for user '${server.user}'@'127.0.0.1' (using password: YES)`);
    expect(errorOf(await runChain([{}], q, withCreds({ ...credentials, port: 1 })), 'MySQL')?.message).toBe('Connection refused');
    expect(errorOf(await runChain([{}], q, withCreds({ ...credentials, sshTunnel: true })), 'MySQL')?.message).toBe('SSH tunnels are not supported');
  });

  it('a result past the row or byte limit fails clearly and the pool stays usable', async () => {
    const saved = { ...resultLimits };
    try {
      resultLimits.maxRows = 1000;
      const seq = 'SELECT seq FROM seq_1_to_5000';
      const r = await runChain([{}], [node({ operation: 'executeQuery', query: seq })], withCreds());
      expect(errorOf(r, 'MySQL')?.message).toBe('The query returned more than 1,000 rows, more than a node may read at once');
      resultLimits.maxRows = saved.maxRows;
      resultLimits.maxBytes = 1024 * 1024;
      const b = await runChain([{}], [node({ operation: 'executeQuery', query: "SELECT REPEAT('x', 100000) AS x FROM seq_1_to_50" })], withCreds());
      expect(errorOf(b, 'MySQL')?.message).toBe('The query returned more than 1 MB, more than a node may read at once');
    } finally {
      Object.assign(resultLimits, saved);
    }
    expect(jsonOf(await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT 42 AS n' })], withCreds()), 'MySQL')).toEqual([{ n: 42 }]);
  });

  it('stopping the execution ends a running query', async () => {
    const controller = new AbortController();
    const t0 = Date.now();
    setTimeout(() => controller.abort(), 300);
    const run = await runChain([{}], [node({ operation: 'executeQuery', query: 'SELECT SLEEP(20)' })], withCreds(credentials, { signal: controller.signal }));
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(run.data.resultData.error ?? errorOf(run, 'MySQL')).toBeTruthy();
  });
});
