// OAuth 1 end to end through real HTTP against a local provider written from RFC 5849 (not from
// our client): it verifies the HMAC signature of the request-token, access-token and resource
// requests itself (its own base string, its own percent-encoding), refuses reused nonces and
// stale timestamps, and follows the three-legged flow (§2). Our server gets the request token,
// the "user" authorises, our callback exchanges the verifier, and an HTTP Request workflow
// signs its GET (query) and POST (form body) with the stored token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { live, node, webhookNode, workflow, chain, type Live } from './triggerHelpers.ts';

const CONSUMER_KEY = 'consumer-key-1';
const CONSUMER_SECRET = 'consumer secret/with&specials';

interface Verdict {
  ok: boolean;
  why?: string;
  params: Record<string, string>;
}

/** RFC 3986 percent-encoding as RFC 5849 §3.6 defines it, written out by hand. */
function enc(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c)) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Form decoding (§3.4.1.3.1 refers to HTML 4's application/x-www-form-urlencoded). */
function formPairs(text: string): Array<[string, string]> {
  if (!text) return [];
  return text.split('&').filter(Boolean).map((part) => {
    const eq = part.indexOf('=');
    const dec = (x: string) => decodeURIComponent(x.replace(/\+/g, ' '));
    return eq < 0 ? [dec(part), ''] : [dec(part.slice(0, eq)), dec(part.slice(eq + 1))];
  });
}

class Rfc5849Provider {
  readonly nonces = new Set<string>();
  readonly requestTokens = new Map<string, { secret: string; callback: string; verifier?: string }>();
  readonly accessTokens = new Map<string, string>();
  readonly log: Array<{ path: string; verdict: Verdict }> = [];
  server!: Server;
  base = '';

  /** §3.2: the signature the client sent equals ours over what arrived. */
  verify(req: IncomingMessage, body: string, tokenSecret: (token: string) => string | undefined): Verdict {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('OAuth ')) return { ok: false, why: 'no OAuth header', params: {} };
    const protocol: Record<string, string> = {};
    for (const part of header.slice(6).split(',')) {
      const m = /^\s*([^=\s]+)="([^"]*)"\s*$/.exec(part);
      if (!m) return { ok: false, why: `bad header part ${part}`, params: {} };
      protocol[decodeURIComponent(m[1])] = decodeURIComponent(m[2]);
    }
    const sent = protocol.oauth_signature;
    if (protocol.oauth_consumer_key !== CONSUMER_KEY) return { ok: false, why: 'unknown consumer', params: protocol };
    if (protocol.oauth_signature_method !== 'HMAC-SHA1') return { ok: false, why: 'not HMAC-SHA1', params: protocol };
    if (Math.abs(Number(protocol.oauth_timestamp) - Date.now() / 1000) > 300) return { ok: false, why: 'stale timestamp', params: protocol };
    const nonceKey = `${protocol.oauth_timestamp}:${protocol.oauth_nonce}`;
    if (!protocol.oauth_nonce || this.nonces.has(nonceKey)) return { ok: false, why: 'nonce reused', params: protocol };
    this.nonces.add(nonceKey);
    const secret = protocol.oauth_token ? tokenSecret(protocol.oauth_token) : '';
    if (secret === undefined) return { ok: false, why: 'unknown token', params: protocol };
    const url = new URL(req.url ?? '/', this.base);
    const pairs: Array<[string, string]> = [...formPairs(url.search.slice(1))];
    if ((req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) pairs.push(...formPairs(body));
    for (const [k, v] of Object.entries(protocol)) if (k !== 'oauth_signature' && k !== 'realm') pairs.push([k, v]);
    const normalized = pairs
      .map(([k, v]) => [enc(k), enc(v)])
      .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const baseUri = `http://${url.host.toLowerCase()}${url.pathname}`;
    const baseString = `${(req.method ?? 'GET').toUpperCase()}&${enc(baseUri)}&${enc(normalized)}`;
    const expected = createHmac('sha1', `${enc(CONSUMER_SECRET)}&${enc(secret)}`).update(baseString).digest('base64');
    const a = Buffer.from(expected);
    const b = Buffer.from(sent ?? '');
    if (a.length !== b.length || !timingSafeEqual(a, b)) return { ok: false, why: 'signature mismatch', params: protocol };
    return { ok: true, params: protocol };
  }

  handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', this.base);
    const form = (status: number, data: Record<string, string>) => {
      res.writeHead(status, { 'content-type': 'application/x-www-form-urlencoded' });
      res.end(new URLSearchParams(data).toString());
    };
    if (url.pathname === '/request_token') {
      const v = this.verify(req, body, () => undefined);
      this.log.push({ path: url.pathname, verdict: v });
      if (!v.ok || !v.params.oauth_callback) return form(401, { error: v.why ?? 'no oauth_callback' });
      const token = `rt-${this.requestTokens.size + 1}`;
      this.requestTokens.set(token, { secret: `rts-${token}`, callback: v.params.oauth_callback });
      return form(200, { oauth_token: token, oauth_token_secret: `rts-${token}`, oauth_callback_confirmed: 'true' });
    }
    if (url.pathname === '/authorize') {
      // The user approves at once; §2.2: redirect to the callback with the token and a verifier.
      const rt = this.requestTokens.get(url.searchParams.get('oauth_token') ?? '');
      if (!rt) return form(400, { error: 'unknown request token' });
      rt.verifier = `ver-${Math.random().toString(36).slice(2)}`;
      const cb = new URL(rt.callback);
      cb.searchParams.set('oauth_token', url.searchParams.get('oauth_token')!);
      cb.searchParams.set('oauth_verifier', rt.verifier);
      res.writeHead(302, { location: cb.toString() });
      return void res.end();
    }
    if (url.pathname === '/access_token') {
      const v = this.verify(req, body, (t) => this.requestTokens.get(t)?.secret);
      this.log.push({ path: url.pathname, verdict: v });
      const rt = this.requestTokens.get(v.params.oauth_token ?? '');
      if (!v.ok || !rt || !rt.verifier || v.params.oauth_verifier !== rt.verifier) return form(401, { error: v.why ?? 'bad verifier' });
      this.requestTokens.delete(v.params.oauth_token);
      const token = `at-${this.accessTokens.size + 1}`;
      this.accessTokens.set(token, `ats-${token}`);
      return form(200, { oauth_token: token, oauth_token_secret: `ats-${token}`, user_id: '42' });
    }
    if (url.pathname === '/resource') {
      const v = this.verify(req, body, (t) => this.accessTokens.get(t));
      this.log.push({ path: url.pathname, verdict: v });
      res.writeHead(v.ok ? 200 : 401, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(v.ok ? { ok: true, token: v.params.oauth_token, query: url.search, body } : { error: v.why }));
    }
    res.writeHead(404);
    res.end();
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, res, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

let t: Live;
const p = new Rfc5849Provider();

function data(extra: Record<string, unknown> = {}) {
  return {
    authUrl: `${p.base}/authorize`,
    accessTokenUrl: `${p.base}/access_token`,
    requestTokenUrl: `${p.base}/request_token`,
    consumerKey: CONSUMER_KEY,
    consumerSecret: CONSUMER_SECRET,
    signatureMethod: 'HMAC-SHA1',
    ...extra,
  };
}

async function credential(extra: Record<string, unknown> = {}): Promise<{ id: string; name: string }> {
  const name = `OAuth1 ${Math.random().toString(36).slice(2, 8)}`;
  const r = await t.api('POST', '/credentials', { name, type: 'oAuth1Api', data: data(extra) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: r.body.data.id, name };
}

/** Our auth URL → the provider's authorise redirect → our callback. */
async function connect(id: string): Promise<{ status: number; html: string }> {
  const r = await t.api('GET', `/oauth1-credential/auth?id=${id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const authorize = await fetch(r.body.data, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = await fetch(authorize.headers.get('location')!);
  return { status: back.status, html: await back.text() };
}

beforeAll(async () => {
  await p.start();
  t = await live();
});
afterAll(async () => {
  await t?.dispose();
  await p.stop();
});

describe('OAuth 1 (RFC 5849 three-legged flow)', () => {
  let cred: { id: string; name: string };

  it('the auth URL comes after a signed request-token call whose oauth_callback is our callback with a state', async () => {
    cred = await credential();
    const callback = (await t.api('GET', '/settings')).body.data.oauthCallbackUrls.oauth1 as string;
    const r = await t.api('GET', `/oauth1-credential/auth?id=${cred.id}`);
    expect(r.status).toBe(200);
    const url = new URL(r.body.data);
    expect(`${url.origin}${url.pathname}`).toBe(`${p.base}/authorize`);
    expect(url.searchParams.get('oauth_token')).toMatch(/^rt-/);
    const last = p.log.at(-1)!;
    expect(last.path).toBe('/request_token');
    expect(last.verdict.ok).toBe(true);
    const cb = new URL(last.verdict.params.oauth_callback);
    expect(`${cb.origin}${cb.pathname}`).toBe(callback);
    expect(cb.searchParams.get('state')!.length).toBeGreaterThanOrEqual(40);
    // The request token's secret never reaches the browser.
    expect(r.body.data).not.toContain('rts-');
  });

  it('the callback exchanges the verifier (signed with the request token secret) and stores the tokens encrypted', async () => {
    const r = await connect(cred.id);
    expect(r.status, r.html).toBe(200);
    expect(r.html).toContain("postMessage('success'");
    expect(p.log.at(-1)!.path).toBe('/access_token');
    expect(p.log.at(-1)!.verdict.ok).toBe(true);
    const row = await t.s.server.db.selectFrom('credentials').select('oauthTokenData').where('id', '=', cred.id).executeTakeFirst();
    expect(row!.oauthTokenData).toMatch(/^v1:/);
    expect(row!.oauthTokenData).not.toContain('ats-');
    expect((await t.api('GET', `/credentials/${cred.id}`)).body.data.oauth).toBe('connected');
  });

  it('HTTP Request signs a GET with query parameters and a POST with a form body; the provider verifies both', async () => {
    const hook = webhookNode({ path: 'oauth1-get', httpMethod: 'GET', responseMode: 'lastNode' });
    const get = node('HTTP Request', 'n8n-nodes-base.httpRequest', 4.2, {
      url: `${p.base}/resource?fixed=a+b`,
      authentication: 'genericCredentialType',
      genericAuthType: 'oAuth1Api',
      sendQuery: true,
      queryParameters: { parameters: [{ name: 'q', value: 'hello wörld & more' }] },
      options: {},
    }, { credentials: { oAuth1Api: cred } });
    await t.activate(workflow('oauth1 get', [hook, get], chain(hook, get)));
    const r = await t.hook('oauth1-get');
    const body = await r.json();
    expect(r.status, JSON.stringify(body)).toBe(200);
    expect(body.ok).toBe(true);
    expect(body.token).toMatch(/^at-/);

    const hook2 = webhookNode({ path: 'oauth1-post', httpMethod: 'GET', responseMode: 'lastNode' });
    const post = node('HTTP Request', 'n8n-nodes-base.httpRequest', 4.2, {
      method: 'POST',
      url: `${p.base}/resource`,
      authentication: 'genericCredentialType',
      genericAuthType: 'oAuth1Api',
      sendBody: true,
      contentType: 'form-urlencoded',
      bodyParameters: { parameters: [{ name: 'status', value: 'Hello Ladies + Gentlemen, a signed OAuth request!' }] },
      options: {},
    }, { credentials: { oAuth1Api: cred } });
    await t.activate(workflow('oauth1 post', [hook2, post], chain(hook2, post)));
    const r2 = await t.hook('oauth1-post');
    const body2 = await r2.json();
    expect(r2.status, JSON.stringify(body2)).toBe(200);
    expect(body2.body).toContain('status=');
  });

  it('a callback with a forged state or a foreign request token stores nothing', async () => {
    const other = await credential();
    const callback = (await t.api('GET', '/settings')).body.data.oauthCallbackUrls.oauth1 as string;
    const forged = await fetch(`${callback}?state=forged&oauth_token=rt-1&oauth_verifier=x`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('OAuth Authorization Error');
    // A real state, but another request token than the one it was started with.
    const r = await t.api('GET', `/oauth1-credential/auth?id=${other.id}`);
    const state = new URL(p.log.at(-1)!.verdict.params.oauth_callback).searchParams.get('state')!;
    expect(r.status).toBe(200);
    const swapped = await fetch(`${callback}?state=${state}&oauth_token=rt-1&oauth_verifier=x`);
    expect(swapped.status).toBe(400);
    expect(await swapped.text()).toContain('another request token');
    const row = await t.s.server.db.selectFrom('credentials').select('oauthTokenData').where('id', '=', other.id).executeTakeFirst();
    expect(row!.oauthTokenData).toBeNull();
  });

  it('a wrong consumer secret: the provider refuses the request token and the auth call says so', async () => {
    const bad = await credential({ consumerSecret: 'wrong-consumer-secret' });
    const r = await t.api('GET', `/oauth1-credential/auth?id=${bad.id}`);
    expect(r.status).toBe(502);
    expect(r.body.message).toContain('OAuth Authorization Error');
    expect(r.body.message).toContain('HTTP 401');
    expect(r.body.message).not.toContain('wrong-consumer-secret');
    expect(p.log.at(-1)!.verdict.why).toBe('signature mismatch');
  });

  it('an OAuth1 credential that is not connected fails the run saying so', async () => {
    const fresh = await credential();
    const hook = webhookNode({ path: 'oauth1-unconnected', httpMethod: 'GET', responseMode: 'lastNode' });
    const get = node('HTTP Request', 'n8n-nodes-base.httpRequest', 4.2, { url: `${p.base}/resource`, authentication: 'genericCredentialType', genericAuthType: 'oAuth1Api', options: {} }, { credentials: { oAuth1Api: fresh } });
    await t.activate(workflow('oauth1 unconnected', [hook, get], chain(hook, get)));
    const before = p.log.length;
    expect((await t.hook('oauth1-unconnected')).status).toBe(500);
    expect(p.log.length).toBe(before);
    const list = (await t.api('GET', '/executions')).body.data.results as Array<{ id: string; workflowName: string }>;
    const e = list.find((x) => x.workflowName === 'oauth1 unconnected')!;
    const error = (await t.api('GET', `/executions/${e.id}`)).body.data.data.resultData.error;
    expect(error.message).toContain('The OAuth1 credential is not connected');
  });
});
