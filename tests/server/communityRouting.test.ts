// Package code inside declarative routing, run in the package host: a postReceive function
// (with this.getNodeParameter, this.evaluateExpression, the response), a custom pagination
// function paging through this.makeRoutingRequest, and the binaryData postReceive action. A
// package built and packed here, served by a local npm registry, installed through POST /rest/nodes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connect, node, startServer, type TestServer } from './helpers.ts';
import { startRegistry } from '../support/communityPackage.ts';
import { startServer as startHttp, json, text } from '../nodes/httpServer.ts';
import type { IExecution } from '../../src/model/execution.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';

const PKG = 'n8n-nodes-switchyard-routing';
const SNEAKY = 'n8n-nodes-switchyard-sneaky';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
let s: TestServer;
let dir: string;
let registry: Awaited<ReturnType<typeof startRegistry>>;
let api: Awaited<ReturnType<typeof startHttp>>;

function nodeSource(base: string): string {
  return `"use strict";
class Pages {
  constructor() {
    this.description = {
      displayName: 'Pages', name: 'pages', group: ['transform'], version: 1, defaults: { name: 'Pages' }, inputs: ['main'], outputs: ['main'],
      requestDefaults: { baseURL: ${JSON.stringify(base)} },
      properties: [
        { displayName: 'Tag', name: 'tag', type: 'string', default: 'none' },
        { displayName: 'Operation', name: 'operation', type: 'options', default: 'list', options: [
          { name: 'List', value: 'list', routing: { request: { method: 'GET', url: '/things' }, output: { postReceive: [
            { type: 'rootProperty', properties: { property: 'things' } },
            async function (items, response) {
              const i = this.getItemIndex();
              return items.map((item) => ({ json: { ...item.json, tag: this.getNodeParameter('tag'), status: response.statusCode, label: this.evaluateExpression('{{ $json.who }}:{{ $parameter.tag }}', i) } }));
            },
          ] } } },
          { name: 'All', value: 'all', routing: { request: { method: 'GET', url: '/pages' }, output: { postReceive: [{ type: 'rootProperty', properties: { property: 'items' } }] },
            operations: { pagination: async function (resultOptions) {
              const all = [];
              for (let page = 1; page <= 10; page++) {
                resultOptions.options.qs = { ...(resultOptions.options.qs || {}), page };
                const got = await this.makeRoutingRequest(resultOptions);
                all.push(...got);
                if (got.length < 2) break;
              }
              return all;
            } } } },
          { name: 'File', value: 'file', routing: { request: { method: 'GET', url: '/file.png' }, output: { postReceive: [{ type: 'binaryData', properties: { destinationProperty: 'image' } }] } } },
        ] },
      ],
    };
  }
}
exports.Pages = Pages;
`;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-routing-'));
  api = await startHttp({
    '/things': json(200, { things: [{ id: 1 }, { id: 2 }] }),
    '/pages': (req, res) => {
      const page = Number(new URL(req.url, 'http://x').searchParams.get('page'));
      const items = page === 1 ? [{ n: 1 }, { n: 2 }] : page === 2 ? [{ n: 3 }, { n: 4 }] : page === 3 ? [{ n: 5 }] : [];
      json(200, { items })(req, res);
    },
    '/file.png': text(200, PNG, 'image/png'),
  });
  const root = join(dir, 'pkg');
  mkdirSync(join(root, 'dist'), { recursive: true });
  const manifest = { name: PKG, version: '1.0.0', keywords: ['n8n-community-node-package'], license: 'MIT', n8n: { n8nNodesApiVersion: 1, nodes: ['dist/Pages.node.js'] } };
  writeFileSync(join(root, 'package.json'), JSON.stringify(manifest));
  writeFileSync(join(root, 'dist', 'Pages.node.js'), nodeSource(api.base));
  const file = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop()!;
  // A package whose code, at load, makes the host's own path check pass for a file outside its folder.
  writeFileSync(join(dir, 'secret.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><text>secret</text></svg>');
  const sneakyRoot = join(dir, 'sneaky');
  mkdirSync(join(sneakyRoot, 'dist'), { recursive: true });
  const sneakyManifest = { name: SNEAKY, version: '1.0.0', keywords: ['n8n-community-node-package'], license: 'MIT', n8n: { n8nNodesApiVersion: 1, nodes: ['dist/Sneaky.node.js'], credentials: ['dist/SneakyApi.credentials.js'] } };
  writeFileSync(join(sneakyRoot, 'package.json'), JSON.stringify(sneakyManifest));
  const outside = `file:${join(dir, 'secret.svg')}`;
  writeFileSync(join(sneakyRoot, 'dist', 'Sneaky.node.js'), `String.prototype.startsWith = function () { return true; };
class Sneaky { constructor() { this.description = { displayName: 'Sneaky', name: 'sneaky', icon: ${JSON.stringify(outside)}, group: ['transform'], version: 1, defaults: { name: 'Sneaky' }, inputs: ['main'], outputs: ['main'], properties: [] }; } async execute() { return [this.getInputData()]; } }
exports.Sneaky = Sneaky;
`);
  writeFileSync(join(sneakyRoot, 'dist', 'SneakyApi.credentials.js'), `class SneakyApi { constructor() { this.name = 'sneakyApi'; this.displayName = 'Sneaky API'; this.icon = ${JSON.stringify(outside)}; this.properties = []; } }
exports.SneakyApi = SneakyApi;
`);
  const sneakyFile = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: sneakyRoot, encoding: 'utf8' }).trim().split('\n').pop()!;
  registry = await startRegistry([
    { name: PKG, version: '1.0.0', tarball: readFileSync(join(dir, file)), manifest },
    { name: SNEAKY, version: '1.0.0', tarball: readFileSync(join(dir, sneakyFile)), manifest: sneakyManifest },
  ]);
  s = await startServer({ SWITCHYARD_COMMUNITY_PACKAGES_REGISTRY: registry.url });
  const r = await call(s, 'POST', '/rest/nodes', { name: PKG });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await s?.dispose();
  registry?.server.close();
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(parameters: Record<string, unknown>, items: unknown[] = [{ who: 'ada' }]): Promise<IExecution> {
  const workflowData = {
    name: 'Routing',
    active: false,
    nodes: [node('Start', 'n8n-nodes-base.manualTrigger', 1, [0, 0]), node('Data', 'n8n-nodes-base.code', 2, [200, 0], { jsCode: `return ${JSON.stringify(items.map((json) => ({ json })))};` }), node('Pages', `${PKG}.pages`, 1, [400, 0], parameters)],
    connections: connect([['Start', 'Data'], ['Data', 'Pages']]),
    settings: { executionOrder: 'v1' },
  } as IWorkflowBase;
  const r = await call(s, 'POST', '/rest/workflows/run', { workflowData });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const e = await call(s, 'GET', `/rest/executions/${r.body.data.executionId}`);
    if (e.status === 200 && !['running', 'new'].includes(e.body.data.status)) return e.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the run did not end');
}
const out = (e: IExecution) => e.data.resultData.runData.Pages?.[0]?.data?.main?.[0] ?? [];

describe('package code in declarative routing', () => {
  it('a postReceive function gets the items and the response; this is the item\'s (parameters, evaluateExpression)', async () => {
    const e = await run({ operation: 'list', tag: '={{ $json.who.toUpperCase() }}' }, [{ who: 'ada' }, { who: 'linus' }]);
    expect(e.status, JSON.stringify(e.data.resultData.error)).toBe('success');
    expect(out(e).map((i) => i.json)).toEqual([
      { id: 1, tag: 'ADA', status: 200, label: 'ada:ADA' },
      { id: 2, tag: 'ADA', status: 200, label: 'ada:ADA' },
      { id: 1, tag: 'LINUS', status: 200, label: 'linus:LINUS' },
      { id: 2, tag: 'LINUS', status: 200, label: 'linus:LINUS' },
    ]);
    expect(out(e).map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 1 }, { item: 1 }]);
  }, 60_000);

  it('a custom pagination function pages through makeRoutingRequest, each page read by the postReceive actions', async () => {
    const before = api.seen.length;
    const e = await run({ operation: 'all' });
    expect(e.status, JSON.stringify(e.data.resultData.error)).toBe('success');
    expect(out(e).map((i) => i.json)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }]);
    expect(api.seen.slice(before).map((r) => r.url)).toEqual(['/pages?page=1', '/pages?page=2', '/pages?page=3']);
  }, 60_000);

  it('binaryData postReceive: the answer becomes a file in the named binary property', async () => {
    const e = await run({ operation: 'file' });
    expect(e.status, JSON.stringify(e.data.resultData.error)).toBe('success');
    const [item] = out(e);
    expect(item.json).toEqual({});
    expect(item.binary?.image).toMatchObject({ mimeType: 'image/png', fileSize: expect.anything() });
    const id = item.binary!.image.id;
    const data = item.binary!.image.data;
    const bytes = id ? (await call(s, 'GET', `/rest/data/${encodeURIComponent(id)}`)).response.rawPayload : Buffer.from(data ?? '', 'base64');
    expect(Buffer.compare(Buffer.from(bytes), PNG)).toBe(0);
  }, 60_000);
});

describe('icon paths from the package host', () => {
  it('are served only when the file is inside the package folder, whatever the package did to the host', async () => {
    const r = await call(s, 'POST', '/rest/nodes', { name: SNEAKY });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await call(s, 'GET', `/rest/node-icon/${encodeURIComponent(`${SNEAKY}.sneaky`)}`)).status).toBe(404);
    const credentialIcon = await call(s, 'GET', '/rest/credential-icon/sneakyApi');
    expect(credentialIcon.status).toBe(404);
    expect(JSON.stringify(credentialIcon.body)).not.toContain('secret');
  }, 60_000);
});
