// OAuth 2 end to end through real HTTP: our auth URL → a real OpenID Connect provider's sign-in
// (oidc-provider, its pages followed with a cookie jar) → our callback → tokens stored encrypted
// → an HTTP Request workflow authenticated at a resource server that introspects each token →
// expiry and refresh stored → a 401 and a refused refresh ('reconnect'). Bad input: a state that
// does not match (CSRF), a provider error, a deleted credential, a hanging token endpoint, another
// user's state; PKCE; client credentials.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { live, node, webhookNode, workflow, chain, type Live } from './triggerHelpers.ts';
import { startOidcProvider, type OidcProvider } from '../support/oidcProvider.ts';
import { clearOAuth2Cache } from '../../src/engine/auth/oauth2.ts';
import { redactUrl } from '../../src/server/app.ts';

let t: Live;
let idp: OidcProvider;
let callbackUrl: string;

interface Row {
  id: string;
  data: string;
  oauthTokenData: string | null;
  updatedAt: string;
}

async function row(id: string): Promise<Row | undefined> {
  return (await t.s.server.db.selectFrom('credentials').select(['id', 'data', 'oauthTokenData', 'updatedAt']).where('id', '=', id).executeTakeFirst()) as Row | undefined;
}

function oauth2Data(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    grantType: 'authorizationCode',
    authUrl: idp.authUrl,
    accessTokenUrl: idp.tokenUrl,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    scope: 'openid offline_access',
    authQueryParameters: 'prompt=consent',
    authentication: 'header',
    ...extra,
  };
}

let seq = 0;
async function credential(data: Record<string, unknown>, type = 'oAuth2Api'): Promise<{ id: string; name: string }> {
  const name = `OAuth ${++seq}`;
  const r = await t.api('POST', '/credentials', { name, type, data });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: r.body.data.id as string, name };
}

async function authUrl(id: string): Promise<URL> {
  const r = await t.api('GET', `/oauth2-credential/auth?id=${id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return new URL(r.body.data as string);
}

/** Our auth URL, the provider's sign-in, and our callback: the callback's answer. */
async function connect(id: string): Promise<{ status: number; html: string }> {
  const back = await idp.signIn((await authUrl(id)).toString());
  expect(back.startsWith(callbackUrl)).toBe(true);
  const r = await fetch(back);
  return { status: r.status, html: await r.text() };
}

/** Webhook → HTTP Request (OAuth2 generic credential) → the resource server; the webhook's answer. */
async function runRequest(path: string, cred: { id: string; name: string }, type = 'oAuth2Api'): Promise<{ status: number; body: any }> {
  const hook = webhookNode({ path, httpMethod: 'GET', responseMode: 'lastNode' });
  const req = node('HTTP Request', 'n8n-nodes-base.httpRequest', 4.2, { url: idp.resourceUrl, authentication: 'genericCredentialType', genericAuthType: type, options: {} }, { credentials: { [type]: cred } });
  await t.activate(workflow(`oauth ${path}`, [hook, req], chain(hook, req)));
  const r = await t.hook(path);
  const text = await r.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: r.status, body };
}

async function lastError(workflowName: string): Promise<string> {
  const list = (await t.api('GET', '/executions')).body.data.results as Array<{ id: string; workflowName: string }>;
  const e = list.find((x) => x.workflowName === workflowName)!;
  const full = (await t.api('GET', `/executions/${e.id}`)).body.data;
  return JSON.stringify(full.data.resultData.error);
}

beforeAll(async () => {
  t = await live();
  callbackUrl = (await t.api('GET', '/settings')).body.data.oauthCallbackUrls.oauth2 as string;
  idp = await startOidcProvider({ redirectUris: [callbackUrl], accessTokenTtl: 3600 });
});
afterAll(async () => {
  await t?.dispose();
  await idp?.stop();
});

describe('OAuth 2 authorization code', () => {
  let cred: { id: string; name: string };

  it('the auth URL carries client, redirect, code, scope, state and the extra query; no PKCE for authorizationCode', async () => {
    cred = await credential(oauth2Data());
    expect((await t.api('GET', `/credentials/${cred.id}`)).body.data.oauth).toBe('notConnected');
    const url = await authUrl(cred.id);
    expect(`${url.origin}${url.pathname}`).toBe(idp.authUrl);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(idp.clientId);
    expect(q.get('redirect_uri')).toBe(callbackUrl);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid offline_access');
    expect(q.get('prompt')).toBe('consent');
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(40);
    expect(q.get('code_challenge')).toBeNull();
    // Two asks, two states.
    expect((await authUrl(cred.id)).searchParams.get('state')).not.toBe(q.get('state'));
  });

  it('sign-in → callback stores the tokens encrypted, answers the success page, and reports connected', async () => {
    const r = await connect(cred.id);
    expect(r.status).toBe(200);
    expect(r.html).toContain(`postMessage('success',${JSON.stringify(new URL(t.url).origin)})`);
    expect(r.html).toContain('window.close()');
    const stored = await row(cred.id);
    expect(stored!.oauthTokenData).toMatch(/^v1:/);
    const one = (await t.api('GET', `/credentials/${cred.id}`)).body.data;
    expect(one.oauth).toBe('connected');
    const list = (await t.api('GET', '/credentials')).body.data as Array<{ id: string; oauth?: string }>;
    expect(list.find((c) => c.id === cred.id)!.oauth).toBe('connected');
    // Never the tokens, not even with includeData.
    const withData = JSON.stringify((await t.api('GET', `/credentials/${cred.id}?includeData=true`)).body);
    expect(withData).not.toMatch(/access_token|refresh_token|oauthTokenData/);
  });

  it('an HTTP Request workflow is authenticated with the stored token; the token is not in the database in plaintext', async () => {
    const r = await runRequest('oauth-ok', cred);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.sub).toBe('alice');
    const used = idp.resourceCalls.at(-1)!;
    expect(used.accepted).toBe(true);
    const stored = await row(cred.id);
    expect(stored!.oauthTokenData).not.toContain(used.token);
    expect(stored!.data).not.toContain(idp.clientSecret);
    // Nor in the execution's stored data.
    const list = (await t.api('GET', '/executions')).body.data.results as Array<{ id: string }>;
    const full = JSON.stringify((await t.api('GET', `/executions/${list[0].id}`)).body);
    expect(full).not.toContain(used.token);
  });

  it('an expired token is refreshed before the request and the refresh is stored', async () => {
    // The provider says the token lasts an hour; make the stored expires_at say it has passed.
    const before = await row(cred.id);
    const { CredentialCipher } = await import('../../src/server/credentials/cipher.ts');
    const key = (await import('node:fs')).readFileSync(`${t.s.dataDir}/encryptionKey`, 'utf8').trim();
    const cipher = new CredentialCipher(key);
    const tokens = JSON.parse(cipher.decrypt(before!.oauthTokenData!, cred.id));
    await t.s.server.db.updateTable('credentials').set({ oauthTokenData: cipher.encrypt(JSON.stringify({ ...tokens, expires_at: Date.now() - 1000 }), cred.id) }).where('id', '=', cred.id).execute();
    clearOAuth2Cache();
    const refreshes = idp.grants.filter((g) => g === 'refresh_token').length;
    const r = await runRequest('oauth-expired', cred);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(idp.grants.filter((g) => g === 'refresh_token').length).toBe(refreshes + 1);
    const after = JSON.parse(cipher.decrypt((await row(cred.id))!.oauthTokenData!, cred.id));
    expect(after.access_token).not.toBe(tokens.access_token);
    expect(after.refresh_token).toBe(tokens.refresh_token);
    expect(after.expires_at).toBeGreaterThan(Date.now());
    expect(idp.resourceCalls.at(-1)!.token).toBe(after.access_token);
    // A refresh is not an edit: updatedAt stays.
    expect((await row(cred.id))!.updatedAt).toBe(before!.updatedAt);
  });

  it('a 401 from the resource (token revoked at the provider) refreshes once and the retry succeeds', async () => {
    const used = idp.resourceCalls.at(-1)!.token;
    const token = await idp.provider.AccessToken.find(used);
    await token!.destroy();
    clearOAuth2Cache();
    const calls = idp.resourceCalls.length;
    const r = await runRequest('oauth-401', cred);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(idp.resourceCalls.slice(calls).map((c) => c.accepted)).toEqual([false, true]);
  });

  it('a refused refresh marks the credential reconnect and fails the run saying so', async () => {
    const used = idp.resourceCalls.at(-1)!.token;
    await (await idp.provider.AccessToken.find(used))!.destroy();
    await idp.revokeRefreshTokens();
    clearOAuth2Cache();
    const r = await runRequest('oauth-refused', cred);
    expect(r.status).toBe(500);
    const error = await lastError('oauth oauth-refused');
    expect(error).toContain('The OAuth2 credential must be reconnected');
    expect(error).not.toContain(idp.clientSecret);
    expect((await row(cred.id))!.oauthTokenData).toBe('reconnect');
    expect((await t.api('GET', `/credentials/${cred.id}`)).body.data.oauth).toBe('reconnect');
    // Connecting again clears it.
    expect((await connect(cred.id)).status).toBe(200);
    expect((await t.api('GET', `/credentials/${cred.id}`)).body.data.oauth).toBe('connected');
  });

  it('changing the client secret of a connected credential keeps its tokens (as n8n)', async () => {
    const r = await t.api('PATCH', `/credentials/${cred.id}`, { data: { ...oauth2Data(), scope: 'openid offline_access api:read' } });
    expect(r.status).toBe(200);
    expect((await t.api('GET', `/credentials/${cred.id}`)).body.data.oauth).toBe('connected');
  });
});

describe('OAuth 2 callback refusals store nothing', () => {
  it('a state we did not issue (CSRF), or one used twice, is refused', async () => {
    const cred = await credential(oauth2Data());
    const forged = await fetch(`${callbackUrl}?code=abc&state=forged-state`);
    expect(forged.status).toBe(400);
    const html = await forged.text();
    expect(html).toContain('OAuth Authorization Error');
    expect(html).toContain('does not match');
    expect((await row(cred.id))!.oauthTokenData).toBeNull();
    // A real sign-in's redirect replayed after it was used.
    const back = await idp.signIn((await authUrl(cred.id)).toString());
    expect((await fetch(back)).status).toBe(200);
    await t.s.server.db.updateTable('credentials').set({ oauthTokenData: null }).where('id', '=', cred.id).execute();
    const replay = await fetch(back);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('does not match');
    expect((await row(cred.id))!.oauthTokenData).toBeNull();
  });

  it('a provider error (access_denied) is shown with its description', async () => {
    const cred = await credential(oauth2Data());
    const state = (await authUrl(cred.id)).searchParams.get('state')!;
    const r = await fetch(`${callbackUrl}?error=access_denied&error_description=${encodeURIComponent('The user said <no>')}&state=${state}`);
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(html).toContain('OAuth Authorization Error');
    expect(html).toContain('access_denied: The user said &lt;no&gt;');
    expect((await row(cred.id))!.oauthTokenData).toBeNull();
  });

  it('a credential deleted while the user signs in: error page, nothing stored', async () => {
    const cred = await credential(oauth2Data());
    const back = await idp.signIn((await authUrl(cred.id)).toString());
    expect((await t.api('DELETE', `/credentials/${cred.id}`)).status).toBe(200);
    const r = await fetch(back);
    expect(r.status).toBe(404);
    expect(await r.text()).toContain('The credential no longer exists');
    expect(await row(cred.id)).toBeUndefined();
  });

  it('a token endpoint that hangs: the callback answers within its 15 s bound, nothing stored', async () => {
    const hang: Server = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    try {
      const cred = await credential(oauth2Data({ accessTokenUrl: `http://127.0.0.1:${(hang.address() as AddressInfo).port}/token` }));
      const back = await idp.signIn((await authUrl(cred.id)).toString());
      const started = Date.now();
      const r = await fetch(back);
      const took = Date.now() - started;
      expect(r.status).toBe(502);
      expect(await r.text()).toMatch(/the token endpoint did not answer in 15 s/i);
      expect(took).toBeGreaterThanOrEqual(14_000);
      expect(took).toBeLessThan(20_000);
      expect((await row(cred.id))!.oauthTokenData).toBeNull();
    } finally {
      hang.closeAllConnections();
      await new Promise((r) => hang.close(r));
    }
  }, 30_000);

  it('the token endpoint refusing the code (wrong client secret) shows its error', async () => {
    const cred = await credential(oauth2Data({ clientSecret: 'not-the-secret' }));
    const back = await idp.signIn((await authUrl(cred.id)).toString());
    const r = await fetch(back);
    expect(r.status).toBe(502);
    const html = await r.text();
    expect(html).toContain('invalid_client');
    expect(html).not.toContain('not-the-secret');
    expect((await row(cred.id))!.oauthTokenData).toBeNull();
  });

  it('auth URL refusals: unknown id 404, a non-OAuth2 credential 400, client credentials 400', async () => {
    expect((await t.api('GET', '/oauth2-credential/auth?id=nope')).status).toBe(404);
    const header = await credential({ name: 'X-Key', value: 'v' }, 'httpHeaderAuth');
    expect((await t.api('GET', `/oauth2-credential/auth?id=${header.id}`)).status).toBe(400);
    const cc = await credential(oauth2Data({ grantType: 'clientCredentials' }));
    const r = await t.api('GET', `/oauth2-credential/auth?id=${cc.id}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('clientCredentials');
    expect((await t.api('GET', '/oauth2-credential/auth')).status).toBe(400);
  });
});

describe('the request log', () => {
  it('redacts the callback query (code, state, OAuth 1 token and verifier)', () => {
    expect(redactUrl('/rest/oauth2-credential/callback?code=abc&state=def&iss=x')).toBe('/rest/oauth2-credential/callback?code=[redacted]&state=[redacted]&iss=x');
    expect(redactUrl('/rest/oauth1-credential/callback?state=s&oauth_token=t&oauth_verifier=v')).toBe('/rest/oauth1-credential/callback?state=[redacted]&oauth_token=[redacted]&oauth_verifier=[redacted]');
  });
});

describe('PKCE and client credentials', () => {
  it('PKCE: S256 challenge in the auth URL, the verifier sent with the code (the provider checks it)', async () => {
    const cred = await credential(oauth2Data({ grantType: 'pkce' }));
    const url = await authUrl(cred.id);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const back = await idp.signIn(url.toString());
    const r = await fetch(back);
    expect(r.status, await r.clone().text()).toBe(200);
    expect((await t.api('GET', `/credentials/${cred.id}`)).body.data.oauth).toBe('connected');
    const run = await runRequest('oauth-pkce', cred);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
  });

  it('client credentials: no connection (no oauth state); the token is fetched at first use and stored', async () => {
    // No Authorization URL: Client Credentials hides it, so it is not required.
    const cred = await credential(oauth2Data({ grantType: 'clientCredentials', scope: 'api:read', authentication: 'body', authUrl: undefined, authQueryParameters: undefined }));
    expect((await t.api('GET', `/credentials/${cred.id}`)).body.data.oauth).toBeUndefined();
    const before = idp.grants.filter((g) => g === 'client_credentials').length;
    const r = await runRequest('oauth-cc', cred);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.client_id).toBe(idp.clientId);
    expect(idp.grants.filter((g) => g === 'client_credentials').length).toBe(before + 1);
    expect((await row(cred.id))!.oauthTokenData).toMatch(/^v1:/);
    // Cached: a second run asks for no new token.
    expect((await t.hook('oauth-cc')).status).toBe(200);
    expect(idp.grants.filter((g) => g === 'client_credentials').length).toBe(before + 1);
  });
});

describe('a service type extending oAuth2Api (microsoftOAuth2Api), as a Predefined Credential Type', () => {
  let idpPost: OidcProvider;
  beforeAll(async () => {
    // Microsoft's hidden Authentication is 'body': a client registered for client_secret_post.
    idpPost = await startOidcProvider({ redirectUris: [callbackUrl], tokenEndpointAuthMethod: 'client_secret_post', clientId: 'ms-like' });
  });
  afterAll(async () => idpPost?.stop());

  it("uses the type's hidden values (response_mode=query, body auth), connects, and authenticates HTTP Request", async () => {
    const r = await t.api('POST', '/credentials', { name: 'Microsoft-like', type: 'microsoftOAuth2Api', data: { authUrl: idpPost.authUrl, accessTokenUrl: idpPost.tokenUrl, clientId: idpPost.clientId, clientSecret: idpPost.clientSecret, scope: 'openid' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const cred = { id: r.body.data.id as string, name: 'Microsoft-like' };
    expect((await t.api('GET', `/credentials/${cred.id}`)).body.data.oauth).toBe('notConnected');
    const url = await authUrl(cred.id);
    expect(url.searchParams.get('response_mode')).toBe('query');
    const back = await idpPost.signIn(url.toString());
    const done = await fetch(back);
    expect(done.status, await done.clone().text()).toBe(200);
    expect((await t.api('GET', `/credentials/${cred.id}`)).body.data.oauth).toBe('connected');

    const hook = webhookNode({ path: 'oauth-ms', httpMethod: 'GET', responseMode: 'lastNode' });
    const req = node('HTTP Request', 'n8n-nodes-base.httpRequest', 4.2, { url: idpPost.resourceUrl, authentication: 'predefinedCredentialType', nodeCredentialType: 'microsoftOAuth2Api', options: {} }, { credentials: { microsoftOAuth2Api: cred } });
    await t.activate(workflow('oauth ms', [hook, req], chain(hook, req)));
    const res = await t.hook('oauth-ms');
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.client_id).toBe('ms-like');
    expect(idpPost.resourceCalls.at(-1)!.accepted).toBe(true);
  });
});
