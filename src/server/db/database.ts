// Opens the instance database behind Kysely, migrated to the latest schema: node:sqlite in WAL
// mode (the default, a file in the data folder), or PostgreSQL through the `pg` pool
// (SWITCHYARD_DB_TYPE=postgresdb). Callers see only Kysely<Database>; the few places where the
// two need different SQL ask dialect.ts.
import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { NodeSqliteAdapter } from './sqliteAdapter.ts';
import { migrationProvider } from './migrations/index.ts';
import { PostgresColumnTypesPlugin } from './dialect.ts';
import type { Database } from './schema.ts';

export const DATABASE_FILE = 'database.sqlite';

export interface PostgresOptions {
  /** postgres://user:password@host:port/database?sslmode=…; when set it is used instead of host … password. */
  url: string;
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  /** Tables live in this schema (created when missing); every connection's search_path. */
  schema: string;
  /** Most connections the pool opens. */
  poolSize: number;
  /** Milliseconds to wait for a connection. */
  connectionTimeout: number;
  /** Milliseconds an unused pooled connection is kept; 0 = forever. */
  idleTimeout: number;
  /** false = plain TCP; otherwise TLS with these settings. */
  ssl: false | { rejectUnauthorized: boolean; ca?: string; cert?: string; key?: string };
}

export type DatabaseOptions = { type: 'sqlite' } | { type: 'postgresdb'; postgres: PostgresOptions };

export interface OpenDatabase {
  db: Kysely<Database>;
  type: DatabaseOptions['type'];
  /** The SQLite file, or the PostgreSQL server, database and schema (no password) for messages. */
  path: string;
  close(): Promise<void>;
}

export async function openDatabase(dataDir: string, options: DatabaseOptions = { type: 'sqlite' }): Promise<OpenDatabase> {
  // The data folder holds more than the database (encryption key, binary data): made either way.
  mkdirSync(dataDir, { recursive: true });
  if (options.type === 'postgresdb') return openPostgres(options.postgres);
  const path = join(dataDir, DATABASE_FILE);
  const sqlite = new DatabaseSync(path);
  // WAL: readers never block the writer and a crash mid-write leaves the last commit intact.
  // synchronous=NORMAL is durable across process crashes in WAL mode (only an OS crash can lose
  // the last transactions), at a fraction of FULL's fsync cost.
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA synchronous = NORMAL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  sqlite.exec('PRAGMA busy_timeout = 5000');
  // 64 MiB of page cache (SQLite's default is 2 MiB): with a million executions, webhooks insert
  // at the newest end of the executions indexes while pruning deletes at the oldest; with the
  // default both kept evicting each other's pages and reading them back.
  sqlite.exec('PRAGMA cache_size = -65536');
  const adapter = new NodeSqliteAdapter(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: adapter }) });
  return finishOpen(db, 'sqlite', path);
}

async function finishOpen(db: Kysely<Database>, type: OpenDatabase['type'], path: string, schema?: string): Promise<OpenDatabase> {
  try {
    await migrate(db, schema);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let closed = false;
  return {
    db,
    type,
    path,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/** int8 (count(*), bigint columns) as a JS number; pg's default is a string. Ids stay far below 2^53. */
const INT8_OID = 20;
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/** A PostgreSQL identifier, quoted. */
function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Where the database is, for messages: never the password. */
export function describePostgres(o: PostgresOptions): string {
  if (o.url) {
    try {
      const u = new URL(o.url);
      u.password = '';
      return `${u.protocol}//${u.username ? `${decodeURIComponent(u.username)}@` : ''}${u.host}${u.pathname} (schema ${o.schema})`;
    } catch {
      return `the PostgreSQL URL (schema ${o.schema})`;
    }
  }
  return `postgres://${o.user}@${o.host}:${o.port}/${o.database} (schema ${o.schema})`;
}

async function openPostgres(o: PostgresOptions): Promise<OpenDatabase> {
  const where = describePostgres(o);
  const pool = new pg.Pool({
    ...(o.url ? { connectionString: o.url } : { host: o.host, port: o.port, database: o.database, user: o.user, password: o.password }),
    ...(o.ssl ? { ssl: o.ssl } : {}),
    max: o.poolSize,
    connectionTimeoutMillis: o.connectionTimeout,
    idleTimeoutMillis: o.idleTimeout,
    application_name: 'switchyard',
    types: pgTypes,
  });
  // A pooled connection the server closes while idle (a restart, a killed backend) is an 'error'
  // event on the pool, which would end the process unhandled; the pool drops that connection and
  // the next query opens a new one (or fails with its own error).
  pool.on('error', () => {});
  const schema = quoteIdent(o.schema);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool,
      // Unqualified table names resolve in the configured schema on every connection.
      onCreateConnection: async (connection) => {
        await connection.executeQuery(sql`set search_path to ${sql.raw(schema)}`.compile(db));
      },
    }),
  });
  try {
    const found = await sql<{ n: number }>`select count(*) as n from pg_namespace where nspname = ${o.schema}`.execute(db);
    if (Number(found.rows[0]?.n ?? 0) === 0) {
      // Two processes starting at once may both create it: the loser's error is no error.
      await sql`create schema if not exists ${sql.raw(schema)}`.execute(db).catch(async (e: unknown) => {
        const again = await sql<{ n: number }>`select count(*) as n from pg_namespace where nspname = ${o.schema}`.execute(db);
        if (Number(again.rows[0]?.n ?? 0) === 0) throw e;
      });
    }
  } catch (error) {
    await db.destroy();
    const m = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not open the PostgreSQL database ${where}: ${m || (error as { code?: string }).code || 'connection failed'}`, { cause: error });
  }
  return finishOpen(db, 'postgresdb', where, o.schema);
}

/** `schema`: PostgreSQL's, where the migrations table is looked for (others in the database do not count). */
export async function migrate(db: Kysely<Database>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    // PostgreSQL: the migrations' SQLite column types mapped (dialect.ts); SQLite runs them as written.
    db: schema ? db.withPlugin(new PostgresColumnTypesPlugin()) : db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: migrationProvider,
    migrationTableName: 'migrations',
    migrationLockTableName: 'migrations_lock',
  });
  // On PostgreSQL every migration runs in one transaction under a session advisory lock (Kysely's
  // PostgresAdapter), so several processes starting at once migrate once; SQLite has one writer.
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
}
