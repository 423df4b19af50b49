// HTTP Request 4.3 and 4.4 (n8n's differences from 4.2), against local servers:
//   4.3: a name given twice in query, header or form-urlencoded fields keeps every value;
//   4.4: credentials do not follow a redirect to another origin unless the option says so.
// Two servers on different ports are two origins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IDataObject } from '../../src/model/workflow.ts';
import { errorOf, jsonOf, registry, runChain } from './helpers.ts';
import { json, startServer, type SeenRequest } from './httpServer.ts';

let a: Awaited<ReturnType<typeof startServer>>;
let b: Awaited<ReturnType<typeof startServer>>;

/** What the request looked like on arrival. */
const echo = (req: SeenRequest, res: import('node:http').ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      method: req.method,
      url: req.url,
      body: req.body,
      contentType: req.headers['content-type'] ?? null,
      auth: req.headers.authorization ?? null,
      cookie: req.headers.cookie ?? null,
      keep: req.headers['x-keep'] ?? null,
      tag: req.headers['x-tag'] ?? null,
    }),
  );
};

const redirect = (status: number, to: () => string) => (_req: SeenRequest, res: import('node:http').ServerResponse) => {
  res.writeHead(status, { location: to() });
  res.end();
};

beforeAll(async () => {
  b = await startServer({ '/land': echo, '/back': redirect(302, () => `${a.base}/echo`) });
  a = await startServer({
    '/echo': echo,
    '/cross': redirect(302, () => `${b.base}/land`),
    '/same': redirect(302, () => '/echo'),
    '/cross-and-back': redirect(302, () => `${b.base}/back`),
    '/see-other': redirect(303, () => `${b.base}/land`),
    '/loop': redirect(302, () => '/loop'),
    '/missing': json(404, { message: 'no such thing' }),
  });
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const http = (typeVersion: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name: 'HTTP',
  type: 'n8n-nodes-base.httpRequest',
  typeVersion,
  parameters,
  ...extra,
});

const withCredentials = (byType: Record<string, IDataObject>) => ({
  runOptions: {
    getCredentials: async (type: string) => {
      if (!byType[type]) throw new Error(`no ${type}`);
      return byType[type];
    },
  },
});

const first = async (...args: Parameters<typeof runChain>) => {
  const run = await runChain(...args);
  const error = errorOf(run, 'HTTP');
  if (error) throw new Error(`HTTP failed: ${error.message}`);
  return jsonOf(run, 'HTTP')[0] as Record<string, unknown>;
};

describe('HTTP Request 4.3 / 4.4 description', () => {
  it('offers 3 to 4.4 in one type, 4.4 by default, with the cross-origin credentials option', () => {
    for (const v of [3, 4, 4.1, 4.2, 4.3, 4.4]) expect(registry.get('n8n-nodes-base.httpRequest', v)).toBeDefined();
    expect(registry.get('n8n-nodes-base.httpRequest', 4.5)).toBeUndefined();
    const d = registry.get('n8n-nodes-base.httpRequest', 4.4)!.description;
    expect(d.defaultVersion).toBe(4.4);
    const options = d.properties.find((p) => p.name === 'options')!.options as Array<{ name: string; default?: unknown; displayName?: string }>;
    const option = options.find((o) => o.name === 'sendCredentialsOnCrossOriginRedirect');
    expect(option).toMatchObject({ displayName: 'Send Credentials on Cross-Origin Redirect', default: false });
  });
});

describe('HTTP Request 4.3: repeated names keep every value', () => {
  const twice = (name: string) => ({ parameters: [{ name, value: 'a' }, { name, value: 'b' }, { name: 'one', value: '1' }] });

  it('query: an array, name[]=a&name[]=b by default; the last value before 4.3', async () => {
    const params = { url: `${a.base}/echo`, sendQuery: true, queryParameters: twice('tag') };
    const v43 = new URL((await first([{}], [http(4.3, params)])).url as string, a.base).searchParams;
    expect(v43.getAll('tag[]')).toEqual(['a', 'b']);
    expect(v43.get('one')).toBe('1');
    const v42 = new URL((await first([{}], [http(4.2, params)])).url as string, a.base).searchParams;
    expect(v42.getAll('tag')).toEqual(['b']);
    expect(v42.has('tag[]')).toBe(false);
  });

  it('query: the Array Format option decides how the values are written', async () => {
    const run = (format: string) => first([{}], [http(4.4, { url: `${a.base}/echo`, sendQuery: true, queryParameters: twice('tag'), options: { queryParameterArrays: format } })]);
    expect(new URL((await run('repeat')).url as string, a.base).searchParams.getAll('tag')).toEqual(['a', 'b']);
    expect(new URL((await run('indices')).url as string, a.base).searchParams.get('tag[1]')).toBe('b');
    expect(new URL((await run('brackets')).url as string, a.base).searchParams.getAll('tag[]')).toEqual(['a', 'b']);
  });

  it('headers: both values arrive (one field, joined); the last one before 4.3', async () => {
    const params = { url: `${a.base}/echo`, sendHeaders: true, headerParameters: twice('X-Tag') };
    expect((await first([{}], [http(4.3, params)])).tag).toBe('a, b');
    expect((await first([{}], [http(4.2, params)])).tag).toBe('b');
  });

  it('form-urlencoded body: tag[0]=a&tag[1]=b (qs indices, as n8n writes forms); the last one before 4.3', async () => {
    const params = { method: 'POST', url: `${a.base}/echo`, sendBody: true, contentType: 'form-urlencoded', bodyParameters: twice('tag') };
    const v44 = await first([{}], [http(4.4, params)]);
    expect(v44.contentType).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(v44.body as string);
    expect([form.get('tag[0]'), form.get('tag[1]'), form.get('one')]).toEqual(['a', 'b', '1']);
    expect(new URLSearchParams((await first([{}], [http(4.2, params)])).body as string).getAll('tag')).toEqual(['b']);
  });

  it('JSON body fields are unchanged: a repeated name is still one value (nested paths as in 4.x)', async () => {
    const params = { method: 'POST', url: `${a.base}/echo`, sendBody: true, bodyParameters: { parameters: [{ name: 'x.y', value: '1' }, { name: 'x.y', value: '2' }] } };
    expect(JSON.parse((await first([{}], [http(4.4, params)])).body as string)).toEqual({ x: { y: '2' } });
  });
});

describe('HTTP Request 4.4: credentials stay on their origin across redirects', () => {
  const bearer = withCredentials({ httpBearerAuth: { token: 's3cret' }, httpBasicAuth: { user: 'u', password: 'p' } });
  const auth = (type = 'httpBearerAuth') => ({ authentication: 'genericCredentialType', genericAuthType: type });
  const ownHeaders = {
    sendHeaders: true,
    headerParameters: { parameters: [{ name: 'Cookie', value: 'sid=1' }, { name: 'X-Keep', value: 'yes' }] },
  };

  it('a redirect to another origin arrives without the credential, cookie or Authorization; other headers go on', async () => {
    const landed = await first([{}], [http(4.4, { url: `${a.base}/cross`, ...auth(), ...ownHeaders })], bearer);
    expect(landed.url).toBe('/land');
    expect(landed).toMatchObject({ auth: null, cookie: null, keep: 'yes' });
    // The first hop had them.
    const firstHop = a.seen.filter((r) => r.url === '/cross').at(-1)!;
    expect(firstHop.headers.authorization).toBe('Bearer s3cret');
    expect(firstHop.headers.cookie).toBe('sid=1');
  });

  it('Basic auth and a node-set Authorization header are dropped too', async () => {
    expect((await first([{}], [http(4.4, { url: `${a.base}/cross`, ...auth('httpBasicAuth') })], bearer)).auth).toBeNull();
    const own = { url: `${a.base}/cross`, sendHeaders: true, headerParameters: { parameters: [{ name: 'Authorization', value: 'Token abc' }] } };
    expect((await first([{}], [http(4.4, own)])).auth).toBeNull();
  });

  it('same-origin redirects keep them', async () => {
    const landed = await first([{}], [http(4.4, { url: `${a.base}/same`, ...auth(), ...ownHeaders })], bearer);
    expect(landed).toMatchObject({ url: '/echo', auth: 'Bearer s3cret', cookie: 'sid=1' });
  });

  it('once dropped they stay dropped, also when a later hop comes back to the first origin', async () => {
    const landed = await first([{}], [http(4.4, { url: `${a.base}/cross-and-back`, ...auth() })], bearer);
    expect(landed).toMatchObject({ url: '/echo', auth: null });
  });

  it('Authorization and Cookie set on the node: 4.4 drops them, the option or 4.2 / 4.3 send them on', async () => {
    const own = (options: Record<string, unknown> = {}) => ({
      url: `${a.base}/cross`,
      sendHeaders: true,
      headerParameters: { parameters: [{ name: 'Authorization', value: 'Token abc' }, { name: 'Cookie', value: 'sid=1' }] },
      options,
    });
    expect(await first([{}], [http(4.4, own())])).toMatchObject({ auth: null, cookie: null });
    expect(await first([{}], [http(4.4, own({ sendCredentialsOnCrossOriginRedirect: true }))])).toMatchObject({ auth: 'Token abc', cookie: 'sid=1' });
    for (const v of [4.2, 4.3]) expect(await first([{}], [http(v, own())])).toMatchObject({ auth: 'Token abc', cookie: 'sid=1' });
    expect(await first([{}], [http(4.2, own({ sendCredentialsOnCrossOriginRedirect: false }))])).toMatchObject({ auth: null, cookie: null });
  });

  it("a credential's own headers never cross origins, whatever the version or option (the engine's rule)", async () => {
    const on = { url: `${a.base}/cross`, ...auth(), options: { sendCredentialsOnCrossOriginRedirect: true } };
    expect((await first([{}], [http(4.4, on)], bearer)).auth).toBeNull();
    expect((await first([{}], [http(4.2, { url: `${a.base}/cross`, ...auth() })], bearer)).auth).toBeNull();
    expect((await first([{}], [http(4.2, { url: `${a.base}/same`, ...auth() })], bearer)).auth).toBe('Bearer s3cret');
  });

  it('303 after POST goes on as a GET without body or content type', async () => {
    const post = { method: 'POST', url: `${a.base}/see-other`, sendBody: true, specifyBody: 'json', jsonBody: '{"a":1}', ...auth() };
    const landed = await first([{}], [http(4.4, post)], bearer);
    expect(landed).toMatchObject({ method: 'GET', body: '', contentType: null, auth: null });
  });

  it('Follow Redirects off returns the redirect; a redirect loop fails after Max Redirects', async () => {
    const off = { url: `${a.base}/cross`, ...auth(), options: { redirect: { redirect: { followRedirects: false } }, response: { response: { neverError: true, fullResponse: true } } } };
    const answer = await first([{}], [http(4.4, off)], bearer);
    expect(answer.statusCode).toBe(302);
    const before = a.seen.length;
    const loop = await runChain([{}], [http(4.4, { url: `${a.base}/loop`, ...auth(), options: { redirect: { redirect: { followRedirects: true, maxRedirects: 3 } } } })], bearer);
    expect(errorOf(loop, 'HTTP')?.message).toBe('Maximum number of redirects exceeded (3)');
    expect(a.seen.length - before).toBe(4);
  });

  it('a failed 4.4 request goes to the error output (continueErrorOutput), as imported workflows use it', async () => {
    const run = await runChain([{}], [http(4.4, { url: `${a.base}/missing`, options: { response: { response: { responseFormat: 'json' } }, timeout: 10000 } }, { onError: 'continueErrorOutput' })]);
    expect(run.status).toBe('success');
    expect(jsonOf(run, 'HTTP', 0)).toEqual([]);
    expect(jsonOf(run, 'HTTP', 1)).toHaveLength(1);
  });
});
