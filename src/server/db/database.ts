// Opens the instance database: node:sqlite in WAL mode behind Kysely, migrated to the latest
// schema. Callers see only Kysely<Database>, so a PostgreSQL dialect can replace this file.
import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { NodeSqliteAdapter } from './sqliteAdapter.ts';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './schema.ts';

export const DATABASE_FILE = 'database.sqlite';

export interface OpenDatabase {
  db: Kysely<Database>;
  path: string;
  close(): Promise<void>;
}

export async function openDatabase(dataDir: string): Promise<OpenDatabase> {
  mkdirSync(dataDir, { recursive: true });
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
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let closed = false;
  return {
    db,
    path,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

export async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    migrationTableName: 'migrations',
    migrationLockTableName: 'migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
}
