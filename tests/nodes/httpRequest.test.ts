import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, jsonOf, output, registry, runChain } from './helpers.ts';
import { json, startServer, text, type SeenRequest } from './httpServer.ts';

let server: Awaited<ReturnType<typeof startServer>>;
const last = (): SeenRequest => server.seen[server.seen.length - 1];

beforeAll(async () => {
  server = await startServer({
    '/todo': json(200, { id: 1, title: 'x' }),
    '/list': json(200, [{ id: 1 }, { id: 2 }]),
    '/echo': (req, res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-custom': 'yes' });
      res.end(JSON.stringify({ method: req.method, url: req.url, body: req.body, contentType: req.headers['content-type'] ?? null, auth: req.headers.authorization ?? null }));
    },
    '/text': text(200, 'plain words'),
    '/latin1': text(200, Buffer.from([0x63, 0x61, 0xf1, 0xf3, 0x6e]), 'text/html; charset=iso-8859-1'),
    '/notjson': text(200, 'not json at all', 'text/plain'),
    '/badjson': text(200, '{oops', 'application/json'),
    '/image.png': text(200, Buffer.from([1, 2, 3, 4]), 'image/png'),
    '/missing': json(404, { message: 'no such thing' }),
    '/boom': json(500, { message: 'exploded' }),
    '/redirect': (_req, res) => {
      res.writeHead(302, { location: '/todo' });
      res.end();
    },
    '/slow': (_req, res) => {
      setTimeout(() => json(200, { late: true })(_req, res), 1500);
    },
    '/head': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'x-size': '10' });
      res.end();
    },
  });
});
afterAll(() => server.close());

const http = (typeVersion: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name: 'HTTP',
  type: 'n8n-nodes-base.httpRequest',
  typeVersion,
  parameters,
  ...extra,
});

describe('HTTP Request description', () => {
  it('has n8n names and defaults', () => {
    const d = registry.get('n8n-nodes-base.httpRequest', 4.2)!.description;
    expect(d.defaults.name).toBe('HTTP Request');
    expect(d.icon).toBe('fa:globe');
    expect(d.codex?.categories).toEqual(['Core Nodes']);
    expect(registry.get('n8n-nodes-base.httpRequest', 1)!.description.properties.some((p) => p.name === 'requestMethod')).toBe(true);
  });
});

describe('HTTP Request v3–4.2', () => {
  it('GET with query parameters and headers, JSON autodetected', async () => {
    const run = await runChain([{ q: 'a b' }], [
      http(4.2, {
        url: `${server.base}/echo`,
        sendQuery: true,
        queryParameters: { parameters: [{ name: 'q', value: '={{ $json.q }}' }, { name: 'n', value: '2' }] },
        sendHeaders: true,
        headerParameters: { parameters: [{ name: 'Authorization', value: 'Bearer t' }] },
        options: {},
      }),
    ]);
    expect(jsonOf(run, 'HTTP')).toEqual([{ method: 'GET', url: '/echo?q=a%20b&n=2', body: '', contentType: null, auth: 'Bearer t' }]);
    expect(last().headers.accept).toBe('application/json,text/html,application/xhtml+xml,application/xml,text/*;q=0.9, image/*;q=0.8, */*;q=0.7');
  });

  it('POST / PUT / PATCH / DELETE with JSON bodies (fields and JSON text)', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const run = await runChain([{}], [
        http(4.2, { method, url: `${server.base}/echo`, sendBody: true, bodyParameters: { parameters: [{ name: 'user.name', value: 'Ann' }, { name: 'n', value: '={{ 1 }}' }] } }),
      ]);
      const [echo] = jsonOf(run, 'HTTP') as Array<Record<string, unknown>>;
      expect(echo.method).toBe(method);
      // 4.x writes dotted names as nested objects.
      expect(JSON.parse(echo.body as string)).toEqual({ user: { name: 'Ann' }, n: 1 });
      expect(echo.contentType).toBe('application/json');
    }
    const v3 = await runChain([{}], [http(3, { method: 'POST', url: `${server.base}/echo`, sendBody: true, bodyParameters: { parameters: [{ name: 'user.name', value: 'Ann' }] } })]);
    expect(JSON.parse((jsonOf(v3, 'HTTP')[0] as { body: string }).body)).toEqual({ 'user.name': 'Ann' });
    const jsonText = await runChain([{}], [http(4.1, { method: 'POST', url: `${server.base}/echo`, sendBody: true, specifyBody: 'json', jsonBody: '{"ids":[1,2]}' })]);
    expect(JSON.parse((jsonOf(jsonText, 'HTTP')[0] as { body: string }).body)).toEqual({ ids: [1, 2] });
  });

  it('form-urlencoded, raw and multipart bodies', async () => {
    const form = await runChain([{}], [
      http(4.2, { method: 'POST', url: `${server.base}/echo`, sendBody: true, contentType: 'form-urlencoded', bodyParameters: { parameters: [{ name: 'a', value: '1 2' }, { name: 'b', value: 'x&y' }] } }),
    ]);
    expect(jsonOf(form, 'HTTP')[0]).toMatchObject({ body: 'a=1%202&b=x%26y', contentType: 'application/x-www-form-urlencoded' });
    const raw = await runChain([{}], [http(4.2, { method: 'POST', url: `${server.base}/echo`, sendBody: true, contentType: 'raw', rawContentType: 'text/xml', body: '<a/>' })]);
    expect(jsonOf(raw, 'HTTP')[0]).toMatchObject({ body: '<a/>', contentType: 'text/xml' });
    const multipart = await runChain([{}], [
      http(4.2, { method: 'POST', url: `${server.base}/echo`, sendBody: true, contentType: 'multipart-form-data', bodyParameters: { parameters: [{ name: 'field', value: 'v' }] } }),
    ]);
    const echo = jsonOf(multipart, 'HTTP')[0] as { body: string; contentType: string };
    expect(echo.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(echo.body).toContain('name="field"');
  });

  it('response formats: array split, text, charset, file, full response', async () => {
    const list = await runChain([{}], [http(4.2, { url: `${server.base}/list` })]);
    expect(jsonOf(list, 'HTTP')).toEqual([{ id: 1 }, { id: 2 }]);
    const txt = await runChain([{}], [http(4.2, { url: `${server.base}/text` })]);
    expect(jsonOf(txt, 'HTTP')).toEqual([{ data: 'plain words' }]);
    const latin = await runChain([{}], [http(4, { url: `${server.base}/latin1` })]);
    expect(jsonOf(latin, 'HTTP')).toEqual([{ data: 'cañón' }]);
    const asText = await runChain([{}], [http(4.2, { url: `${server.base}/todo`, options: { response: { response: { responseFormat: 'text', outputPropertyName: 'raw' } } } })]);
    expect(jsonOf(asText, 'HTTP')).toEqual([{ raw: '{"id":1,"title":"x"}' }]);
    const file = await runChain([{}], [http(4.2, { url: `${server.base}/image.png` })]);
    const [item] = output(file, 'HTTP');
    expect(item.binary?.data).toMatchObject({ mimeType: 'image/png', fileName: 'image.png', data: Buffer.from([1, 2, 3, 4]).toString('base64') });
    const full = await runChain([{}], [http(4.2, { method: 'POST', url: `${server.base}/echo`, options: { response: { response: { fullResponse: true } } } })]);
    const fullJson = jsonOf(full, 'HTTP')[0] as Record<string, unknown>;
    expect(Object.keys(fullJson)).toEqual(['body', 'headers', 'statusCode', 'statusMessage']);
    expect(fullJson.statusCode).toBe(201);
    expect((fullJson.headers as Record<string, string>)['x-custom']).toBe('yes');
  });

  it('HEAD returns an empty item; redirects follow in 4.x but not in 3', async () => {
    const head = await runChain([{}], [http(4.2, { method: 'HEAD', url: `${server.base}/head`, options: { response: { response: { fullResponse: true } } } })]);
    expect(jsonOf(head, 'HTTP')[0]).toMatchObject({ statusCode: 200, headers: { 'x-size': '10' } });
    const followed = await runChain([{}], [http(4.1, { url: `${server.base}/redirect` })]);
    expect(jsonOf(followed, 'HTTP')).toEqual([{ id: 1, title: 'x' }]);
    const v3 = await runChain([{}], [http(3, { url: `${server.base}/redirect`, options: { response: { response: { neverError: true, fullResponse: true } } } })]);
    expect(jsonOf(v3, 'HTTP')[0]).toMatchObject({ statusCode: 302 });
    const off = await runChain([{}], [http(4.2, { url: `${server.base}/redirect`, options: { redirect: { redirect: { followRedirects: false } } } })]);
    expect(off.status).toBe('error');
  });

  it('404 fails with n8n\'s message, the status code and the body', async () => {
    const run = await runChain([{}], [http(4.2, { url: `${server.base}/missing` })]);
    expect(run.status).toBe('error');
    const error = errorOf(run, 'HTTP')!;
    expect(error.message).toBe('The resource you are requesting could not be found');
    expect(error.httpCode).toBe('404');
    expect(error.description).toBe('{"message":"no such thing"}');
    const boom = await runChain([{}], [http(4.2, { url: `${server.base}/boom` })]);
    expect(errorOf(boom, 'HTTP')).toMatchObject({ message: 'The service was not able to process your request', httpCode: '500' });
  });

  it('neverError returns non-2xx responses as data', async () => {
    const run = await runChain([{}], [http(4.2, { url: `${server.base}/missing`, options: { response: { response: { neverError: true } } } })]);
    expect(jsonOf(run, 'HTTP')).toEqual([{ message: 'no such thing' }]);
  });

  it('timeout, invalid URL and bad JSON responses', async () => {
    const slow = await runChain([{}], [http(4.2, { url: `${server.base}/slow`, options: { timeout: 200 } })]);
    expect(slow.status).toBe('error');
    expect(errorOf(slow, 'HTTP')).toMatchObject({ message: "The connection timed out, consider setting the 'Retry on Fail' option in the node settings", httpCode: 'ETIMEDOUT' });
    const invalid = await runChain([{}], [http(4.2, { url: 'not a url' })]);
    expect(errorOf(invalid, 'HTTP')?.message).toBe('Invalid URL: not a url');
    const notJson = await runChain([{}], [http(4.2, { url: `${server.base}/notjson`, options: { response: { response: { responseFormat: 'json' } } } })]);
    expect(errorOf(notJson, 'HTTP')?.message).toBe('Response body is not valid JSON. Change "Response Format" to "Text"');
    const badJson = await runChain([{}], [http(4.2, { url: `${server.base}/badjson` })]);
    expect(errorOf(badJson, 'HTTP')?.message).toBe('Invalid JSON in response body');
  });

  it('invalid JSON body parameter: error, or an item on the error output with continueErrorOutput', async () => {
    const params = { method: 'POST', url: `${server.base}/echo`, sendBody: true, specifyBody: 'json', jsonBody: '{\n  "q": "abc",\n}' };
    const failing = await runChain([{}], [http(4.2, params)]);
    expect(errorOf(failing, 'HTTP')?.message).toBe('JSON parameter needs to be valid JSON');
    const routed = await runChain([{}], [http(4.2, params, { onError: 'continueErrorOutput' })]);
    expect(routed.status).toBe('success');
    expect(jsonOf(routed, 'HTTP', 0)).toEqual([]);
    expect(jsonOf(routed, 'HTTP', 1)).toEqual([{ error: 'JSON parameter needs to be valid JSON' }]);
  });

  it('continueOnFail keeps going with an error item per failed request', async () => {
    const run = await runChain([{ p: 'todo' }, { p: 'missing' }], [http(4.2, { url: `=${server.base}/{{ $json.p }}` }, { continueOnFail: true })]);
    const out = jsonOf(run, 'HTTP') as Array<Record<string, unknown>>;
    expect(out[0]).toEqual({ id: 1, title: 'x' });
    expect(out[1].error).toMatchObject({ message: '404 - {"message":"no such thing"}', httpCode: '404' });
  });
});

describe('HTTP Request v1/v2', () => {
  it('GET JSON with UI query parameters (repeated names collect)', async () => {
    const run = await runChain([{}], [
      http(1, { url: `${server.base}/echo`, queryParametersUi: { parameter: [{ name: 'a', value: '1' }, { name: 'a', value: '2' }] }, headerParametersUi: { parameter: [{ name: 'X-Thing', value: 'v' }] } }),
    ]);
    expect((jsonOf(run, 'HTTP')[0] as { url: string }).url).toBe('/echo?a%5B0%5D=1&a%5B1%5D=2');
    expect(last().headers['x-thing']).toBe('v');
  });
  it('POST with JSON/RAW parameters, string format and full response', async () => {
    const run = await runChain([{}], [
      http(2, { requestMethod: 'POST', url: `${server.base}/echo`, jsonParameters: true, bodyParametersJson: '{"a":1}', responseFormat: 'string', options: { fullResponse: true } }),
    ]);
    const out = jsonOf(run, 'HTTP')[0] as Record<string, unknown>;
    expect(out.statusCode).toBe(201);
    expect((out.data as { body: string }).body).toBe('{"a":1}');
    const bad = await runChain([{}], [http(2, { requestMethod: 'POST', url: `${server.base}/echo`, jsonParameters: true, bodyParametersJson: '{a:1' })]);
    expect(errorOf(bad, 'HTTP')?.message).toBe('The data in "Body Parameters" is no valid JSON. Set Body Content Type to "RAW/Custom" for XML or other types of payloads');
  });
  it('splitIntoItems and errors', async () => {
    const split = await runChain([{}], [http(1, { url: `${server.base}/list`, options: { splitIntoItems: true } })]);
    expect(jsonOf(split, 'HTTP')).toEqual([{ id: 1 }, { id: 2 }]);
    const missing = await runChain([{}], [http(1, { url: `${server.base}/missing` })]);
    expect(errorOf(missing, 'HTTP')).toMatchObject({ message: 'The resource you are requesting could not be found', httpCode: '404' });
    const ignored = await runChain([{}], [http(1, { url: `${server.base}/missing`, options: { ignoreResponseCode: true } })]);
    expect(jsonOf(ignored, 'HTTP')).toEqual([{ message: 'no such thing' }]);
  });
});

describe('HTTP Request: Ignore SSL Issues', () => {
  let certDir: string;
  let tls: HttpsServer;
  let base: string;
  beforeAll(async () => {
    certDir = mkdtempSync(join(tmpdir(), 'http-cert-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(certDir, 'k.pem'), '-out', join(certDir, 'c.pem'), '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
    tls = createHttpsServer({ key: readFileSync(join(certDir, 'k.pem')), cert: readFileSync(join(certDir, 'c.pem')) }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"secure":"enough"}');
    });
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    base = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    tls.closeAllConnections();
    await new Promise<void>((r) => tls.close(() => r()));
    rmSync(certDir, { recursive: true, force: true });
  });

  it('a self-signed certificate fails, unless Ignore SSL Issues is on (4.2 option, 1 and 2 top-level parameter)', async () => {
    const refused = await runChain([{}], [http(4.2, { url: base, options: {} })]);
    expect(errorOf(refused, 'HTTP')?.message).toMatch(/certificate/i);
    const v4 = await runChain([{}], [http(4.2, { url: base, options: { allowUnauthorizedCerts: true } })]);
    expect(jsonOf(v4, 'HTTP')).toEqual([{ secure: 'enough' }]);
    const v1 = await runChain([{}], [http(1, { url: base, allowUnauthorizedCerts: true, responseFormat: 'json', options: {} })]);
    expect(jsonOf(v1, 'HTTP')).toEqual([{ secure: 'enough' }]);
    const v1Refused = await runChain([{}], [http(1, { url: base, responseFormat: 'json', options: {} })]);
    expect(errorOf(v1Refused, 'HTTP')?.message).toMatch(/certificate/i);
  });
});
