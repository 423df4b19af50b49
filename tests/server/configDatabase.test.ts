// The database settings (SWITCHYARD_DB_TYPE and SWITCHYARD_DB_POSTGRESDB_*, n8n's DB_* names):
// defaults, what openDatabase gets, bad values refused naming the variable, and a PostgreSQL that
// cannot be reached named in the error without its password.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { freePort } from '../support/databases.ts';
import { onPostgres, testDatabaseOptions, testPostgresUrl } from '../support/testDatabase.ts';
import { tempDataDir } from './tempDir.ts';

const dir = mkdtempSync(join(tmpdir(), 'sy-dbconfig-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PEM = (what: string) => `-----BEGIN ${what}-----\nAAAA\n-----END ${what}-----\n`;

describe('database settings', () => {
  it('default to SQLite in the data folder', () => {
    const c = loadConfig({});
    expect(c.dbType).toBe('sqlite');
    expect(c.database).toEqual({ type: 'sqlite' });
  });

  it('postgresdb with n8n defaults (localhost:5432, schema public, pool of 2, no TLS)', () => {
    const c = loadConfig({ SWITCHYARD_DB_TYPE: 'postgresdb', SWITCHYARD_DB_POSTGRESDB_PASSWORD: ' pw with spaces ' });
    expect(c.database).toEqual({
      type: 'postgresdb',
      postgres: { url: '', host: 'localhost', port: 5432, database: 'switchyard', user: 'postgres', password: ' pw with spaces ', schema: 'public', poolSize: 2, connectionTimeout: 20000, idleTimeout: 30000, ssl: false },
    });
  });

  it('reads every setting: a Unix socket folder as host, TLS with PEM text and files', () => {
    writeFileSync(join(dir, 'ca.pem'), PEM('CERTIFICATE'));
    const c = loadConfig({
      SWITCHYARD_DB_TYPE: 'POSTGRESDB',
      SWITCHYARD_DB_POSTGRESDB_HOST: '/var/run/postgresql',
      SWITCHYARD_DB_POSTGRESDB_PORT: '6543',
      SWITCHYARD_DB_POSTGRESDB_DATABASE: 'flows',
      SWITCHYARD_DB_POSTGRESDB_USER: 'sy',
      SWITCHYARD_DB_POSTGRESDB_SCHEMA: 'Switch Yard',
      SWITCHYARD_DB_POSTGRESDB_POOL_SIZE: '10',
      SWITCHYARD_DB_POSTGRESDB_CONNECTION_TIMEOUT: '5000',
      SWITCHYARD_DB_POSTGRESDB_IDLE_CONNECTION_TIMEOUT: '0',
      SWITCHYARD_DB_POSTGRESDB_SSL_ENABLED: 'true',
      SWITCHYARD_DB_POSTGRESDB_SSL_CA: join(dir, 'ca.pem'),
      SWITCHYARD_DB_POSTGRESDB_SSL_CERT: PEM('CERTIFICATE').replace(/\n/g, '\\n'),
      SWITCHYARD_DB_POSTGRESDB_SSL_KEY: PEM('PRIVATE KEY'),
      SWITCHYARD_DB_POSTGRESDB_SSL_REJECT_UNAUTHORIZED: 'false',
    });
    expect(c.database).toEqual({
      type: 'postgresdb',
      postgres: {
        url: '',
        host: '/var/run/postgresql',
        port: 6543,
        database: 'flows',
        user: 'sy',
        password: '',
        schema: 'Switch Yard',
        poolSize: 10,
        connectionTimeout: 5000,
        idleTimeout: 0,
        ssl: { rejectUnauthorized: false, ca: PEM('CERTIFICATE'), cert: PEM('CERTIFICATE'), key: PEM('PRIVATE KEY').trimEnd() },
      },
    });
  });

  it('takes a URL instead of the separate settings', () => {
    const c = loadConfig({ SWITCHYARD_DB_TYPE: 'postgresdb', SWITCHYARD_DB_POSTGRESDB_URL: 'postgresql://sy:s%40cret@db.example.com:5433/flows?sslmode=require' });
    expect(c.database.type === 'postgresdb' && c.database.postgres.url).toBe('postgresql://sy:s%40cret@db.example.com:5433/flows?sslmode=require');
  });

  it.each([
    [{ SWITCHYARD_DB_TYPE: 'mysqldb' }, 'SWITCHYARD_DB_TYPE must be one of sqlite, postgresdb (got "mysqldb")'],
    [{ SWITCHYARD_DB_POSTGRESDB_PORT: '70000' }, 'SWITCHYARD_DB_POSTGRESDB_PORT must be between 1 and 65535 (got 70000)'],
    [{ SWITCHYARD_DB_POSTGRESDB_POOL_SIZE: '0' }, 'SWITCHYARD_DB_POSTGRESDB_POOL_SIZE must be between 1 and 1000 (got 0)'],
    [{ SWITCHYARD_DB_POSTGRESDB_HOST: 'db host' }, 'SWITCHYARD_DB_POSTGRESDB_HOST must be a host name or IP address (got "db host")'],
    [{ SWITCHYARD_DB_POSTGRESDB_URL: 'mysql://a@b/c' }, 'SWITCHYARD_DB_POSTGRESDB_URL must start with postgres:// or postgresql:// (got mysql://…)'],
    [{ SWITCHYARD_DB_POSTGRESDB_URL: 'not a url' }, 'SWITCHYARD_DB_POSTGRESDB_URL must be a URL such as postgres://user:password@host:5432/database (it could not be parsed)'],
    [{ SWITCHYARD_DB_POSTGRESDB_SCHEMA: 'x'.repeat(64) }, `SWITCHYARD_DB_POSTGRESDB_SCHEMA must be a schema name of 1 to 63 bytes (got "${'x'.repeat(64)}")`],
    [{ SWITCHYARD_DB_POSTGRESDB_SSL_ENABLED: 'yes' }, 'SWITCHYARD_DB_POSTGRESDB_SSL_ENABLED must be true or false (got "yes")'],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('refuses TLS files without TLS, a certificate without its key, and a file that is not there (PostgreSQL only)', () => {
    const pg = { SWITCHYARD_DB_TYPE: 'postgresdb' };
    expect(() => loadConfig({ ...pg, SWITCHYARD_DB_POSTGRESDB_SSL_CA: PEM('CERTIFICATE') })).toThrow(
      'SWITCHYARD_DB_POSTGRESDB_SSL_CA, _SSL_CERT or _SSL_KEY is set but SWITCHYARD_DB_POSTGRESDB_SSL_ENABLED is false',
    );
    expect(() => loadConfig({ ...pg, SWITCHYARD_DB_POSTGRESDB_SSL_ENABLED: 'true', SWITCHYARD_DB_POSTGRESDB_SSL_CERT: PEM('CERTIFICATE') })).toThrow(
      'SWITCHYARD_DB_POSTGRESDB_SSL_CERT and SWITCHYARD_DB_POSTGRESDB_SSL_KEY go together',
    );
    expect(() => loadConfig({ ...pg, SWITCHYARD_DB_POSTGRESDB_SSL_ENABLED: 'true', SWITCHYARD_DB_POSTGRESDB_SSL_CA: join(dir, 'missing.pem') })).toThrow(
      `SWITCHYARD_DB_POSTGRESDB_SSL_CA must be PEM text or a readable file: "${join(dir, 'missing.pem')}" does not exist`,
    );
    // With SQLite the PostgreSQL settings are not looked at.
    expect(loadConfig({ SWITCHYARD_DB_POSTGRESDB_SSL_CA: join(dir, 'missing.pem') }).database).toEqual({ type: 'sqlite' });
  });

  it('a PostgreSQL nobody listens on: the error names where, never the password', async () => {
    const port = await freePort();
    const c = loadConfig({ SWITCHYARD_DB_TYPE: 'postgresdb', SWITCHYARD_DB_POSTGRESDB_HOST: '127.0.0.1', SWITCHYARD_DB_POSTGRESDB_PORT: String(port), SWITCHYARD_DB_POSTGRESDB_USER: 'sy', SWITCHYARD_DB_POSTGRESDB_PASSWORD: 'hunter2-secret', SWITCHYARD_DB_POSTGRESDB_CONNECTION_TIMEOUT: '2000' });
    const data = tempDataDir();
    try {
      const error = await openDatabase(data, c.database).then(() => undefined, (e: Error) => e);
      expect(error?.message).toMatch(new RegExp(`^Could not open the PostgreSQL database postgres://sy@127\\.0\\.0\\.1:${port}/switchyard \\(schema public\\): .*ECONNREFUSED`));
      expect(error?.message).not.toContain('hunter2');
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });

  it.runIf(onPostgres)('a wrong password is refused by the server, named without the password', async () => {
    const data = tempDataDir();
    try {
      const good = testDatabaseOptions(data);
      if (good.type !== 'postgresdb') throw new Error('unreachable');
      const url = new URL(testPostgresUrl());
      url.password = 'wrong-password-xyz';
      const error = await openDatabase(data, { ...good, postgres: { ...good.postgres, url: url.href } }).then(() => undefined, (e: Error) => e);
      expect(error?.message).toMatch(/^Could not open the PostgreSQL database postgres:\/\/switchyard@127\.0\.0\.1:\d+\/switchyard_tests \(schema t_[0-9a-f]+\): password authentication failed for user "switchyard"$/);
      expect(error?.message).not.toContain('wrong-password-xyz');
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
