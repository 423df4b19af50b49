// Makes node:sqlite's DatabaseSync look like the better-sqlite3 interface that Kysely's
// SqliteDialect drives, so we need no native module. Prepared statements are cached because
// Kysely prepares every query anew and preparing dominates the cost of small queries.
import type { DatabaseSync, StatementSync, SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const STATEMENT_CACHE_SIZE = 256;

function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

function bind(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(toSqlite);
}

class Statement implements SqliteStatement {
  readonly reader: boolean;
  readonly #stmt: StatementSync;
  constructor(stmt: StatementSync) {
    this.#stmt = stmt;
    // A statement returns rows when it has result columns (SELECT, and INSERT … RETURNING).
    this.reader = stmt.columns().length > 0;
  }
  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#stmt.all(...bind(parameters));
  }
  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    const r = this.#stmt.run(...bind(parameters));
    return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
  }
  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.#stmt.iterate(...bind(parameters)) as IterableIterator<unknown>;
  }
}

export class NodeSqliteAdapter implements SqliteDatabase {
  readonly db: DatabaseSync;
  readonly #cache = new Map<string, Statement>();
  constructor(db: DatabaseSync) {
    this.db = db;
  }
  prepare(sql: string): SqliteStatement {
    let stmt = this.#cache.get(sql);
    if (stmt) {
      // Refresh recency: Map iteration order is insertion order, so the first key is the oldest.
      this.#cache.delete(sql);
    } else {
      stmt = new Statement(this.db.prepare(sql));
      if (this.#cache.size >= STATEMENT_CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value as string);
    }
    this.#cache.set(sql, stmt);
    return stmt;
  }
  close(): void {
    this.#cache.clear();
    if (this.db.isOpen) this.db.close();
  }
}
