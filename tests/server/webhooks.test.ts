// Production webhooks through a real listening server: response modes, methods, path params,
// bodies (JSON, form, multipart, binary), limits and bad input, CORS.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, live, node, setNode, webhookNode, workflow, type Live } from './triggerHelpers.ts';
import { runWorkflow } from '../../src/engine/index.ts';
import { MAX_ACTIVE_EXECUTIONS } from '../../src/server/executions/ExecutionService.ts';

let t: Live;
beforeAll(async () => {
  // 2 MB body limit so the oversize case needs no huge buffers; 100 MB is still sent below.
  t = await live({ SWITCHYARD_PAYLOAD_SIZE_MAX: String(2 * 1024 * 1024), SWITCHYARD_WEBHOOK_RESPONSE_TIMEOUT: '2' });
});
afterAll(async () => {
  await t.dispose();
});

const json = (body: unknown, method = 'POST') => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('response modes', () => {
  it('onReceived answers "Workflow was started" at once, then the run is saved with the request item', async () => {
    const hook = webhookNode({ path: 'received', httpMethod: 'POST' });
    const wf = await t.activate(workflow('Received', [hook, setNode('Set', { doubled: '={{ $json.body.n * 2 }}' })]));
    const r = await t.hook('received?x=1', json({ n: 21 }));
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ message: 'Workflow was started' });
    const list = await t.until(async () => {
      const l = (await t.api('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: wf.id }))}`)).body.data;
      return l.results[0]?.status === 'success' ? l : undefined;
    });
    expect(list.results[0]).toMatchObject({ mode: 'webhook', status: 'success', finished: true });
    const e = (await t.api('GET', `/executions/${list.results[0].id}`)).body.data;
    const item = e.data.resultData.runData.Webhook[0].data.main[0][0].json;
    expect(item).toMatchObject({ params: {}, query: { x: '1' }, body: { n: 21 }, webhookUrl: `${t.url}webhook/received`, executionMode: 'production' });
    expect(item.headers['content-type']).toBe('application/json');
    expect(Object.keys(item)).toEqual(['headers', 'params', 'query', 'body', 'webhookUrl', 'executionMode']);
    expect(e.data.resultData.runData.Set[0].data.main[0][0].json).toMatchObject({ doubled: '42' });
  });

  it('onReceived with a custom text, a response code and headers, or no body', async () => {
    await t.activate(
      workflow('Custom', [webhookNode({ path: 'custom', httpMethod: 'GET', options: { responseData: 'thanks', responseCode: { values: { responseCode: 'customCode', customCode: 202 } }, responseHeaders: { entries: [{ name: 'X-Hook', value: 'yes' }] } } })]),
    );
    const r = await t.hook('custom');
    expect(r.status).toBe(202);
    expect(r.headers.get('x-hook')).toBe('yes');
    expect(r.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(await r.text()).toBe('thanks');
    await t.activate(workflow('Empty', [webhookNode({ path: 'empty', httpMethod: 'GET', options: { noResponseBody: true } })]));
    const e = await t.hook('empty');
    expect(e.status).toBe(200);
    expect(await e.text()).toBe('');
  });

  it('lastNode answers with the first item, all items, one property, or nothing; 500 when the run fails', async () => {
    const make = (path: string, responseData: string, options: Record<string, unknown> = {}) => {
      const hook = webhookNode({ path, httpMethod: 'POST', responseMode: 'lastNode', responseData, options });
      const code = node('Items', 'n8n-nodes-base.code', 2, { jsCode: 'return [{ json: { a: $input.first().json.body.v, deep: { x: 1 } } }, { json: { a: 2 } }];' });
      return workflow(`Last ${path}`, [hook, code]);
    };
    await t.activate(make('first', 'firstEntryJson'));
    await t.activate(make('all', 'allEntries'));
    await t.activate(make('prop', 'firstEntryJson', { responsePropertyName: 'deep' }));
    await t.activate(make('none', 'noData'));
    expect(await (await t.hook('first', json({ v: 7 }))).json()).toEqual({ a: 7, deep: { x: 1 } });
    expect(await (await t.hook('all', json({ v: 7 }))).json()).toEqual([{ a: 7, deep: { x: 1 } }, { a: 2 }]);
    expect(await (await t.hook('prop', json({ v: 7 }))).json()).toEqual({ x: 1 });
    const none = await t.hook('none', json({ v: 7 }));
    expect(none.status).toBe(200);
    expect(await none.text()).toBe('');
    const failing = webhookNode({ path: 'fails', httpMethod: 'GET', responseMode: 'lastNode' });
    await t.activate(workflow('Fails', [failing, node('Boom', 'n8n-nodes-base.code', 2, { jsCode: "throw new Error('nope')" })]));
    const f = await t.hook('fails');
    expect(f.status).toBe(500);
    expect(await f.json()).toEqual({ message: 'Error in workflow' });
  });

  it('lastNode firstEntryBinary sends the file with its type', async () => {
    const hook = webhookNode({ path: 'file-out', httpMethod: 'POST', responseMode: 'lastNode', responseData: 'firstEntryBinary', responseBinaryPropertyName: 'data' });
    await t.activate(workflow('File out', [hook]));
    const bytes = Buffer.from('%PDF-1.4 pretend');
    const r = await t.hook('file-out', { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: bytes });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await r.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('responseNode answers with what Respond to Webhook sends (json, text, redirect), before the run ends', async () => {
    const respond = (name: string, parameters: Record<string, unknown>) => node(name, 'n8n-nodes-base.respondToWebhook', 1.1, parameters);
    const slow = node('Slow', 'n8n-nodes-base.wait', 1.1, { resume: 'timeInterval', amount: 1, unit: 'seconds' });
    const hook = webhookNode({ path: 'respond-json', httpMethod: 'POST', responseMode: 'responseNode' });
    await t.activate(workflow('Respond JSON', [hook, respond('Respond', { respondWith: 'json', responseBody: '={{ JSON.stringify({ got: $json.body.q }) }}', options: { responseCode: 201, responseHeaders: { entries: [{ name: 'X-A', value: 'b' }] } } }), slow]));
    const t0 = Date.now();
    const r = await t.hook('respond-json', json({ q: 'hi' }));
    expect(Date.now() - t0).toBeLessThan(900);
    expect(r.status).toBe(201);
    expect(r.headers.get('x-a')).toBe('b');
    expect(await r.json()).toEqual({ got: 'hi' });

    await t.activate(workflow('Respond text', [webhookNode({ path: 'respond-text', httpMethod: 'GET', responseMode: 'responseNode' }), respond('Respond', { respondWith: 'text', responseBody: 'plain {{ 1 + 1 }}' })]));
    expect(await (await t.hook('respond-text')).text()).toBe('plain {{ 1 + 1 }}');

    await t.activate(workflow('Respond redirect', [webhookNode({ path: 'respond-redirect', httpMethod: 'GET', responseMode: 'responseNode' }), respond('Respond', { respondWith: 'redirect', redirectURL: 'https://example.com/next' })]));
    const redirect = await t.hook('respond-redirect', { redirect: 'manual' });
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get('location')).toBe('https://example.com/next');

    await t.activate(workflow('Respond items', [webhookNode({ path: 'respond-items', httpMethod: 'POST', responseMode: 'responseNode' }), respond('Respond', { respondWith: 'allIncomingItems', options: { responseKey: 'wrapped' } })]));
    const items = await (await t.hook('respond-items', json({ z: 1 }))).json();
    expect(items.wrapped[0].body).toEqual({ z: 1 });
  });

  it('responseNode: an empty answer when the run ends without Respond to Webhook; 500 when it fails first', async () => {
    const hook = webhookNode({ path: 'respond-never', httpMethod: 'GET', responseMode: 'responseNode', options: { responseCode: { values: { responseCode: 204 } } } });
    const iff = node('Never', 'n8n-nodes-base.if', 2, {
      conditions: { options: { caseSensitive: true, leftValue: '', typeValidation: 'strict' }, conditions: [{ id: 'c', leftValue: 1, rightValue: 2, operator: { type: 'number', operation: 'equals' } }], combinator: 'and' },
      options: {},
    });
    const respond = node('Respond', 'n8n-nodes-base.respondToWebhook', 1.1, { respondWith: 'noData' });
    await t.activate(workflow('Never responds', [hook, iff, respond], { ...chain(hook, iff), Never: { main: [[{ node: 'Respond', type: 'main', index: 0 }], []] } }));
    const r = await t.hook('respond-never');
    expect(r.status).toBe(204);
    expect(await r.text()).toBe('');
    const failing = webhookNode({ path: 'respond-fails', httpMethod: 'GET', responseMode: 'responseNode' });
    await t.activate(workflow('Respond fails', [failing, node('Boom', 'n8n-nodes-base.code', 2, { jsCode: "throw new Error('x')" }), node('Respond', 'n8n-nodes-base.respondToWebhook', 1.1, { respondWith: 'noData' })]));
    expect((await t.hook('respond-fails')).status).toBe(500);
  });

  it('a workflow that does not answer in time gets 504 and keeps running', async () => {
    const hook = webhookNode({ path: 'too-slow', httpMethod: 'GET', responseMode: 'lastNode' });
    await t.activate(workflow('Too slow', [hook, node('Sleep', 'n8n-nodes-base.wait', 1.1, { resume: 'timeInterval', amount: 3, unit: 'seconds' })]));
    const r = await t.hook('too-slow');
    expect(r.status).toBe(504);
    expect((await r.json()).message).toMatch(/did not answer within 2 seconds/);
  });
});

describe('methods and paths', () => {
  it('routes each method of a multi-method webhook to its own output; other methods are 404 with a hint', async () => {
    const hook = webhookNode({ path: 'multi', multipleMethods: true, httpMethod: ['GET', 'DELETE'], responseMode: 'lastNode' });
    const onGet = setNode('On GET', { via: 'get' });
    const onDelete = setNode('On DELETE', { via: 'delete' });
    await t.activate(workflow('Multi', [hook, onGet, onDelete], { Webhook: { main: [[{ node: 'On GET', type: 'main', index: 0 }], [{ node: 'On DELETE', type: 'main', index: 0 }]] } }));
    expect((await (await t.hook('multi')).json()).via).toBe('get');
    expect((await (await t.hook('multi', { method: 'DELETE' })).json()).via).toBe('delete');
    const head = await t.hook('multi', { method: 'PUT' });
    expect(head.status).toBe(404);
    expect((await head.json()).message).toBe('This webhook is not registered for PUT requests. Did you mean to make a DELETE or GET request?');
  });

  it('reads :params from the path under the webhook id; a static path wins', async () => {
    const dynamic = webhookNode({ path: 'user/:id/orders/:order', httpMethod: 'GET', responseMode: 'lastNode' }, { webhookId: 'uuid-1' });
    await t.activate(workflow('Dynamic', [dynamic]));
    const r = await (await t.hook('uuid-1/user/42/orders/a%20b')).json();
    expect(r.params).toEqual({ id: '42', order: 'a b' });
    const fixed = webhookNode({ path: 'uuid-1/user/me/orders/latest', httpMethod: 'GET', responseMode: 'lastNode', options: {} }, { name: 'Static' });
    await t.activate(workflow('Static', [fixed, setNode('Mark', { static: 'yes' })], chain(fixed, setNode('Mark', { static: 'yes' }))));
    expect((await (await t.hook('uuid-1/user/me/orders/latest')).json()).static).toBe('yes');
    expect((await t.hook('uuid-1/user/42/extra/a/b')).status).toBe(404);
  });

  it('answers HEAD, PATCH, PUT when the node listens to them', async () => {
    for (const method of ['HEAD', 'PATCH', 'PUT']) {
      await t.activate(workflow(`M ${method}`, [webhookNode({ path: `m-${method.toLowerCase()}`, httpMethod: method })]));
      expect((await t.hook(`m-${method.toLowerCase()}`, { method })).status).toBe(200);
    }
  });
});

describe('bodies', () => {
  async function echo(path: string, init: RequestInit, options: Record<string, unknown> = {}) {
    await t.activate(workflow(`Echo ${path}`, [webhookNode({ path, httpMethod: 'POST', responseMode: 'lastNode', responseData: 'allEntries', options })]));
    const r = await t.hook(path, init);
    return { status: r.status, body: await r.json() };
  }

  it('parses form-urlencoded and text bodies', async () => {
    const form = await echo('form', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=two&b=three' });
    expect(form.body[0].body).toEqual({ a: '1', b: ['two', 'three'] });
    const text = await echo('text', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'just text' });
    expect(text.body[0].body).toBe('just text');
  });

  it('multipart: fields become the body, files become binary properties', async () => {
    const fd = new FormData();
    fd.append('name', 'Ada');
    fd.append('photo', new Blob([Buffer.from('PNGDATA')], { type: 'image/png' }), 'me.png');
    fd.append('docs[]', new Blob(['one'], { type: 'text/plain' }), 'a.txt');
    fd.append('docs[]', new Blob(['two'], { type: 'text/plain' }), 'b.txt');
    await t.activate(workflow('Upload', [webhookNode({ path: 'upload', httpMethod: 'POST', responseMode: 'lastNode', responseData: 'firstEntryJson' }), node('Describe', 'n8n-nodes-base.code', 2, { jsCode: 'const i = $input.first(); return [{ json: { body: i.json.body, files: Object.fromEntries(Object.entries(i.binary).map(([k, b]) => [k, [b.fileName, b.mimeType, b.data]])) } }];' })]));
    const r = await (await t.hook('upload', { method: 'POST', body: fd })).json();
    expect(r.body).toEqual({ name: 'Ada' });
    const decoded = Object.fromEntries(Object.entries(r.files as Record<string, string[]>).map(([k, [n, m, d]]) => [k, [n, m, Buffer.from(d, 'base64').toString()]]));
    expect(decoded).toEqual({ photo: ['me.png', 'image/png', 'PNGDATA'], docs0: ['a.txt', 'text/plain', 'one'], docs1: ['b.txt', 'text/plain', 'two'] });
  });

  it('v2: a body of another type arrives as binary "data"; rawBody keeps the bytes next to the parsed JSON', async () => {
    const bin = await echo('binary-in', { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from([1, 2, 3]) });
    expect(bin.status).toBe(200);
    expect(bin.body[0].body).toEqual({});
    const raw = await (async () => {
      await t.activate(workflow('Raw', [webhookNode({ path: 'raw', httpMethod: 'POST', responseMode: 'lastNode', options: { rawBody: true } }), node('Show', 'n8n-nodes-base.code', 2, { jsCode: 'const i = $input.first(); return [{ json: { body: i.json.body, raw: i.binary.data.data } }];' })]));
      return (await t.hook('raw', json({ k: 1 }))).json();
    })();
    expect({ ...raw, raw: Buffer.from(raw.raw, 'base64').toString() }).toEqual({ body: { k: 1 }, raw: '{"k":1}' });
  });

  it('malformed JSON is 400 with the parser message; the server keeps serving', async () => {
    await t.activate(workflow('Strict', [webhookNode({ path: 'strict', httpMethod: 'POST' })]));
    const r = await t.hook('strict', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a": ' });
    expect(r.status).toBe(400);
    expect((await r.json()).message).toMatch(/^The request body is not valid JSON: /);
    expect((await t.hook('strict', json({ a: 1 }))).status).toBe(200);
  });

  it('a 100 MB body is refused with 413 without reading it all, and the server keeps serving', async () => {
    await t.activate(workflow('Big', [webhookNode({ path: 'big', httpMethod: 'POST' })]));
    const { port } = new URL(t.url);
    const head = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(`POST /webhook/big HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n`);
        const chunk = Buffer.alloc(1024 * 1024, 32);
        let sent = 0;
        const pump = () => {
          while (sent < 100 && !socket.destroyed) {
            sent++;
            if (!socket.write(chunk)) return socket.once('drain', pump);
          }
        };
        pump();
      });
      let got = '';
      socket.on('data', (d) => (got += d.toString()));
      socket.on('close', () => resolve(got));
      socket.on('error', () => resolve(got));
      setTimeout(() => reject(new Error('no answer')), 20_000).unref();
    });
    expect(head).toMatch(/^HTTP\/1\.1 413/);
    expect(head).toMatch(/The request body is too large: the limit is 2097152 bytes/);
    expect((await t.hook('big', json({ ok: true }))).status).toBe(200);
    expect((await t.api('GET', '/settings')).status).toBe(200);
  });
});

describe('CORS', () => {
  it('answers preflights and applies allowedOrigins', async () => {
    await t.activate(workflow('Cors', [webhookNode({ path: 'cors', httpMethod: 'POST', options: { allowedOrigins: 'https://a.example,https://b.example' } })]));
    const pre = await t.hook('cors', { method: 'OPTIONS', headers: { origin: 'https://b.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://b.example');
    expect(pre.headers.get('access-control-allow-methods')).toBe('OPTIONS, POST');
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type');
    const other = await t.hook('cors', { ...json({}), headers: { 'content-type': 'application/json', origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBe('https://a.example');
  });
});

describe('too many executions running', () => {
  // Its own server, whose engine holds every run until `release` is called: filled up to the
  // service's limit, the next webhook, test webhook, form or resume call is refused.
  let busy: Live;
  let held: Promise<void> | undefined;
  let release = () => {};
  beforeAll(async () => {
    busy = await live({}, {
      runWorkflow: async (opts) => {
        if (held) await held;
        return runWorkflow(opts);
      },
    });
  });
  const crowd: Promise<unknown>[] = [];
  afterAll(async () => {
    release();
    await Promise.allSettled(crowd);
    await busy.dispose();
  });

  it('webhook, test webhook, form and resume calls answer 503 "Too many executions are running" (not 500); the server still serves', async () => {
    const hook = webhookNode({ path: 'crowded', httpMethod: 'POST' });
    const wf = await busy.activate(workflow('Crowded', [hook]));
    await busy.activate(
      workflow('Crowded form', [node('Form', 'n8n-nodes-base.formTrigger', 2.2, { path: 'crowded-form', formTitle: 'T', formFields: { values: [{ fieldLabel: 'Name' }] } }, { webhookId: 'crowded-form-hook' })]),
    );
    const testFlow = (await busy.api('POST', '/workflows', workflow('Crowded test', [webhookNode({ path: 'crowded-test', httpMethod: 'POST' })]))).body.data;
    const testForm = (
      await busy.api('POST', '/workflows', workflow('Crowded test form', [node('Form', 'n8n-nodes-base.formTrigger', 2.2, { path: 'crowded-test-form', formTitle: 'T', formFields: { values: [{ fieldLabel: 'Name' }] } }, { webhookId: 'crowded-test-form-hook' })]))
    ).body.data;
    // A webhook wait parked before the crowd comes: its resume is refused too, and stays possible.
    const waitHook = webhookNode({ path: 'crowded-wait', httpMethod: 'POST' });
    const waitNode = node('Wait', 'n8n-nodes-base.wait', 1.1, { resume: 'webhook', httpMethod: 'POST' });
    const waits = await busy.activate(workflow('Crowded wait', [waitHook, waitNode], chain(waitHook, waitNode)));
    expect((await busy.hook('crowded-wait', { method: 'POST' })).status).toBe(200);
    const parked = await busy.until(async () => {
      const e = (await busy.api('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: waits.id }))}`)).body.data.results[0];
      return e?.status === 'waiting' ? e : undefined;
    });

    held = new Promise((r) => (release = r));
    const service = busy.s.server.context.executions;
    const started = await Promise.all(
      Array.from({ length: MAX_ACTIVE_EXECUTIONS }, () => service.start({ workflow: wf, workflowId: wf.id, mode: 'webhook', startNode: 'Webhook', triggerItems: [{ json: {} }] })),
    );
    crowd.push(...started.map((s) => s.done));
    expect(service.activeCount).toBe(MAX_ACTIVE_EXECUTIONS);

    const message = `Too many executions are running (${MAX_ACTIVE_EXECUTIONS}); try again when some have finished`;
    const r = await busy.hook('crowded', json({ n: 1 }));
    expect(r.status).toBe(503);
    expect(await r.json()).toEqual({ code: 503, message });

    expect((await busy.api('POST', '/workflows/run', { workflowData: testFlow })).body.data).toEqual({ waitingForWebhook: true });
    const test = await busy.hook('crowded-test', { ...json({ n: 1 }), endpoint: 'webhook-test' });
    expect(test.status).toBe(503);
    expect(await test.json()).toEqual({ code: 503, message });

    const resumed = await busy.hook(String(parked.id), { method: 'POST', endpoint: 'webhook-waiting' });
    expect(resumed.status).toBe(503);
    expect((await busy.api('GET', `/executions/${parked.id}`)).body.data.status).toBe('waiting');

    // The form: its page still opens; a submission gets a page saying why.
    const page = await fetch(`${busy.url}form/crowded-form`);
    expect(page.status).toBe(200);
    const cookie = page.headers.get('set-cookie')!.split(';')[0];
    const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1];
    const sent = await fetch(`${busy.url}form/crowded-form`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body: new URLSearchParams({ _csrf: token, 'field-0': 'x' }) });
    expect(sent.status).toBe(503);
    expect(sent.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await sent.text()).toContain('Too many executions are running');

    // A test form's submission refused with 503 keeps its listen too.
    expect((await busy.api('POST', '/workflows/run', { workflowData: testForm })).body.data).toEqual({ waitingForWebhook: true });
    const submitTestForm = async () => {
      const p = await fetch(`${busy.url}form-test/crowded-test-form`);
      expect(p.status).toBe(200);
      const c = p.headers.get('set-cookie')!.split(';')[0];
      const t = /name="_csrf" value="([^"]+)"/.exec(await p.text())![1];
      return fetch(`${busy.url}form-test/crowded-test-form`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: c }, body: new URLSearchParams({ _csrf: t, 'field-0': 'y' }) });
    };
    expect((await submitTestForm()).status).toBe(503);

    expect((await busy.api('GET', '/settings')).status).toBe(200);
    release();
    held = undefined;
    await Promise.all(crowd);
    // Once some have finished, the same calls run again; the parked execution resumes; the
    // editor's test listens were not used up by the refused calls.
    expect(busy.s.server.context.testWebhooks.isListening(testFlow.id)).toBe(true);
    expect((await busy.hook('crowded-test', { ...json({ n: 3 }), endpoint: 'webhook-test' })).status).toBe(200);
    expect(busy.s.server.context.testWebhooks.isListening(testFlow.id)).toBe(false);
    expect((await submitTestForm()).status).toBe(200);
    expect((await busy.hook('crowded', json({ n: 2 }))).status).toBe(200);
    expect((await busy.hook(String(parked.id), { method: 'POST', endpoint: 'webhook-waiting' })).status).toBe(200);
    await busy.until(async () => ((await busy.api('GET', `/executions/${parked.id}`)).body.data.status === 'success' ? true : undefined));
  }, 60_000);
});
