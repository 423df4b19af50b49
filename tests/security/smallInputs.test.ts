// The small inputs of issue 14: prototype keys, lone surrogates and unknown credential fields.
// REST and /api/v1 refuse `__proto__` (and `constructor` holding `prototype`) saying which key and
// where, instead of 'not valid JSON'; harmless `constructor` keys are data; webhooks take such
// bodies as data without touching Object.prototype. A lone surrogate is refused naming its field
// (stored as UTF-8 it became U+FFFD while the answer echoed it). PATCH /rest/credentials/:id
// refuses a field it does not know, naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from '../server/helpers.ts';
import { jsonPrototypeKeyAt, loneSurrogatePath } from '../../src/model/jsonDepth.ts';

let s: TestServer;
let apiKey: string;
beforeAll(async () => {
  s = await startServer({ SWITCHYARD_HOST: '127.0.0.1' });
  apiKey = (await call(s, 'POST', '/rest/me/api-key')).body.data.apiKey;
});
afterAll(() => s?.dispose());

const pristine = () => {
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
};

describe('prototype keys', () => {
  it('REST refuses __proto__ naming the key, line and column (not "not valid JSON")', async () => {
    const text = '{"name":"p","nodes":[],"connections":{},\n "meta":{"__proto__":{"polluted":1}}}';
    const r = await call(s, 'POST', '/rest/workflows', text);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      'Could not import workflow: the workflow has the key "__proto__" (line 2, column 10), which is refused: keys __proto__, and constructor holding prototype, could change the prototypes of other objects',
    );
    const tag = await call(s, 'POST', '/rest/tags', '{"name":"t","\\u005f_proto__":{"polluted":1}}');
    expect(tag.status).toBe(400);
    expect(tag.body.message).toMatch(/^Request body has the key "__proto__" \(line 1, column 13\)/);
    const ctor = await call(s, 'POST', '/rest/tags', '{"name":"t","constructor":{"prototype":{"polluted":1}}}');
    expect(ctor.status).toBe(400);
    expect(ctor.body.message).toMatch(/^Request body has the key "constructor" \(line 1, column 13\)/);
    pristine();
  });

  it('/api/v1 refuses them the same way', async () => {
    const r = await s.server.app.inject({ method: 'POST', url: '/api/v1/tags', headers: { 'content-type': 'application/json', 'x-n8n-api-key': apiKey }, payload: '{"name":"x","__proto__":{"polluted":1}}' });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/^Request body has the key "__proto__" \(line 1, column 13\)/);
    pristine();
  });

  it('a constructor key without prototype is data: stored and read back as sent', async () => {
    const wf = { name: 'ctor', nodes: [], connections: {}, meta: { constructor: 'x', nested: { constructor: { name: 'y' } } } };
    const saved = await call(s, 'POST', '/rest/workflows', wf);
    expect(saved.status).toBe(200);
    expect((await call(s, 'GET', `/rest/workflows/${saved.body.data.id}`)).body.data.meta).toEqual(wf.meta);
    pristine();
  });

  it('a webhook takes __proto__ and constructor keys as data: they round-trip and Object.prototype stays untouched', async () => {
    const hook = {
      name: 'proto hook',
      nodes: [{ id: 'h', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: 'proto', parameters: { path: 'proto', httpMethod: 'POST', responseMode: 'lastNode', options: {} } }],
      connections: {},
      settings: { executionOrder: 'v1' },
    };
    const wf = (await call(s, 'POST', '/rest/workflows', hook)).body.data;
    expect((await call(s, 'PATCH', `/rest/workflows/${wf.id}`, { active: true })).status).toBe(200);
    const body = '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"a":{"__proto__":{"polluted":3}}}';
    const r = await s.server.app.inject({ method: 'POST', url: '/webhook/proto', headers: { 'content-type': 'application/json' }, payload: body });
    expect(r.statusCode, r.body).toBe(200);
    const echoed = JSON.parse(r.body).body;
    expect(echoed).toEqual(JSON.parse(body));
    expect(Object.getOwnPropertyNames(echoed)).toEqual(['__proto__', 'constructor', 'a']);
    pristine();
  });

  it('jsonPrototypeKeyAt finds keys, not values, escaped or not, and is linear on hostile text', () => {
    expect(jsonPrototypeKeyAt('{"a":"__proto__","b":["constructor"]}')).toBeUndefined();
    const text = '{"a":"\\"__proto__\\":1","constructor" : 1,"__proto__":2}';
    expect(jsonPrototypeKeyAt(text)).toEqual({ key: '__proto__', offset: text.indexOf('"__proto__":2') });
    expect(jsonPrototypeKeyAt('{"constructor":1}')).toEqual({ key: 'constructor', offset: 1 });
    const t0 = performance.now();
    jsonPrototypeKeyAt(`"${'\\"'.repeat(2_000_000)}`);
    jsonPrototypeKeyAt('"'.repeat(4_000_000));
    jsonPrototypeKeyAt(`${'\\'.repeat(2_000_000)}"`.repeat(2));
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});

describe('lone surrogates', () => {
  it('a name with a lone surrogate is refused naming the field; a valid pair is stored and echoed alike', async () => {
    const r = await call(s, 'POST', '/rest/workflows', '{"name":"p\\ud800x","nodes":[],"connections":{}}');
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/the workflow has text with a lone UTF-16 surrogate at body\/name \(a \\uD800–\\uDFFF escape without its pair\)/);
    const tag = await call(s, 'POST', '/rest/tags', '{"name":"ok","x":"\\udc00"}');
    expect(tag.status).toBe(400);
    expect(tag.body.message).toMatch(/^Request body has text with a lone UTF-16 surrogate at body\/x/);
    const ok = await call(s, 'POST', '/rest/workflows', '{"name":"smile \\ud83d\\ude00","nodes":[],"connections":{}}');
    expect(ok.status).toBe(200);
    expect(ok.body.data.name).toBe('smile 😀');
    expect((await call(s, 'GET', `/rest/workflows/${ok.body.data.id}`)).body.data.name).toBe('smile 😀');
  });

  it('loneSurrogatePath names keys and nested values', () => {
    expect(loneSurrogatePath({ a: [1, { b: 'ok', c: 'x\ud800' }] })).toBe('/a/1/c');
    expect(loneSurrogatePath({ ['k\udfff']: 1 })).toBe('/k\ufffd');
    expect(loneSurrogatePath({ a: '😀' })).toBeUndefined();
  });
});

describe('unknown fields', () => {
  it('PATCH /rest/credentials/:id refuses a field it does not know, naming it, and changes nothing', async () => {
    const created = await call(s, 'POST', '/rest/credentials', { name: 'Basic', type: 'httpBasicAuth', data: { user: 'u', password: 'p' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as string;
    const r = await call(s, 'PATCH', `/rest/credentials/${id}`, { name: 'Renamed', isManaged: true });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('body must not have the property "isManaged"');
    expect((await call(s, 'GET', `/rest/credentials/${id}`)).body.data.name).toBe('Basic');
  });
});
