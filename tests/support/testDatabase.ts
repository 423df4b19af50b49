// Which database the server and repository tests run on: SQLite (default) or, with
// SWITCHYARD_TEST_DB=postgres, a real PostgreSQL — the temporary cluster postgresGlobalSetup.ts
// starts once per run (tests/support/databases.ts), or the server in SWITCHYARD_TEST_PG_URL.
// Each test data folder gets a schema of its own, named after the folder, so a test that
// reopens a data folder (a restart) finds its tables again and tests never see each other's rows.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { inject } from 'vitest';
import type { DatabaseOptions } from '../../src/server/db/database.ts';

export type TestDatabase = 'sqlite' | 'postgres';

export function testDatabase(): TestDatabase {
  const v = (process.env.SWITCHYARD_TEST_DB ?? '').trim().toLowerCase();
  if (v === '' || v === 'sqlite') return 'sqlite';
  if (v === 'postgres' || v === 'postgresdb' || v === 'postgresql') return 'postgres';
  throw new Error(`SWITCHYARD_TEST_DB must be sqlite or postgres (got "${process.env.SWITCHYARD_TEST_DB}")`);
}

export const onPostgres = testDatabase() === 'postgres';

/** The PostgreSQL server's URL (without schema); only with SWITCHYARD_TEST_DB=postgres. */
export function testPostgresUrl(): string {
  const url = process.env.SWITCHYARD_TEST_PG_URL || (inject('switchyardTestPgUrl' as never) as string | undefined);
  if (!url) throw new Error('SWITCHYARD_TEST_DB=postgres but no PostgreSQL: tests/support/postgresGlobalSetup.ts (vitest.config.ts globalSetup) starts one, or set SWITCHYARD_TEST_PG_URL');
  return url;
}

/** The schema of a data folder's tables on PostgreSQL (one per folder). */
export function testSchemaFor(dataDir: string): string {
  return 't_' + createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 24);
}

/** openDatabase's options for a test data folder. */
export function testDatabaseOptions(dataDir: string): DatabaseOptions {
  if (!onPostgres) return { type: 'sqlite' };
  return {
    type: 'postgresdb',
    postgres: {
      url: testPostgresUrl(),
      host: '',
      port: 5432,
      database: '',
      user: '',
      password: '',
      schema: testSchemaFor(dataDir),
      poolSize: 4,
      connectionTimeout: 20_000,
      idleTimeout: 1000,
      ssl: false,
    },
  };
}

/** The SWITCHYARD_DB_* variables a test server on `dataDir` gets (none on SQLite). */
export function testDatabaseEnv(dataDir: string): Record<string, string> {
  if (!onPostgres) return {};
  return {
    SWITCHYARD_DB_TYPE: 'postgresdb',
    SWITCHYARD_DB_POSTGRESDB_URL: testPostgresUrl(),
    SWITCHYARD_DB_POSTGRESDB_SCHEMA: testSchemaFor(dataDir),
    SWITCHYARD_DB_POSTGRESDB_POOL_SIZE: '4',
    SWITCHYARD_DB_POSTGRESDB_IDLE_CONNECTION_TIMEOUT: '1000',
  };
}
