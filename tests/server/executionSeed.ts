// Stores many executions fast, straight into a data folder's database (multi-row inserts in
// large transactions), for the pruning and list tests and bench/executions.bench.ts. Run it on
// a database the server has migrated, with the server stopped or idle. With
// SWITCHYARD_TEST_DB=postgres the rows go into the data folder's PostgreSQL schema instead
// (../support/testDatabase.ts): await the promise then (on SQLite the rows are in when it returns).
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../src/server/db/database.ts';

export interface SeedRow {
  status: string;
  workflowId: string | null;
  startedAt: string;
  waitTill?: string | null;
  userId?: string | null;
}

/** Inserts `count` executions with ids from `firstId`; `row(i)` describes the i-th (0-based). */
export function seedExecutions(dataDir: string, firstId: number, count: number, row: (i: number) => SeedRow): Promise<void> {
  if (/^postgres/i.test((process.env.SWITCHYARD_TEST_DB ?? '').trim())) return seedPostgres(dataDir, firstId, count, row);
  seedSqlite(dataDir, firstId, count, row);
  return Promise.resolve();
}

/** The same rows in the data folder's PostgreSQL schema, 1,000 per statement, in one transaction. */
async function seedPostgres(dataDir: string, firstId: number, count: number, row: (i: number) => SeedRow): Promise<void> {
  // Loaded only here: bench/ uses this file outside vitest, on SQLite.
  const { testDatabaseOptions } = await import('../support/testDatabase.ts');
  const { Kysely, PostgresDialect, sql } = await import('kysely');
  const pg = (await import('pg')).default;
  const o = testDatabaseOptions(dataDir);
  if (o.type !== 'postgresdb') throw new Error('seedPostgres needs SWITCHYARD_TEST_DB=postgres');
  const pool = new pg.Pool({ connectionString: o.postgres.url, max: 1 });
  const db = new Kysely<any>({
    dialect: new PostgresDialect({
      pool,
      onCreateConnection: async (c) => {
        await c.executeQuery(sql`set search_path to ${sql.id(o.postgres.schema)}`.compile(db));
      },
    }),
  });
  const workflowData = '{"name":"Seeded","nodes":[],"connections":{}}';
  const data = '{"resultData":{"runData":{}}}';
  try {
    await db.transaction().execute(async (trx) => {
      const PER = 1000;
      for (let i = 0; i < count; i += PER) {
        const execs = [];
        const datas = [];
        for (let k = i; k < Math.min(count, i + PER); k++) {
          const r = row(k);
          const id = firstId + k;
          const stopped = r.status === 'running' || r.status === 'new' || r.status === 'waiting' ? null : r.startedAt;
          execs.push({ id, workflowId: r.workflowId, workflowName: 'Seeded', mode: 'webhook', status: r.status, finished: r.status === 'success', startedAt: r.startedAt, stoppedAt: stopped, waitTill: r.waitTill ?? null, userId: r.userId ?? null });
          datas.push({ executionId: id, workflowData, data });
        }
        await trx.insertInto('executions').values(execs).execute();
        await trx.insertInto('execution_data').values(datas).execute();
      }
    });
    await sql`analyze executions`.execute(db);
  } finally {
    await db.destroy();
  }
}

function seedSqlite(dataDir: string, firstId: number, count: number, row: (i: number) => SeedRow): void {
  const db = new DatabaseSync(join(dataDir, DATABASE_FILE));
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    const PER = 100;
    const execCols = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
    const insertExec = db.prepare(
      `INSERT INTO executions (id, workflowId, workflowName, mode, status, finished, startedAt, stoppedAt, waitTill, userId) VALUES ${Array(PER).fill(execCols).join(',')}`,
    );
    const insertData = db.prepare(`INSERT INTO execution_data (executionId, workflowData, data) VALUES ${Array(PER).fill('(?, ?, ?)').join(',')}`);
    const workflowData = '{"name":"Seeded","nodes":[],"connections":{}}';
    const data = '{"resultData":{"runData":{}}}';
    const one = (i: number) => {
      const r = row(i);
      const id = firstId + i;
      const stopped = r.status === 'running' || r.status === 'new' || r.status === 'waiting' ? null : r.startedAt;
      return {
        exec: [id, r.workflowId, 'Seeded', 'webhook', r.status, r.status === 'success' ? 1 : 0, r.startedAt, stopped, r.waitTill ?? null, r.userId ?? null],
        data: [id, workflowData, data],
      };
    };
    db.exec('BEGIN');
    let i = 0;
    for (; i + PER <= count; i += PER) {
      const e: unknown[] = [];
      const d: unknown[] = [];
      for (let k = 0; k < PER; k++) {
        const o = one(i + k);
        e.push(...o.exec);
        d.push(...o.data);
      }
      insertExec.run(...(e as never[]));
      insertData.run(...(d as never[]));
      if (i % 100_000 === 0 && i > 0) {
        db.exec('COMMIT');
        db.exec('BEGIN');
      }
    }
    const single = db.prepare(`INSERT INTO executions (id, workflowId, workflowName, mode, status, finished, startedAt, stoppedAt, waitTill, userId) VALUES ${execCols}`);
    const singleData = db.prepare('INSERT INTO execution_data (executionId, workflowData, data) VALUES (?, ?, ?)');
    for (; i < count; i++) {
      const o = one(i);
      single.run(...(o.exec as never[]));
      singleData.run(...(o.data as never[]));
    }
    db.exec('COMMIT');
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
