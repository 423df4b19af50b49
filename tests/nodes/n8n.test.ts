// The n8n node's request handling against a local HTTP server answering as a public API does
// (the full behaviour against the real server is in tests/server/miscNodes.test.ts): an imported
// node's defaults (resource workflow, getAll, Return All) following nextCursor, the API key
// header, Request Options' timeout, a missing Base URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, jsonOf, runChain } from './helpers.ts';
import { startServer } from './httpServer.ts';

let srv: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  srv = await startServer({
    '/api/v1/workflows': (req, res) => {
      const cursor = new URL(req.url, 'http://x').searchParams.get('cursor');
      res.writeHead(req.headers['x-n8n-api-key'] === 'key-1' ? 200 : 401, { 'content-type': 'application/json' });
      if (req.headers['x-n8n-api-key'] !== 'key-1') return void res.end(JSON.stringify({ message: 'unauthorized' }));
      res.end(JSON.stringify(cursor === 'p2' ? { data: [{ id: 'c', name: 'C' }], nextCursor: null } : { data: [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }], nextCursor: 'p2' }));
    },
    '/slow/workflows': () => {
      /* never answers */
    },
  });
});
afterAll(async () => {
  await srv.close();
});

const creds = (baseUrl: string) => ({ runOptions: { getCredentials: async () => ({ apiKey: 'key-1', baseUrl }) } });

describe('n8n node (HTTP)', () => {
  it("an imported node's parameters ({ filters: {}, requestOptions: {} }) list every workflow page", async () => {
    const run = await runChain([{}], [{ name: 'n8n', type: 'n8n-nodes-base.n8n', typeVersion: 1, parameters: { filters: {}, requestOptions: {} } }], creds(`${srv.base}/api/v1`));
    expect(jsonOf(run, 'n8n')).toEqual([{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }, { id: 'c', name: 'C' }]);
    const calls = srv.seen.filter((r) => r.url.startsWith('/api/v1/workflows'));
    expect(calls.map((r) => new URL(r.url, 'http://x').searchParams.get('cursor'))).toEqual([null, 'p2']);
    expect(calls[0].headers['x-n8n-api-key']).toBe('key-1');
  });

  it('Request Options timeout stops a request that does not answer', async () => {
    const t0 = Date.now();
    const run = await runChain([{}], [{ name: 'n8n', type: 'n8n-nodes-base.n8n', typeVersion: 1, parameters: { resource: 'workflow', operation: 'getAll', requestOptions: { timeout: 300 } } }], creds(`${srv.base}/slow`));
    expect(errorOf(run, 'n8n')?.message).toBe('Request timed out after 300 ms');
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it('a credential without a Base URL is a clear error', async () => {
    const run = await runChain([{}], [{ name: 'n8n', type: 'n8n-nodes-base.n8n', typeVersion: 1, parameters: {} }], creds(''));
    expect(errorOf(run, 'n8n')?.message).toBe('The n8n API credential has no Base URL');
  });
});
