// Real community node packages from npm (pinned versions, fetched with `npm pack`, served unchanged
// by a local registry), installed with npm through POST /rest/nodes and run against local HTTP
// servers that answer as their services do: a programmatic node without HTTP (n8n-nodes-datastore),
// programmatic nodes with credentials (@openhab/n8n-nodes-openhab: an authenticate declared as
// whole-object expressions; @thingsboard/n8n-nodes-thingsboard: a function authenticate with a
// token fetched by preAuthentication), and declarative nodes whose routing calls package code
// (@mendable/n8n-nodes-firecrawl and n8n-nodes-templated: preSend functions, $credentials in
// requestDefaults).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connect, node, startServer, type TestServer } from './helpers.ts';
import { startRegistry } from '../support/communityPackage.ts';
import { packReal, REAL_PACKAGES } from '../support/realPackages.ts';
import { startServer as startHttp, json, text, type SeenRequest } from '../nodes/httpServer.ts';
import type { IExecution } from '../../src/model/execution.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';

let s: TestServer;
let dir: string;
let registry: Awaited<ReturnType<typeof startRegistry>>;
let api: Awaited<ReturnType<typeof startHttp>>;
let logins = 0;

const TB_TOKEN = 'tb-jwt-1';
const tbAuthorized = (req: SeenRequest) => req.headers['x-authorization'] === `Bearer ${TB_TOKEN}`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-real-packages-'));
  api = await startHttp({
    // openHAB's REST API
    '/rest/items': json(200, [{ name: 'Lamp', state: 'ON', type: 'Switch', tags: ['Lighting'] }, { name: 'Heater', state: 'OFF', type: 'Switch', tags: [] }]),
    '/rest/items/Lamp/state': text(200, 'ON'),
    '/rest/items/Lamp': (req, res) => {
      if (req.method === 'POST') return void res.writeHead(202).end();
      json(200, { name: 'Lamp', state: 'ON', type: 'Switch' })(req, res);
    },
    // ThingsBoard: login gives a JWT, the API wants it in X-Authorization
    '/api/auth/login': (req, res) => {
      logins++;
      const body = JSON.parse(req.body || '{}');
      if (body.username !== 'tenant@example.com' || body.password !== 'tb-pass') return void json(401, { message: 'Invalid username or password' })(req, res);
      json(200, { token: TB_TOKEN, refreshToken: 'r' })(req, res);
    },
    '/api/system/info': (req, res) => (tbAuthorized(req) ? json(200, { edition: 'CE' }) : json(401, { message: 'Authentication failed' }))(req, res),
    '/api/device/dev-1': (req, res) => (tbAuthorized(req) ? json(200, { id: { id: 'dev-1', entityType: 'DEVICE' }, name: 'Boiler sensor', type: 'default' }) : json(401, { message: 'Authentication failed' }))(req, res),
    // Firecrawl v2
    '/v2/scrape': (req, res) => {
      const body = JSON.parse(req.body || '{}');
      json(200, { success: true, data: { markdown: `# Scraped ${body.url}`, metadata: { sourceURL: body.url, statusCode: 200 } } })(req, res);
    },
    // Templated
    '/v1/templates': json(200, [{ id: 'tpl-1', name: 'Invoice', width: 800, height: 600 }, { id: 'tpl-2', name: 'Banner', width: 1200, height: 300 }]),
    '/v1/render': (req, res) => {
      const body = JSON.parse(req.body || '{}');
      json(200, { id: 'render-1', url: `https://cdn.example/${body.template}.${body.format}`, status: 'COMPLETED', received: body })(req, res);
    },
  });
  const packages = Object.values(REAL_PACKAGES).map((p) => packReal(join(dir, 'tarballs'), p.name, p.version));
  registry = await startRegistry(packages);
  s = await startServer({ SWITCHYARD_COMMUNITY_PACKAGES_REGISTRY: registry.url });
}, 240_000);

afterAll(async () => {
  await s?.dispose();
  registry?.server.close();
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function runWorkflow(workflowData: IWorkflowBase): Promise<IExecution> {
  const r = await call(s, 'POST', '/rest/workflows/run', { workflowData });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.data.executionId;
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const e = await call(s, 'GET', `/rest/executions/${id}`);
    if (e.status === 200 && e.body.data.status !== 'running' && e.body.data.status !== 'new') return e.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the run did not end');
}

const trigger = node('Start', 'n8n-nodes-base.manualTrigger', 1, [0, 0]);
function flow(...nodes: IWorkflowBase['nodes']): IWorkflowBase {
  const pairs: Array<[string, string]> = [];
  const all = [trigger, ...nodes];
  for (let i = 1; i < all.length; i++) pairs.push([all[i - 1].name, all[i].name]);
  return { name: 'Real packages', active: false, nodes: all, connections: connect(pairs), settings: { executionOrder: 'v1' } } as IWorkflowBase;
}
const out = (e: IExecution, name: string) => e.data.resultData.runData[name]?.[0]?.data?.main?.[0]?.map((i) => i.json);
const ok = (e: IExecution) => expect(e.status, JSON.stringify(e.data.resultData.error)).toBe('success');

async function install(name: string, version: string): Promise<Array<{ name: string; type: string }>> {
  const r = await call(s, 'POST', '/rest/nodes', { name, version });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.data).toMatchObject({ packageName: name, installedVersion: version });
  expect(r.body.data.failedLoading ?? false).toBe(false);
  return r.body.data.installedNodes;
}

async function credential(name: string, type: string, data: Record<string, unknown>): Promise<Record<string, { id: string; name: string }>> {
  const r = await call(s, 'POST', '/rest/credentials', { name, type, data });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { [type]: { id: r.body.data.id, name } };
}

describe('real community packages from npm', () => {
  it('install all of them with npm through POST /rest/nodes', async () => {
    const { datastore, openhab, thingsboard, firecrawl, templated, unifiAccess } = REAL_PACKAGES;
    expect((await install(datastore.name, datastore.version)).map((n) => n.type)).toEqual(['n8n-nodes-datastore.datastore']);
    expect((await install(openhab.name, openhab.version)).map((n) => n.type).sort()).toEqual(['@openhab/n8n-nodes-openhab.openHab', '@openhab/n8n-nodes-openhab.openHabTrigger']);
    expect((await install(thingsboard.name, thingsboard.version)).map((n) => n.type)).toEqual(['@thingsboard/n8n-nodes-thingsboard.thingsBoard']);
    expect((await install(firecrawl.name, firecrawl.version)).map((n) => n.type)).toEqual(['@mendable/n8n-nodes-firecrawl.firecrawl']);
    expect((await install(templated.name, templated.version)).map((n) => n.type)).toEqual(['n8n-nodes-templated.templated']);
    expect((await install(unifiAccess.name, unifiAccess.version)).map((n) => n.type).sort()).toEqual(['n8n-nodes-unifi-access.unifiAccess', 'n8n-nodes-unifi-access.unifiAccessTrigger']);
    const credentialTypes = ((await call(s, 'GET', '/rest/credential-types')).body.data as Array<{ name: string }>).map((t) => t.name);
    expect(credentialTypes).toEqual(expect.arrayContaining(['openHABApi', 'thingsBoardUsernamePasswordApi', 'thingsBoardApiKeyApi', 'firecrawlApi', 'templatedApi', 'unifiAccessApi']));
    // Their icons are served from the package folders.
    const types = (await call(s, 'GET', '/rest/node-types')).body.data as Array<{ name: string; iconUrl?: string }>;
    for (const name of ['@mendable/n8n-nodes-firecrawl.firecrawl', '@openhab/n8n-nodes-openhab.openHab', 'n8n-nodes-templated.templated']) {
      const t = types.find((x) => x.name === name);
      expect(t?.iconUrl, name).toBeTruthy();
      const icon = await call(s, 'GET', t!.iconUrl!);
      expect(icon.status, name).toBe(200);
      expect(icon.response.headers['content-type']).toMatch(/^image\//);
    }
    // A credential type's icon ({ light, dark } of 'file:' paths in n8n-nodes-unifi-access) from its package folder.
    const credentialIcon = await call(s, 'GET', '/rest/credential-icon/unifiAccessApi');
    expect(credentialIcon.status).toBe(200);
    expect(credentialIcon.response.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(credentialIcon.body).toContain('<svg');
    expect((await call(s, 'GET', '/rest/credential-icon/firecrawlApi')).status).toBe(404);
  }, 240_000);

  it('n8n-nodes-datastore (programmatic, no HTTP): a value set in one run is read in the next', async () => {
    const set = node('Set', 'n8n-nodes-datastore.datastore', 1, [200, 0], { operation: 'set', keyName: 'greeting', valueDataType: 'string', valueString: '={{ "hello " + "world" }}', outputForSetClear: 'affectedValueOnly' });
    const a = await runWorkflow(flow(set));
    ok(a);
    expect(out(a, 'Set')).toEqual([{ greeting: 'hello world' }]);
    const get = node('Get', 'n8n-nodes-datastore.datastore', 1, [200, 0], { operation: 'get', keyName: 'greeting' });
    const b = await runWorkflow(flow(get));
    ok(b);
    expect(out(b, 'Get')).toEqual([{ key: 'greeting', value: 'hello world', found: true }]);
    // The package keeps its store in a static field: it lives as long as the package host.
  }, 60_000);

  it('@openhab/n8n-nodes-openhab (programmatic, credential with a URL and expression-valued authenticate): list, state, command', async () => {
    const credentials = await credential('openHAB', 'openHABApi', { authType: 'token', baseUrlLocal: api.base, token: 'oh-token' });
    const list = node('Items', '@openhab/n8n-nodes-openhab.openHab', 1, [200, 0], { resource: 'item', itemOperation: 'list', tagFilter: 'Lighting' }, { credentials });
    const e = await runWorkflow(flow(list));
    ok(e);
    expect(out(e, 'Items')?.map((i) => i.name)).toEqual(['Lamp', 'Heater']);
    const seen = api.seen.filter((r) => r.url.startsWith('/rest/items?'));
    expect(seen.at(-1)?.url).toBe('/rest/items?tags=Lighting');
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer oh-token');
    expect(seen.at(-1)?.headers['x-openhab-token']).toBe('oh-token');

    const state = node('State', '@openhab/n8n-nodes-openhab.openHab', 1, [200, 0], { resource: 'item', itemOperation: 'state', itemName: 'Lamp' }, { credentials });
    const command = node('Command', '@openhab/n8n-nodes-openhab.openHab', 1, [400, 0], { resource: 'item', itemOperation: 'command', itemName: 'Lamp', command: '={{ $json.state === "ON" ? "OFF" : "ON" }}' }, { credentials });
    const c = await runWorkflow(flow(state, command));
    ok(c);
    expect(out(c, 'State')).toEqual([{ item: 'Lamp', state: 'ON' }]);
    expect(out(c, 'Command')).toEqual([{ item: 'Lamp', command: 'OFF', statusCode: 202 }]);
    const posted = api.seen.filter((r) => r.method === 'POST' && r.url === '/rest/items/Lamp').at(-1);
    expect(posted?.body).toBe('OFF');
    expect(posted?.headers['x-openhab-source']).toMatch(/^io\.n8n:real_packages:command$/);
  }, 60_000);

  it('@thingsboard/n8n-nodes-thingsboard (programmatic, function authenticate with a token from preAuthentication)', async () => {
    const credentials = await credential('ThingsBoard', 'thingsBoardUsernamePasswordApi', { baseUrl: api.base, username: 'tenant@example.com', password: 'tb-pass' });
    const get = node('Device', '@thingsboard/n8n-nodes-thingsboard.thingsBoard', 1, [200, 0], { authentication: 'usernamePassword', resource: 'device', operation: 'getDeviceById', deviceId: 'dev-1' }, { credentials });
    const before = logins;
    const e = await runWorkflow(flow(get));
    ok(e);
    expect(out(e, 'Device')).toEqual([{ id: { id: 'dev-1', entityType: 'DEVICE' }, name: 'Boiler sensor', type: 'default' }]);
    expect(logins - before).toBe(1);
    expect(api.seen.filter((r) => r.url === '/api/device/dev-1').at(-1)?.headers['x-authorization']).toBe(`Bearer ${TB_TOKEN}`);
    // The token is kept with the credential: the next run logs in no more.
    const again = await runWorkflow(flow(get));
    ok(again);
    expect(logins - before).toBe(1);

    const wrong = await credential('ThingsBoard wrong', 'thingsBoardUsernamePasswordApi', { baseUrl: api.base, username: 'tenant@example.com', password: 'nope' });
    const failing = await runWorkflow(flow({ ...get, credentials: wrong }));
    expect(failing.status).toBe('error');
    expect(failing.data.resultData.error?.message).toMatch(/401|Invalid username or password|Authorization failed/);
  }, 60_000);

  it('@mendable/n8n-nodes-firecrawl (declarative, $credentials in requestDefaults, preSend functions in the package)', async () => {
    const credentials = await credential('Firecrawl', 'firecrawlApi', { baseUrl: `${api.base}/v2`, apiKey: 'fc-key' });
    const scrape = node('Scrape', '@mendable/n8n-nodes-firecrawl.firecrawl', 1, [200, 0], { resource: 'Scraping', operation: 'scrape', url: '={{ "https://example.com/" + "docs" }}', parsers: ['pdf'] }, { credentials });
    const e = await runWorkflow(flow(scrape));
    ok(e);
    expect(out(e, 'Scrape')).toEqual([{ success: true, data: { markdown: '# Scraped https://example.com/docs', metadata: { sourceURL: 'https://example.com/docs', statusCode: 200 } } }]);
    const sent = api.seen.filter((r) => r.url === '/v2/scrape').at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers.authorization).toBe('Bearer fc-key');
    // The package's preSend turned ["pdf"] into [{ type: "pdf" }]; requestDefaults' body is kept.
    expect(JSON.parse(sent.body)).toMatchObject({ url: 'https://example.com/docs', integration: 'n8n', parsers: [{ type: 'pdf' }] });
  }, 60_000);

  it('n8n-nodes-templated (declarative, preSend reading every parameter through getNodeParameter; listSearch with its credential and HTTP)', async () => {
    const credentials = await credential('Templated', 'templatedApi', { baseUrl: api.base, apiKey: 'tp-key' });
    const render = node('Render', 'n8n-nodes-templated.templated', 1, [200, 0], { operation: 'createRender', template: { __rl: true, mode: 'list', value: 'tpl-2' }, format: 'png', transparent: true }, { credentials });
    const e = await runWorkflow(flow(render));
    ok(e);
    expect(out(e, 'Render')?.[0]).toMatchObject({ id: 'render-1', url: 'https://cdn.example/tpl-2.png', received: { template: 'tpl-2', format: 'png', transparent: true } });
    expect(api.seen.filter((r) => r.url === '/v1/render').at(-1)?.headers.authorization).toBe('Bearer tp-key');

    // Its template list (a listSearch method) reads the credential chosen in the editor and sends HTTP with it.
    const search = await call(s, 'POST', '/rest/dynamic-node-parameters/resource-locator-results', {
      nodeTypeAndVersion: { name: 'n8n-nodes-templated.templated', version: 1 },
      path: 'template',
      methodName: 'loadTemplates',
      filter: 'inv',
      currentNodeParameters: { operation: 'createRender' },
      credentials,
    });
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    expect(search.body.data.results).toEqual([{ name: 'Invoice', value: 'tpl-1', description: '800x600' }]);
    expect(api.seen.filter((r) => r.url === '/v1/templates').at(-1)?.headers.authorization).toBe('Bearer tp-key');

  }, 60_000);

  it('credential test of a package credential type (its test request, authenticated as declared)', async () => {
    const r = await call(s, 'POST', '/rest/credentials/test', { credentials: { name: 'T', type: 'templatedApi', data: { baseUrl: api.base, apiKey: 'tp-key' } } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'OK' });
    expect(api.seen.filter((x) => x.url === '/v1/templates').at(-1)?.headers.authorization).toBe('Bearer tp-key');
  }, 30_000);
});
