// Real community node packages from npm (pinned versions, fetched with `npm pack`, served unchanged
// by a local registry), installed with npm through POST /rest/nodes and run against local HTTP
// servers that answer as their services do: a programmatic node without HTTP (n8n-nodes-datastore),
// programmatic nodes with credentials (@openhab/n8n-nodes-openhab: an authenticate declared as
// whole-object expressions; @thingsboard/n8n-nodes-thingsboard: a function authenticate with a
// token fetched by preAuthentication), and declarative nodes whose routing calls package code
// (@mendable/n8n-nodes-firecrawl and n8n-nodes-templated: preSend functions, $credentials in
// requestDefaults). The openHAB trigger node (trigger(): a WebSocket the package opens itself)
// runs against a local WebSocket server that sends openHAB's events.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connect, node, runToEnd, startServer, type TestServer } from './helpers.ts';
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
    '/api/auth/user': (req, res) => (tbAuthorized(req) ? json(200, { email: 'tenant@example.com', authority: 'TENANT_ADMIN' }) : json(401, { message: 'Authentication failed' }))(req, res),
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
  await startEventSocket();
}, 240_000);

/** openHAB's event WebSocket (/ws/events), just enough of RFC 6455: text frames both ways, close. */
const ws = { server: undefined as Server | undefined, url: '', sockets: [] as Socket[], headers: [] as IncomingHttpHeaders[], received: [] as string[], closes: 0 };
async function startEventSocket(): Promise<void> {
  ws.server = createHttpServer((_req, res) => res.writeHead(404).end());
  ws.server.on('upgrade', (req, socket: Socket) => {
    ws.headers.push(req.headers);
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\nSec-WebSocket-Protocol: org.openhab.ws.protocol.default\r\n\r\n`);
    ws.sockets.push(socket);
    let buffer = Buffer.alloc(0);
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 2) {
        const opcode = buffer[0] & 0x0f;
        let length = buffer[1] & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (buffer.length < 4) return;
          length = buffer.readUInt16BE(2);
          offset = 4;
        }
        const mask = buffer[1] & 0x80 ? buffer.subarray(offset, offset + 4) : undefined;
        if (mask) offset += 4;
        if (buffer.length < offset + length) return;
        const payload = Buffer.from(buffer.subarray(offset, offset + length));
        if (mask) for (let i = 0; i < payload.length; i++) payload[i] ^= mask[i % 4];
        buffer = buffer.subarray(offset + length);
        if (opcode === 1) ws.received.push(payload.toString('utf8'));
        if (opcode === 8) {
          ws.closes++;
          socket.end();
        }
      }
    });
  });
  await new Promise<void>((r) => ws.server!.listen(0, '127.0.0.1', r));
  ws.url = `http://127.0.0.1:${(ws.server.address() as AddressInfo).port}`;
}
function sendEvent(event: unknown): void {
  const payload = Buffer.from(JSON.stringify(event));
  const header = payload.length < 126 ? Buffer.from([0x81, payload.length]) : Buffer.from([0x81, 126, payload.length >> 8, payload.length & 0xff]);
  for (const socket of ws.sockets) if (!socket.destroyed) socket.write(Buffer.concat([header, payload]));
}

afterAll(async () => {
  for (const socket of ws.sockets) socket.destroy();
  ws.server?.close();
  await s?.dispose();
  registry?.server.close();
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});


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
    const a = await runToEnd(s, flow(set));
    ok(a);
    expect(out(a, 'Set')).toEqual([{ greeting: 'hello world' }]);
    const get = node('Get', 'n8n-nodes-datastore.datastore', 1, [200, 0], { operation: 'get', keyName: 'greeting' });
    const b = await runToEnd(s, flow(get));
    ok(b);
    expect(out(b, 'Get')).toEqual([{ key: 'greeting', value: 'hello world', found: true }]);
    // The package keeps its store in a static field: it lives as long as the package host.
  }, 60_000);

  it('@openhab/n8n-nodes-openhab (programmatic, credential with a URL and expression-valued authenticate): list, state, command', async () => {
    const credentials = await credential('openHAB', 'openHABApi', { authType: 'token', baseUrlLocal: api.base, token: 'oh-token' });
    const list = node('Items', '@openhab/n8n-nodes-openhab.openHab', 1, [200, 0], { resource: 'item', itemOperation: 'list', tagFilter: 'Lighting' }, { credentials });
    const e = await runToEnd(s, flow(list));
    ok(e);
    expect(out(e, 'Items')?.map((i) => i.name)).toEqual(['Lamp', 'Heater']);
    const seen = api.seen.filter((r) => r.url.startsWith('/rest/items?'));
    expect(seen.at(-1)?.url).toBe('/rest/items?tags=Lighting');
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer oh-token');
    expect(seen.at(-1)?.headers['x-openhab-token']).toBe('oh-token');

    const state = node('State', '@openhab/n8n-nodes-openhab.openHab', 1, [200, 0], { resource: 'item', itemOperation: 'state', itemName: 'Lamp' }, { credentials });
    const command = node('Command', '@openhab/n8n-nodes-openhab.openHab', 1, [400, 0], { resource: 'item', itemOperation: 'command', itemName: 'Lamp', command: '={{ $json.state === "ON" ? "OFF" : "ON" }}' }, { credentials });
    const c = await runToEnd(s, flow(state, command));
    ok(c);
    expect(out(c, 'State')).toEqual([{ item: 'Lamp', state: 'ON' }]);
    expect(out(c, 'Command')).toEqual([{ item: 'Lamp', command: 'OFF', statusCode: 202 }]);
    const posted = api.seen.filter((r) => r.method === 'POST' && r.url === '/rest/items/Lamp').at(-1);
    expect(posted?.body).toBe('OFF');
    expect(posted?.headers['x-openhab-source']).toMatch(/^io\.n8n:real_packages:command$/);
  }, 60_000);

  it('@openhab/n8n-nodes-openhab\'s trigger (trigger() opens openHAB\'s event WebSocket itself): an event starts a run; deactivation closes it', async () => {
    const credentials = await credential('openHAB events', 'openHABApi', { authType: 'token', baseUrlLocal: ws.url, token: 'oh-ws' });
    const trigger = node('Events', '@openhab/n8n-nodes-openhab.openHabTrigger', 1, [0, 0], { typeFilters: 'ItemStateChangedEvent' }, { credentials });
    const created = await call(s, 'POST', '/rest/workflows', { name: 'openHAB events', nodes: [trigger], connections: {}, settings: { executionOrder: 'v1' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as string;
    const on = await call(s, 'PATCH', `/rest/workflows/${id}`, { active: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const until = async <T>(what: string, probe: () => Promise<T | undefined>): Promise<T> => {
      const end = Date.now() + 15_000;
      for (;;) {
        const v = await probe();
        if (v !== undefined) return v;
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    // The package connected with the token as its sub-protocol and headers, then sent its filters.
    await until('the filters', async () => (ws.received.some((m) => m.includes('openhab/websocket/filter/type')) ? true : undefined));
    expect(ws.headers.at(-1)?.authorization).toBe('Bearer oh-ws');
    expect(ws.headers.at(-1)?.['sec-websocket-protocol']).toContain(`org.openhab.ws.accessToken.base64.${Buffer.from('oh-ws').toString('base64').replace(/=*$/, '')}`);
    expect(JSON.parse(ws.received.find((m) => m.includes('filter/type'))!)).toMatchObject({ type: 'WebSocketEvent', payload: JSON.stringify(['ItemStateChangedEvent']) });

    sendEvent({ type: 'ItemStateChangedEvent', topic: 'openhab/items/Lamp/statechanged', payload: JSON.stringify({ type: 'OnOff', value: 'ON', oldType: 'OnOff', oldValue: 'OFF' }) });
    const executions = await until('a run', async () => {
      const r = await call(s, 'GET', `/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: id }))}&limit=10`);
      const done = (r.body.data.results as Array<{ id: string; status: string; mode: string }>).filter((e) => e.status === 'success');
      return done.length ? done : undefined;
    });
    expect(executions[0].mode).toBe('trigger');
    const e = (await call(s, 'GET', `/rest/executions/${executions[0].id}`)).body.data as IExecution;
    expect(out(e, 'Events')?.[0]).toMatchObject({ type: 'ItemStateChangedEvent', topic: 'openhab/items/Lamp/statechanged', payload: { value: 'ON', oldValue: 'OFF' } });

    // Deactivation runs the package's closeFunction: it closes the socket.
    const closesBefore = ws.closes;
    expect((await call(s, 'PATCH', `/rest/workflows/${id}`, { active: false })).status).toBe(200);
    await until('the close frame', async () => (ws.closes > closesBefore ? true : undefined));
  }, 60_000);

  it('@thingsboard/n8n-nodes-thingsboard (programmatic, function authenticate with a token from preAuthentication)', async () => {
    const credentials = await credential('ThingsBoard', 'thingsBoardUsernamePasswordApi', { baseUrl: api.base, username: 'tenant@example.com', password: 'tb-pass' });
    const get = node('Device', '@thingsboard/n8n-nodes-thingsboard.thingsBoard', 1, [200, 0], { authentication: 'usernamePassword', resource: 'device', operation: 'getDeviceById', deviceId: 'dev-1' }, { credentials });
    const before = logins;
    const e = await runToEnd(s, flow(get));
    ok(e);
    expect(out(e, 'Device')).toEqual([{ id: { id: 'dev-1', entityType: 'DEVICE' }, name: 'Boiler sensor', type: 'default' }]);
    expect(logins - before).toBe(1);
    expect(api.seen.filter((r) => r.url === '/api/device/dev-1').at(-1)?.headers['x-authorization']).toBe(`Bearer ${TB_TOKEN}`);
    // The token is kept with the credential: the next run logs in no more.
    const again = await runToEnd(s, flow(get));
    ok(again);
    expect(logins - before).toBe(1);

    const wrong = await credential('ThingsBoard wrong', 'thingsBoardUsernamePasswordApi', { baseUrl: api.base, username: 'tenant@example.com', password: 'nope' });
    const failing = await runToEnd(s, flow({ ...get, credentials: wrong }));
    expect(failing.status).toBe('error');
    expect(failing.data.resultData.error?.message).toMatch(/401|Invalid username or password|Authorization failed/);
  }, 60_000);

  it('@mendable/n8n-nodes-firecrawl (declarative, $credentials in requestDefaults, preSend functions in the package)', async () => {
    const credentials = await credential('Firecrawl', 'firecrawlApi', { baseUrl: `${api.base}/v2`, apiKey: 'fc-key' });
    const scrape = node('Scrape', '@mendable/n8n-nodes-firecrawl.firecrawl', 1, [200, 0], { resource: 'Scraping', operation: 'scrape', url: '={{ "https://example.com/" + "docs" }}', parsers: ['pdf'] }, { credentials });
    const e = await runToEnd(s, flow(scrape));
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
    const e = await runToEnd(s, flow(render));
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

  it('credential test of package credential types: a declared authenticate, and one that is package code (preAuthentication + function)', async () => {
    const r = await call(s, 'POST', '/rest/credentials/test', { credentials: { name: 'T', type: 'templatedApi', data: { baseUrl: api.base, apiKey: 'tp-key' } } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'OK' });
    expect(api.seen.filter((x) => x.url === '/v1/templates').at(-1)?.headers.authorization).toBe('Bearer tp-key');

    // ThingsBoard's test request is authenticated by the package's own code (login, then its authenticate function).
    const tb = await call(s, 'POST', '/rest/credentials/test', { credentials: { name: 'TB', type: 'thingsBoardUsernamePasswordApi', data: { baseUrl: api.base, username: 'tenant@example.com', password: 'tb-pass' } } });
    expect(tb.body.data, JSON.stringify(tb.body)).toMatchObject({ status: 'OK', message: 'Connection successful!' });
    expect(api.seen.filter((x) => x.url === '/api/auth/user').at(-1)?.headers['x-authorization']).toBe(`Bearer ${TB_TOKEN}`);
    const wrong = await call(s, 'POST', '/rest/credentials/test', { credentials: { name: 'TB', type: 'thingsBoardUsernamePasswordApi', data: { baseUrl: api.base, username: 'tenant@example.com', password: 'nope' } } });
    expect(wrong.body.data.status).toBe('Error');
    expect(wrong.body.data.message).toMatch(/401|Invalid username or password/);
    expect(wrong.body.data.message).not.toContain('nope');
  }, 30_000);
});
