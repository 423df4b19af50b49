// Remove Duplicates v2's history across executions is kept in the database (processed_data):
// a later run of the same saved workflow, webhook or manual, drops the values earlier runs kept,
// also after a restart on the same data folder.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DATABASE_FILE, openDatabase } from '../../src/server/db/database.ts';
import { onPostgres, testDatabaseOptions } from '../support/testDatabase.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { call, startServer, tempDataDir } from './helpers.ts';
import { live, node, webhookNode, workflow } from './triggerHelpers.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const toItems = (expression: string) => node('Items', 'n8n-nodes-base.code', 2, { jsCode: `return ${expression}.map((id) => ({ json: { id } }));` });
const dedupe = () =>
  node('Dedupe', 'n8n-nodes-base.removeDuplicates', 2, { operation: 'removeItemsSeenInPreviousExecutions', dedupeValue: '={{ $json.id }}', options: { scope: 'workflow' } });

describe('Remove Duplicates history on the server', () => {
  it('a second webhook execution drops the first one’s values, also after a restart', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const hook = webhookNode({ path: 'dedupe', httpMethod: 'POST', responseMode: 'lastNode', responseData: 'allEntries' });
    const send = async (t: Awaited<ReturnType<typeof live>>, ids: number[]) => {
      const r = await t.hook('dedupe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ids }) });
      expect(r.status).toBe(200);
      return r.json();
    };
    const a = await live({}, { dataDir });
    const saved = await a.activate(workflow('Dedupe hook', [hook, toItems('$json.body.ids'), dedupe()]));
    expect(await send(a, [1, 2])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await send(a, [2, 3])).toEqual([{ id: 3 }]);
    await a.close();
    // The history is in the database, not in this process's memory: one row, three hashed values.
    let rows: Array<{ workflowId: string; context: string; value: string }>;
    if (onPostgres) {
      const opened = await openDatabase(dataDir, testDatabaseOptions(dataDir));
      rows = await opened.db.selectFrom('processed_data').select(['workflowId', 'context', 'value']).execute();
      await opened.close();
    } else {
      const raw = new DatabaseSync(join(dataDir, DATABASE_FILE), { readOnly: true });
      rows = raw.prepare('SELECT workflowId, context, value FROM processed_data').all() as Array<{ workflowId: string; context: string; value: string }>;
      raw.close();
    }
    expect(rows.map((r) => ({ ...r, value: JSON.parse(r.value) }))).toEqual([
      { workflowId: saved.id, context: '', value: { mode: 'entries', data: [expect.any(String), expect.any(String), expect.any(String)] } },
    ]);

    const b = await live({}, { dataDir });
    try {
      expect(await send(b, [1, 3, 4])).toEqual([{ id: 4 }]);
    } finally {
      await b.close();
    }
  });

  it('manual runs of a saved workflow record too (as n8n); an unsaved one cannot keep a history', async () => {
    const s = await startServer();
    dirs.push(s.dataDir);
    try {
      const wf = workflow('Dedupe manual', [node('Start', 'n8n-nodes-base.manualTrigger', 1), toItems('[1, 2, 3]'), dedupe()]);
      const saved = (await call(s, 'POST', '/rest/workflows', wf)).body.data;
      const runOnce = async (workflowData: unknown) => {
        const r = await call(s, 'POST', '/rest/workflows/run', { workflowData });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        const id = r.body.data.executionId;
        for (let i = 0; i < 500; i++) {
          const e = await call(s, 'GET', `/rest/executions/${id}`);
          if (e.status === 200 && e.body.data.status !== 'running' && e.body.data.status !== 'new') return e.body.data;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('execution did not finish');
      };
      const kept = (e: any) => e.data.resultData.runData.Dedupe[0].data?.main[0].map((i: any) => i.json);
      expect(kept(await runOnce(saved))).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
      const second = await runOnce(saved);
      expect(kept(second)).toEqual([]);
      expect(second.data.resultData.runData.Dedupe[0].data.main[1].map((i: any) => i.json)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);

      const unsaved = await runOnce(wf);
      expect(unsaved.data.resultData.error?.message).toContain('Deduplication history needs a saved workflow');

      // The history goes with its workflow.
      const count = async () => {
        if (onPostgres) return (await s.server.db.selectFrom('processed_data').select('workflowId').where('workflowId', '=', saved.id).execute()).length;
        const raw = new DatabaseSync(join(s.dataDir, DATABASE_FILE), { readOnly: true });
        const n = (raw.prepare('SELECT count(*) AS n FROM processed_data WHERE workflowId = ?').get(saved.id) as { n: number }).n;
        raw.close();
        return n;
      };
      expect(await count()).toBe(1);
      expect((await call(s, 'DELETE', `/rest/workflows/${saved.id}`)).status).toBe(200);
      expect(await count()).toBe(0);
    } finally {
      await s.close();
    }
  });
});
