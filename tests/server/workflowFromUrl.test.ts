// GET /rest/workflows/from-url against a real HTTP server on 127.0.0.1: a good file, redirects,
// refusals (protocol, .json, credentials, missing editor header), upstream failures, the size
// cap and the time limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, startServer, type TestServer } from './helpers.ts';
import { fetchWorkflowFromUrl } from '../../src/server/rest/workflowFromUrl.ts';

const workflow = { name: 'From the web', nodes: [{ name: 'A', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [0, 0], parameters: {} }], connections: {} };
/** A file of ~3 MB (pinned items): read in slices, the same workflow comes back. */
const pinned = { ...workflow, pinData: { A: Array.from({ length: 30_000 }, (_, i) => ({ json: { i, text: `row ${i} é "quoted"` } })) } };
const pinnedText = JSON.stringify(pinned);

let s: TestServer;
let files: Server;
let base = '';
const slowResponses: Array<() => void> = [];

beforeAll(async () => {
  s = await startServer();
  files = createServer((req, res) => {
    const path = req.url ?? '';
    if (path === '/flow.json') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(workflow));
    if (path === '/moved.json') return res.writeHead(302, { location: '/flow.json' }).end();
    if (path === '/loop.json') return res.writeHead(302, { location: '/loop.json' }).end();
    if (path === '/to-file.json') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (path === '/missing.json') return res.writeHead(404).end('nope');
    if (path === '/page.json') return res.writeHead(200).end('<html>not json</html>');
    if (path === '/other.json') return res.writeHead(200).end('{"secret": "internal data"}');
    if (path === '/pinned.json') return res.writeHead(200).end(pinnedText);
    if (path === '/pinned-broken.json') return res.writeHead(200).end(`${pinnedText.slice(0, -2)},}`);
    if (path === '/proto.json') return res.writeHead(200).end(JSON.stringify(workflow).replace('"nodes":', '"meta":{"__proto__":{"polluted":1}},"nodes":'));
    if (path === '/pinned-proto.json') return res.writeHead(200).end(pinnedText.replace('"pinData":{', '"pinData":{"x":[{"json":{"constructor":{"prototype":{}}}}]},"other":{'));
    if (path === '/pinned-deep.json') return res.writeHead(200).end(pinnedText.replace('"pinData":{', `"pinData":{"deep":${'['.repeat(600)}${']'.repeat(600)},`));
    if (path === '/big.json') {
      // Streams without a length until the client gives up.
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 32);
      let sent = 0;
      const pump = () => {
        while (sent < 40 && res.write(chunk)) sent++;
        if (sent < 40) res.once('drain', pump);
        else res.end();
      };
      res.on('close', () => (sent = 40));
      pump();
      return;
    }
    if (path === '/slow.json') {
      res.writeHead(200);
      res.write('{"nodes": [');
      slowResponses.push(() => res.end());
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const end of slowResponses) end();
  files.closeAllConnections();
  await new Promise((r) => files.close(r));
  await s.dispose();
});

const editor = { 'push-ref': 'tab-1' };
const get = (url: string, headers: Record<string, string> = editor) => call(s, 'GET', `/rest/workflows/from-url?url=${encodeURIComponent(url)}`, undefined, headers);

describe('GET /workflows/from-url', () => {
  it('returns the workflow a .json link points to, following redirects', async () => {
    expect((await get(`${base}/flow.json`)).body).toEqual({ data: workflow });
    expect((await get(`${base}/moved.json`)).body).toEqual({ data: workflow });
  });

  it('refuses other protocols, links not ending in .json, credentials, and callers other than the editor', async () => {
    for (const url of ['file:///etc/passwd.json', 'ftp://example.com/a.json', `${base}/flow`, `http://user:pw@127.0.0.1/a.json`, 'not a url']) {
      const r = await get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.message).toBe('Invalid URL');
    }
    expect((await get(`${base}/flow.json`, {})).status).toBe(400);
    expect((await call(s, 'GET', '/rest/workflows/from-url', undefined, editor)).status).toBe(400);
  });

  it('says what went wrong upstream, and never returns what is not a workflow', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/missing.json', /answered 404/],
      ['/page.json', /not valid JSON/],
      ['/other.json', /not a workflow/],
      ['/loop.json', /more than 3 redirects/],
      ['/to-file.json', /Invalid URL/],
      // Saving it would be refused: said at import instead of after (small and sliced files alike).
      ['/proto.json', /has the key "__proto__" \(line 1, column \d+\), which is refused/],
      ['/pinned-proto.json', /has the key "constructor" \(line 1, column \d+\), which is refused/],
    ];
    for (const [path, message] of cases) {
      const r = await get(`${base}${path}`);
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.body.message + ' ' + (r.body.hint ?? ''), path).toMatch(message);
      expect(JSON.stringify(r.body)).not.toContain('internal data');
    }
  });

  it('reads a large file in slices: the same workflow, the same refusals', async () => {
    expect((await get(`${base}/pinned.json`)).body).toEqual({ data: pinned });
    const broken = await get(`${base}/pinned-broken.json`);
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.body.message + ' ' + (broken.body.hint ?? '')).toMatch(/not valid JSON: .*\(line 1, column \d+\)/);
    const deep = await get(`${base}/pinned-deep.json`);
    expect(deep.status).toBe(400);
    expect(deep.body.message + ' ' + (deep.body.hint ?? '')).toMatch(/nested more than 512 levels deep \(line 1, column \d+\)/);
  });

  it('cuts off a file over 12 MB', async () => {
    const r = await get(`${base}/big.json`);
    expect(r.status).toBe(413);
    expect(r.body.message).toMatch(/larger than the maximum of 12582912 bytes/);
  });

  it('gives up on an answer that takes too long', async () => {
    const t0 = Date.now();
    await expect(fetchWorkflowFromUrl(`${base}/slow.json`, { timeoutMs: 300 })).rejects.toThrow(/no complete answer within 0.3 s/);
    expect(Date.now() - t0).toBeLessThan(5000);
  });
});
