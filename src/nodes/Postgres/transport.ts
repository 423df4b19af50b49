// Connections of the Postgres node: a pg Pool per credential (src/nodes/shared/connectionPools),
// queries sent as simple-protocol text (formatted by pgFormat, so one text may hold several
// statements, as with n8n's pg-promise), every run bounded in the rows and bytes it reads back
// and stopped when the execution is stopped.
import pg from 'pg';
import { connect as netConnect, type Socket } from 'node:net';
import type { IDataObject, INode } from '../../model/workflow.ts';
import { NodeOperationError } from '../types.ts';
import { discardPool, poolKey, resultLimits, resultTooLargeMessage, withPool } from '../shared/connectionPools.ts';

export interface PgConnectionOptions {
  /** Seconds to wait for a connection (the node's 'Connection Timeout' option). */
  connectionTimeout?: number;
}

/** What one node run has read so far (resultLimits). */
export interface ReadBudget {
  rows: number;
  bytes: number;
}

export class ResultTooLargeError extends Error {
  readonly budget: ReadBudget;
  constructor(budget: ReadBudget) {
    super('result too large');
    this.budget = budget;
  }
}

export class QueryStoppedError extends Error {
  constructor() {
    super('The execution was stopped');
  }
}

export interface PgSession {
  /** Runs one text (one or more statements); one row list per statement. */
  run(text: string): Promise<Array<Record<string, unknown>[]>>;
}

function sslConfig(credentials: IDataObject): pg.PoolConfig['ssl'] {
  const mode = String(credentials.ssl ?? 'disable');
  if (credentials.allowUnauthorizedCerts === true) return { rejectUnauthorized: false };
  // libpq's 'allow' tries without TLS first; pg has no fallback, so 'allow' connects without it.
  if (mode === 'disable' || mode === 'allow' || mode === '') return false;
  return { rejectUnauthorized: true };
}

export function poolConfig(node: INode, credentials: IDataObject, options: PgConnectionOptions): pg.PoolConfig {
  if (credentials.sshTunnel === true) {
    throw new NodeOperationError(node, 'SSH tunnels are not supported', { description: 'Switchyard connects to the database directly. Turn "SSH Tunnel" off in the Postgres credential and make the database reachable from this server (for example through a tunnel you run yourself, with its local port as the credential\'s host and port).' });
  }
  const seconds = Number(options.connectionTimeout ?? 30);
  const max = Math.min(100, Math.max(1, Number(credentials.maxConnections ?? 100) || 100));
  return {
    host: String(credentials.host ?? 'localhost'),
    port: Number(credentials.port ?? 5432),
    database: String(credentials.database ?? 'postgres'),
    user: String(credentials.user ?? 'postgres'),
    password: String(credentials.password ?? ''),
    ssl: sslConfig(credentials),
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: seconds > 0 ? seconds * 1000 : 30_000,
    allowExitOnIdle: true,
    keepAlive: true,
    application_name: 'Switchyard',
  };
}

const NUMBER_OIDS = new Set([20, 1700]); // int8, numeric

function typesFor(largeNumbersAsNumbers: boolean): pg.CustomTypesConfig | undefined {
  if (!largeNumbersAsNumbers) return undefined;
  return {
    getTypeParser: ((oid: number, format?: string) => {
      if (NUMBER_OIDS.has(oid) && format !== 'binary') return (v: string) => (v === null ? null : Number(v));
      return pg.types.getTypeParser(oid, format as 'text');
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/** PostgreSQL's CancelRequest, sent on its own connection: the server stops the running statement. */
function sendCancel(client: pg.PoolClient): void {
  const c = client as unknown as { processID?: number; secretKey?: number; host?: string; port?: number; connectionParameters?: { host?: string; port?: number } };
  if (c.processID === undefined || c.secretKey === undefined) return;
  const host = c.connectionParameters?.host ?? c.host ?? 'localhost';
  const port = c.connectionParameters?.port ?? c.port ?? 5432;
  const socket = netConnect({ host, port }, () => {
    const msg = Buffer.alloc(16);
    msg.writeInt32BE(16, 0);
    msg.writeInt32BE(80877102, 4);
    msg.writeInt32BE(c.processID!, 8);
    msg.writeInt32BE(c.secretKey!, 12);
    socket.end(msg);
  });
  socket.on('error', () => undefined);
  socket.setTimeout(5000, () => socket.destroy());
}

function runBounded(client: pg.PoolClient, text: string, budget: ReadBudget, types: pg.CustomTypesConfig | undefined, signal: AbortSignal | undefined): Promise<Array<Record<string, unknown>[]>> {
  const stream = (client as unknown as { connection: { stream: Socket } }).connection.stream;
  return new Promise((resolve, reject) => {
    let stop: Error | undefined;
    const halt = (e: Error) => {
      if (stop) return;
      stop = e;
      stream.destroy();
    };
    let paused = false;
    const onData = (chunk: Buffer) => {
      budget.bytes += chunk.length;
      if (budget.bytes > resultLimits.maxBytes) halt(new ResultTooLargeError(budget));
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
    // Stopped: the server is asked to cancel the statement (a sleeping or busy backend would not
    // notice a closed socket), and the connection is dropped if it does not answer within 2 s.
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      if (stop) return;
      stop = new QueryStoppedError();
      sendCancel(client);
      abortTimer = setTimeout(() => stream.destroy(), 2000);
    };
    if (signal?.aborted) return reject(new QueryStoppedError());
    stream.on('data', onData);
    signal?.addEventListener('abort', onAbort);
    const query = new pg.Query({ text, types } as pg.QueryConfig, undefined, ((err: Error | null, result: pg.QueryResult | pg.QueryResult[]) => {
      stream.off('data', onData);
      signal?.removeEventListener('abort', onAbort);
      if (abortTimer) clearTimeout(abortTimer);
      if (stop) return reject(stop);
      if (err) return reject(err);
      const results = Array.isArray(result) ? result : [result];
      resolve(results.map((r) => (r?.rows ?? []) as Record<string, unknown>[]));
    }) as never);
    query.on('row', () => {
      budget.rows++;
      if (budget.rows > resultLimits.maxRows) halt(new ResultTooLargeError(budget));
    });
    client.query(query as unknown as pg.QueryConfig);
  });
}

/**
 * Runs `use` with one pooled connection of the credential: its session runs texts bounded by
 * `budget` and `signal`. A connection that was cut (limit, stop, network) is not returned to the
 * pool.
 */
export async function withPgSession<R>(
  node: INode,
  credentials: IDataObject,
  options: PgConnectionOptions & { largeNumbersAsNumbers?: boolean; budget: ReadBudget; signal?: AbortSignal },
  use: (session: PgSession) => Promise<R>,
): Promise<R> {
  const config = poolConfig(node, credentials, options);
  const key = poolKey('postgres', config);
  const types = typesFor(options.largeNumbersAsNumbers === true);
  return withPool(
    key,
    () => {
      const pool = new pg.Pool(config);
      // An idle connection the server closes (restart, idle timeout) must not crash the process.
      pool.on('error', () => undefined);
      return pool;
    },
    (pool) => pool.end(),
    async (pool) => {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (e) {
        if (/timeout/i.test((e as Error).message)) discardPool(key);
        throw e;
      }
      client.on('error', () => undefined);
      let broken = false;
      try {
        return await use({
          run: async (text) => {
            try {
              return await runBounded(client, text, options.budget, types, options.signal);
            } catch (e) {
              if (e instanceof ResultTooLargeError || e instanceof QueryStoppedError || !(e as { severity?: string }).severity) broken = true;
              else (e as { sentText?: string }).sentText = text;
              throw e;
            }
          },
        });
      } finally {
        client.release(broken ? true : undefined);
      }
    },
  );
}

/** n8n's parsePostgresError: a NodeOperationError with the server's words and the failed query. */
export function pgError(node: INode, error: unknown, queries: Array<{ query: string }>, itemIndex?: number): NodeOperationError {
  if (error instanceof NodeOperationError) return error;
  if (error instanceof ResultTooLargeError) {
    const { message, description } = resultTooLargeMessage(error.budget.rows, error.budget.bytes);
    return new NodeOperationError(node, message, { description, itemIndex });
  }
  const e = error as { message?: string; detail?: string; hint?: string; code?: string; position?: string; sentText?: string };
  let message = String(e.message ?? error);
  let description: string | undefined = e.detail || e.hint;
  const syntax = /syntax error at or near "(.*)"/.exec(message);
  if (syntax && queries.length) {
    const snippet = syntax[1]!;
    const failed = queries.findIndex((q) => q.query.includes(snippet));
    if (failed !== -1) {
      if (itemIndex === undefined) itemIndex = failed;
      // The server's position (1-based, in the text sent) gives the line when the query was sent as written.
      const pos = Number(e.position);
      const line = e.sentText === queries[failed]!.query && pos > 0 ? e.sentText.slice(0, pos - 1).split('\n').length - 1 : queries[failed]!.query.split('\n').findIndex((l) => l.includes(snippet));
      message = `Syntax error at line ${line + 1} near "${snippet}"`;
    }
  }
  if (!description && queries[itemIndex ?? 0]?.query) description = `Failed query: ${queries[itemIndex ?? 0]!.query}`;
  for (const [code, text] of [['ECONNREFUSED', 'Connection refused'], ['ENOTFOUND', 'Host not found'], ['ETIMEDOUT', 'Connection timed out']] as const) {
    if (message.includes(code) || e.code === code) {
      description = message.split(`${code} `)[1]?.trim() ?? message;
      message = text;
    }
  }
  if (/timeout expired|Connection terminated due to connection timeout/i.test(message)) {
    description = message;
    message = 'Connection timed out';
  }
  return new NodeOperationError(node, message, { description, itemIndex });
}

/** Row values as JSON data: dates as ISO strings, bytea as n8n shows a Buffer. */
export function rowToJson(row: Record<string, unknown>): IDataObject {
  for (const key of Object.keys(row)) {
    const v = row[key];
    if (v instanceof Date) row[key] = Number.isNaN(v.getTime()) ? null : v.toISOString();
    else if (v instanceof Uint8Array) row[key] = Buffer.from(v.buffer, v.byteOffset, v.byteLength).toJSON() as unknown as IDataObject;
  }
  return row as IDataObject;
}
