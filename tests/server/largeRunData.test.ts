// Large run data (issue 14), against the real server: a 3 MB webhook body goes in through the
// sliced parser, the run is saved compressed (the database row holds gzip, not text), GET
// /rest/executions/:id and the public API give it back whole, the Last Node answer carries it,
// and a retry reads it back. Small runs stay plain text.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, live, node, webhookNode, workflow, type Live } from './triggerHelpers.ts';
import { DATABASE_FILE } from '../../src/server/db/database.ts';
import { onPostgres } from '../support/testDatabase.ts';

let t: Live;
/** SQLite: a second connection to the server's file; PostgreSQL: the server's own pool. */
let raw: DatabaseSync | undefined;
beforeAll(async () => {
  t = await live({});
  if (!onPostgres) {
    raw = new DatabaseSync(join(t.s.dataDir, DATABASE_FILE));
    raw.exec('PRAGMA busy_timeout = 5000');
  }
});
afterAll(async () => {
  raw?.close();
  await t.dispose();
});

/** The stored row of an execution's run data. */
async function storedData(id: string): Promise<{ data: string; dataGzip: Uint8Array | null }> {
  if (raw) return raw.prepare('SELECT data, dataGzip FROM execution_data WHERE executionId = ?').get(Number(id)) as { data: string; dataGzip: Uint8Array | null };
  return t.s.server.db.selectFrom('execution_data').select(['data', 'dataGzip']).where('executionId', '=', Number(id)).executeTakeFirstOrThrow();
}

const rows = Array.from({ length: 30_000 }, (_, i) => ({ id: i, name: `row ${i}`, note: 'é"\\\u2028', nested: { list: [i, null, true] } }));
const body = `{"__proto__":{"kept":"as data"},${JSON.stringify({ rows }).slice(1)}`;

async function runOnce(path: string): Promise<{ reply: Response; id: string }> {
  const reply = await t.hook(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const id = await t.until(async () => {
    const l = (await t.api('GET', '/executions?limit=5')).body.data.results;
    return l[0] && l[0].status === 'success' ? String(l[0].id) : undefined;
  });
  return { reply, id };
}

describe('large run data', () => {
  it('is parsed, saved compressed, and read back whole', async () => {
    const hook = webhookNode({ path: 'large', httpMethod: 'POST', responseMode: 'lastNode' });
    const done = node('Done', 'n8n-nodes-base.noOp', 1);
    await t.activate(workflow('Large', [hook, done], chain(hook, done)));
    const { reply, id } = await runOnce('large');
    expect(reply.status).toBe(200);
    const answered = (await reply.json()) as { body: { rows: unknown[] } };
    expect(answered.body.rows).toEqual(rows);

    const stored = await storedData(id);
    expect(stored.data).toBe('');
    expect(stored.dataGzip).not.toBeNull();
    const unpacked = JSON.parse(gunzipSync(stored.dataGzip!).toString('utf8'));
    expect(stored.dataGzip!.byteLength).toBeLessThan(body.length / 3);

    const got = (await t.api('GET', `/executions/${id}`)).body.data;
    expect(got.status).toBe('success');
    const item = got.data.resultData.runData.Webhook[0].data.main[0][0].json;
    expect(item.body.rows).toEqual(rows);
    // __proto__ in a webhook body is data, as n8n keeps it.
    expect(Object.hasOwn(item.body, '__proto__')).toBe(true);
    expect(item.body.__proto__).toEqual({ kept: 'as data' });
    expect(got.data).toEqual(unpacked);
  }, 30_000);

  it('a small run stays readable text in the database', async () => {
    const hook = webhookNode({ path: 'small', httpMethod: 'POST' });
    await t.activate(workflow('Small', [hook]));
    await t.hook('small', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    const id = await t.until(async () => {
      const l = (await t.api('GET', '/executions?limit=1')).body.data.results;
      return l[0]?.workflowName === 'Small' && l[0].status === 'success' ? String(l[0].id) : undefined;
    });
    const stored = await storedData(id);
    expect(stored.dataGzip).toBeNull();
    expect(JSON.parse(stored.data).resultData.runData.Webhook[0].data.main[0][0].json.body).toEqual({ a: 1 });
  });

  it('a large REST body is parsed in slices with the same answers', async () => {
    const big = { name: 'Big pin data', nodes: [{ id: 'n', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }], connections: {}, pinData: { Trigger: rows.slice(0, 10_000).map((json) => ({ json })) } };
    const created = await t.api('POST', '/workflows', big);
    expect(created.status).toBe(200);
    expect((await t.api('GET', `/workflows/${created.body.data.id}`)).body.data.pinData.Trigger).toHaveLength(10_000);
    const text = JSON.stringify(big);
    const send = (payload: string) => fetch(`${t.url}rest/workflows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message: string } }));
    const broken = await send(`${text.slice(0, -1)},}`);
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^Could not import workflow: the workflow is not valid JSON: .* \(line 1, column \d+\)$/);
    const proto = await send(text.replace('"pinData":{', '"pinData":{"__proto__":{"x":1},'));
    expect(proto.status).toBe(400);
    expect(proto.body.message).toMatch(/has the key "__proto__" \(line 1, column \d+\), which is refused/);
    const deep = await send(text.replace('"pinData":{', `"pinData":{"deep":${'['.repeat(600)}${']'.repeat(600)},`));
    expect(deep.status).toBe(400);
    expect(deep.body.message).toMatch(/nested more than 512 levels deep \(line 1, column \d+\)/);
  }, 30_000);
});
