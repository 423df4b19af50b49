// An authenticated request that is redirected: the credential follows a hop within its origin,
// never one to another origin (where only the node's own headers go, less Authorization and
// Cookie); 303 continues as GET; too many hops fail. Through HTTP Request 4.2 (which follows
// redirects) and the helper nodes use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChain, jsonOf, errorOf, type TestNode } from '../nodes/helpers.ts';
import { startServer, json, type Handler } from '../nodes/httpServer.ts';
import { sendAuthenticated } from '../../src/engine/auth/index.ts';
import { defaultHttpRequest } from '../../src/engine/http.ts';
import { DEFAULT_LIMITS } from '../../src/engine/types.ts';
import type { IDataObject } from '../../src/model/workflow.ts';

let a: Awaited<ReturnType<typeof startServer>>;
let b: Awaited<ReturnType<typeof startServer>>;
const redirect = (to: () => string, status = 302): Handler => (_req, res) => {
  res.writeHead(status, { location: to() });
  res.end();
};

beforeAll(async () => {
  b = await startServer({ '/landing': json(200, { on: 'b' }) });
  a = await startServer({
    '/same': redirect(() => '/landing'),
    '/away': redirect(() => `${b.base}/landing`),
    '/post-away': redirect(() => `${b.base}/landing`, 303),
    '/loop': redirect(() => '/loop'),
    '/landing': json(200, { on: 'a' }),
  });
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const http = (url: string, genericAuthType: string, extra: Record<string, unknown> = {}): TestNode => ({
  name: 'HTTP Request',
  type: 'n8n-nodes-base.httpRequest',
  typeVersion: 4.2,
  parameters: { url, authentication: 'genericCredentialType', genericAuthType, ...extra },
});
const creds = (map: Record<string, IDataObject>) => ({ getCredentials: async (type: string) => map[type] });

describe('redirects of authenticated requests', () => {
  it('a same-origin hop keeps the credential; a hop to another origin carries neither it nor Authorization, only the node\'s other headers', async () => {
    const same = await runChain([{}], [http(`${a.base}/same`, 'httpBearerAuth')], { runOptions: creds({ httpBearerAuth: { token: 'tok-a' } }) });
    expect(jsonOf(same, 'HTTP Request')).toEqual([{ on: 'a' }]);
    expect(a.seen.at(-1)!.headers.authorization).toBe('Bearer tok-a');

    const custom = { json: JSON.stringify({ headers: { 'X-Partner-Key': 'pk-secret' } }) };
    const headers = { sendHeaders: true, headerParameters: { parameters: [{ name: 'X-Trace', value: 't-1' }, { name: 'Cookie', value: 'session=s' }] } };
    const away = await runChain([{}], [http(`${a.base}/away`, 'httpCustomAuth', headers)], { runOptions: creds({ httpCustomAuth: custom }) });
    expect(errorOf(away, 'HTTP Request')).toBeUndefined();
    expect(jsonOf(away, 'HTTP Request')).toEqual([{ on: 'b' }]);
    expect(a.seen.at(-1)!.headers['x-partner-key']).toBe('pk-secret');
    const atB = b.seen.at(-1)!.headers;
    expect(atB['x-partner-key']).toBeUndefined();
    expect(atB.cookie).toBeUndefined();
    expect(atB['x-trace']).toBe('t-1');

    await runChain([{}], [http(`${a.base}/away`, 'httpBearerAuth')], { runOptions: creds({ httpBearerAuth: { token: 'tok-a' } }) });
    expect(b.seen.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('303 after POST continues as GET without the body; endless redirects fail; followRedirects off returns the 3xx', async () => {
    const env = { limits: DEFAULT_LIMITS, send: (o: Parameters<typeof defaultHttpRequest>[0]) => defaultHttpRequest(o, new AbortController().signal) };
    const r = await sendAuthenticated('httpBearerAuth', { token: 't' }, { url: `${a.base}/post-away`, method: 'POST', body: { x: 1 } }, env);
    expect(r.body).toEqual({ on: 'b' });
    expect(b.seen.at(-1)!.method).toBe('GET');
    expect(b.seen.at(-1)!.body).toBe('');
    await expect(sendAuthenticated('httpBearerAuth', { token: 't' }, { url: `${a.base}/loop`, maxRedirects: 3 }, env)).rejects.toThrow('Maximum number of redirects exceeded (3)');
    const manual = await sendAuthenticated('httpBearerAuth', { token: 't' }, { url: `${a.base}/away`, followRedirects: false }, env);
    expect(manual.statusCode).toBe(302);
  });
});
