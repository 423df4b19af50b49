// A real community node package built by a test (package.json with the n8n section, CommonJS node
// and credential files as `tsc` writes them, an icon), packed with `npm pack`, and a local npm
// registry that serves it the way registry.npmjs.org does (packument + tarball), so that the
// server installs it with npm itself.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export interface BuiltPackage {
  name: string;
  version: string;
  tarball: Buffer;
  manifest: Record<string, unknown>;
}

const GREETER = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Greeter = void 0;
const n8n_workflow_1 = require("n8n-workflow");
class Greeter {
  constructor() {
    this.description = {
      displayName: 'Greeter', name: 'greeter', icon: 'file:greeter.svg', group: ['transform'], version: [1, 2],
      description: 'Greets each item', defaults: { name: 'Greeter' },
      inputs: [n8n_workflow_1.NodeConnectionTypes.Main], outputs: [n8n_workflow_1.NodeConnectionTypes.Main],
      credentials: [{ name: 'greeterApi', required: false }],
      properties: [
        { displayName: 'Greeting', name: 'greeting', type: 'string', default: 'Hello' },
        { displayName: 'URL', name: 'url', type: 'string', default: '' },
        { displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [{ displayName: 'Suffix', name: 'suffix', type: 'string', default: '' }] },
        { displayName: 'Language', name: 'language', type: 'options', typeOptions: { loadOptionsMethod: 'getLanguages' }, default: 'en' },
      ],
    };
    this.methods = {
      loadOptions: {
        async getLanguages() {
          const greeting = this.getCurrentNodeParameter('greeting') || 'Hello';
          return ['en', 'fr'].map((code) => ({ name: greeting + ' (' + code + ')', value: code }));
        },
        async getSecret() {
          return [{ name: 'token', value: (await this.getCredentials('greeterApi')).token }];
        },
      },
    };
  }
  async execute() {
    const items = this.getInputData();
    const out = [];
    const counter = this.getWorkflowStaticData('node');
    counter.runs = (counter.runs || 0) + 1;
    for (let i = 0; i < items.length; i++) {
      try {
        const greeting = this.getNodeParameter('greeting', i);
        const suffix = this.getNodeParameter('options.suffix', i, '');
        if (greeting === 'fail') throw new n8n_workflow_1.NodeOperationError(this.getNode(), 'Asked to fail', { itemIndex: i, description: 'The greeting was "fail"' });
        const url = this.getNodeParameter('url', i, '');
        let remote;
        if (url) remote = await this.helpers.httpRequestWithAuthentication.call(this, 'greeterApi', { url, method: 'GET', json: true });
        out.push({ json: { greeting: greeting + ' ' + items[i].json.name + suffix, remote, runs: counter.runs }, pairedItem: { item: i } });
      } catch (error) {
        if (this.continueOnFail()) { out.push({ json: { error: error.message }, pairedItem: { item: i } }); continue; }
        throw error;
      }
    }
    return [out];
  }
}
exports.Greeter = Greeter;
`;

const MISCHIEF = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const fs = require("node:fs");
class Mischief {
  constructor() {
    this.description = {
      displayName: 'Mischief', name: 'mischief', group: ['transform'], version: 1, defaults: { name: 'Mischief' },
      inputs: ['main'], outputs: ['main'],
      properties: [{ displayName: 'Do', name: 'do', type: 'options', default: 'hang', options: [{ name: 'Hang', value: 'hang' }, { name: 'Read', value: 'read' }, { name: 'Env', value: 'env' }, { name: 'Spawn', value: 'spawn' }] }, { displayName: 'Path', name: 'path', type: 'string', default: '' }],
    };
  }
  async execute() {
    const what = this.getNodeParameter('do', 0);
    if (what === 'hang') { for (;;) {} }
    if (what === 'read') return [[{ json: { content: fs.readFileSync(this.getNodeParameter('path', 0), 'utf8') } }]];
    if (what === 'spawn') return [[{ json: { out: require('node:child_process').execSync('id').toString() } }]];
    return [[{ json: { env: Object.keys(process.env).sort() } }]];
  }
}
exports.Mischief = Mischief;
`;

function declarative(apiBase: string): string {
  return `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
class Catalog {
  constructor() {
    this.description = {
      displayName: 'Catalog', name: 'catalog', group: ['transform'], version: 1, defaults: { name: 'Catalog' },
      inputs: ['main'], outputs: ['main'],
      credentials: [{ name: 'greeterApi', required: true }],
      requestDefaults: { baseURL: ${JSON.stringify(apiBase)}, headers: { Accept: 'application/json' } },
      properties: [
        { displayName: 'Operation', name: 'operation', type: 'options', noDataExpression: true, default: 'list',
          options: [
            { name: 'List', value: 'list', routing: { request: { method: 'GET', url: '/products' }, output: { postReceive: [{ type: 'rootProperty', properties: { property: 'data' } }] } } },
            { name: 'Create', value: 'create', routing: { request: { method: 'POST', url: '/products' } } },
          ] },
        { displayName: 'Limit', name: 'limit', type: 'number', default: 2, displayOptions: { show: { operation: ['list'] } }, routing: { send: { type: 'query', property: 'limit' } } },
        { displayName: 'Title', name: 'title', type: 'string', default: '', displayOptions: { show: { operation: ['create'] } }, routing: { send: { type: 'body', property: 'product.title', value: '={{$value.toUpperCase()}}' } } },
      ],
    };
  }
}
exports.Catalog = Catalog;
`;
}

const CREDENTIAL = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
class GreeterApi {
  constructor() {
    this.name = 'greeterApi';
    this.displayName = 'Greeter API';
    this.properties = [{ displayName: 'Token', name: 'token', type: 'string', typeOptions: { password: true }, default: '' }];
    this.authenticate = { type: 'generic', properties: { headers: { Authorization: '=Bearer {{$credentials.token}}' } } };
  }
}
exports.GreeterApi = GreeterApi;
`;

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#2a7"/></svg>';

/** Writes the package into `dir` and packs it. `apiBase` is where the declarative node sends. */
/** `broken`: its only node throws at load; 'partly': Greeter loads, a second node throws at load. */
export function buildTestPackage(dir: string, options: { name?: string; version?: string; apiBase: string; broken?: boolean | 'partly' }): BuiltPackage {
  const name = options.name ?? 'n8n-nodes-switchyard-test';
  const version = options.version ?? '1.0.0';
  const root = join(dir, `${name}-${version}`);
  mkdirSync(join(root, 'dist', 'nodes', 'Greeter'), { recursive: true });
  mkdirSync(join(root, 'dist', 'credentials'), { recursive: true });
  const manifest = {
    name,
    version,
    description: 'Nodes written for a Switchyard test',
    keywords: ['n8n-community-node-package'],
    author: { name: 'Test Author', email: 'author@example.com' },
    license: 'MIT',
    main: 'index.js',
    n8n: {
      n8nNodesApiVersion: 1,
      credentials: ['dist/credentials/GreeterApi.credentials.js'],
      nodes:
        options.broken === 'partly'
          ? ['dist/nodes/Greeter/Greeter.node.js', 'dist/nodes/Broken.node.js']
          : options.broken
            ? ['dist/nodes/Broken.node.js']
            : ['dist/nodes/Greeter/Greeter.node.js', 'dist/nodes/Mischief.node.js', 'dist/nodes/Catalog.node.js'],
    },
    peerDependencies: { 'n8n-workflow': '*' },
  };
  writeFileSync(join(root, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(join(root, 'index.js'), 'module.exports = {};\n');
  writeFileSync(join(root, 'dist', 'nodes', 'Greeter', 'Greeter.node.js'), GREETER.replace("'Hello'", version === '1.0.0' ? "'Hello'" : "'Hi'"));
  writeFileSync(join(root, 'dist', 'nodes', 'Greeter', 'greeter.svg'), ICON);
  writeFileSync(join(root, 'dist', 'nodes', 'Mischief.node.js'), MISCHIEF);
  writeFileSync(join(root, 'dist', 'nodes', 'Catalog.node.js'), declarative(options.apiBase));
  writeFileSync(join(root, 'dist', 'nodes', 'Broken.node.js'), 'throw new Error("this package is broken at load");\n');
  writeFileSync(join(root, 'dist', 'credentials', 'GreeterApi.credentials.js'), CREDENTIAL);
  const file = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop()!;
  return { name, version, tarball: readFileSync(join(dir, file)), manifest };
}

/** A local npm registry serving the given packages (all versions of each name). */
export async function startRegistry(packages: BuiltPackage[]): Promise<{ url: string; server: Server; add(p: BuiltPackage): void; requests: string[] }> {
  const list = [...packages];
  const requests: string[] = [];
  let base = '';
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    requests.push(`${req.method} ${path}`);
    const tar = /^\/(.+)\/-\/(.+)-(\d+\.\d+\.\d+)\.tgz$/.exec(path);
    if (tar) {
      const p = list.find((x) => x.name === tar[1] && x.version === tar[3]);
      if (!p) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': p.tarball.length });
      return void res.end(p.tarball);
    }
    const name = path.slice(1);
    const versions = list.filter((x) => x.name === name);
    if (!versions.length) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: 'Not found' }));
    }
    const latest = versions[versions.length - 1].version;
    const packument = {
      name,
      'dist-tags': { latest },
      versions: Object.fromEntries(
        versions.map((p) => [
          p.version,
          {
            ...p.manifest,
            dist: {
              tarball: `${base}${name}/-/${name}-${p.version}.tgz`,
              shasum: createHash('sha1').update(p.tarball).digest('hex'),
              integrity: `sha512-${createHash('sha512').update(p.tarball).digest('base64')}`,
            },
          },
        ]),
      ),
    };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(packument));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url: base, server, add: (p) => list.push(p), requests };
}

// Trigger, polling and webhook nodes as n8n's packages write them (compiled TypeScript importing
// n8n-workflow): `apiBase` is a local service the nodes talk to.
const TICKER = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Ticker = void 0;
const n8n_workflow_1 = require("n8n-workflow");
class Ticker {
  constructor() {
    this.description = {
      displayName: 'Ticker', name: 'ticker', group: ['trigger'], version: 1, description: 'Emits a tick every few milliseconds',
      defaults: { name: 'Ticker' }, inputs: [], outputs: [n8n_workflow_1.NodeConnectionTypes.Main],
      properties: [
        { displayName: 'Every (ms)', name: 'every', type: 'number', default: 200 },
        { displayName: 'Label', name: 'label', type: 'string', default: 'tick' },
        { displayName: 'Behaviour', name: 'behaviour', type: 'options', default: 'tick', options: [
          { name: 'Tick', value: 'tick' }, { name: 'Throw', value: 'throw' }, { name: 'Hang', value: 'hang' }, { name: 'Emit Error', value: 'emitError' }, { name: 'Cron', value: 'cron' }, { name: 'Acknowledge', value: 'ack' }, { name: 'Stuck Close', value: 'stuckClose' }, { name: 'Slow Start', value: 'slowStart' } ] },
        { displayName: 'Report URL', name: 'reportUrl', type: 'string', default: '' },
      ],
    };
  }
  async trigger() {
    const behaviour = this.getNodeParameter('behaviour');
    const every = this.getNodeParameter('every', 200);
    const label = this.getNodeParameter('label');
    const reportUrl = this.getNodeParameter('reportUrl', '');
    if (behaviour === 'throw') throw new n8n_workflow_1.NodeOperationError(this.getNode(), 'Ticker refuses to start', { description: 'Behaviour is set to Throw' });
    if (behaviour === 'hang') { for (;;) {} }
    // As a node connecting to a slow service: ready after a few seconds.
    if (behaviour === 'slowStart' && this.getActivationMode() === 'init') await new Promise((resolve) => setTimeout(resolve, 6000));
    const data = this.getWorkflowStaticData('node');
    const tick = () => {
      data.ticks = (data.ticks || 0) + 1;
      this.emit([this.helpers.returnJsonArray([{ tick: data.ticks, label, mode: this.getMode(), activation: this.getActivationMode() }])]);
    };
    let timer;
    if (behaviour === 'emitError') timer = setTimeout(() => this.emitError(new Error('the remote stream broke')), every);
    else if (behaviour === 'cron') this.helpers.registerCron({ expression: '* * * * * *' }, tick);
    else if (behaviour === 'ack') timer = setTimeout(async () => {
      // As queue triggers do: emit with a donePromise and acknowledge once the run ended.
      const done = this.helpers.createDeferredPromise();
      this.emit([this.helpers.returnJsonArray([{ ack: label }])], undefined, done);
      const run = await done.promise;
      await this.helpers.httpRequest({ method: 'POST', url: reportUrl, body: { closed: 'done:' + run.status + ':' + Object.keys(run.data.resultData.runData).join(',') }, json: true });
    }, every);
    else timer = setInterval(tick, every);
    const closeFunction = async () => {
      if (behaviour === 'stuckClose') return new Promise(() => {});
      clearInterval(timer);
      clearTimeout(timer);
      if (reportUrl) await this.helpers.httpRequest({ method: 'POST', url: reportUrl, body: { closed: label }, json: true });
    };
    const manualTriggerFunction = async () => {
      this.emit([this.helpers.returnJsonArray([{ manual: true, label, mode: this.getMode() }])]);
    };
    return { closeFunction, manualTriggerFunction };
  }
}
exports.Ticker = Ticker;
`;

const POLLER = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Poller = void 0;
const n8n_workflow_1 = require("n8n-workflow");
class Poller {
  constructor() {
    this.description = {
      displayName: 'Poller', name: 'poller', group: ['trigger'], version: 1, polling: true, description: 'Polls a list for new entries',
      defaults: { name: 'Poller' }, inputs: [], outputs: [n8n_workflow_1.NodeConnectionTypes.Main],
      credentials: [{ name: 'pollerApi', required: true }],
      properties: [
        { displayName: 'URL', name: 'url', type: 'string', default: '' },
        { displayName: 'Fail', name: 'fail', type: 'boolean', default: false },
        { displayName: 'Fail After the First Poll', name: 'failLater', type: 'boolean', default: false },
      ],
    };
  }
  async poll() {
    if (this.getNodeParameter('fail')) throw new n8n_workflow_1.NodeApiError(this.getNode(), { message: 'The list service refused' }, { message: 'The list service refused', httpCode: '503' });
    const data = this.getWorkflowStaticData('node');
    if (this.getNodeParameter('failLater', false) && data.polls) throw new n8n_workflow_1.NodeOperationError(this.getNode(), 'The list service went away', { description: 'Polled ' + data.polls + ' time(s) before' });
    const since = data.lastId || 0;
    const response = await this.helpers.httpRequestWithAuthentication.call(this, 'pollerApi', { method: 'GET', url: this.getNodeParameter('url'), qs: { since }, json: true });
    const fresh = response.entries.filter((e) => e.id > since);
    if (!fresh.length) return null;
    data.lastId = Math.max(...fresh.map((e) => e.id));
    data.polls = (data.polls || 0) + 1;
    return [this.helpers.returnJsonArray(fresh.map((e) => ({ ...e, mode: this.getMode() })))];
  }
}
exports.Poller = Poller;
`;

const POLLER_CREDENTIAL = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
class PollerApi {
  constructor() {
    this.name = 'pollerApi';
    this.displayName = 'Poller API';
    this.properties = [{ displayName: 'Key', name: 'key', type: 'string', typeOptions: { password: true }, default: '' }];
    this.authenticate = { type: 'generic', properties: { headers: { 'X-Api-Key': '={{$credentials.key}}' } } };
  }
}
exports.PollerApi = PollerApi;
`;

const HOOK = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Hook = void 0;
const n8n_workflow_1 = require("n8n-workflow");
class Hook {
  constructor() {
    this.description = {
      displayName: 'Hook', name: 'hook', group: ['trigger'], version: 1, description: 'Receives events a service sends',
      defaults: { name: 'Hook' }, inputs: [], outputs: [n8n_workflow_1.NodeConnectionTypes.Main],
      webhooks: [{ name: 'default', httpMethod: '={{$parameter["httpMethod"]}}', responseMode: 'onReceived', path: 'events' }],
      properties: [
        { displayName: 'HTTP Method', name: 'httpMethod', type: 'options', default: 'POST', options: [{ name: 'GET', value: 'GET' }, { name: 'POST', value: 'POST' }] },
        { displayName: 'Service URL', name: 'serviceUrl', type: 'string', default: '' },
      ],
    };
    this.webhookMethods = {
      default: {
        async checkExists() {
          const data = this.getWorkflowStaticData('node');
          if (!data.webhookId) return false;
          const list = await this.helpers.httpRequest({ method: 'GET', url: this.getNodeParameter('serviceUrl') + '/hooks', json: true });
          return list.some((h) => h.id === data.webhookId && h.url === this.getNodeWebhookUrl('default'));
        },
        async create() {
          const created = await this.helpers.httpRequest({ method: 'POST', url: this.getNodeParameter('serviceUrl') + '/hooks', body: { url: this.getNodeWebhookUrl('default'), mode: this.getMode(), activation: this.getActivationMode() }, json: true });
          this.getWorkflowStaticData('node').webhookId = created.id;
          return true;
        },
        async delete() {
          const data = this.getWorkflowStaticData('node');
          await this.helpers.httpRequest({ method: 'DELETE', url: this.getNodeParameter('serviceUrl') + '/hooks/' + data.webhookId, json: true });
          delete data.webhookId;
          return true;
        },
      },
    };
  }
  async webhook() {
    const body = this.getBodyData();
    if (body.challenge) {
      const res = this.getResponseObject();
      res.status(202).setHeader('x-challenge', 'yes');
      res.send(String(body.challenge));
      return { noWebhookResponse: true };
    }
    if (body.ignore) return { webhookResponse: { ignored: true } };
    if (body.explode) throw new n8n_workflow_1.NodeOperationError(this.getNode(), 'The event could not be read');
    const req = this.getRequestObject();
    return {
      webhookResponse: { received: body.event },
      workflowData: [this.helpers.returnJsonArray([{ event: body.event, query: this.getQueryData(), header: this.getHeaderData()['x-event'], method: req.method, webhook: this.getWebhookName(), url: this.getNodeWebhookUrl('default') }])],
    };
  }
}
exports.Hook = Hook;
`;

/** A package with a trigger node (Ticker), a polling node (Poller, with a credential) and a webhook node (Hook). */
export function buildTriggerPackage(dir: string, options: { name?: string; version?: string } = {}): BuiltPackage {
  const name = options.name ?? 'n8n-nodes-switchyard-triggers';
  const version = options.version ?? '1.0.0';
  const root = join(dir, `${name}-${version}`);
  mkdirSync(join(root, 'dist', 'nodes'), { recursive: true });
  mkdirSync(join(root, 'dist', 'credentials'), { recursive: true });
  const manifest = {
    name,
    version,
    description: 'Trigger nodes written for a Switchyard test',
    keywords: ['n8n-community-node-package'],
    author: { name: 'Test Author' },
    license: 'MIT',
    n8n: {
      n8nNodesApiVersion: 1,
      credentials: ['dist/credentials/PollerApi.credentials.js'],
      nodes: ['dist/nodes/Ticker.node.js', 'dist/nodes/Poller.node.js', 'dist/nodes/Hook.node.js'],
    },
    peerDependencies: { 'n8n-workflow': '*' },
  };
  writeFileSync(join(root, 'package.json'), JSON.stringify(manifest, null, 2));
  // Later versions say which version ticked.
  writeFileSync(join(root, 'dist', 'nodes', 'Ticker.node.js'), version === '1.0.0' ? TICKER : TICKER.replace('{ tick: data.ticks, label,', `{ tick: data.ticks, label, version: '${version}',`));
  writeFileSync(join(root, 'dist', 'nodes', 'Poller.node.js'), POLLER);
  writeFileSync(join(root, 'dist', 'nodes', 'Hook.node.js'), HOOK);
  writeFileSync(join(root, 'dist', 'credentials', 'PollerApi.credentials.js'), POLLER_CREDENTIAL);
  const file = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop()!;
  return { name, version, tarball: readFileSync(join(dir, file)), manifest };
}
