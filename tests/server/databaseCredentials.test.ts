// POST /rest/credentials/test for the database credentials (postgres, mySql, redis) against real
// servers started by the test: the right settings answer "Connection successful!", wrong ones the
// server's reason; an SSH tunnel is refused clearly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './helpers.ts';
import { startMariaDb, startPostgres, startRedis, type DatabaseServer } from '../support/databases.ts';

let s: TestServer;
let pgServer: DatabaseServer;
let mariadb: DatabaseServer;
let redis: DatabaseServer;

beforeAll(async () => {
  [s, pgServer, mariadb, redis] = await Promise.all([startServer(), startPostgres(), startMariaDb(), startRedis()]);
}, 90_000);
afterAll(async () => {
  await Promise.all([s?.dispose(), pgServer?.stop(), mariadb?.stop(), redis?.stop()]);
});

const test = (type: string, data: Record<string, unknown>) => call(s, 'POST', '/rest/credentials/test', { credentials: { name: `${type} account`, type, data } });

describe('POST /rest/credentials/test for database credentials', () => {
  it('postgres', async () => {
    const data = { host: pgServer.host, port: pgServer.port, database: pgServer.database, user: pgServer.user, password: pgServer.password };
    expect((await test('postgres', data)).body.data).toEqual({ status: 'OK', message: 'Connection successful!' });
    expect((await test('postgres', { ...data, password: 'wrong' })).body.data).toEqual({ status: 'Error', message: `password authentication failed for user "${pgServer.user}"` });
    expect((await test('postgres', { ...data, sshTunnel: true })).body.data).toEqual({ status: 'Error', message: 'SSH tunnels are not supported' });
  });

  it('mySql', async () => {
    const data = { host: mariadb.host, port: mariadb.port, database: mariadb.database, user: mariadb.user, password: mariadb.password };
    expect((await test('mySql', data)).body.data).toEqual({ status: 'OK', message: 'Connection successful!' });
    expect((await test('mySql', { ...data, password: 'wrong' })).body.data).toEqual({ status: 'Error', message: `Access denied for user '${mariadb.user}'@'127.0.0.1' (using password: YES)` });
    expect((await test('mySql', { ...data, port: 1 })).body.data).toEqual({ status: 'Error', message: 'Connection refused' });
  });

  it('redis', async () => {
    const data = { host: redis.host, port: redis.port, password: redis.password, database: 0 };
    expect((await test('redis', data)).body.data).toEqual({ status: 'OK', message: 'Connection successful!' });
    expect((await test('redis', { ...data, password: 'wrong' })).body.data).toEqual({ status: 'Error', message: 'Authentication failed: check the user and password of the Redis credential' });
  });
});
