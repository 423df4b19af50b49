// MySQL (n8n-nodes-base.mySql, also MariaDB): v1 (executeQuery, insert, update) and v2 … 2.5
// (executeQuery with query parameters $1 …, insert, update, upsert, select, deleteTable, with
// query batching single / independently / transaction) over the 'mySql' credential, on mysql2.
// Values are always sent escaped by mysql2's formatter (`?`), identifiers backtick-quoted; a
// pool per credential (src/nodes/shared/connectionPools), results bounded as for Postgres.
import mysql from 'mysql2';
import type { Socket } from 'node:net';
import type { IDataObject, INode } from '../../model/workflow.ts';
import type { INodeExecutionData, IPairedItemData } from '../../model/execution.ts';
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';
import { yieldToLoop } from '../../model/yieldToLoop.ts';
import type { ExecuteFunctions, NodeType } from '../types.ts';
import { NodeOperationError } from '../types.ts';
import { poolKey, resultLimits, resultTooLargeMessage, withPool } from '../shared/connectionPools.ts';
import { mySqlV1Properties, mySqlV2Properties } from './description.ts';
import { resolveResolvables } from '../Postgres/Postgres.node.ts';
import { awaitSlowWork } from '../../model/expressions/defer.ts';

type Result = IDataObject[] | IDataObject;
interface QueryWithValues {
  query: string;
  values: unknown[];
}
interface Budget {
  rows: number;
  bytes: number;
}
class TooLarge extends Error {}
class Stopped extends Error {}

/** `a.b` → `a`.`b`; a part already in backticks is kept; backticks inside a name are doubled. */
export function escapeIdentifier(name: string): string {
  const parts: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of String(name)) {
    if (ch === '`') quoted = !quoted;
    if (ch === '.' && !quoted) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  if (quoted) return `\`${String(name).replace(/`/g, '``')}\``;
  return parts
    .map((p) => p.trim())
    .map((p) => {
      if (p === '') throw new Error('An identifier (a table or column name) cannot be empty');
      return /^`(?:[^`]|``)+`$/.test(p) ? p : `\`${p.replace(/`/g, '``')}\``;
    })
    .join('.');
}

// ---- connection -------------------------------------------------------------------------------

export function poolOptions(node: INode, credentials: IDataObject, options: IDataObject, version: number): mysql.PoolOptions {
  if (credentials.sshTunnel === true) {
    throw new NodeOperationError(node, 'SSH tunnels are not supported', { description: 'Switchyard connects to the database directly. Turn "SSH Tunnel" off in the MySQL credential and make the database reachable from this server.' });
  }
  const timeout = Number(options.connectionTimeoutMillis) > 0 ? Number(options.connectionTimeoutMillis) : Number(credentials.connectTimeout ?? 10000) || 10000;
  const config: mysql.PoolOptions = {
    host: String(credentials.host ?? 'localhost'),
    port: Number(credentials.port ?? 3306),
    database: String(credentials.database ?? ''),
    user: String(credentials.user ?? ''),
    password: String(credentials.password ?? ''),
    connectTimeout: timeout,
    connectionLimit: Math.min(100, Math.max(1, Number(options.connectionLimit ?? 10) || 10)),
    // n8n's v2 joins the items' queries into one text ('single' batching); v1 follows the credential.
    multipleStatements: version >= 2 ? true : credentials.multipleStatements === true,
    supportBigNumbers: true,
    bigNumberStrings: options.largeNumbersOutput !== 'numbers',
    decimalNumbers: options.largeNumbersOutput === 'numbers',
    dateStrings: version >= 2.1,
    idleTimeout: 30_000,
    maxIdle: 0,
    enableKeepAlive: true,
  };
  if (credentials.ssl === true) {
    config.ssl = {
      ca: credentials.caCertificate ? String(credentials.caCertificate) : undefined,
      key: credentials.clientPrivateKey ? String(credentials.clientPrivateKey) : undefined,
      cert: credentials.clientCertificate ? String(credentials.clientCertificate) : undefined,
      rejectUnauthorized: true,
    };
  }
  return config;
}

interface Session {
  /** Runs one text: one entry per statement, a row list or the statement's result header. */
  run(sql: string): Promise<Result[]>;
  format(sql: string, values: unknown[]): string;
}

function runBounded(conn: mysql.PoolConnection, config: mysql.PoolOptions, sql: string, budget: Budget, signal: AbortSignal | undefined): Promise<Result[]> {
  const stream = (conn as unknown as { stream: Socket }).stream;
  return new Promise((resolve, reject) => {
    let stop: Error | undefined;
    let settled = false;
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    const sets: Result[] = [];
    const finish = (err: Error | null) => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      stream.off('close', onClose);
      signal?.removeEventListener('abort', onAbort);
      if (abortTimer) clearTimeout(abortTimer);
      if (stop) return reject(stop);
      if (err) return reject(err);
      resolve(sets);
    };
    const halt = (e: Error) => {
      if (stop) return;
      stop = e;
      conn.destroy();
      finish(null);
    };
    let paused = false;
    const onData = (chunk: Buffer) => {
      budget.bytes += chunk.length;
      if (budget.bytes > resultLimits.maxBytes) halt(new TooLarge());
      // One chunk per loop turn: a socket with data waiting is read up to 32 times in one turn,
      // and parsing that many rows at once held the event loop for hundreds of milliseconds.
      if (!paused) {
        paused = true;
        stream.pause();
        setImmediate(() => {
          paused = false;
          stream.resume();
        });
      }
    };
    const onClose = () => finish(stop ? null : new Error('Connection lost: The server closed the connection.'));
    // Stopped: the server is asked to kill the statement on a connection of its own (a sleeping
    // statement would not notice a closed socket); the connection is dropped after 2 s anyway.
    const onAbort = () => {
      if (stop) return;
      stop = new Stopped();
      const threadId = (conn as unknown as { threadId?: number }).threadId;
      if (threadId) {
        const killer = mysql.createConnection({ host: config.host, port: config.port, user: config.user, password: config.password, database: config.database, ssl: config.ssl, connectTimeout: 5000 });
        killer.on('error', () => undefined);
        killer.query(`KILL QUERY ${Number(threadId)}`, () => killer.end());
      }
      abortTimer = setTimeout(() => {
        conn.destroy();
        finish(null);
      }, 2000);
    };
    if (signal?.aborted) return reject(new Stopped());
    stream.on('data', onData);
    stream.once('close', onClose);
    signal?.addEventListener('abort', onAbort);
    const query = conn.query(sql) as unknown as NodeJS.EventEmitter & { _resultIndex?: number };
    query.on('fields', (fields: unknown, index?: number) => {
      if (fields !== undefined) sets[index ?? query._resultIndex ?? 0] = [];
    });
    query.on('result', (row: IDataObject, index?: number) => {
      const i = index ?? query._resultIndex ?? 0;
      const set = sets[i];
      if (Array.isArray(set)) {
        set.push(row);
        budget.rows++;
        if (budget.rows > resultLimits.maxRows) halt(new TooLarge());
      } else sets[i] = { ...row };
    });
    query.on('error', (err: Error) => finish(err));
    query.on('end', () => finish(null));
  });
}

async function withSession<R>(ctx: ExecuteFunctions, credentials: IDataObject, options: IDataObject, version: number, budget: Budget, use: (s: Session) => Promise<R>): Promise<R> {
  const config = poolOptions(ctx.getNode(), credentials, options, version);
  return withPool(
    poolKey('mysql', config),
    () => {
      const pool = mysql.createPool(config);
      pool.on('connection', (c) => c.on('error', () => undefined));
      return pool;
    },
    (pool) => new Promise<void>((resolve) => pool.end(() => resolve())),
    async (pool) => {
      const conn = await new Promise<mysql.PoolConnection>((resolve, reject) => pool.getConnection((err, c) => (err ? reject(err) : resolve(c))));
      let broken = false;
      try {
        return await use({
          run: async (sql) => {
            try {
              return await runBounded(conn, config, sql, budget, ctx.signal);
            } catch (e) {
              if (e instanceof TooLarge || e instanceof Stopped || (e as { fatal?: boolean }).fatal) broken = true;
              throw e;
            }
          },
          format: (sql, values) => conn.format(sql, values as never[]),
        });
      } finally {
        if (broken) conn.destroy();
        else conn.release();
      }
    },
  );
}

/** n8n's parseMySqlError. */
function mysqlError(ctx: ExecuteFunctions, error: unknown, itemIndex = 0, queries: string[] = [], budget?: Budget): NodeOperationError {
  if (error instanceof NodeOperationError) return error;
  if (error instanceof TooLarge && budget) {
    const { message, description } = resultTooLargeMessage(budget.rows, budget.bytes);
    return new NodeOperationError(ctx.getNode(), message, { description, itemIndex });
  }
  if (error instanceof Stopped) return new NodeOperationError(ctx.getNode(), error.message, { itemIndex });
  const e = error as { message?: string; sql?: string; code?: string };
  let message = String(e.message ?? error);
  let description = e.sql || e.code ? `sql: ${e.sql}, code: ${e.code}` : undefined;
  if (queries.length && message.toLowerCase().includes('you have an error in your sql syntax')) {
    let queryIndex = itemIndex;
    const failed = ((message.split("near '")[1] ?? '').split("' at")[0] ?? '').split(';')[0];
    if (failed) {
      if (queryIndex === 0 && queries.length > 1) {
        const found = queries.findIndex((q) => q.includes(failed));
        if (found !== -1) queryIndex = found;
      }
      const line = (queries[queryIndex] ?? '').split('\n').findIndex((l) => l.includes(failed));
      if (line !== -1) message = `You have an error in your SQL syntax on line ${line + 1} near '${failed}'`;
    }
  }
  if (message.includes('ECONNREFUSED') || e.code === 'ECONNREFUSED') {
    description = message;
    message = 'Connection refused';
  } else if (e.code === 'ETIMEDOUT') {
    description = message;
    message = 'Connection timed out';
  }
  return new NodeOperationError(ctx.getNode(), message, { description, itemIndex });
}

// ---- v2 -------------------------------------------------------------------------------------

const END_OF_STATEMENT = /;(?=(?:[^'\\]|'[^']*?'|\\[\s\S])*?$)/g;
const splitStatements = (query: string, dropEmpty = true) => {
  const s = query.replace(/\n/g, ' ').split(END_OF_STATEMENT).map((x) => x.trim());
  return dropEmpty ? s.filter((x) => x !== '') : s;
};

async function toItems(rows: IDataObject[], pairedItem: IPairedItemData | IPairedItemData[], out: INodeExecutionData[]): Promise<void> {
  let t = Date.now();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    for (const k of Object.keys(row)) {
      const v = row[k] as unknown;
      if (v instanceof Date) row[k] = Number.isNaN(v.getTime()) ? null : v.toISOString();
      else if (v instanceof Uint8Array) row[k] = Buffer.from(v.buffer, v.byteOffset, v.byteLength).toJSON() as unknown as IDataObject;
    }
    out.push({ json: { ...row }, pairedItem });
    if ((i & 1023) === 1023 && Date.now() - t > 20) {
      await yieldToLoop();
      t = Date.now();
    }
  }
}

/** n8n's prepareOutput: row lists become items; a run with none says success unless it only selected. */
async function prepareOutput(response: Result[], statements: string[], pairedItem: IPairedItemData | IPairedItemData[], version: number, out: INodeExecutionData[]): Promise<void> {
  const before = out.length;
  const lists = response.filter((r) => Array.isArray(r)) as IDataObject[][];
  for (let k = 0; k < lists.length; k++) await toItems(lists[k]!, Array.isArray(pairedItem) ? (pairedItem[k] ?? pairedItem) : pairedItem, out);
  if (out.length === before) {
    const onlySelect = statements.filter((s) => !s.startsWith('--')).every((s) => s.replace(/\/\*.*?\*\//g, '').trim().toLowerCase().startsWith('select'));
    if (version < 2.2 || !onlySelect) out.push({ json: { success: true }, pairedItem });
  }
}

async function runQueries(ctx: ExecuteFunctions, session: Session, queries: QueryWithValues[], items: INodeExecutionData[], options: IDataObject, version: number, budget: Budget): Promise<INodeExecutionData[]> {
  const out: INodeExecutionData[] = [];
  if (!queries.length) return out;
  const mode = String(options.queryBatching ?? 'single');
  const errorItem = (error: NodeOperationError, index: number): INodeExecutionData => ({
    json: { message: error.message, item: { ...(queries[index] as unknown as IDataObject) }, itemIndex: index, error: { message: error.message, description: error.description ?? null } },
    pairedItem: { item: index },
  });
  if (mode !== 'independently' && mode !== 'transaction') {
    const formatted = queries.map((q) => session.format(q.query, q.values));
    try {
      const single = formatted.length > 1 ? formatted.map((q) => q.trim().replace(/;$/, '')).join(';') : formatted[0]!;
      const list = await session.run(single);
      const statements = splitStatements(single);
      await prepareOutput(list, statements, queries.map((_, i) => ({ item: i })), version, out);
    } catch (err) {
      const error = mysqlError(ctx, err, 0, formatted, budget);
      if (!ctx.continueOnFail()) throw error;
      out.push({ json: { message: error.message, error: { message: error.message, description: error.description ?? null } } });
    }
    return out;
  }
  if (mode === 'transaction') await session.run('START TRANSACTION');
  for (let index = 0; index < queries.length; index++) {
    let formatted = '';
    try {
      formatted = session.format(queries[index]!.query, queries[index]!.values);
      const statements = splitStatements(formatted, false);
      const responses: Result[] = [];
      for (const s of statements) if (s !== '') responses.push(...(await session.run(s)));
      await prepareOutput(responses, statements.filter((s) => s !== ''), { item: index }, version, out);
    } catch (err) {
      const error = mysqlError(ctx, err, index, [formatted], budget);
      if (mode === 'transaction') {
        await session.run('ROLLBACK').catch(() => undefined);
        if (!ctx.continueOnFail()) throw error;
        out.push(errorItem(error, index));
        return out;
      }
      if (!ctx.continueOnFail()) throw error;
      out.push(errorItem(error, index));
    }
  }
  if (mode === 'transaction') await session.run('COMMIT');
  return out;
}

/** n8n's prepareQueryAndReplacements: $N → ?, $N:name → an identifier; outside quotes. */
export function prepareQuery(rawQuery: string, replacements: unknown[]): QueryWithValues {
  if (!replacements.length) return { query: rawQuery, values: [] };
  const values: unknown[] = [];
  let inSingle = false;
  let inDouble = false;
  let out = '';
  for (let k = 0; k < rawQuery.length; k++) {
    const ch = rawQuery[k]!;
    if (ch === "'" && !inDouble) inSingle = !inSingle;
    else if (ch === '"' && !inSingle) inDouble = !inDouble;
    if (ch === '$' && !inSingle && !inDouble) {
      const m = /^\$(\d+)(:name)?/.exec(rawQuery.slice(k));
      if (m) {
        const index = Number(m[1]) - 1;
        if (index < 0 || index >= replacements.length) throw new Error(`Parameter $${m[1]} referenced in query but no replacement value provided at index ${index + 1}`);
        out += m[2] ? escapeIdentifier(String(replacements[index])) : '?';
        if (!m[2]) values.push(replacements[index]);
        k += m[0].length - 1;
        continue;
      }
    }
    out += ch;
  }
  return { query: out, values };
}

function replacementsOf(ctx: ExecuteFunctions, i: number): unknown[] {
  const r = ctx.getNodeParameter('options.queryReplacement', i, []) as unknown;
  if (Array.isArray(r)) return r;
  if (r && typeof r === 'object' && Array.isArray((r as IDataObject).values)) return ((r as IDataObject).values as IDataObject[]).map((v) => v.value);
  if (typeof r === 'string') return r === '' ? [] : r.split(',').map((e) => e.trim());
  if (typeof r === 'number' || typeof r === 'boolean') return [r];
  if (r === undefined || r === null) return [];
  throw new NodeOperationError(ctx.getNode(), 'Query Replacement must be a string of comma-separated values, or an array of values', { itemIndex: i });
}

interface WhereClause {
  column: string;
  condition: string;
  value?: unknown;
}

function addWhere(ctx: ExecuteFunctions, i: number, query: string, clauses: WhereClause[], values: unknown[], combine?: string): [string, unknown[]] {
  if (!clauses.length) return [query, values];
  const allowed = new Set(['=', '!=', 'LIKE', '>', '<', '>=', '<=', 'IS NULL', 'IS NOT NULL']);
  const parts = clauses.map((clause, index) => {
    const condition = clause.condition === 'equal' || clause.condition === undefined || clause.condition === '' ? '=' : clause.condition;
    if (!allowed.has(condition)) throw new NodeOperationError(ctx.getNode(), `Unknown operator "${clause.condition}" in entry ${index + 1} of 'Select Rows'`, { itemIndex: i });
    let value = clause.value;
    if (['>', '<', '>=', '<='].includes(condition)) {
      value = Number(value);
      if (Number.isNaN(value)) throw new NodeOperationError(ctx.getNode(), `Operator in entry ${index + 1} of 'Select Rows' works with numbers, but value ${String(clause.value)} is not a number`, { itemIndex: i });
    }
    if (condition === 'IS NULL' || condition === 'IS NOT NULL') return `${escapeIdentifier(clause.column)} ${condition}`;
    values.push(value ?? null);
    return `${escapeIdentifier(clause.column)} ${condition} ?`;
  });
  return [`${query} WHERE ${parts.join(combine === 'OR' ? ' OR ' : ' AND ')}`, values];
}

function itemFor(ctx: ExecuteFunctions, items: INodeExecutionData[], i: number): { item: IDataObject; mapper: boolean } {
  const columns = ctx.getNode().parameters.columns as IDataObject | undefined;
  if (columns && typeof columns === 'object' && 'mappingMode' in columns) {
    const mode = String(ctx.getNodeParameter('columns.mappingMode', i, 'defineBelow'));
    return { item: mode === 'autoMapInputData' ? { ...items[i]!.json } : { ...((ctx.getNodeParameter('columns.value', i, {}) as IDataObject | null) ?? {}) }, mapper: true };
  }
  const mode = String(ctx.getNodeParameter('dataMode', i, 'autoMapInputData'));
  if (mode === 'autoMapInputData') return { item: { ...items[i]!.json }, mapper: false };
  const item: IDataObject = {};
  for (const { column, value } of ((ctx.getNodeParameter('valuesToSend', i, {}) as IDataObject).values ?? []) as IDataObject[]) item[String(column)] = value as IDataObject;
  return { item, mapper: false };
}

function matchColumns(ctx: ExecuteFunctions, i: number, mapper: boolean): string[] {
  const cols = mapper ? ((ctx.getNodeParameter('columns.matchingColumns', i, []) as string[]) ?? []) : [String(ctx.getNodeParameter('columnToMatchOn', i, ''))];
  if (!cols.length || !cols[0]) throw new NodeOperationError(ctx.getNode(), 'No matching columns configured. Please define at least one column to match on.', { itemIndex: i });
  return cols;
}

function buildV2(ctx: ExecuteFunctions, operation: string, items: INodeExecutionData[], options: IDataObject): QueryWithValues[] {
  const queries: QueryWithValues[] = [];
  const table = () => {
    const t = String(ctx.getNodeParameter('table', 0, '', { extractValue: true }) ?? '');
    if (!t) throw new NodeOperationError(ctx.getNode(), 'No table given', { description: "Set 'Table' to the table to work on" });
    return escapeIdentifier(t);
  };
  const batching = String(options.queryBatching ?? 'single');
  if (operation === 'insert' && batching !== 'independently' && batching !== 'transaction') {
    const rows = items.map((_, i) => itemFor(ctx, items, i).item);
    const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    if (!columns.length) throw new NodeOperationError(ctx.getNode(), 'Nothing to insert: the items have no values');
    const priority = options.priority === 'LOW_PRIORITY' || options.priority === 'HIGH_PRIORITY' ? String(options.priority) : '';
    const ignore = options.skipOnConflict ? 'IGNORE' : '';
    const placeholder = `(${columns.map(() => '?').join(',')})`;
    const values = rows.flatMap((r) => columns.map((c) => (r[c] === undefined ? null : r[c])));
    queries.push({ query: `INSERT ${priority} ${ignore} INTO ${table()} (${columns.map(escapeIdentifier).join(', ')}) VALUES ${rows.map(() => placeholder).join(',')}`, values });
    return queries;
  }
  for (let i = 0; i < items.length; i++) {
    const itemOptions = ctx.getNodeParameter('options', i, {}) as IDataObject;
    if (operation === 'executeQuery') {
      const raw = resolveResolvables(ctx, String(ctx.getNodeParameter('query', i, '') ?? ''), i);
      if (!raw.trim()) throw new NodeOperationError(ctx.getNode(), 'The query is empty', { itemIndex: i });
      try {
        queries.push(prepareQuery(raw, replacementsOf(ctx, i)));
      } catch (e) {
        throw new NodeOperationError(ctx.getNode(), (e as Error).message, { itemIndex: i });
      }
      continue;
    }
    const t = String(ctx.getNodeParameter('table', i, '', { extractValue: true }) ?? '');
    if (!t) throw new NodeOperationError(ctx.getNode(), 'No table given', { itemIndex: i });
    const tbl = escapeIdentifier(t);
    if (operation === 'select') {
      const outputColumns = itemOptions.outputColumns as string[] | undefined;
      const cols = Array.isArray(outputColumns) && outputColumns.length && !outputColumns.includes('*') ? outputColumns.map(escapeIdentifier).join(', ') : '*';
      let [query, values] = addWhere(ctx, i, `SELECT ${itemOptions.selectDistinct ? 'DISTINCT ' : ''}${cols} FROM ${tbl}`, ((ctx.getNodeParameter('where', i, {}) as IDataObject).values ?? []) as WhereClause[], [], String(itemOptions.combineConditions ?? ctx.getNodeParameter('combineConditions', i, 'AND')));
      const sort = ((ctx.getNodeParameter('sort', i, {}) as IDataObject).values ?? []) as Array<{ column: string; direction: string }>;
      if (sort.length) query += ` ORDER BY ${sort.map((r) => `${escapeIdentifier(r.column)} ${r.direction === 'DESC' ? 'DESC' : 'ASC'}`).join(', ')}`;
      if (!ctx.getNodeParameter('returnAll', i, false)) {
        const limit = Number(ctx.getNodeParameter('limit', i, 50));
        if (!Number.isInteger(limit) || limit < 0) throw new NodeOperationError(ctx.getNode(), `Limit must be a whole number, not "${String(limit)}"`, { itemIndex: i });
        query += ` LIMIT ${limit}`;
      }
      queries.push({ query, values });
      continue;
    }
    if (operation === 'deleteTable') {
      const command = String(ctx.getNodeParameter('deleteCommand', i, 'truncate'));
      if (command === 'drop') queries.push({ query: `DROP TABLE IF EXISTS ${tbl}`, values: [] });
      else if (command === 'truncate') queries.push({ query: `TRUNCATE TABLE ${tbl}`, values: [] });
      else if (command === 'delete') {
        const [query, values] = addWhere(ctx, i, `DELETE FROM ${tbl}`, ((ctx.getNodeParameter('where', i, {}) as IDataObject).values ?? []) as WhereClause[], [], String(itemOptions.combineConditions ?? 'AND'));
        queries.push({ query, values });
      } else throw new NodeOperationError(ctx.getNode(), 'Invalid delete command, only drop, delete and truncate are supported ', { itemIndex: i });
      continue;
    }
    const { item, mapper } = itemFor(ctx, items, i);
    if (operation === 'insert') {
      const columns = Object.keys(item);
      if (!columns.length) throw new NodeOperationError(ctx.getNode(), 'Nothing to insert: the item has no values', { itemIndex: i });
      const priority = itemOptions.priority === 'LOW_PRIORITY' || itemOptions.priority === 'HIGH_PRIORITY' ? String(itemOptions.priority) : '';
      queries.push({ query: `INSERT ${priority} ${itemOptions.skipOnConflict ? 'IGNORE' : ''} INTO ${tbl} (${columns.map(escapeIdentifier).join(', ')}) VALUES (${columns.map(() => '?').join(',')});`, values: Object.values(item) });
      continue;
    }
    const matchOn = matchColumns(ctx, i, mapper);
    if (!mapper && String(ctx.getNodeParameter('dataMode', i, 'autoMapInputData')) === 'defineBelow') item[matchOn[0]!] = ctx.getNodeParameter('valueToMatchOn', i, '') as IDataObject;
    if (item[matchOn[0]!] === undefined) throw new NodeOperationError(ctx.getNode(), "Column to match on not found in input item. Add a column to match on or set the 'Data Mode' to 'Define Below' to define the value to match on.", { itemIndex: i });
    const updateColumns = Object.keys(item).filter((c) => !matchOn.includes(c));
    if (operation === 'update') {
      if (!updateColumns.length) throw new NodeOperationError(ctx.getNode(), "Add values to update to the input item or set the 'Data Mode' to 'Define Below' to define the values to update.", { itemIndex: i });
      const values = [...updateColumns.map((c) => item[c]), ...matchOn.map((c) => item[c])];
      queries.push({ query: `UPDATE ${tbl} SET ${updateColumns.map((c) => `${escapeIdentifier(c)} = ?`).join(', ')} WHERE ${matchOn.map((c) => `${escapeIdentifier(c)} = ?`).join(' AND ')}`, values });
      continue;
    }
    if (!updateColumns.length) throw new NodeOperationError(ctx.getNode(), "Add values to update or insert to the input item or set the 'Data Mode' to 'Define Below' to define the values to insert or update.", { itemIndex: i });
    const columns = Object.keys(item);
    queries.push({
      query: `INSERT INTO ${tbl}(${columns.map(escapeIdentifier).join(', ')}) VALUES(${columns.map(() => '?').join(',')}) ON DUPLICATE KEY UPDATE ${updateColumns.map((c) => `${escapeIdentifier(c)} = ?`).join(', ')}`,
      values: [...columns.map((c) => item[c]), ...updateColumns.map((c) => item[c])],
    });
  }
  return queries;
}

function replaceEmpty(items: INodeExecutionData[], replace: boolean): INodeExecutionData[] {
  if (!replace) return items;
  return items.map((item) => {
    const json = { ...item.json };
    for (const k of Object.keys(json)) if (json[k] === '') json[k] = null;
    return { ...item, json };
  });
}

async function executeV2(ctx: ExecuteFunctions): Promise<INodeExecutionData[][]> {
  const version = ctx.getNode().typeVersion;
  const operation = String(ctx.getNodeParameter('operation', 0, 'insert'));
  if (!['executeQuery', 'insert', 'update', 'upsert', 'select', 'deleteTable'].includes(operation)) throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" is not supported!`);
  const credentials = await ctx.getCredentials('mySql');
  const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
  const items = replaceEmpty(ctx.getInputData(), options.replaceEmptyStrings === true && ['insert', 'update', 'upsert', 'executeQuery'].includes(operation));
  const queries = buildV2(ctx, operation, items, options);
  const budget: Budget = { rows: 0, bytes: 0 };
  try {
    return [await withSession(ctx, credentials, options, version, budget, (s) => runQueries(ctx, s, queries, items, options, version, budget))];
  } catch (e) {
    throw mysqlError(ctx, e, 0, [], budget);
  }
}

// ---- v1 -------------------------------------------------------------------------------------

async function executeV1(ctx: ExecuteFunctions): Promise<INodeExecutionData[][]> {
  const operation = String(ctx.getNodeParameter('operation', 0, 'insert'));
  if (!['executeQuery', 'insert', 'update'].includes(operation)) throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" is not supported!`);
  const credentials = await ctx.getCredentials('mySql');
  const items = ctx.getInputData();
  const budget: Budget = { rows: 0, bytes: 0 };
  const out: INodeExecutionData[] = [];
  const cols = (text: string) => text.split(',').map((c) => c.trim()).filter((c) => c);
  try {
    await withSession(ctx, credentials, {}, 1, budget, async (s) => {
      if (operation === 'executeQuery') {
        for (let i = 0; i < items.length; i++) {
          const query = await awaitSlowWork(() => resolveResolvables(ctx, String(ctx.getNodeParameter('query', i, '')), i));
          try {
            for (const l of await s.run(query)) {
              if (Array.isArray(l)) await toItems(l, { item: i }, out);
              else out.push({ json: { ...l }, pairedItem: { item: i } });
            }
          } catch (err) {
            const error = mysqlError(ctx, err, i, [query], budget);
            if (!ctx.continueOnFail()) throw error;
            out.push({ json: { error: error.message }, pairedItem: { item: i } });
          }
        }
        return;
      }
      const table = String(ctx.getNodeParameter('table', 0, ''));
      if (!table) throw new NodeOperationError(ctx.getNode(), 'No table given');
      const columns = cols(String(ctx.getNodeParameter('columns', 0, '')));
      if (operation === 'insert') {
        if (!columns.length) throw new NodeOperationError(ctx.getNode(), 'No columns given to insert');
        const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
        const priority = options.priority === 'LOW_PRIORITY' || options.priority === 'HIGH_PRIORITY' ? String(options.priority) : '';
        const rows = items.map((item) => columns.map((c) => item.json[c] ?? null));
        const sql = s.format(`INSERT ${priority} ${options.ignore ? 'IGNORE' : ''} INTO ${escapeIdentifier(table)}(${columns.map(escapeIdentifier).join(',')}) VALUES ?`, [rows]);
        try {
          const [result] = await s.run(sql);
          out.push({ json: { ...(result as IDataObject) }, pairedItem: items.map((_, i) => ({ item: i })) });
        } catch (err) {
          const error = mysqlError(ctx, err, 0, [sql], budget);
          if (!ctx.continueOnFail()) throw error;
          out.push({ json: { error: error.message } });
        }
        return;
      }
      const key = String(ctx.getNodeParameter('updateKey', 0, 'id'));
      const setCols = columns.filter((c) => c !== key);
      if (!setCols.length) throw new NodeOperationError(ctx.getNode(), 'No columns given to update');
      for (let i = 0; i < items.length; i++) {
        const json = items[i]!.json;
        const sql = s.format(`UPDATE ${escapeIdentifier(table)} SET ${setCols.map((c) => `${escapeIdentifier(c)} = ?`).join(', ')} WHERE ${escapeIdentifier(key)} = ?`, [...setCols.map((c) => json[c] ?? null), json[key] ?? null]);
        try {
          await s.run(sql);
          out.push({ json: { ...json }, pairedItem: { item: i } });
        } catch (err) {
          const error = mysqlError(ctx, err, i, [sql], budget);
          if (!ctx.continueOnFail()) throw error;
          out.push({ json: { ...json, error: error.message }, pairedItem: { item: i } });
        }
      }
    });
  } catch (e) {
    throw mysqlError(ctx, e, 0, [], budget);
  }
  return [out];
}

const base: Omit<INodeTypeDescription, 'version' | 'properties'> = {
  name: 'n8n-nodes-base.mySql',
  displayName: 'MySQL',
  description: 'Get, add and update data in MySQL',
  icon: 'fa:database',
  group: ['input'],
  subtitle: '={{ $parameter["operation"] }}',
  defaults: { name: 'MySQL', color: '#4279a2' },
  inputs: ['main'],
  outputs: ['main'],
  credentials: [{ name: 'mySql', required: true }],
  codex: { categories: ['Development', 'Data & Storage'], alias: ['SQL', 'database', 'MariaDB'] },
};

export const mySqlV1: NodeType = { kind: 'regular', description: { ...base, version: 1, properties: mySqlV1Properties }, execute: executeV1 };

export const MYSQL_V2_VERSIONS = [2, 2.1, 2.2, 2.3, 2.4, 2.5];

export const mySqlV2: NodeType = { kind: 'regular', description: { ...base, version: MYSQL_V2_VERSIONS, defaultVersion: 2.5, properties: mySqlV2Properties }, execute: executeV2 };
