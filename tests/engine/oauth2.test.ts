// OAuth 2 at request time against a real OpenID Connect provider (oidc-provider on 127.0.0.1)
// and a resource server that checks each bearer token by introspection: bearer sending, refresh
// on expiry and on a 401, single flight, a refused refresh ('reconnect'), client credentials
// fetched once and cached, a hanging token endpoint.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startOidcProvider, type OidcProvider } from '../support/oidcProvider.ts';
import { clearOAuth2Cache, oauth2AccessToken, requestToken, sendWithOAuth2, tokenClientOf, RECONNECT_MESSAGE, type OAuth2RequestContext, type OAuth2TokenData } from '../../src/engine/auth/oauth2.ts';
import { defaultHttpRequest } from '../../src/engine/http.ts';
import type { INode } from '../../src/model/workflow.ts';
import type { IDataObject } from '../../src/model/workflow.ts';

const REDIRECT = 'http://127.0.0.1:1/rest/oauth2-credential/callback';
let idp: OidcProvider;
let credentials: IDataObject;

const node: INode = { id: 'n1', name: 'HTTP Request', type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, position: [0, 0], parameters: {}, credentials: { oAuth2Api: { id: 'cred-1', name: 'c' } } };

function context(tokenData: OAuth2TokenData | undefined, stored: Array<OAuth2TokenData | null>, extra: Partial<OAuth2RequestContext> = {}): OAuth2RequestContext {
  return {
    credentialType: 'oAuth2Api',
    credentials: { ...credentials, oauthTokenData: tokenData },
    node,
    send: (o) => defaultHttpRequest(o, new AbortController().signal),
    store: async (t) => void stored.push(t),
    ...extra,
  };
}

/** A real authorization-code sign-in: the provider's pages, then the code exchanged. */
async function connect(): Promise<OAuth2TokenData> {
  const url = new URL(idp.authUrl);
  url.search = new URLSearchParams({ client_id: idp.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid offline_access', state: 's', prompt: 'consent' }).toString();
  const back = new URL(await idp.signIn(url.toString()));
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();
  return requestToken(tokenClientOf(credentials), { grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT });
}

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: [REDIRECT], accessTokenTtl: 3600 });
  credentials = { grantType: 'authorizationCode', authUrl: idp.authUrl, accessTokenUrl: idp.tokenUrl, clientId: idp.clientId, clientSecret: idp.clientSecret, scope: 'openid offline_access', authentication: 'header' };
});
afterAll(async () => idp?.stop());
beforeEach(() => clearOAuth2Cache());

describe('OAuth 2 bearer and refresh', () => {
  it('sends the stored token as Bearer; the resource server accepts it', async () => {
    const token = await connect();
    expect(token.refresh_token).toBeTruthy();
    expect(token.expires_at).toBeGreaterThan(Date.now());
    const stored: Array<OAuth2TokenData | null> = [];
    const res = await sendWithOAuth2(context(token, stored), { url: idp.resourceUrl, json: true });
    expect(res.statusCode).toBe(200);
    expect((res.body as { sub: string }).sub).toBe('alice');
    expect(stored).toEqual([]);
  });

  it('refreshes an expired token before the request, stores it, keeps the refresh token', async () => {
    const token = await connect();
    const stored: Array<OAuth2TokenData | null> = [];
    const before = idp.grants.filter((g) => g === 'refresh_token').length;
    const res = await sendWithOAuth2(context({ ...token, expires_at: Date.now() - 1000 }, stored), { url: idp.resourceUrl });
    expect(res.statusCode).toBe(200);
    expect(idp.grants.filter((g) => g === 'refresh_token').length).toBe(before + 1);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.access_token).not.toBe(token.access_token);
    expect(stored[0]!.refresh_token).toBe(token.refresh_token);
    expect(stored[0]!.expires_at).toBeGreaterThan(Date.now());
  });

  it('a 401 from the resource refreshes once and retries; the retry carries the new token', async () => {
    const token = await connect();
    const stored: Array<OAuth2TokenData | null> = [];
    // A token the provider no longer knows, not yet expired by its expires_at.
    const revoked = { ...token, access_token: 'not-a-live-token' };
    const calls = idp.resourceCalls.length;
    const res = await sendWithOAuth2(context(revoked, stored), { url: idp.resourceUrl });
    expect(res.statusCode).toBe(200);
    const mine = idp.resourceCalls.slice(calls);
    expect(mine.map((c) => c.accepted)).toEqual([false, true]);
    expect(mine[1].token).toBe(stored[0]!.access_token);
  });

  it('concurrent requests with an expired token refresh once (single flight)', async () => {
    const token = await connect();
    const stored: Array<OAuth2TokenData | null> = [];
    const before = idp.grants.filter((g) => g === 'refresh_token').length;
    const expired = { ...token, expires_at: Date.now() - 1000 };
    const results = await Promise.all(Array.from({ length: 10 }, () => sendWithOAuth2(context(expired, stored), { url: idp.resourceUrl })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(idp.grants.filter((g) => g === 'refresh_token').length).toBe(before + 1);
    expect(stored).toHaveLength(1);
    // A later item that still holds the old token (read before the refresh was stored) uses the new one.
    await sendWithOAuth2(context(expired, stored), { url: idp.resourceUrl });
    expect(idp.grants.filter((g) => g === 'refresh_token').length).toBe(before + 1);
  });

  it('a refused refresh (invalid_grant) stores null and says the credential must be reconnected, no secrets', async () => {
    const token = await connect();
    await idp.revokeRefreshTokens();
    const stored: Array<OAuth2TokenData | null> = [];
    const err = await sendWithOAuth2(context({ ...token, expires_at: Date.now() - 1000 }, stored), { url: idp.resourceUrl }).then((): Error & { description?: string } => new Error('no error'), (e: unknown) => e as Error & { description?: string });
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe(RECONNECT_MESSAGE);
    expect(err.description).toContain('invalid_grant');
    expect(stored).toEqual([null]);
    const text = `${err.message} ${err.description}`;
    for (const secret of [idp.clientSecret, token.refresh_token!, token.access_token!]) expect(text).not.toContain(secret);
  });

  it("a credential marked 'reconnect' (no stored token) does not fall back to a token this process refreshed", async () => {
    const token = await connect();
    const stored: Array<OAuth2TokenData | null> = [];
    expect((await sendWithOAuth2(context({ ...token, expires_at: Date.now() - 1000 }, stored), { url: idp.resourceUrl })).statusCode).toBe(200);
    expect(stored).toHaveLength(1);
    await expect(oauth2AccessToken(context(undefined, []))).rejects.toThrow('The OAuth2 credential is not connected');
  });

  it('no token yet on an authorization-code credential: not connected', async () => {
    await expect(oauth2AccessToken(context(undefined, []))).rejects.toThrow('The OAuth2 credential is not connected');
  });
});

describe('OAuth 2 client credentials', () => {
  it('gets a token at first use, stores it, reuses it from memory, fetches again after a 401', async () => {
    const cc = { ...credentials, grantType: 'clientCredentials', scope: 'api:read', authentication: 'body' };
    const stored: Array<OAuth2TokenData | null> = [];
    const ctx = () => ({ ...context(undefined, stored), credentials: { ...cc } });
    const before = idp.grants.filter((g) => g === 'client_credentials').length;
    for (let i = 0; i < 3; i++) expect((await sendWithOAuth2(ctx(), { url: idp.resourceUrl })).statusCode).toBe(200);
    expect(idp.grants.filter((g) => g === 'client_credentials').length).toBe(before + 1);
    expect(stored).toHaveLength(1);
    expect(idp.resourceCalls.at(-1)!.accepted).toBe(true);
    // The token is revoked at the provider: the resource answers 401, a new one is fetched.
    const token = await idp.provider.ClientCredentials.find(stored[0]!.access_token!);
    await token!.destroy();
    expect((await sendWithOAuth2(ctx(), { url: idp.resourceUrl })).statusCode).toBe(200);
    expect(idp.grants.filter((g) => g === 'client_credentials').length).toBe(before + 2);
    expect(stored).toHaveLength(2);
  });

  it('a wrong client secret fails with the provider error, not the secret', async () => {
    const err = await oauth2AccessToken({ ...context(undefined, []), credentials: { ...credentials, grantType: 'clientCredentials', clientSecret: 'wrong-secret-value' } }).catch((e: Error) => e);
    expect(err.message).toMatch(/client credentials.*invalid_client/);
    expect(err.message).not.toContain('wrong-secret-value');
  });
});

describe('token endpoint time-out', () => {
  let hang: Server;
  let url: string;
  beforeAll(async () => {
    hang = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(hang.address() as AddressInfo).port}/token`;
  });
  afterAll(async () => {
    hang.closeAllConnections();
    await new Promise((r) => hang.close(r));
  });

  it('a token endpoint that does not answer fails in bounded time with a clear message', async () => {
    const started = Date.now();
    const err = await oauth2AccessToken({ ...context(undefined, []), credentials: { ...credentials, grantType: 'clientCredentials', accessTokenUrl: url }, tokenTimeoutMs: 500 }).catch((e: Error) => e);
    expect(err.message).toContain('the token endpoint did not answer in 500 ms');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe("n8n's extra OAuth2 fields", () => {
  let server: Server;
  let base = '';
  const tokenBodies: string[] = [];
  let resourceStatus = 403;
  beforeAll(async () => {
    let n = 0;
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.url === '/token') {
          tokenBodies.push(Buffer.concat(chunks).toString());
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ access_token: `tok-${++n}`, expires_in: 3600 }));
        }
        const ok = req.headers.authorization === `Bearer tok-${n}` && n > 1;
        res.writeHead(ok ? 200 : resourceStatus, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('Additional Body Properties join the client-credentials form; Token Expired Status Code 403 refreshes on a 403', async () => {
    const creds = { grantType: 'clientCredentials', accessTokenUrl: `${base}/token`, clientId: 'c', clientSecret: 's', authentication: 'body', sendAdditionalBodyProperties: true, additionalBodyProperties: '{"audience":"https://api.example.com","grant_type":"ignored"}', tokenExpiredStatusCode: 403 };
    const stored: Array<OAuth2TokenData | null> = [];
    const res = await sendWithOAuth2({ ...context(undefined, stored), credentials: creds }, { url: `${base}/api` });
    expect(res.statusCode).toBe(200);
    expect(tokenBodies).toHaveLength(2);
    const form = new URLSearchParams(tokenBodies[0]);
    expect(form.get('audience')).toBe('https://api.example.com');
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('client_id')).toBe('c');
    expect(stored.map((t) => t!.access_token)).toEqual(['tok-1', 'tok-2']);
    clearOAuth2Cache();
    const bad = await oauth2AccessToken({ ...context(undefined, []), credentials: { ...creds, additionalBodyProperties: '{"secret-ish": ' } }).then(() => new Error('no error'), (e: Error) => e);
    expect(bad.message).toContain('Additional Body Properties cannot be used: they are not valid JSON');
  });
});
