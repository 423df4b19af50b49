// Community node packages end to end on a real server: a package built here, served by a local
// npm registry, installed with npm through POST /rest/nodes, its nodes (programmatic and
// declarative) and credential type run in the package host; updates, removal, failures.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connect, node, runToEnd, startServer, type TestServer } from './helpers.ts';
import { buildTestPackage, startRegistry, type BuiltPackage } from '../support/communityPackage.ts';
import type { IExecution } from '../../src/model/execution.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';

const PKG = 'n8n-nodes-switchyard-test';
let s: TestServer;
let dir: string;
let registry: Awaited<ReturnType<typeof startRegistry>>;
let api: Server;
let apiUrl: string;
const seen: Array<{ url: string; authorization?: string; body: string }> = [];
let v2: BuiltPackage;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-community-'));
  api = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url?.startsWith('/products') && req.method === 'GET') {
        const limit = Number(new URL(req.url, 'http://x').searchParams.get('limit') ?? 10);
        return void res.end(JSON.stringify({ data: [{ id: 1, title: 'Lamp' }, { id: 2, title: 'Desk' }, { id: 3, title: 'Chair' }].slice(0, limit) }));
      }
      res.end(JSON.stringify({ ok: true, method: req.method, received: body ? JSON.parse(body) : null }));
    });
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const v1 = buildTestPackage(dir, { apiBase: apiUrl });
  v2 = buildTestPackage(dir, { apiBase: apiUrl, version: '1.1.0' });
  const broken = buildTestPackage(dir, { apiBase: apiUrl, name: 'n8n-nodes-switchyard-broken', broken: true });
  const plain = { ...broken, name: 'n8n-nodes-switchyard-plain', manifest: { ...broken.manifest, name: 'n8n-nodes-switchyard-plain', keywords: [] } };
  registry = await startRegistry([v1, broken, plain]);
  s = await startServer({ SWITCHYARD_COMMUNITY_PACKAGES_REGISTRY: registry.url});
}, 120_000);

afterAll(async () => {
  await s?.dispose();
  registry?.server.close();
  api?.close();
  rmSync(dir, { recursive: true, force: true });
});


function workflow(nodes: IWorkflowBase['nodes'], pairs: Array<[string, string]>): IWorkflowBase {
  return { name: 'Community', active: false, nodes, connections: connect(pairs), settings: { executionOrder: 'v1' } } as IWorkflowBase;
}

const trigger = node('Start', 'n8n-nodes-base.manualTrigger', 1, [0, 0]);
const names = node('Names', 'n8n-nodes-base.code', 2, [200, 0], { jsCode: "return [{json:{name:'Ada'}},{json:{name:'Linus'}}];" });
const out = (e: IExecution, name: string) => e.data.resultData.runData[name]?.[0]?.data?.main?.[0]?.map((i) => i.json);

describe('community packages', () => {
  it('are on by default, with npm found on the PATH', async () => {
    const r = await call(s, 'GET', '/rest/settings');
    expect(r.body.data).toMatchObject({ communityNodesEnabled: true, isNpmAvailable: true });
    expect((await call(s, 'GET', '/rest/nodes')).body).toEqual({ data: [] });
  });

  it('refuse names that are not community packages, unknown packages, and packages without the keyword', async () => {
    for (const [name, message] of [
      ['left-pad', /n8n-nodes-/],
      ['n8n-nodes-Upper', /not a valid npm package name/],
      ['n8n-nodes-does-not-exist', /was not found in the npm registry/],
      ['n8n-nodes-switchyard-plain', /not a community node package/],
    ] as const) {
      const r = await call(s, 'POST', '/rest/nodes', { name });
      expect(r.status, name).toBe(400);
      expect(r.body.message).toMatch(message);
    }
  }, 60_000);

  it('install with npm, list the package, its node types, icon and credential type without a restart', async () => {
    const r = await call(s, 'POST', '/rest/nodes', { name: PKG });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ packageName: PKG, installedVersion: '1.0.0', authorName: 'Test Author', authorEmail: 'author@example.com' });
    expect(r.body.data.installedNodes.map((n: { type: string }) => n.type).sort()).toEqual([`${PKG}.catalog`, `${PKG}.greeter`, `${PKG}.mischief`]);
    expect(r.body.data.installedNodes.find((n: { type: string }) => n.type === `${PKG}.greeter`).latestVersion).toBe(2);
    expect((await call(s, 'GET', '/rest/nodes')).body.data).toHaveLength(1);
    const types = (await call(s, 'GET', '/rest/node-types')).body.data as Array<{ name: string; iconUrl?: string }>;
    const greeter = types.find((t) => t.name === `${PKG}.greeter`);
    expect(greeter?.iconUrl).toBe(`/rest/node-icon/${encodeURIComponent(`${PKG}.greeter`)}`);
    const icon = await call(s, 'GET', greeter!.iconUrl!);
    expect(icon.status).toBe(200);
    expect(icon.response.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(icon.body).toContain('<circle');
    expect((await call(s, 'GET', `/rest/node-icon/${encodeURIComponent(`${PKG}.mischief`)}`)).status).toBe(404);
    const credentialTypes = (await call(s, 'GET', '/rest/credential-types')).body.data as Array<{ name: string }>;
    expect(credentialTypes.map((t) => t.name)).toContain('greeterApi');
    expect((await call(s, 'POST', '/rest/nodes', { name: PKG })).status).toBe(409);
  }, 120_000);

  it('run a programmatic node in the package host: parameters with expressions, credentials, HTTP, static data, errors', async () => {
    const cred = await call(s, 'POST', '/rest/credentials', { name: 'Greeter', type: 'greeterApi', data: { token: 's3cret' } });
    expect(cred.status, JSON.stringify(cred.body)).toBe(200);
    const greeter = node('Greet', `${PKG}.greeter`, 2, [400, 0], { greeting: '={{ "Hello" }}', url: `${apiUrl}/hello`, options: { suffix: '!' } }, { credentials: { greeterApi: { id: cred.body.data.id, name: 'Greeter' } } });
    const e = await runToEnd(s, workflow([trigger, names, greeter], [['Start', 'Names'], ['Names', 'Greet']]));
    expect(e.status, JSON.stringify(e.data.resultData.error)).toBe('success');
    expect(out(e, 'Greet')).toEqual([
      { greeting: 'Hello Ada!', remote: { ok: true, method: 'GET', received: null }, runs: 1 },
      { greeting: 'Hello Linus!', remote: { ok: true, method: 'GET', received: null }, runs: 1 },
    ]);
    expect(seen.filter((x) => x.url === '/hello').map((x) => x.authorization)).toEqual(['Bearer s3cret', 'Bearer s3cret']);

    const failing = node('Greet', `${PKG}.greeter`, 1, [400, 0], { greeting: 'fail' });
    const f = await runToEnd(s, workflow([trigger, names, failing], [['Start', 'Names'], ['Names', 'Greet']]));
    expect(f.status).toBe('error');
    expect(f.data.resultData.error).toMatchObject({ message: 'Asked to fail', description: 'The greeting was "fail"' });
    const tolerant = { ...failing, onError: 'continueRegularOutput' as const };
    const c = await runToEnd(s, workflow([trigger, names, tolerant], [['Start', 'Names'], ['Names', 'Greet']]));
    expect(out(c, 'Greet')).toEqual([{ error: 'Asked to fail' }, { error: 'Asked to fail' }]);
  }, 60_000);

  it('answer a package node\'s option lists from the host, with the editor\'s parameters and chosen credential', async () => {
    const body = { nodeTypeAndVersion: { name: `${PKG}.greeter`, version: 2 }, path: 'language', methodName: 'getLanguages', currentNodeParameters: { greeting: 'Bonjour' } };
    const r = await call(s, 'POST', '/rest/dynamic-node-parameters/options', body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual([{ name: 'Bonjour (en)', value: 'en' }, { name: 'Bonjour (fr)', value: 'fr' }]);
    const secret = await call(s, 'POST', '/rest/dynamic-node-parameters/options', { ...body, methodName: 'getSecret' });
    expect(secret.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(secret.body)).toMatch(/credentials for \\"greeterApi\\" are not set/);
    const cred = (await call(s, 'GET', '/rest/credentials')).body.data.find((c: { type: string }) => c.type === 'greeterApi');
    const withCredential = await call(s, 'POST', '/rest/dynamic-node-parameters/options', { ...body, methodName: 'getSecret', credentials: { greeterApi: { id: cred.id, name: cred.name } } });
    expect(withCredential.status, JSON.stringify(withCredential.body)).toBe(200);
    expect(withCredential.body.data).toEqual([{ name: 'token', value: 's3cret' }]);
  });

  it('run a declarative node: request defaults, routing by operation, query and body sends, rootProperty', async () => {
    const cred = (await call(s, 'GET', '/rest/credentials')).body.data.find((c: { type: string }) => c.type === 'greeterApi');
    const credentials = { greeterApi: { id: cred.id, name: cred.name } };
    const list = node('List', `${PKG}.catalog`, 1, [400, 0], { operation: 'list', limit: 2 }, { credentials });
    const e = await runToEnd(s, workflow([trigger, list], [['Start', 'List']]));
    expect(e.status, JSON.stringify(e.data.resultData.error)).toBe('success');
    expect(out(e, 'List')).toEqual([{ id: 1, title: 'Lamp' }, { id: 2, title: 'Desk' }]);
    expect(seen.some((x) => x.url === '/products?limit=2' && x.authorization === 'Bearer s3cret')).toBe(true);
    const create = node('Create', `${PKG}.catalog`, 1, [400, 0], { operation: 'create', title: '={{ "lamp " + $json.name }}' }, { credentials });
    const c = await runToEnd(s, workflow([trigger, names, create], [['Start', 'Names'], ['Names', 'Create']]));
    expect(out(c, 'Create')).toEqual([
      { ok: true, method: 'POST', received: { product: { title: 'LAMP ADA' } } },
      { ok: true, method: 'POST', received: { product: { title: 'LAMP LINUS' } } },
    ]);
  }, 60_000);

  it('keep package code away from the server: no data folder, no environment, no child processes; a hang is stopped', async () => {
    const mischief = (what: string, path = '') => node('Mischief', `${PKG}.mischief`, 1, [400, 0], { do: what, path });
    const read = await runToEnd(s, workflow([trigger, mischief('read', join(s.dataDir, 'database.sqlite'))], [['Start', 'Mischief']]));
    expect(read.status).toBe('error');
    expect(read.data.resultData.error?.message).toMatch(/ERR_ACCESS_DENIED|Access to this API has been restricted|permission/i);
    const env = await runToEnd(s, workflow([trigger, mischief('env')], [['Start', 'Mischief']]));
    expect(out(env, 'Mischief')?.[0].env).not.toContain('SWITCHYARD_DATA_DIR');
    const spawn = await runToEnd(s, workflow([trigger, mischief('spawn')], [['Start', 'Mischief']]));
    expect(spawn.status).toBe('error');

    const started = Date.now();
    const hang = await runToEnd(s, workflow([trigger, mischief('hang')], [['Start', 'Mischief']]));
    expect(hang.status).toBe('error');
    expect(hang.data.resultData.error?.message).toMatch(/held the package host for more than 5000 ms/);
    expect(Date.now() - started).toBeLessThan(20_000);
    // The server answered meanwhile, and the next run gets a new host with the packages loaded.
    const greeter = node('Greet', `${PKG}.greeter`, 1, [400, 0], { greeting: 'Hi' });
    const again = await runToEnd(s, workflow([trigger, names, greeter], [['Start', 'Names'], ['Names', 'Greet']]));
    expect(again.status, JSON.stringify(again.data.resultData.error)).toBe('success');
  }, 90_000);

  it('update to the registry\'s newer version, then uninstall: types and credential type gone', async () => {
    registry.add(v2);
    const list = await call(s, 'GET', '/rest/nodes');
    // The version check is cached for an hour; an update asks the registry again.
    const u = await call(s, 'PATCH', '/rest/nodes', { name: PKG });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body.data.installedVersion).toBe('1.1.0');
    expect(list.status).toBe(200);
    const greeter = node('Greet', `${PKG}.greeter`, 1, [400, 0], {});
    const e = await runToEnd(s, workflow([trigger, names, greeter], [['Start', 'Names'], ['Names', 'Greet']]));
    expect(out(e, 'Greet')?.[0].greeting).toBe('Hi Ada');

    const d = await call(s, 'DELETE', '/rest/nodes', { name: PKG });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect((await call(s, 'GET', '/rest/nodes')).body.data).toEqual([]);
    const types = (await call(s, 'GET', '/rest/node-types')).body.data as Array<{ name: string }>;
    expect(types.some((t) => t.name.startsWith(PKG))).toBe(false);
    expect(((await call(s, 'GET', '/rest/credential-types')).body.data as Array<{ name: string }>).some((t) => t.name === 'greeterApi')).toBe(false);
    expect((await call(s, 'DELETE', '/rest/nodes', { name: PKG })).status).toBe(404);
  }, 120_000);

  it('refuse a package whose code throws at load, and leave nothing installed', async () => {
    const r = await call(s, 'POST', '/rest/nodes', { name: 'n8n-nodes-switchyard-broken' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/could not be loaded.*broken at load/);
    expect((await call(s, 'GET', '/rest/nodes')).body.data).toEqual([]);
  }, 60_000);
});
