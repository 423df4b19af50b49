// Stores many executions fast, straight into a data folder's database (multi-row inserts in
// large transactions), for the pruning and list tests and bench/executions.bench.ts. Run it on
// a database the server has migrated, with the server stopped or idle.
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
export function seedExecutions(dataDir: string, firstId: number, count: number, row: (i: number) => SeedRow): void {
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
