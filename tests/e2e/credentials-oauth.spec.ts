// OAuth 2 in the editor, end to end (spec 002 §4, §8, §9), against the real server and a real
// OpenID Connect provider on 127.0.0.1 (tests/support/oidcProvider.ts: oidc-provider, and a
// resource server that accepts only live access tokens): an HTTP Request node's 'Create New'
// opens the modal, Connect saves, the server answers the authorization URL, a 500×700 popup
// signs in at the provider, our callback posts 'success' and the modal says 'Account
// connected'; the node's run reaches the resource server with the token; after the token
// expires the run refreshes it; a refused refresh marks the credential 'reconnect' (the node's
// selector and the modal say so) and Reconnect connects it again. OAuth 1 the same way against
// a small provider here that checks every HMAC-SHA1 signature (RFC 5849) and asks the user to
// authorize in the popup. A credential whose authorization URL cannot be made gives 'OAuth
// Authorization Error'.
import { expect, test, type Page } from '@playwright/test';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { baseUrl, links, n, openNdv, openNew, toast, TYPES } from './editing-helpers.ts';
import { loginInBrowser, startOidcProvider, type OidcProvider } from '../support/oidcProvider.ts';

const SHOTS = 'test-results/credentials-ui';
mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Access tokens live this long: the test waits past it to see a refresh. */
const TOKEN_TTL_S = 4;
let idp: OidcProvider;

test.beforeAll(async ({ request }) => {
  const settings = (await (await request.get(`${baseUrl()}rest/settings`)).json()).data as { oauthCallbackUrls: { oauth2: string } };
  idp = await startOidcProvider({ redirectUris: [settings.oauthCallbackUrls.oauth2], accessTokenTtl: TOKEN_TTL_S });
});

test.afterAll(async () => {
  await idp?.stop();
});

type Win = { __switchyard: { workflow: { runData?: Record<string, Array<{ error?: { message?: string }; data?: { main: Array<Array<{ json: Record<string, unknown> }>> } }>> } } };

async function runAndRead(page: Page): Promise<{ json?: Record<string, unknown>; error?: string }> {
  // The node's present run (if any) is remembered; the new run is the next one, once finished.
  await page.evaluate(() => {
    const w = window as unknown as Win & { __seenRuns?: WeakSet<object> };
    w.__seenRuns ??= new WeakSet();
    const runs = w.__switchyard.workflow.runData?.['HTTP Request'];
    if (runs) w.__seenRuns.add(runs);
  });
  await page.getByTestId('execute-workflow').click();
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const w = window as unknown as Win & RunWin & { __seenRuns: WeakSet<object> };
          const runs = w.__switchyard.workflow.runData?.['HTTP Request'];
          return !!runs && !w.__seenRuns.has(runs) && !w.__switchyard.run.running;
        }),
      { timeout: 60_000 },
    )
    .toBe(true);
  return page.evaluate(() => {
    const run = (window as unknown as Win).__switchyard.workflow.runData?.['HTTP Request']?.[0];
    return { json: run?.data?.main[0]?.[0]?.json, error: run?.error?.message };
  });
}
type RunWin = { __switchyard: { run: { running: boolean } } };

/** Connect in the modal: the popup opens at 500×700, the user signs in at the provider, the popup closes. */
async function connectThroughPopup(page: Page, button: string): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByTestId(button).click();
  const popup = await popupOpened;
  await popup.waitForLoadState('domcontentloaded');
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([500, 700]);
  expect(popup.url().startsWith(idp.issuer)).toBe(true);
  await shot(popup, 'oauth-popup-provider-login');
  const closed = popup.waitForEvent('close');
  // Signed in at the provider already (its session from an earlier connect): only the consent page.
  const login = popup.locator('input[name="login"]');
  const consent = popup.getByRole('button', { name: 'Continue' });
  await expect(login.or(consent).first()).toBeVisible();
  if (await login.isVisible()) await loginInBrowser(popup);
  else await consent.click();
  await closed;
}

test('connect an OAuth2 credential through the popup, run with it, refresh, reconnect', async ({ page }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const tag = Date.now().toString(36);
  await openNew(page, {
    name: `OAuth ${tag}`,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      n('HTTP Request', 'n8n-nodes-base.httpRequest', [520, 300], { url: idp.resourceUrl, authentication: 'genericCredentialType', genericAuthType: 'oAuth2Api', options: {} }, 4.2),
    ],
    connections: links([['Trigger', 'HTTP Request']]),
  });
  await openNdv(page, 'HTTP Request');
  await page.getByTestId('credential-select-oAuth2Api').selectOption({ label: '+ Create New Credential' });
  const dialog = page.getByTestId('credential-edit-dialog');
  await expect(dialog).toBeVisible();
  const input = (name: string) => dialog.getByTestId(`parameter-input-credential.${name}`);
  await input('authUrl').fill(idp.authUrl);
  await input('accessTokenUrl').fill(idp.tokenUrl);
  await input('clientId').fill(idp.clientId);
  await input('clientSecret').fill(idp.clientSecret);
  await input('scope').fill('openid offline_access api:read');
  // Consent is what makes the provider issue a refresh token.
  await input('authQueryParameters').fill('prompt=consent');
  await page.getByTestId('credential-tab-details').click();
  await page.getByTestId('credential-name-input').fill(`OIDC ${tag}`);
  await page.getByTestId('credential-tab-connection').click();
  await expect(page.getByTestId('credential-oauth-connect')).toHaveText('Connect my account');
  await shot(page, 'oauth-not-connected');

  // Connect saves first (POST), then asks for the authorization URL, then the popup.
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/rest/credentials'));
  const authUrl = page.waitForResponse((r) => r.url().includes('/rest/oauth2-credential/auth?id='));
  await connectThroughPopup(page, 'credential-oauth-connect');
  const id = (await (await created).json()).data.id as string;
  expect((await authUrl).status()).toBe(200);
  await expect(page.getByTestId('credential-oauth-connected')).toContainText('Account connected');
  await expect(page.getByTestId('credential-oauth-connect')).toHaveCount(0);
  await shot(page, 'oauth-connected');
  // The server says so too, and never sends the tokens.
  const stored = (await (await page.request.get(`${baseUrl()}rest/credentials/${id}?includeData=true`)).json()).data;
  expect(stored.oauth).toBe('connected');
  expect(JSON.stringify(stored)).not.toContain('access_token');
  expect(idp.grants).toContain('authorization_code');

  // Connected and saved: closing asks nothing; the node got the new credential.
  await page.getByTestId('credential-close').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('credential-select-oAuth2Api').locator('option:checked')).toHaveText(`OIDC ${tag}`);
  await page.getByTestId('ndv-close').click();

  // The run reaches the resource server with the provider's token.
  const first = await runAndRead(page);
  expect(first.error).toBeUndefined();
  expect(first.json).toMatchObject({ client_id: idp.clientId });
  expect(idp.resourceCalls.at(-1)?.accepted).toBe(true);
  await openNdv(page, 'HTTP Request');
  await expect(page.getByTestId('ndv-output')).toContainText(idp.clientId);
  await shot(page, 'oauth-run-output');
  await page.getByTestId('ndv-close').click();

  // The token expires: the next run refreshes it and succeeds.
  const refreshesBefore = idp.grants.filter((g) => g === 'refresh_token').length;
  await page.waitForTimeout((TOKEN_TTL_S + 1) * 1000);
  const second = await runAndRead(page);
  expect(second.error).toBeUndefined();
  expect(second.json).toMatchObject({ client_id: idp.clientId });
  expect(idp.grants.filter((g) => g === 'refresh_token').length).toBeGreaterThan(refreshesBefore);

  // The provider refuses the refresh: the run fails and the credential must be reconnected.
  await idp.revokeRefreshTokens();
  await page.waitForTimeout((TOKEN_TTL_S + 1) * 1000);
  const third = await runAndRead(page);
  expect(third.error).toBeTruthy();
  await expect.poll(async () => (await (await page.request.get(`${baseUrl()}rest/credentials/${id}`)).json()).data.oauth).toBe('reconnect');
  await openNdv(page, 'HTTP Request');
  const reconnect = page.getByTestId('credential-reconnect-oAuth2Api');
  await expect(reconnect).toContainText('must be connected again');
  await shot(page, 'oauth-node-reconnect');
  await page.getByTestId('credential-reconnect-open-oAuth2Api').click();
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('credential-oauth-reconnect-banner')).toContainText('Reconnect this account');
  await shot(page, 'oauth-modal-reconnect');
  // Closing an OAuth credential that is not connected asks first.
  await page.getByTestId('credential-close').click();
  await expect(page.getByTestId('credential-confirm-close')).toContainText('Close without connecting?');
  await page.getByTestId('credential-confirm-keep').click();

  await connectThroughPopup(page, 'credential-oauth-reconnect');
  await expect(page.getByTestId('credential-oauth-connected')).toContainText('Account connected');
  await page.getByTestId('credential-close').click();
  await expect(dialog).toBeHidden();
  await expect(reconnect).toHaveCount(0);
  await page.getByTestId('ndv-close').click();
  const fourth = await runAndRead(page);
  expect(fourth.error).toBeUndefined();
  expect(fourth.json).toMatchObject({ client_id: idp.clientId });
  expect(errors).toEqual([]);
});

test("the authorization URL cannot be made: 'OAuth Authorization Error'", async ({ page }) => {
  const res = await page.request.post(`${baseUrl()}rest/credentials`, {
    data: { name: `Broken OAuth ${Date.now().toString(36)}`, type: 'oAuth2Api', data: { grantType: 'authorizationCode', authUrl: 'not a url', accessTokenUrl: idp.tokenUrl, clientId: 'c', clientSecret: 's' } },
  });
  expect(res.status(), await res.text()).toBe(200);
  const cred = (await res.json()).data as { id: string; name: string };
  await page.goto(`${baseUrl()}workflow`);
  await page.waitForFunction(() => !!(window as unknown as { __switchyardCanvas?: unknown }).__switchyardCanvas);
  await page.getByTestId('sidebar-credentials').click();
  await page.getByTestId('credentials-menu-open').click();
  await page.getByTestId('credentials-row').filter({ hasText: cred.name }).click();
  await expect(page.getByTestId('credential-oauth-connect')).toBeVisible();
  let popups = 0;
  page.on('popup', () => popups++);
  await page.getByTestId('credential-oauth-connect').click();
  await expect(toast(page, 'OAuth Authorization Error')).toContainText('There was a problem generating the authorization URL');
  await expect(toast(page, 'OAuth Authorization Error')).toContainText('not a valid URL');
  expect(popups).toBe(0);
  await shot(page, 'oauth-authorization-error');
});

test('the sign-in window closed before the end: still not connected, Connect works again', async ({ page }) => {
  const res = await page.request.post(`${baseUrl()}rest/credentials`, {
    data: {
      name: `Abandoned OAuth ${Date.now().toString(36)}`,
      type: 'oAuth2Api',
      data: { grantType: 'authorizationCode', authUrl: idp.authUrl, accessTokenUrl: idp.tokenUrl, clientId: idp.clientId, clientSecret: idp.clientSecret, scope: 'openid' },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const cred = (await res.json()).data as { id: string; name: string };
  await page.goto(`${baseUrl()}workflow`);
  await page.waitForFunction(() => !!(window as unknown as { __switchyardCanvas?: unknown }).__switchyardCanvas);
  await page.getByTestId('sidebar-credentials').click();
  await page.getByTestId('credentials-menu-open').click();
  await expect(page.getByTestId('credentials-row').filter({ hasText: cred.name })).toContainText('not connected');
  await page.getByTestId('credentials-row').filter({ hasText: cred.name }).click();
  const connect = page.getByTestId('credential-oauth-connect');
  const popupOpened = page.waitForEvent('popup');
  await connect.click();
  const popup = await popupOpened;
  await expect(connect).toBeDisabled();
  await expect(connect).toHaveText('Waiting for the sign-in window…');
  await popup.close();
  await expect(connect).toBeEnabled();
  await expect(connect).toHaveText('Connect my account');
  await expect(page.getByTestId('credential-oauth-connected')).toHaveCount(0);
  expect((await (await page.request.get(`${baseUrl()}rest/credentials/${cred.id}`)).json()).data.oauth).toBe('notConnected');
});

// ---- OAuth 1 -------------------------------------------------------------------------------

const CONSUMER_KEY = 'e2e-consumer';
const CONSUMER_SECRET = 'e2e consumer&secret';

/** RFC 3986 unreserved characters stay, every other byte is %XX (RFC 5849 §3.6). */
function pct(s: string): string {
  return [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

/** A three-legged OAuth 1 provider: request token, the user's authorization page, access token, a resource. */
class OAuth1Provider {
  base = '';
  server!: Server;
  readonly requestTokens = new Map<string, { secret: string; callback: string; verifier?: string }>();
  readonly accessTokens = new Map<string, string>();
  readonly seenNonces = new Set<string>();
  readonly refusals: string[] = [];

  /** RFC 5849 §3.4: the signature over what arrived, with the consumer's and the token's secret. */
  signed(req: IncomingMessage, body: string, tokenSecret: (t: string) => string | undefined): Record<string, string> | undefined {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('OAuth ')) return this.refuse('no OAuth header');
    const oauth: Record<string, string> = {};
    for (const m of header.slice(6).matchAll(/([^=,\s]+)="([^"]*)"/g)) oauth[decodeURIComponent(m[1])] = decodeURIComponent(m[2]);
    if (oauth.oauth_consumer_key !== CONSUMER_KEY || oauth.oauth_signature_method !== 'HMAC-SHA1') return this.refuse('consumer or method');
    const nonce = `${oauth.oauth_timestamp}/${oauth.oauth_nonce}`;
    if (!oauth.oauth_nonce || this.seenNonces.has(nonce) || Math.abs(Number(oauth.oauth_timestamp) - Date.now() / 1000) > 300) return this.refuse('nonce or timestamp');
    this.seenNonces.add(nonce);
    const secret = oauth.oauth_token ? tokenSecret(oauth.oauth_token) : '';
    if (secret === undefined) return this.refuse('unknown token');
    const url = new URL(req.url ?? '/', this.base);
    const params: Array<[string, string]> = [...url.searchParams];
    if ((req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) params.push(...new URLSearchParams(body));
    for (const [k, v] of Object.entries(oauth)) if (k !== 'oauth_signature' && k !== 'realm') params.push([k, v]);
    const normalized = params
      .map(([k, v]) => `${pct(k)}=${pct(v)}`)
      .sort()
      .join('&');
    const base = [req.method ?? 'GET', pct(`${url.protocol}//${url.host}${url.pathname}`), pct(normalized)].join('&');
    const expected = Buffer.from(createHmac('sha1', `${pct(CONSUMER_SECRET)}&${pct(secret)}`).update(base).digest('base64'));
    const sent = Buffer.from(oauth.oauth_signature ?? '');
    if (expected.length !== sent.length || !timingSafeEqual(expected, sent)) return this.refuse('signature mismatch');
    return oauth;
  }

  refuse(why: string): undefined {
    this.refusals.push(why);
    return undefined;
  }

  handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', this.base);
    const form = (status: number, data: Record<string, string>) => {
      res.writeHead(status, { 'content-type': 'application/x-www-form-urlencoded' });
      res.end(new URLSearchParams(data).toString());
    };
    switch (url.pathname) {
      case '/request_token': {
        const o = this.signed(req, body, () => undefined);
        if (!o?.oauth_callback) return form(401, { error: 'refused' });
        const token = `rt${this.requestTokens.size + 1}`;
        this.requestTokens.set(token, { secret: `${token}-secret`, callback: o.oauth_callback });
        return form(200, { oauth_token: token, oauth_token_secret: `${token}-secret`, oauth_callback_confirmed: 'true' });
      }
      case '/authorize': {
        // The user's page: what asks for access, and a button to allow it.
        const token = url.searchParams.get('oauth_token') ?? '';
        if (!this.requestTokens.has(token)) return form(400, { error: 'unknown request token' });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        // Its script also posts 'success' to the editor: a message from another origin must not count.
        return void res.end(
          `<!doctype html><title>Authorize</title><h1>Allow "Switchyard" to use your account?</h1><form action="/approve" method="get"><input type="hidden" name="oauth_token" value="${token}"><button type="submit">Allow</button></form>` +
            `<script>window.opener && window.opener.postMessage('success', '*'); document.title = 'posted';</script>`,
        );
      }
      case '/approve': {
        const token = url.searchParams.get('oauth_token') ?? '';
        const rt = this.requestTokens.get(token);
        if (!rt) return form(400, { error: 'unknown request token' });
        rt.verifier = `v${Date.now().toString(36)}`;
        const back = new URL(rt.callback);
        back.searchParams.set('oauth_token', token);
        back.searchParams.set('oauth_verifier', rt.verifier);
        res.writeHead(302, { location: back.toString() });
        return void res.end();
      }
      case '/access_token': {
        const o = this.signed(req, body, (t) => this.requestTokens.get(t)?.secret);
        const rt = o ? this.requestTokens.get(o.oauth_token) : undefined;
        if (!o || !rt?.verifier || o.oauth_verifier !== rt.verifier) return form(401, { error: 'refused' });
        this.requestTokens.delete(o.oauth_token);
        const token = `at${this.accessTokens.size + 1}`;
        this.accessTokens.set(token, `${token}-secret`);
        return form(200, { oauth_token: token, oauth_token_secret: `${token}-secret` });
      }
      case '/resource': {
        const o = this.signed(req, body, (t) => this.accessTokens.get(t));
        res.writeHead(o ? 200 : 401, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify(o ? { signedWith: o.oauth_token, query: url.searchParams.get('q') } : { error: 'unauthorized' }));
      }
    }
    res.writeHead(404);
    res.end();
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => this.handle(req, res, body));
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

test('connect an OAuth1 credential through the popup and run a signed request with it', async ({ page }) => {
  test.setTimeout(180_000);
  const provider = new OAuth1Provider();
  await provider.start();
  try {
    const tag = Date.now().toString(36);
    await openNew(page, {
      name: `OAuth1 ${tag}`,
      nodes: [
        n('Trigger', TYPES.trigger, [240, 300]),
        n('HTTP Request', 'n8n-nodes-base.httpRequest', [520, 300], { url: `${provider.base}/resource?q=hello`, authentication: 'genericCredentialType', genericAuthType: 'oAuth1Api', options: {} }, 4.2),
      ],
      connections: links([['Trigger', 'HTTP Request']]),
    });
    await openNdv(page, 'HTTP Request');
    await page.getByTestId('credential-select-oAuth1Api').selectOption({ label: '+ Create New Credential' });
    const dialog = page.getByTestId('credential-edit-dialog');
    const input = (name: string) => dialog.getByTestId(`parameter-input-credential.${name}`);
    await input('authUrl').fill(`${provider.base}/authorize`);
    await input('accessTokenUrl').fill(`${provider.base}/access_token`);
    await input('requestTokenUrl').fill(`${provider.base}/request_token`);
    await input('consumerKey').fill(CONSUMER_KEY);
    await input('consumerSecret').fill(CONSUMER_SECRET);
    await input('signatureMethod').selectOption({ label: 'HMAC-SHA1' });
    await page.getByTestId('credential-tab-details').click();
    await page.getByTestId('credential-name-input').fill(`OAuth1 ${tag}`);
    await page.getByTestId('credential-tab-connection').click();

    const authUrl = page.waitForResponse((r) => r.url().includes('/rest/oauth1-credential/auth?id='));
    const popupOpened = page.waitForEvent('popup');
    await page.getByTestId('credential-oauth-connect').click();
    expect((await authUrl).status()).toBe(200);
    const popup = await popupOpened;
    await popup.waitForLoadState('domcontentloaded');
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([500, 700]);
    await expect(popup.getByRole('heading')).toContainText('Allow "Switchyard" to use your account?');
    // The provider's page posted 'success' from its own origin: ignored, still not connected.
    await expect(popup).toHaveTitle('posted');
    await page.waitForTimeout(1000);
    await expect(page.getByTestId('credential-oauth-connected')).toHaveCount(0);
    await expect(page.getByTestId('credential-oauth-connect')).toBeVisible();
    await shot(popup, 'oauth1-popup-authorize');
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Allow' }).click();
    await closed;
    await expect(page.getByTestId('credential-oauth-connected')).toContainText('Account connected');
    await shot(page, 'oauth1-connected');
    await page.getByTestId('credential-close').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('credential-select-oAuth1Api').locator('option:checked')).toHaveText(`OAuth1 ${tag}`);
    await page.getByTestId('ndv-close').click();

    // The run's request is signed with the access token the callback stored.
    const run = await runAndRead(page);
    expect(run.error).toBeUndefined();
    expect(run.json).toEqual({ signedWith: 'at1', query: 'hello' });
    expect(provider.refusals).toEqual([]);
  } finally {
    await provider.stop();
  }
});
