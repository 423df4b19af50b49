// Connection tests of the database credentials (n8n's postgresConnectionTest, mysqlConnectionTest,
// redisConnectionTest) for POST /credentials/test: one connection of its own (no pool), one
// trivial command, closed again; bounded to 15 s. Answers n8n's { status, message }.
import pg from 'pg';
import mysql from 'mysql2';
import { Redis, type RedisOptions } from 'ioredis';
import type { IDataObject, INode } from '../../model/workflow.ts';
import { NodeOperationError } from '../types.ts';
import { pgError, poolConfig } from '../Postgres/transport.ts';
import { poolOptions } from '../MySql/MySql.node.ts';
import { clientOptions, redisError } from '../Redis/Redis.node.ts';

export interface ConnectionTestResult {
  status: 'OK' | 'Error';
  message: string;
}

const TEST_TIMEOUT_MS = 15_000;
const stubNode: INode = { id: 'credential-test', name: 'Credential test', type: 'credentialTest', typeVersion: 1, position: [0, 0], parameters: {} } as INode;

const ok: ConnectionTestResult = { status: 'OK', message: 'Connection successful!' };
const fail = (e: unknown): ConnectionTestResult => ({ status: 'Error', message: e instanceof Error ? e.message : String(e) });

async function testPostgres(data: IDataObject): Promise<ConnectionTestResult> {
  const config = poolConfig(stubNode, data, { connectionTimeout: TEST_TIMEOUT_MS / 1000 });
  const client = new pg.Client({ ...config, query_timeout: TEST_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return ok;
  } catch (e) {
    const error = pgError(stubNode, e, []);
    return { status: 'Error', message: error.message };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function testMySql(data: IDataObject): Promise<ConnectionTestResult> {
  const { connectionLimit: _l, idleTimeout: _i, maxIdle: _m, ...config } = poolOptions(stubNode, data, {}, 2);
  const conn = mysql.createConnection({ ...config, connectTimeout: Math.min(Number(config.connectTimeout) || TEST_TIMEOUT_MS, TEST_TIMEOUT_MS) });
  conn.on('error', () => undefined);
  try {
    await conn.promise().ping();
    return ok;
  } catch (e) {
    const err = e as { code?: string; message?: string };
    return { status: 'Error', message: err.code === 'ECONNREFUSED' ? 'Connection refused' : String(err.message ?? e) };
  } finally {
    conn.destroy();
  }
}

async function testRedis(data: IDataObject): Promise<ConnectionTestResult> {
  let lastError: Error | undefined;
  const client = new Redis({ ...(clientOptions(data) as RedisOptions), commandTimeout: TEST_TIMEOUT_MS });
  client.on('error', (e: Error) => (lastError = e));
  try {
    await client.connect();
    await client.ping();
    return ok;
  } catch (e) {
    return { status: 'Error', message: redisError(stubNode, lastError ?? e).message };
  } finally {
    client.disconnect();
  }
}

const TESTS: Record<string, (data: IDataObject) => Promise<ConnectionTestResult>> = { postgres: testPostgres, mySql: testMySql, redis: testRedis };

/** The connection test of a database credential type, or undefined for other types. */
export function databaseConnectionTest(type: string): ((data: IDataObject) => Promise<ConnectionTestResult>) | undefined {
  const test = TESTS[type];
  if (!test) return undefined;
  return async (data) => {
    try {
      return await test(data);
    } catch (e) {
      // e.g. the SSH tunnel refusal from the connection settings
      return e instanceof NodeOperationError ? { status: 'Error', message: e.message } : fail(e);
    }
  };
}
