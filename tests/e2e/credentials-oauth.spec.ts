// OAuth 2 in the editor, end to end (spec 002 §4, §8, §9), against the real server and a real
// OpenID Connect provider on 127.0.0.1 (tests/support/oidcProvider.ts: oidc-provider, and a
// resource server that accepts only live access tokens): an HTTP Request node's 'Create New'
// opens the modal, Connect saves, the server answers the authorization URL, a 500×700 popup
// signs in at the provider, our callback posts 'success' and the modal says 'Account
// connected'; the node's run reaches the resource server with the token; after the token
// expires the run refreshes it; a refused refresh marks the credential 'reconnect' (the node's
// selector and the modal say so) and Reconnect connects it again. A credential whose
// authorization URL cannot be made gives 'OAuth Authorization Error'.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { baseUrl, links, n, node, openNew, toast, TYPES } from './editing-helpers.ts';
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

async function openNdv(page: Page, name: string): Promise<void> {
  const b = (await node(page, name).boundingBox())!;
  await page.mouse.dblclick(b.x + b.width / 2, b.y + b.height / 2);
  await expect(page.getByTestId('ndv')).toBeVisible();
}

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
