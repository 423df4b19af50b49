// Deep and wide JSON at every boundary (issue 14): a body nested deeper than MAX_JSON_DEPTH
// (512; the deepest real workflow of the corpus nests 11) is refused before it is parsed with a
// 400 naming the limit, on every REST and public API route that takes a body, on webhooks (JSON
// and XML) and imports; a wide body is served or refused without a 500; and a run that builds
// deep data itself ends in an error instead of overflowing the stack when it is saved.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteOptions } from 'fastify';
import { call, connect, node, startServer, type TestServer } from '../server/helpers.ts';
import { TRIGGER } from '../server/fixtures.ts';
import { MAX_JSON_DEPTH } from '../../src/model/jsonDepth.ts';
import { xmlTooDeepAt } from '../../src/server/limits.ts';
import { parseWorkflowJson, readClipboardText } from '../../src/model/clipboard.ts';
import { maxLag } from '../support/loopLag.ts';

const registered = vi.hoisted(() => new Map<string, { method: string; url: string }>());

vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const original = mod.default as unknown as (opts?: object) => import('fastify').FastifyInstance;
  // The real factory; the instance writes down each route it registers.
  const wrapped = (opts?: object) => {
    const app = original(opts);
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.set(`${method} ${route.url}`, { method, url: route.url });
    });
    return app;
  };
  return { ...mod, default: wrapped, fastify: wrapped };
});

const DEEP = 10_000;
const deepArray = (n: number) => '['.repeat(n) + '1' + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const TOO_DEEP = new RegExp(`nested more than ${MAX_JSON_DEPTH} levels deep`);
const TOO_DEEP_RESULT = new RegExp(`The result is nested more than ${MAX_JSON_DEPTH} levels deep, the depth limit of workflow data`);

let s: TestServer;
let apiKey: string;

beforeAll(async () => {
  s = await startServer({ SWITCHYARD_HOST: '127.0.0.1' });
  apiKey = (await call(s, 'POST', '/rest/me/api-key')).body.data.apiKey;
  expect(apiKey).toBeTruthy();
});
afterAll(() => s?.dispose());

/** A route's URL with its parameters filled in. */
const concrete = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' ? 'AAAAAAAAAAAAAAAA' : `x${name}`)).replace(/\*$/, 'x');

async function settingsWithin(ms: number): Promise<void> {
  const t0 = performance.now();
  expect((await call(s, 'GET', '/rest/settings')).status).toBe(200);
  expect(performance.now() - t0).toBeLessThan(ms);
}

describe('every REST and /api/v1 route that takes a body', () => {
  const bodyRoutes = () =>
    [...registered.values()].filter((r) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(r.method) && (r.url.startsWith('/rest/') || (r.url.startsWith('/api/v1/') && !r.url.startsWith('/api/v1/docs') && !r.url.endsWith('*'))));

  it('refuses a body nested 10,000 deep with a 400 naming the limit (arrays and objects)', async () => {
    const routes = bodyRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const r of routes) {
      for (const body of [deepArray(DEEP), deepObject(DEEP)]) {
        const res = await s.server.app.inject({ method: r.method as 'POST', url: concrete(r.url), headers: { 'content-type': 'application/json', 'x-n8n-api-key': apiKey }, payload: body });
        const message = (res.json() as { message?: string }).message ?? '';
        if (res.statusCode !== 400 || !TOO_DEEP.test(message)) wrong.push(`${r.method} ${r.url}: ${res.statusCode} ${message.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    await settingsWithin(150);
  }, 120_000);

  it("refuses a large deep body (5 MB of '[', no sign-in needed) without holding the loop", async () => {
    const body = '['.repeat(5 * 1024 * 1024);
    let best = Infinity;
    for (let i = 0; i < 3 && best >= 100; i++) {
      const { value: res, lag } = await maxLag(() => s.server.app.inject({ method: 'POST', url: '/rest/login', headers: { 'content-type': 'application/json' }, payload: body }));
      expect(res.statusCode).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(TOO_DEEP);
      best = Math.min(best, lag);
    }
    expect(best).toBeLessThan(100);
  }, 60_000);

  it('answers a wide body (200,000 array elements, 50,000 keys) without a 500', async () => {
    const wideArray = `[${new Array(200_000).fill('{"a":1}').join(',')}]`;
    const wideObject = `{${Array.from({ length: 50_000 }, (_, i) => `"k${i}":[1]`).join(',')}}`;
    const wrong: string[] = [];
    for (const r of bodyRoutes()) {
      for (const body of [wideArray, wideObject]) {
        const res = await s.server.app.inject({ method: r.method as 'POST', url: concrete(r.url), headers: { 'content-type': 'application/json', 'x-n8n-api-key': apiKey }, payload: body });
        if (res.statusCode >= 500) wrong.push(`${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    await settingsWithin(150);
  }, 300_000);

  it('keeps data as deep as the limit allows: a workflow whose pinned data nests 500 levels is saved, read and run', async () => {
    const deepValue = JSON.parse(deepObject(500));
    const wf = {
      name: 'deep but allowed',
      nodes: [node(TRIGGER, 'n8n-nodes-base.manualTrigger', 1, [0, 0]), node('Set', 'n8n-nodes-base.set', 3.4, [220, 0], { includeOtherFields: true, options: {} })],
      connections: connect([[TRIGGER, 'Set']]),
      settings: { executionOrder: 'v1' },
      pinData: { [TRIGGER]: [{ json: { deep: deepValue } }] },
    };
    const saved = await call(s, 'POST', '/rest/workflows', wf);
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
    const read = await call(s, 'GET', `/rest/workflows/${saved.body.data.id}`);
    expect(read.body.data.pinData[TRIGGER][0].json.deep).toEqual(deepValue);
    const run = await call(s, 'POST', '/rest/workflows/run', { workflowData: saved.body.data });
    expect(run.status, JSON.stringify(run.body).slice(0, 300)).toBe(200);
  }, 60_000);

  it('names the limit for each place the issue found: node parameters, settings, pinned data, meta, static data', async () => {
    const base = { name: 'deep', nodes: [node(TRIGGER, 'n8n-nodes-base.manualTrigger', 1, [0, 0])], connections: {}, settings: {} };
    const withDeep = (where: string) => {
      const wf: Record<string, any> = structuredClone(base);
      if (where === 'parameters') wf.nodes[0].parameters = { x: '§' };
      else wf[where] = where === 'pinData' ? { [TRIGGER]: [{ json: { x: '§' } }] } : { x: '§' };
      return JSON.stringify(wf).replace('"§"', deepObject(DEEP));
    };
    for (const where of ['parameters', 'settings', 'pinData', 'meta', 'staticData']) {
      for (const [method, url, wrap] of [
        ['POST', '/rest/workflows', (t: string) => t],
        ['POST', '/rest/workflows/run', (t: string) => `{"workflowData":${t}}`],
        ['PATCH', '/rest/workflows/AAAAAAAAAAAAAAAA', (t: string) => t],
      ] as const) {
        const r = await call(s, method, url, wrap(withDeep(where)));
        expect(r.status, `${method} ${url} ${where}`).toBe(400);
        expect(r.body.message).toMatch(TOO_DEEP);
      }
    }
  });
});

describe('webhooks', () => {
  beforeAll(async () => {
    const hook = (path: string, options: Record<string, unknown> = {}) => ({
      name: `hook ${path}`,
      nodes: [{ id: path, name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: path, parameters: { path, httpMethod: 'POST', responseMode: 'lastNode', options } }],
      connections: {},
      settings: { executionOrder: 'v1' },
    });
    for (const path of ['deep-json']) {
      const wf = (await call(s, 'POST', '/rest/workflows', hook(path))).body.data;
      expect((await call(s, 'PATCH', `/rest/workflows/${wf.id}`, { active: true })).status).toBe(200);
    }
  });

  const post = (payload: string, contentType: string) => s.server.app.inject({ method: 'POST', url: '/webhook/deep-json', headers: { 'content-type': contentType }, payload });

  it('refuses a JSON body nested 10,000 deep with a 400 naming the limit', async () => {
    for (const body of [deepArray(DEEP), deepObject(DEEP)]) {
      for (const type of ['application/json', 'application/vnd.api+json']) {
        const r = await post(body, type);
        expect(r.statusCode).toBe(400);
        expect(r.json().message).toMatch(TOO_DEEP);
      }
    }
    await settingsWithin(150);
  });

  it('refuses an XML body nested 10,000 deep with a 400 naming the limit', async () => {
    const xml = '<a>'.repeat(DEEP) + 'x' + '</a>'.repeat(DEEP);
    const r = await post(xml, 'application/xml');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(TOO_DEEP);
    await settingsWithin(150);
  });

  it('keeps XML names that Object.prototype has (constructor, __proto__) as plain data', async () => {
    const xml = '<root constructor="c"><constructor>x</constructor><__proto__>y</__proto__><valueOf>v</valueOf><item>1</item><item>2</item></root>';
    const r = await post(xml, 'application/xml');
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    const root = JSON.parse(r.body).body.root;
    // xml2js alone gave {"constructor": [null, "x"], "__proto__": [{}, "y"]} (as in n8n).
    expect(Object.getOwnPropertyDescriptor(root, 'constructor')?.value).toBe('x');
    expect(Object.getOwnPropertyDescriptor(root, '__proto__')?.value).toBe('y');
    expect(root.valueof).toBe('v');
    expect(root.item).toEqual(['1', '2']);
    expect(root.$).toEqual({ constructor: 'c' });
  });

  it('still runs with bodies as deep as the limit allows (JSON 500, XML 200 elements)', async () => {
    const json = await post(deepObject(500), 'application/json');
    expect(json.statusCode, json.body.slice(0, 300)).toBe(200);
    const xml = await post('<a>'.repeat(200) + 'x' + '</a>'.repeat(200), 'text/xml');
    expect(xml.statusCode, xml.body.slice(0, 300)).toBe(200);
  });
});

describe('runs that build deep data themselves', () => {
  /** Runs Trigger → `deep` (named Deep) → No Op, saved; answers the ended execution. */
  async function runSaved(deep: ReturnType<typeof node>): Promise<any> {
    const wf = {
      name: 'builds deep',
      nodes: [node(TRIGGER, 'n8n-nodes-base.manualTrigger', 1, [0, 0]), deep, node('After', 'n8n-nodes-base.noOp', 1, [440, 0])],
      connections: connect([
        [TRIGGER, 'Deep'],
        ['Deep', 'After'],
      ]),
      settings: { executionOrder: 'v1', saveManualExecutions: true },
    };
    const saved = (await call(s, 'POST', '/rest/workflows', wf)).body.data;
    const run = await call(s, 'POST', '/rest/workflows/run', { workflowData: saved });
    expect(run.status, JSON.stringify(run.body).slice(0, 300)).toBe(200);
    const id = run.body.data.executionId as string;
    let e: any;
    for (let i = 0; i < 100; i++) {
      e = (await call(s, 'GET', `/rest/executions/${id}`)).body.data;
      if (e && e.status !== 'running' && e.status !== 'new') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return e;
  }
  const build = (levels: number) => `(() => { let v = 1; for (let i = 0; i < ${levels}; i++) v = { a: v }; return v })()`;
  const setField = (value: string, type: string) =>
    node('Deep', 'n8n-nodes-base.set', 3.4, [220, 0], { mode: 'manual', includeOtherFields: true, assignments: { assignments: [{ id: 'a', name: 'x', value, type }] }, options: {} });

  /** The run ended in an error of node Deep, was saved with its run data, and the server answers. */
  async function failedInDeep(e: any, message: RegExp): Promise<void> {
    expect(e.status).toBe('error');
    const error = e.data.resultData.error;
    expect(error.message).toMatch(message);
    expect(error.message).not.toMatch(/call stack/i);
    expect(error.node?.name).toBe('Deep');
    // Saved whole: the nodes that ran keep their data (an unsavable run loses all of it).
    expect(Object.keys(e.data.resultData.runData)).toEqual([TRIGGER, 'Deep']);
    expect(e.data.resultData.runData.After).toBeUndefined();
    await settingsWithin(150);
  }

  it('a Code node returning data nested 10,000 deep ends the run with an error; the server goes on', async () => {
    const e = await runSaved(node('Deep', 'n8n-nodes-base.code', 2, [220, 0], { jsCode: `let v = 1; for (let i = 0; i < ${DEEP}; i++) v = { a: v }; return [{ json: { v } }];` }));
    await failedInDeep(e, TOO_DEEP_RESULT);
  }, 60_000);

  it('a Code node returning data 30,000 and 300,000 deep gets the depth message at once, not its time limit', async () => {
    // QuickJS's JSON.stringify is quadratic in depth: 30,000 levels took 4 s, 100,000 ran into the 10 s limit.
    for (const levels of [30_000, 300_000]) {
      const started = performance.now();
      const e = await runSaved(node('Deep', 'n8n-nodes-base.code', 2, [220, 0], { jsCode: `let v = 1; for (let i = 0; i < ${levels}; i++) v = { a: v }; return [{ json: { v } }];` }));
      await failedInDeep(e, TOO_DEEP_RESULT);
      expect(performance.now() - started, `${levels} levels`).toBeLessThan(5_000);
    }
  }, 60_000);

  it('a Code node has the same limit as the boundary: 600 levels are refused, 500 pass', async () => {
    const code = (levels: number) => node('Deep', 'n8n-nodes-base.code', 2, [220, 0], { jsCode: `let v = 1; for (let i = 0; i < ${levels}; i++) v = { a: v }; return [{ json: { v } }];` });
    await failedInDeep(await runSaved(code(600)), TOO_DEEP_RESULT);
    expect((await runSaved(code(500))).status).toBe('success');
  }, 60_000);

  it('an expression building data 10,000 deep (Set as an object, as a string, in JSON mode) names the node and the limit', async () => {
    const expressionTooDeep = new RegExp(`^An expression in node "Deep" returned data nested more than ${MAX_JSON_DEPTH} levels deep$`);
    for (const deep of [
      setField(`={{ ${build(DEEP)} }}`, 'object'),
      setField(`={{ ${build(DEEP)} }}`, 'string'),
      node('Deep', 'n8n-nodes-base.set', 3.4, [220, 0], { mode: 'raw', jsonOutput: `={{ ({ x: ${build(DEEP)} }) }}`, options: {} }),
    ]) {
      const e = await runSaved(deep);
      await failedInDeep(e, expressionTooDeep);
      expect(e.data.resultData.error.description).toMatch(/at most 512 levels deep/);
    }
  }, 60_000);

  it('a node output nested past the limit without an expression (Set parsing a JSON text) names the node, the item and the limit', async () => {
    const text = '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP);
    const e = await runSaved(setField(text, 'object'));
    await failedInDeep(e, new RegExp(`^Node "Deep" returned data nested more than ${MAX_JSON_DEPTH} levels deep \\(item 0\\)$`));
  }, 60_000);

  it('a node output that contains itself names the node instead of failing the save', async () => {
    const e = await runSaved(setField('={{ (() => { const a = { x: 1 }; a.self = { a }; return a })() }}', 'object'));
    await failedInDeep(e, /^Node "Deep" returned data that contains itself, a circular reference \(item 0\)$/);
  }, 60_000);

  it('data as deep as the limit allows is kept', async () => {
    const e = await runSaved(setField(`={{ ${build(MAX_JSON_DEPTH - 1)} }}`, 'object'));
    expect(e.status, JSON.stringify(e.data.resultData.error)).toBe('success');
    expect(e.data.resultData.runData.After[0].data.main[0][0].json.x.a.a).toBeTypeOf('object');
  }, 60_000);
});

describe('xmlTooDeepAt', () => {
  it('counts open elements only: self-closing ones, comments, CDATA, declarations and closing tags do not nest', () => {
    expect(xmlTooDeepAt('<?xml version="1.0"?><!DOCTYPE a><a><b/><!-- <c><c><c> --><![CDATA[<d><d><d>]]><e x="1">t</e></a>', 2)).toBeUndefined();
    expect(xmlTooDeepAt('<a><b><c/></b></a>', 2)).toBeUndefined();
    expect(xmlTooDeepAt('<a><b><c></c></b></a>', 2)).toBe(6);
    expect(xmlTooDeepAt('<a>'.repeat(MAX_JSON_DEPTH) + '</a>'.repeat(MAX_JSON_DEPTH))).toBeUndefined();
    expect(xmlTooDeepAt('<a>'.repeat(MAX_JSON_DEPTH + 1))).toBe(3 * MAX_JSON_DEPTH);
  });

  it('is linear on hostile text (unclosed comments, a million "<")', () => {
    const t0 = performance.now();
    expect(xmlTooDeepAt('<!--'.repeat(250_000))).toBeUndefined();
    expect(xmlTooDeepAt('<'.repeat(1_000_000))).toBeUndefined();
    expect(xmlTooDeepAt('<a'.repeat(500_000))).toBeUndefined();
    expect(performance.now() - t0).toBeLessThan(500);
  });
});

describe('imports in the editor (paste, file)', () => {
  it('refuse a workflow nested past the limit before parsing it, naming the limit and where', () => {
    const text = `{"nodes":[{"name":"A","parameters":{"x":${deepArray(DEEP)}}}],"connections":{}}`;
    expect(readClipboardText(text)).toEqual({ kind: 'error', message: `The pasted text is nested more than ${MAX_JSON_DEPTH} levels deep (line 1, column ${text.indexOf('[[') + MAX_JSON_DEPTH - 3}).` });
    expect(parseWorkflowJson(text, 'file')).toMatchObject({ kind: 'error', message: expect.stringMatching(/^The file is nested more than 512 levels deep/) });
    const fine = `{"nodes":[{"name":"A","parameters":{"x":${deepArray(400)}}}],"connections":{}}`;
    expect(readClipboardText(fine).kind).toBe('workflow');
  });
});

describe('JSON in query parameters', () => {
  it('a filter nested 8,000 deep (as deep as a 16 KB URL allows) is refused naming the parameter and the limit', async () => {
    const q = encodeURIComponent('['.repeat(8000));
    const urls = [
      `/rest/workflows?filter=${q}`,
      `/rest/executions?filter=${q}`,
      `/rest/executions-current?filter=${q}`,
      `/rest/credentials?filter=${q}`,
      `/rest/node-parameter-options?nodeTypeAndVersion=${encodeURIComponent('{"name":"n8n-nodes-base.merge","version":3}')}&path=x&methodName=getInputs&currentNodeParameters=${q}`,
    ];
    for (const url of urls) {
      const r = await call(s, 'GET', url);
      expect(r.status, url.slice(0, 40)).toBe(400);
      // Remote options have their own, lower limit (nodeParameterOptions.ts).
      expect(r.body.message, url.slice(0, 40)).toMatch(url.includes('node-parameter-options') ? /nested more than \d+ levels deep/ : TOO_DEEP);
    }
  });
});
