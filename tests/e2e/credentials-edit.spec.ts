// The credential edit modal (spec 002 §2, §4, §5, §8, §9) against the real server: 70 % × 80 %,
// the Connection / Details / Sharing (coming soon) tabs, each property type a credential type
// declares (string, password, number, boolean, options, notice, json, hidden, display rules),
// the generated names, the name rules, required fields after blur and on save, the banners
// (check the errors, couldn't connect with details and Retry, success) with the automatic test
// after save against a real SMTP server (smtp-server on 127.0.0.1, with a login), the close
// confirmations (unsaved changes; OAuth not connected) and the docs link rule.
import { expect, test, type Page, type Request } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { baseUrl, toast } from './editing-helpers.ts';

const SHOTS = 'test-results/credentials-ui';
mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const SMTP_USER = 'mailer';
const SMTP_PASSWORD = 'right horse battery';
let smtp: SMTPServer;
let smtpPort = 0;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise<void>((r) => smtp.close(() => r()));
});

async function openEditor(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}workflow`);
  await page.waitForFunction(() => !!(window as unknown as { __switchyardCanvas?: unknown }).__switchyardCanvas);
}

/** Sidebar → Credentials → New → the picker → the type → the edit modal in 'new' mode. */
async function newCredential(page: Page, search: string, displayName: string): Promise<void> {
  await page.getByTestId('sidebar-credentials').click();
  await page.getByTestId('credentials-menu-new').click();
  const picker = page.getByTestId('credential-select-dialog');
  await expect(picker).toBeVisible();
  await picker.getByTestId('credential-type-search').fill(search);
  await picker.getByRole('option', { name: displayName, exact: true }).click();
  await picker.getByTestId('credential-select-continue').click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('credential-edit-dialog')).toBeVisible();
  await expect(page.getByTestId('credential-edit-name')).not.toHaveText('Loading…');
}

const input = (page: Page, name: string) => page.getByTestId('credential-edit-dialog').getByTestId(`parameter-input-credential.${name}`);
const field = (page: Page, name: string) => page.getByTestId('credential-edit-dialog').getByTestId(`parameter-credential.${name}`);

async function closeDiscarding(page: Page): Promise<void> {
  await page.getByTestId('credential-close').click();
  const ask = page.getByTestId('credential-confirm-close');
  if (await ask.isVisible().catch(() => false)) await page.getByTestId('credential-confirm-discard').click();
  await expect(page.getByTestId('credential-edit-dialog')).toBeHidden();
}

test.describe.configure({ mode: 'serial' });

test('SMTP: size, tabs, string/password/number/boolean and a display rule, required fields, name rules, banners, the automatic test', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openEditor(page);
  await newCredential(page, 'smtp', 'SMTP');
  const dialog = page.getByTestId('credential-edit-dialog');
  // Generated name: the display name + ' account' (made unique by the server).
  await expect(page.getByTestId('credential-edit-name')).toHaveText(/^SMTP account( \d+)?$/);
  // 70 % × 80 % of the window.
  const box = (await page.locator('.cred-dialog').boundingBox())!;
  expect(Math.round(box.width)).toBe(Math.round(1440 * 0.7));
  expect(Math.round(box.height)).toBe(Math.round(900 * 0.8));
  // The docs link: a relative documentationUrl goes to the docs site.
  await expect(dialog.getByTestId('credential-docs-link')).toHaveAttribute('href', 'https://docs.n8n.io/integrations/builtin/credentials/sendEmail/');

  // The property types SMTP declares.
  await expect(input(page, 'password')).toHaveAttribute('type', 'password');
  await expect(input(page, 'port')).toHaveValue('465');
  await expect(input(page, 'secure')).toBeVisible();
  // Disable STARTTLS shows only with SSL/TLS off.
  await expect(field(page, 'disableStartTls')).toHaveCount(0);
  await input(page, 'secure').click();
  await expect(field(page, 'disableStartTls')).toBeVisible();
  await shot(page, 'edit-smtp-new');

  // Host is required: not said before the user leaves it, said after.
  await expect(field(page, 'host')).not.toContainText('This field is required');
  await input(page, 'host').focus();
  await input(page, 'port').focus();
  await expect(field(page, 'host')).toContainText('This field is required');
  await shot(page, 'edit-required-after-blur');

  // Closing with unsaved changes asks; declining keeps the dialog (and the warnings).
  await page.getByTestId('credential-close').click();
  const ask = page.getByTestId('credential-confirm-close');
  await expect(ask).toContainText('Close without saving?');
  await expect(ask).toContainText('Are you sure you want to throw away the changes you made to the SMTP credential?');
  await shot(page, 'edit-confirm-unsaved');
  await page.getByTestId('credential-confirm-keep').click();
  await expect(ask).toBeHidden();
  await expect(dialog).toBeVisible();

  // Save with Host empty: 'Please check the errors below', nothing sent.
  let posted: Request | undefined;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/rest/credentials')) posted = r;
  });
  await page.getByTestId('credential-save').click();
  await expect(page.getByTestId('credential-banner')).toContainText('Please check the errors below');
  // The required-field message with the docs link (spec 002 §5).
  await expect(page.getByTestId('credential-banner')).toContainText('Host: this field is required.');
  await expect(page.getByTestId('credential-banner').getByRole('link', { name: 'Open docs' })).toHaveAttribute('href', 'https://docs.n8n.io/integrations/builtin/credentials/sendEmail/');
  expect(posted).toBeUndefined();
  await shot(page, 'edit-banner-check-errors');

  // Details: the name. Emptied → 'Untitled Credential' with the warning; at most 64 characters.
  await page.getByTestId('credential-tab-details').click();
  const name = page.getByTestId('credential-name-input');
  await name.fill('');
  await name.blur();
  await expect(name).toHaveValue('Untitled Credential');
  await expect(page.getByTestId('credential-name-warning')).toHaveText('Credential name cannot be empty');
  await shot(page, 'edit-name-empty-warning');
  await name.fill('x'.repeat(80));
  await expect(name).toHaveValue('x'.repeat(64));
  const unique = `SMTP ${Date.now().toString(36)}`;
  await name.fill(unique);
  await expect(page.getByTestId('credential-name-warning')).toHaveCount(0);
  await expect(dialog).toContainText('Allow use by');
  await shot(page, 'edit-details');

  // Sharing: the coming-soon tab.
  await page.getByTestId('credential-tab-sharing').click();
  await expect(page.getByTestId('credential-sharing')).toContainText('Sharing is coming soon');
  await shot(page, 'edit-sharing-coming-soon');

  // A wrong password: saved, then tested at once — the banner with the server's reason and Retry.
  await page.getByTestId('credential-tab-connection').click();
  await input(page, 'host').fill('127.0.0.1');
  await input(page, 'port').fill(String(smtpPort));
  await input(page, 'user').fill(SMTP_USER);
  await input(page, 'password').fill('wrong');
  const tested = page.waitForResponse((r) => r.url().endsWith('/rest/credentials/test'));
  await page.getByTestId('credential-save').click();
  await tested;
  const banner = page.getByTestId('credential-banner');
  await expect(banner).toContainText("Couldn't connect with these settings");
  await expect(banner).toContainText('Invalid username or password');
  await expect(page.getByTestId('credential-save')).toHaveText('Saved');
  await shot(page, 'edit-banner-couldnt-connect');
  // Retry tests again (the stored credential, same answer).
  const retried = page.waitForResponse((r) => r.url().endsWith('/rest/credentials/test'));
  await page.getByTestId('credential-banner-retry').click();
  expect((await (await retried).json()).data.status).toBe('Error');
  await expect(banner).toContainText("Couldn't connect with these settings");

  // The right password: saved and tested successfully.
  await input(page, 'password').fill(SMTP_PASSWORD);
  const ok = page.waitForResponse((r) => r.url().endsWith('/rest/credentials/test'));
  await page.getByTestId('credential-save').click();
  expect((await (await ok).json()).data.status).toBe('OK');
  await expect(banner).toContainText('Connection tested successfully');
  await shot(page, 'edit-banner-success');

  // Closed with nothing unsaved: no question. Opened again: the stored values, the secret not shown.
  await page.getByTestId('credential-close').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('sidebar-credentials').click();
  await page.getByTestId('credentials-menu-open').click();
  await page.getByTestId('credentials-row').filter({ hasText: unique }).click();
  await expect(input(page, 'host')).toHaveValue('127.0.0.1');
  await expect(input(page, 'password')).toHaveValue('');
  await expect(input(page, 'password')).toHaveAttribute('placeholder', 'Saved – type to replace');
  await page.getByTestId('credential-tab-details').click();
  await expect(page.getByTestId('credential-info')).toContainText('Last modified');
  await shot(page, 'edit-smtp-stored');
  // Delete from the modal: asked, then gone from the list under it.
  await page.getByTestId('credential-delete').click();
  await expect(page.getByTestId('credential-delete-dialog')).toContainText(`Are you sure you want to delete "${unique}" credential?`);
  await page.getByTestId('credential-delete-dialog-confirm').click();
  await expect(toast(page, 'Credential deleted')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('credentials-row').filter({ hasText: unique })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('OAuth2 API: options and display rules by grant type, the redirect URL, the not-connected close question', async ({ page }) => {
  await openEditor(page);
  const settings = (await (await page.request.get(`${baseUrl()}rest/settings`)).json()).data as { oauthCallbackUrls: { oauth1: string; oauth2: string } };
  await newCredential(page, 'oauth2', 'OAuth2 API');
  await expect(page.getByTestId('credential-edit-name')).toHaveText(/^Unnamed credential( \d+)?$/);
  const dialog = page.getByTestId('credential-edit-dialog');
  // Authorization code (the default): OAuth — redirect URL and Connect.
  await expect(input(page, 'grantType').locator('option:checked')).toHaveText('Authorization Code');
  await expect(field(page, 'authUrl')).toBeVisible();
  await expect(page.getByTestId('credential-oauth-callback')).toContainText(settings.oauthCallbackUrls.oauth2);
  await expect(page.getByTestId('credential-oauth-connect')).toHaveText('Connect my account');
  await shot(page, 'edit-oauth2-authorization-code');
  // Click To Copy puts the redirect URL on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseUrl()).origin });
  await page.getByTestId('credential-oauth-callback-copy').click();
  await expect(toast(page, 'Redirect URL copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(settings.oauthCallbackUrls.oauth2);
  // Client credentials: no user consent — no Authorization URL, redirect URL or Connect.
  await input(page, 'grantType').selectOption({ label: 'Client Credentials' });
  await expect(field(page, 'authUrl')).toHaveCount(0);
  await expect(page.getByTestId('credential-oauth-callback')).toHaveCount(0);
  await expect(page.getByTestId('credential-oauth-connect')).toHaveCount(0);
  await shot(page, 'edit-oauth2-client-credentials');
  await input(page, 'grantType').selectOption({ label: 'PKCE' });
  await expect(page.getByTestId('credential-oauth-connect')).toBeVisible();

  // Saved but not connected: closing asks 'Close without connecting?'; declining shows what is missing.
  await input(page, 'authUrl').fill('http://127.0.0.1:9/auth');
  await input(page, 'accessTokenUrl').fill('http://127.0.0.1:9/token');
  await input(page, 'clientId').fill('client');
  await input(page, 'clientSecret').fill('secret');
  await page.getByTestId('credential-save').click();
  await expect(page.getByTestId('credential-save')).toHaveText('Saved');
  await page.getByTestId('credential-close').click();
  const ask = page.getByTestId('credential-confirm-close');
  await expect(ask).toContainText('Close without connecting?');
  await expect(ask).toContainText('You need to connect your credential for it to work');
  await shot(page, 'edit-confirm-not-connected');
  await page.getByTestId('credential-confirm-discard').click();
  await expect(dialog).toBeHidden();

  // OAuth1: the oauth1 redirect URL.
  await newCredential(page, 'oauth1', 'OAuth1 API');
  await expect(page.getByTestId('credential-oauth-callback')).toContainText(settings.oauthCallbackUrls.oauth1);
  await expect(input(page, 'signatureMethod')).toBeVisible();
  await shot(page, 'edit-oauth1');
  await closeDiscarding(page);
});

test('Google OAuth2: hidden properties are not shown but sent; the Sign in with Google button', async ({ page }) => {
  await openEditor(page);
  await newCredential(page, 'google', 'Google OAuth2 API');
  await expect(page.getByTestId('credential-edit-name')).toHaveText(/^Google OAuth2 API account( \d+)?$/);
  // Grant type, URLs and client authentication are Google's, hidden.
  for (const hidden of ['grantType', 'authUrl', 'accessTokenUrl', 'authQueryParameters', 'authentication']) await expect(field(page, hidden)).toHaveCount(0);
  await expect(input(page, 'clientId')).toBeVisible();
  const button = page.getByTestId('credential-oauth-connect');
  await expect(button.locator('img')).toHaveAttribute('alt', 'Sign in with Google');
  // The image is served and drawn (not a broken image).
  expect(await button.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shot(page, 'edit-google-button');
  await input(page, 'clientId').fill('google-client');
  await input(page, 'clientSecret').fill('google-secret');
  const created = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/rest/credentials'));
  await page.getByTestId('credential-save').click();
  const sent = (await created).postDataJSON() as { data: Record<string, unknown> };
  expect(sent.data.authUrl).toBe('https://accounts.google.com/o/oauth2/v2/auth');
  expect(sent.data.grantType).toBe('authorizationCode');
  expect(sent.data.authQueryParameters).toBe('access_type=offline&prompt=consent');
  await expect(page.getByTestId('credential-save')).toHaveText('Saved');
  await page.getByTestId('credential-close').click();
  await page.getByTestId('credential-confirm-discard').click();
});

test('Bearer Auth shows its notice; Custom Auth edits JSON with validation', async ({ page }) => {
  await openEditor(page);
  await newCredential(page, 'bearer', 'Bearer Auth');
  await expect(page.getByTestId('credential-edit-dialog').locator('.param-notice')).toContainText('This credential uses the "Authorization" header');
  await expect(input(page, 'token')).toHaveAttribute('type', 'password');
  await shot(page, 'edit-notice');
  await closeDiscarding(page);

  await newCredential(page, 'custom', 'Custom Auth');
  const json = input(page, 'json');
  await expect(json).toHaveAttribute('data-state', 'ready');
  // Declining to close shows what is still required.
  await expect(field(page, 'json')).not.toContainText('This field is required');
  await page.getByTestId('credential-tab-details').click();
  await page.getByTestId('credential-name-input').fill(`Custom ${Date.now().toString(36)}`);
  await page.getByTestId('credential-close').click();
  await page.getByTestId('credential-confirm-keep').click();
  await expect(field(page, 'json')).toContainText('This field is required');
  // Required: saving empty says so.
  await page.getByTestId('credential-save').click();
  await expect(page.getByTestId('credential-banner')).toContainText('JSON: this field is required.');
  await json.locator('.code-input-monaco').click();
  // Typed as a user types (monaco closes brackets and quotes, typing the closer steps over it).
  await page.keyboard.type('{"headers": {"X-Key": abc');
  await expect(json.getByTestId('code-lint-error')).toContainText('Invalid JSON');
  // Not saved while it is not JSON.
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/rest/credentials')) posted = true;
  });
  await page.getByTestId('credential-save').click();
  await expect(page.getByTestId('credential-banner')).toContainText('JSON: not valid JSON.');
  expect(posted).toBe(false);
  await shot(page, 'edit-json-invalid');
  await json.locator('.code-input-monaco').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type('{"headers": {"X-Key": "abc"}}');
  await expect(json.getByTestId('code-lint-error')).toHaveCount(0);
  const created = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/rest/credentials'));
  await page.getByTestId('credential-save').click();
  expect(JSON.parse(((await created).postDataJSON() as { data: { json: string } }).data.json)).toEqual({ headers: { 'X-Key': 'abc' } });
  await expect(page.getByTestId('credential-save')).toHaveText('Saved');
  await shot(page, 'edit-json-valid');
  await page.getByTestId('credential-close').click();
  await expect(page.getByTestId('credential-edit-dialog')).toBeHidden();
});
