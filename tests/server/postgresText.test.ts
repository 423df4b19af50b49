// Text PostgreSQL cannot store: U+0000 in a name is refused with 400 naming it (SQLite keeps it),
// while run data and other JSON columns keep it (JSON writes it as \u0000).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './helpers.ts';
import { onPostgres } from '../support/testDatabase.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.dispose();
});

describe('U+0000 in text', () => {
  it.runIf(onPostgres)('on PostgreSQL a workflow or tag name holding it is refused with 400, naming the character; nothing is stored', async () => {
    const r = await call(s, 'POST', '/rest/workflows', { name: 'a\u0000b', nodes: [], connections: {} });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('The text holds the character U+0000 (NUL), which the database (PostgreSQL) cannot store in a name or other text field');
    const t = await call(s, 'POST', '/rest/tags', { name: 'x\u0000y' });
    expect(t.status).toBe(400);
    expect((await call(s, 'GET', '/rest/workflows')).body.data).toEqual([]);
    expect((await call(s, 'GET', '/rest/tags')).body.data).toEqual([]);
  });

  it.skipIf(onPostgres)('on SQLite it is kept', async () => {
    const r = await call(s, 'POST', '/rest/workflows', { name: 'a\u0000b', nodes: [], connections: {} });
    expect(r.status).toBe(200);
    expect((await call(s, 'GET', `/rest/workflows/${r.body.data.id}`)).body.data.name).toBe('a\u0000b');
  });

  it('in node parameters (a JSON column) it is kept on both', async () => {
    const nodes = [{ id: 'n1', name: 'Note', type: 'n8n-nodes-base.stickyNote', typeVersion: 1, position: [0, 0], parameters: { content: 'nul \u0000 here' } }];
    const r = await call(s, 'POST', '/rest/workflows', { name: 'With NUL inside', nodes, connections: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await call(s, 'GET', `/rest/workflows/${r.body.data.id}`)).body.data.nodes[0].parameters.content).toBe('nul \u0000 here');
  });
});
