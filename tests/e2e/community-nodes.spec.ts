// Settings → Community nodes end to end (spec 000 §2, §6, §8, §9; 002 §2, §4, §5, §8, §9; issue
// 15), against the real server of its own (installing changes its node types, so not the shared
// one), which installs a real package from the npm registry: n8n-nodes-pirate-weather 1.0.1 (about
// 18 KB packed, no dependencies, one declarative node and one credential type).
//
// The default user (setup skipped) opens the page from the sidebar; the empty state's text follows
// the server's package count; the install modal applies its rules before sending (the name is
// stripped of 'npm i ', must start with 'n8n-nodes-', the risk box must be ticked), shows its
// progress while the server installs, shows a 400's message under the field; the new node and its
// credential type reach an editor tab opened before the install through push alone (no reload);
// 'View docs' opens the package's npm page; uninstall takes the node out of that tab again.
// A package built by the test and served by a local npm registry (tests/support/communityPackage.ts)
// is installed at an older version ('name@1.0.0' in the dialog) and updated through the confirm
// dialog. Two more servers: one whose PATH has no npm (the warning; the install button disabled, with its
// tooltip), one with SWITCHYARD_COMMUNITY_PACKAGES_ENABLED=false (no sidebar entry; the address
// leads home). Real packages of each kind from npm (their tarballs served by a local registry) are
// installed through the dialog and run from the editor against a local server; their 'file:'
// icons are drawn on the canvas and in the credential dialog. A real trigger package,
// @formbricks/n8n-nodes-formbricks 1.0.2, is installed through the dialog and used as a person
// would against a local stand-in of the Formbricks API (tests/support/formbricksApi.ts): the node
// from the creator, its credential made and tested in the credential dialog, its survey list
// loaded with it, a test event listened for (the package registers and deletes the test URL at
// the API), the workflow activated with the header's toggle (the package registers the production
// URL), called as Formbricks calls it, the run seen in the executions list and opened, and
// deactivated (the package deletes its webhook at the API).
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAccountServer, type AccountServer } from './accountServer.ts';
import { buildTestPackage, startRegistry } from '../support/communityPackage.ts';
import { packReal, REAL_PACKAGES } from '../support/realPackages.ts';
import { startServer as startHttp, json } from '../nodes/httpServer.ts';
import { startFormbricksApi } from '../support/formbricksApi.ts';
import { openNdv } from './editing-helpers.ts';

const SHOTS = 'test-results/community-nodes';
mkdirSync(SHOTS, { recursive: true });

const PACKAGE = 'n8n-nodes-pirate-weather';
const NODE_TYPE = `${PACKAGE}.pirateWeather`;
const NODE_NAME = 'Pirate Weather';
const CREDENTIAL_TYPE = 'pirateWeatherApi';
const CREDENTIAL_NAME = 'Pirate Weather API';

let server: AccountServer;

test.beforeAll(async () => {
  server = await startAccountServer({ smtp: false });
  // The default user, as an instance on loopback allows (setup skipped).
  const skipped = await fetch(`${server.url}rest/owner/skip-setup`, { method: 'POST', headers: { origin: new URL(server.url).origin } });
  if (!skipped.ok) throw new Error(`Skipping the owner setup failed: ${skipped.status} ${await skipped.text()}`);
});

test.afterAll(async () => {
  await server?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
const toast = (page: Page, title: string | RegExp) => page.getByTestId('toast').filter({ hasText: title });

/** The node creator of an editor tab, searched for the package's node. */
async function creatorFinds(page: Page, search: string): Promise<number> {
  await page.getByTestId('add-node').click();
  const creator = page.getByTestId('node-creator');
  await expect(creator).toBeVisible();
  await page.getByTestId('node-creator-search').fill(search);
  // Let the list settle on the search before counting.
  await page.waitForTimeout(300);
  const count = await creator.locator(`[data-testid="creator-node"][data-node-type="${NODE_TYPE}"]`).count();
  await page.keyboard.press('Escape');
  await expect(creator).toBeHidden();
  return count;
}

/** The credential types the 'new credential' modal offers in an editor tab. */
async function credentialTypesOffer(page: Page, search: string): Promise<string[]> {
  await page.getByTestId('sidebar-credentials').click();
  await page.getByTestId('credentials-menu-new').click();
  await expect(page.getByTestId('credential-select-dialog')).toBeVisible();
  await page.getByTestId('credential-type-search').fill(search);
  await page.waitForTimeout(300);
  const options = page.getByTestId('credential-type-option');
  const offered: string[] = [];
  for (let i = 0; i < (await options.count()); i++) {
    offered.push(`${await options.nth(i).getAttribute('data-type')}: ${(await options.nth(i).locator('.cred-type-name').innerText()).trim()}`);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('credential-select-dialog')).toBeHidden();
  return offered;
}

test('community packages: install from npm, nodes and credentials reach an open editor by push, docs, uninstall', async ({ context }) => {
  test.setTimeout(180_000);
  const editor = await context.newPage();
  const page = await context.newPage();

  // An editor tab, open from before the install: it must learn the new types by push.
  await editor.goto(`${server.url}workflow`);
  await expect(editor.getByTestId('canvas-add-first-step')).toBeVisible();
  expect(await creatorFinds(editor, NODE_NAME)).toBe(0);
  expect(await credentialTypesOffer(editor, 'Pirate')).not.toContain(`${CREDENTIAL_TYPE}: ${CREDENTIAL_NAME}`);

  // The page, from the settings sidebar.
  await page.goto(`${server.url}settings`);
  await page.getByTestId('settings-nav-community-nodes').click();
  await expect(page).toHaveURL(/\/settings\/community-nodes$/);
  await expect(page.getByTestId('community-nodes-settings')).toBeVisible();
  await expect(page.getByTestId('community-queue-warning')).toHaveCount(0);
  await expect(page.getByTestId('community-npm-warning')).toHaveCount(0);
  const empty = page.getByTestId('community-empty');
  await expect(empty).toBeVisible();

  // The empty state's text follows the server's count (spec 000 §9): the count rounded down to
  // tens from 31 on, the generic text below or when the registry could not be asked.
  const countAnswer = await page.request.get(`${server.url}rest/community-packages/count`);
  const text = page.getByTestId('community-empty-text');
  if (countAnswer.ok()) {
    const { data } = (await countAnswer.json()) as { data: { count: number } };
    if (data.count >= 31) await expect(text).toContainText(`Install over ${(Math.floor(data.count / 10) * 10).toLocaleString('en-US')} node packages`);
    else await expect(text).not.toContainText(/\d/);
  } else {
    expect(countAnswer.status()).toBe(503);
    await expect(text).toHaveText(/^Install node packages contributed by the community/);
  }
  await shot(page, '01-empty-state');

  // The install modal: nothing goes to the server until the rules hold.
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/rest/nodes')) posts.push(r.postData() ?? '');
  });
  await page.getByTestId('community-empty-install').click();
  const dialog = page.getByTestId('community-install-dialog');
  await expect(dialog).toBeVisible();
  const name = page.getByTestId('community-install-name');
  const submit = page.getByTestId('community-install-submit');
  await expect(submit).toBeDisabled();
  await expect(name).toHaveAttribute('maxlength', '214');
  await name.fill('npm i lodash');
  await name.blur();
  await expect(name).toHaveValue('lodash');
  await expect(page.getByTestId('community-install-error')).toHaveText("Package names must start with 'n8n-nodes-'");
  await name.fill(`npm install ${PACKAGE}`);
  await name.blur();
  await expect(name).toHaveValue(PACKAGE);
  await expect(page.getByTestId('community-install-error')).toHaveCount(0);
  await submit.click();
  await expect(page.getByTestId('community-install-risk-warning')).toBeVisible();
  await shot(page, '02-install-risk-warning');
  expect(posts).toEqual([]);

  // A package npm does not have: the server's 400 message under the field.
  await name.fill('n8n-nodes-switchyard-e2e-no-such-package-x7q');
  await page.getByTestId('community-install-risks').click();
  await submit.click();
  const error = page.getByTestId('community-install-error');
  await expect(error).toBeVisible({ timeout: 60_000 });
  expect((await error.innerText()).length).toBeGreaterThan(0);
  await expect(dialog).toBeVisible();
  await shot(page, '03-install-400');

  // The real install: progress while the server works, then the toast and the list.
  await name.fill(PACKAGE);
  const started = Date.now();
  await submit.click();
  await expect(page.getByTestId('community-install-progress')).toBeVisible();
  await expect(submit).toHaveText('Installing…');
  await shot(page, '04-installing');
  await expect(toast(page, 'Package installed')).toBeVisible({ timeout: 90_000 });
  const installMs = Date.now() - started;
  console.log(`install of ${PACKAGE} through the UI: ${installMs} ms`);
  await expect(dialog).toBeHidden();
  expect(posts.map((p) => JSON.parse(p))).toEqual([{ name: 'n8n-nodes-switchyard-e2e-no-such-package-x7q' }, { name: PACKAGE }]);
  const row = page.locator(`[data-testid="community-package"][data-package="${PACKAGE}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('community-package-name')).toHaveText(PACKAGE);
  await expect(row.getByTestId('community-package-nodes')).toContainText(NODE_NAME);
  await expect(row.getByTestId('community-package-version')).toHaveText('v1.0.1');
  await expect(row.getByTestId('community-package-uptodate')).toBeVisible();
  await expect(row.getByTestId('community-package-failed')).toHaveCount(0);
  await expect(page.getByTestId('community-install')).toBeVisible();
  await shot(page, '05-installed');

  // The editor tab got the node and its credential type by push, without a reload.
  await editor.bringToFront();
  await expect.poll(() => creatorFinds(editor, NODE_NAME), { timeout: 15_000 }).toBe(1);
  expect(await credentialTypesOffer(editor, 'Pirate')).toContain(`${CREDENTIAL_TYPE}: ${CREDENTIAL_NAME}`);
  await editor.getByTestId('add-node').click();
  await editor.getByTestId('node-creator-search').fill(NODE_NAME);
  await shot(editor, '06-editor-creator-has-node');
  await editor.keyboard.press('Escape');

  // Installing it again: 409 from the server, an error toast.
  await page.bringToFront();
  await page.getByTestId('community-install').click();
  await name.fill(PACKAGE);
  await page.getByTestId('community-install-risks').click();
  await submit.click();
  await expect(toast(page, 'Error installing package')).toBeVisible({ timeout: 60_000 });
  await expect(toast(page, 'Error installing package')).toContainText(/already installed/i);
  await shot(page, '07-install-409');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await toast(page, 'Error installing package').getByRole('button', { name: 'Close notification' }).click();

  // 'View docs': the package's page on npm, in a new tab (answered here: the test reaches no other site).
  await context.route('https://www.npmjs.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>npm</title>' }));
  await row.getByTestId('community-package-actions').click();
  await shot(page, '08-actions-menu');
  const popup = page.waitForEvent('popup');
  await page.getByTestId('community-package-docs').click();
  const docs = await popup;
  await docs.waitForLoadState();
  expect(docs.url()).toBe(`https://www.npmjs.com/package/${PACKAGE}`);
  await docs.close();

  // Uninstall, confirmed; the editor tab loses the node again.
  await page.bringToFront();
  await row.getByTestId('community-package-actions').click();
  await page.getByTestId('community-package-uninstall').click();
  const confirm = page.getByTestId('community-confirm-dialog');
  await expect(confirm).toBeVisible();
  await expect(page.getByTestId('community-confirm-text')).toContainText(PACKAGE);
  await shot(page, '09-uninstall-confirm');
  await page.getByTestId('community-confirm-submit').click();
  await expect(toast(page, 'Package uninstalled')).toBeVisible({ timeout: 60_000 });
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('community-empty')).toBeVisible();
  const list = await page.request.get(`${server.url}rest/nodes`);
  expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
  await editor.bringToFront();
  await expect.poll(() => creatorFinds(editor, NODE_NAME), { timeout: 15_000 }).toBe(0);
  expect(await credentialTypesOffer(editor, 'Pirate')).not.toContain(`${CREDENTIAL_TYPE}: ${CREDENTIAL_NAME}`);
});

test('without npm on the server: the warning, and the install button says why it does nothing', async ({ page }) => {
  // The server's PATH holds no npm (an empty folder): GET /settings answers isNpmAvailable false.
  const noNpm = mkdtempSync(join(tmpdir(), 'switchyard-no-npm-'));
  const own = await startAccountServer({ smtp: false, env: { PATH: noNpm } });
  try {
    await fetch(`${own.url}rest/owner/skip-setup`, { method: 'POST', headers: { origin: new URL(own.url).origin } });
    await page.goto(`${own.url}settings/community-nodes`);
    await expect(page.getByTestId('community-npm-warning')).toContainText('npm is not available');
    await expect(page.getByTestId('community-queue-warning')).toHaveCount(0);
    const install = page.getByTestId('community-empty-install');
    await expect(install).toHaveAttribute('aria-disabled', 'true');
    // A pointer that moves onto the button (react-aria opens tooltips on a hover it saw start).
    await page.mouse.move(5, 5);
    await install.hover();
    await expect(page.getByRole('tooltip')).toHaveText('npm is not available on the server');
    // Playwright waits for an aria-disabled button to become enabled: click it as a person would anyway.
    await install.click({ force: true });
    await expect(page.getByTestId('community-install-dialog')).toHaveCount(0);
    await shot(page, '10-no-npm');
  } finally {
    await own.stop();
    rmSync(noNpm, { recursive: true, force: true });
  }
});

test('community packages turned off: no sidebar entry, and the address leads home', async ({ page }) => {
  const own = await startAccountServer({ smtp: false, env: { SWITCHYARD_COMMUNITY_PACKAGES_ENABLED: 'false' } });
  try {
    await fetch(`${own.url}rest/owner/skip-setup`, { method: 'POST', headers: { origin: new URL(own.url).origin } });
    await page.goto(`${own.url}settings/users`);
    await expect(page.getByTestId('settings-sidebar')).toBeVisible();
    await expect(page.getByTestId('settings-nav-users')).toBeVisible();
    await expect(page.getByTestId('settings-nav-community-nodes')).toHaveCount(0);
    await page.goto(`${own.url}settings/community-nodes`);
    await expect(page).toHaveURL(/\/workflow$/);
    await expect(page.getByTestId('community-nodes-settings')).toHaveCount(0);
  } finally {
    await own.stop();
  }
});

test('update: an older version installed from a local registry shows Update; the confirm dialog updates it', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-e2e-pkg-'));
  const v1 = buildTestPackage(dir, { apiBase: 'http://127.0.0.1:9/' });
  const v2 = buildTestPackage(dir, { apiBase: 'http://127.0.0.1:9/', version: '1.0.1' });
  const registry = await startRegistry([v1, v2]);
  const own = await startAccountServer({ smtp: false, env: { SWITCHYARD_COMMUNITY_PACKAGES_REGISTRY: registry.url } });
  try {
    await fetch(`${own.url}rest/owner/skip-setup`, { method: 'POST', headers: { origin: new URL(own.url).origin } });
    await page.goto(`${own.url}settings/community-nodes`);
    await page.getByTestId('community-empty-install').click();
    // A version after the name installs that version.
    await page.getByTestId('community-install-name').fill(`npm i ${v1.name}@1.0.0`);
    await page.getByTestId('community-install-name').blur();
    await expect(page.getByTestId('community-install-name')).toHaveValue(`${v1.name}@1.0.0`);
    await page.getByTestId('community-install-risks').click();
    await page.getByTestId('community-install-submit').click();
    await expect(toast(page, 'Package installed')).toBeVisible({ timeout: 90_000 });
    const row = page.locator(`[data-testid="community-package"][data-package="${v1.name}"]`);
    await expect(row.getByTestId('community-package-version')).toHaveText('v1.0.0');
    await expect(row.getByTestId('community-package-nodes')).toContainText('Greeter');
    await expect(row.getByTestId('community-package-uptodate')).toHaveCount(0);
    const update = row.getByTestId('community-package-update');
    await expect(update).toBeVisible();
    await toast(page, 'Package installed').getByRole('button', { name: 'Close notification' }).click();
    await shot(page, '11-update-available');

    await update.click();
    const confirm = page.getByTestId('community-confirm-dialog');
    await expect(confirm).toBeVisible();
    await expect(page.getByTestId('community-confirm-text')).toContainText(`Update ${v1.name} from version 1.0.0 to 1.0.1?`);
    await shot(page, '12-update-confirm');
    await page.getByTestId('community-confirm-submit').click();
    await expect(toast(page, 'Package updated')).toContainText(`${v1.name} is now at version 1.0.1.`, { timeout: 90_000 });
    await expect(confirm).toBeHidden();
    await expect(row.getByTestId('community-package-version')).toHaveText('v1.0.1');
    await expect(row.getByTestId('community-package-uptodate')).toBeVisible();
    await expect(row.getByTestId('community-package-update')).toHaveCount(0);
    await shot(page, '13-updated');
    expect(registry.requests.some((r) => r === `GET /${v1.name}/-/${v1.name}-1.0.1.tgz`)).toBe(true);
  } finally {
    await own.stop();
    registry.server.closeAllConnections();
    await new Promise((r) => registry.server.close(r));
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a package with a node that fails to load: installed with a warning that says why; the list says why too', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-e2e-partly-'));
  const pkg = buildTestPackage(dir, { name: 'n8n-nodes-switchyard-partly', apiBase: 'http://127.0.0.1:9/', broken: 'partly' });
  const registry = await startRegistry([pkg]);
  const own = await startAccountServer({ smtp: false, env: { SWITCHYARD_COMMUNITY_PACKAGES_REGISTRY: registry.url } });
  try {
    await fetch(`${own.url}rest/owner/skip-setup`, { method: 'POST', headers: { origin: new URL(own.url).origin } });
    await page.goto(`${own.url}settings/community-nodes`);
    await page.getByTestId('community-empty-install').click();
    await page.getByTestId('community-install-name').fill(pkg.name);
    await page.getByTestId('community-install-risks').click();
    await page.getByTestId('community-install-submit').click();
    const warning = toast(page, 'Package installed, but not all of it loaded');
    await expect(warning).toContainText('New in the node creator: Greeter', { timeout: 90_000 });
    await expect(warning).toContainText('dist/nodes/Broken.node.js: this package is broken at load');
    await shot(page, '28-partly-loaded-toast');
    await warning.getByRole('button', { name: 'Close notification' }).click();
    const row = page.locator(`[data-testid="community-package"][data-package="${pkg.name}"]`);
    await expect(row.getByTestId('community-package-nodes')).toHaveText('1 node: Greeter');
    const failed = row.getByTestId('community-package-failed');
    await expect(failed).toHaveAttribute('aria-label', /not available.*Broken\.node\.js: this package is broken at load/);
    await page.mouse.move(5, 5);
    await failed.hover();
    await expect(page.getByRole('tooltip').getByTestId('community-package-failed-reason')).toHaveText('dist/nodes/Broken.node.js: this package is broken at load');
    await shot(page, '29-partly-loaded-reason');
  } finally {
    await own.stop();
    registry.server.closeAllConnections();
    await new Promise((r) => registry.server.close(r));
    rmSync(dir, { recursive: true, force: true });
  }
});

test('real npm packages of each kind installed through the dialog, run from the editor, their file icons drawn', async ({ page }) => {
  test.setTimeout(300_000);
  // n8n-nodes-datastore (programmatic), @mendable/n8n-nodes-firecrawl (declarative, preSend functions),
  // @thingsboard/n8n-nodes-thingsboard (function authenticate + preAuthentication), n8n-nodes-unifi-access
  // (a credential type with a { light, dark } file icon): their npm tarballs, served by a local registry.
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-e2e-real-'));
  const chosen = [REAL_PACKAGES.datastore, REAL_PACKAGES.firecrawl, REAL_PACKAGES.thingsboard, REAL_PACKAGES.unifiAccess];
  const registry = await startRegistry(chosen.map((p) => packReal(dir, p.name, p.version)));
  const api = await startHttp({
    '/v2/scrape': (req, res) => json(200, { success: true, data: { markdown: `# ${JSON.parse(req.body).url}` } })(req, res),
    '/api/auth/login': json(200, { token: 'tb-e2e' }),
    '/api/system/info': json(200, { edition: 'CE' }),
    '/api/device/dev-9': (req, res) => (req.headers['x-authorization'] === 'Bearer tb-e2e' ? json(200, { name: 'Pump' }) : json(401, { message: 'no' }))(req, res),
  });
  const own = await startAccountServer({ smtp: false, env: { SWITCHYARD_COMMUNITY_PACKAGES_REGISTRY: registry.url } });
  try {
    await fetch(`${own.url}rest/owner/skip-setup`, { method: 'POST', headers: { origin: new URL(own.url).origin } });
    await page.goto(`${own.url}settings/community-nodes`);
    for (const [i, p] of chosen.entries()) {
      await page.getByTestId(i === 0 ? 'community-empty-install' : 'community-install').click();
      await page.getByTestId('community-install-name').fill(`npm i ${p.name}@${p.version}`);
      await page.getByTestId('community-install-risks').click();
      await page.getByTestId('community-install-submit').click();
      await expect(toast(page, 'Package installed')).toBeVisible({ timeout: 90_000 });
      await toast(page, 'Package installed').getByRole('button', { name: 'Close notification' }).click();
      const row = page.locator(`[data-testid="community-package"][data-package="${p.name}"]`);
      await expect(row.getByTestId('community-package-version')).toHaveText(`v${p.version}`);
      await expect(row.getByTestId('community-package-failed')).toHaveCount(0);
    }
    await shot(page, '14-real-packages-installed');

    // Credentials and a workflow through the REST API; the run from the editor's button.
    const origin = { origin: new URL(own.url).origin };
    const credential = async (name: string, type: string, data: Record<string, unknown>) => {
      const r = await page.request.post(`${own.url}rest/credentials`, { data: { name, type, data }, headers: origin });
      expect(r.status(), await r.text()).toBe(200);
      return { [type]: { id: ((await r.json()) as { data: { id: string } }).data.id, name } };
    };
    const firecrawl = await credential('Firecrawl', 'firecrawlApi', { baseUrl: `${api.base}/v2`, apiKey: 'fc-e2e' });
    const thingsboard = await credential('ThingsBoard', 'thingsBoardUsernamePasswordApi', { baseUrl: api.base, username: 'u', password: 'p' });
    const nodes = [
      { id: 'a', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [200, 300], parameters: {} },
      { id: 'b', name: 'Remember', type: 'n8n-nodes-datastore.datastore', typeVersion: 1, position: [420, 300], parameters: { operation: 'set', keyName: 'page', valueDataType: 'string', valueString: 'https://example.com/e2e', outputForSetClear: 'affectedValueOnly' } },
      { id: 'c', name: 'Scrape', type: '@mendable/n8n-nodes-firecrawl.firecrawl', typeVersion: 1, position: [640, 300], parameters: { resource: 'Scraping', operation: 'scrape', url: '={{ $json.page }}' }, credentials: firecrawl },
      { id: 'd', name: 'Device', type: '@thingsboard/n8n-nodes-thingsboard.thingsBoard', typeVersion: 1, position: [860, 300], parameters: { authentication: 'usernamePassword', resource: 'device', operation: 'getDeviceById', deviceId: 'dev-9' }, credentials: thingsboard },
    ];
    const chain = (a: string, b: string) => ({ [a]: { main: [[{ node: b, type: 'main', index: 0 }]] } });
    const created = await page.request.post(`${own.url}rest/workflows`, {
      headers: origin,
      data: { name: 'Real packages', nodes, connections: { ...chain('Start', 'Remember'), ...chain('Remember', 'Scrape'), ...chain('Scrape', 'Device') }, settings: { executionOrder: 'v1' } },
    });
    expect(created.status(), await created.text()).toBe(200);
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    await page.goto(`${own.url}workflow/${id}`);
    await page.waitForFunction(() => !!(window as unknown as { __switchyardCanvas?: unknown }).__switchyardCanvas);
    // The package nodes' 'file:' icons are fetched for the canvas (Firecrawl's and ThingsBoard's SVG).
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/rest/node-icon/')).length), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await page.waitForTimeout(500);
    await shot(page, '15-real-packages-canvas');
    // The node creator shows the package node with its file icon too.
    await page.getByTestId('add-node').click();
    await page.getByTestId('node-creator-search').fill('Firecrawl');
    const item = page.locator('[data-testid="creator-node"][data-node-type="@mendable/n8n-nodes-firecrawl.firecrawl"]');
    await expect(item.locator('img')).toHaveAttribute('src', /node-icon\/%40mendable%2Fn8n-nodes-firecrawl\.firecrawl$/);
    await expect.poll(() => item.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot(page, '15b-real-packages-creator');
    await page.keyboard.press('Escape');
    await page.getByTestId('execute-workflow').click();
    await expect(toast(page, 'Workflow executed successfully')).toBeVisible({ timeout: 60_000 });
    await shot(page, '16-real-packages-ran');
    const scraped = api.seen.find((r) => r.url === '/v2/scrape');
    expect(scraped?.headers.authorization).toBe('Bearer fc-e2e');
    expect(JSON.parse(scraped!.body)).toMatchObject({ url: 'https://example.com/e2e', integration: 'n8n' });
    expect(api.seen.find((r) => r.url === '/api/device/dev-9')?.headers['x-authorization']).toBe('Bearer tb-e2e');

    // The credential dialog draws the package credential type's file icon.
    await page.getByTestId('sidebar-credentials').click();
    await page.getByTestId('credentials-menu-new').click();
    await page.getByTestId('credential-type-search').fill('Unifi');
    const option = page.getByTestId('credential-type-option').filter({ hasText: 'Unifi Access API' });
    await expect(option.locator('img')).toHaveAttribute('src', /credential-icon\/unifiAccessApi$/);
    await expect.poll(() => option.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot(page, '17-real-credential-icon');
  } finally {
    await own.stop();
    await api.close();
    registry.server.closeAllConnections();
    await new Promise((r) => registry.server.close(r));
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a real trigger package: Formbricks installed through the dialog, its credential and survey list, listened to, activated, called as Formbricks calls, deactivated', async ({ page }) => {
  test.setTimeout(300_000);
  // @formbricks/n8n-nodes-formbricks 1.0.2 (its npm tarball, served by a local registry): a webhook
  // trigger whose webhookMethods register it at the Formbricks API with its credential; a local
  // server answers as that API (tests/support/formbricksApi.ts).
  const PKG = '@formbricks/n8n-nodes-formbricks';
  const TYPE = `${PKG}.formbricks`;
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-e2e-formbricks-'));
  const registry = await startRegistry([packReal(dir, PKG, '1.0.2')]);
  const formbricks = await startFormbricksApi({ apiKey: 'fb-e2e-key', surveys: [{ id: 'sv-onboarding', name: 'Onboarding survey' }, { id: 'sv-nps', name: 'NPS' }] });
  const own = await startAccountServer({ smtp: false, env: { SWITCHYARD_COMMUNITY_PACKAGES_REGISTRY: registry.url } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await fetch(`${own.url}rest/owner/skip-setup`, { method: 'POST', headers: { origin: new URL(own.url).origin } });

    // Install through the dialog: a version the package does not have is named as such first.
    await page.goto(`${own.url}settings/community-nodes`);
    await page.getByTestId('community-empty-install').click();
    await page.getByTestId('community-install-name').fill(`npm i ${PKG}@9.9.9`);
    await page.getByTestId('community-install-risks').click();
    await page.getByTestId('community-install-submit').click();
    await expect(page.getByTestId('community-install-error')).toHaveText(`Package "${PKG}" has no version 9.9.9`, { timeout: 60_000 });
    await page.getByTestId('community-install-name').fill(`npm i ${PKG}@1.0.2`);
    await page.getByTestId('community-install-submit').click();
    await expect(toast(page, 'Package installed')).toContainText('New in the node creator: Formbricks', { timeout: 90_000 });
    const row = page.locator(`[data-testid="community-package"][data-package="${PKG}"]`);
    await expect(row.getByTestId('community-package-version')).toHaveText('v1.0.2');
    await expect(row.getByTestId('community-package-nodes')).toHaveText('1 node: Formbricks');
    await expect(row.getByTestId('community-package-failed')).toHaveCount(0);
    await shot(page, '18-formbricks-installed');

    // A new workflow: the trigger from the node creator (its file icon), as a first step.
    await page.goto(`${own.url}workflow`);
    await page.getByTestId('canvas-add-first-step').click();
    await page.getByTestId('node-creator-search').fill('Formbricks');
    const item = page.locator(`[data-testid="creator-node"][data-node-type="${TYPE}"]`);
    await expect.poll(() => item.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await item.click();
    const ndv = page.getByTestId('ndv');
    await expect(ndv).toBeVisible();
    await expect(page.getByTestId('ndv-title')).toContainText('Formbricks');

    // Its credential, created in the credential dialog (Host: the local API); the dialog's test
    // reaches the API with the key (a wrong key first: the dialog says so).
    const select = page.getByTestId('credential-select-formbricksApi');
    await select.selectOption({ label: '+ Create New Credential' });
    const credDialog = page.getByTestId('credential-edit-dialog');
    await expect(credDialog).toBeVisible();
    // The credential type has no icon of its own: the dialog shows its node's (as n8n does).
    const credIcon = credDialog.locator('img[src$="node-icon/%40formbricks%2Fn8n-nodes-formbricks.formbricks"]');
    await expect.poll(() => credIcon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(credDialog.getByTestId('parameter-input-credential.host')).toHaveValue('https://app.formbricks.com');
    await credDialog.getByTestId('parameter-input-credential.host').fill(formbricks.url);
    await credDialog.getByTestId('parameter-input-credential.apiKey').fill('not-the-key');
    await page.getByTestId('credential-save').click();
    await expect(page.getByTestId('credential-banner')).toContainText("Couldn't connect with these settings");
    await shot(page, '19-formbricks-credential-wrong-key');
    await credDialog.getByTestId('parameter-input-credential.apiKey').fill('fb-e2e-key');
    await page.getByTestId('credential-save').click();
    await expect(page.getByTestId('credential-banner')).toContainText('Connection tested successfully');
    await shot(page, '20-formbricks-credential-ok');
    expect(formbricks.log.filter((l) => l === 'GET /api/v1/me')).toHaveLength(2);
    await page.getByTestId('credential-close').click();
    await expect(credDialog).toBeHidden();
    await expect(select.locator('option:checked')).toHaveText('Formbricks API account');

    // The survey list comes from the API with that credential (loaded again once it is chosen).
    const surveys = page.getByTestId('parameter-input-surveyIds');
    await expect(surveys).toHaveAttribute('data-options-state', 'loaded');
    await expect(surveys.getByRole('checkbox')).toHaveCount(2);
    expect(formbricks.log).toContain('GET /api/v1/surveys');
    await page.getByTestId('parameter-input-events').getByText('Response Finished').click();
    await surveys.getByText('Onboarding survey').click();
    await expect(page.getByTestId('ndv-issues')).toHaveCount(0);
    await page.getByTestId('webhook-urls-toggle').click();
    await page.getByTestId('webhook-urls-production').click();
    const productionUrl = (await page.getByTestId('webhook-url').locator('.webhook-url-text').innerText()).trim();
    expect(productionUrl).toMatch(/\/switchyard\/webhook\/[0-9a-f-]{36}\/webhook$/);
    await shot(page, '21-formbricks-ndv');

    const event = (id: string) => ({
      webhookId: '',
      event: 'responseFinished',
      data: { id, createdAt: '2026-12-02T05:00:00.000Z', surveyId: 'sv-onboarding', finished: true, data: { role: 'engineer', rating: 5 }, meta: { source: 'link' } },
    });

    // Listen for a test event: the package registers the test URL at the API, the call's data
    // shows as the node's output, and the test webhook is deleted at the API again.
    await page.getByTestId('trigger-execute-button').click();
    await expect(page.getByTestId('trigger-listening')).toBeVisible();
    await expect.poll(() => [...formbricks.hooks.values()].map((h) => h.url)).toEqual([expect.stringContaining('/switchyard/webhook-test/')]);
    const [testHook] = [...formbricks.hooks.values()];
    expect(testHook).toMatchObject({ triggers: ['responseFinished'], surveyIds: ['sv-onboarding'], source: 'n8n' });
    await expect(page.getByTestId('trigger-test-url')).toContainText(testHook!.url);
    await shot(page, '22-formbricks-listening');
    const testCall = await fetch(testHook!.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...event('resp-test'), webhookId: testHook!.id }) });
    expect(testCall.status, await testCall.text()).toBe(200);
    await expect(page.getByTestId('trigger-listening')).toHaveCount(0);
    await expect(page.getByTestId('ndv-output')).toContainText('resp-test');
    await expect.poll(() => formbricks.log).toContain(`DELETE /api/v1/webhooks/${testHook!.id}`);
    expect(formbricks.hooks.size).toBe(0);
    await shot(page, '23-formbricks-test-event');
    await page.getByTestId('ndv-close').click();
    await expect(ndv).toBeHidden();

    // The test run saved the new workflow (as n8n does). Activated with the header's toggle: the
    // package checks for and creates its webhook at the API, with the production URL the editor showed.
    await expect(page.getByTestId('save-button')).toHaveText('Saved');
    await expect(page).toHaveURL(/\/workflow\/[^/]+$/);
    const workflowId = new URL(page.url()).pathname.split('/').pop()!;
    const before = formbricks.log.length;
    await page.getByTestId('workflow-activate-switch').click();
    const modal = page.getByTestId('activation-modal');
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Got it' }).click();
    await expect(page.getByRole('switch')).toBeChecked();
    await expect(page.getByTestId('workflow-activation')).toContainText('Active');
    await expect(page.getByTestId('workflow-activation-warning')).toHaveCount(0);
    expect(formbricks.log.slice(before)).toEqual(['GET /api/v1/webhooks', 'POST /api/v1/webhooks']);
    const [registered] = [...formbricks.hooks.values()];
    expect(registered).toMatchObject({ url: productionUrl, triggers: ['responseFinished'], surveyIds: ['sv-onboarding'], source: 'n8n' });
    expect(formbricks.keys.every((k) => k === 'fb-e2e-key' || k === 'not-the-key')).toBe(true);
    await shot(page, '24-formbricks-active');

    // Formbricks calls the registered URL when a response is finished: a run of the workflow.
    const hit = await fetch(registered!.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...event('resp-42'), webhookId: registered!.id }) });
    expect(hit.status).toBe(200);
    expect(await hit.json()).toEqual({ message: 'Workflow was started' });

    // The editor's executions list shows that run, succeeded; opened, it shows the event.
    await page.getByTestId('sidebar-executions').click();
    const executions = page.getByTestId('executions-dialog');
    await expect(executions).toBeVisible();
    const rows = executions.getByTestId('executions-row');
    await expect(rows).toHaveCount(1, { timeout: 30_000 });
    await expect(rows.first()).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
    await expect(rows.first().getByTestId('executions-status')).toHaveText('Success');
    await expect(rows.first()).toContainText('My workflow');
    await shot(page, '25-formbricks-execution-listed');
    const executionId = await rows.first().getAttribute('data-id');
    const stored = await page.request.get(`${own.url}rest/executions/${executionId}`);
    expect(stored.status()).toBe(200);
    const execution = (await stored.json()) as { data: { workflowId: string; mode: string } };
    expect(execution.data.workflowId).toBe(workflowId);
    expect(execution.data.mode).toBe('webhook');
    expect(JSON.stringify(execution.data)).toContain('resp-42');
    await rows.first().getByTestId('executions-open').click();
    await expect(executions).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/execution/${executionId}$`));
    await openNdv(page, 'Formbricks');
    await expect(page.getByTestId('ndv-output')).toContainText('resp-42');
    await shot(page, '26-formbricks-execution-opened');
    await expect(ndv).toBeVisible();

    // Deactivated from the toggle: the webhook is deleted at the API and the URL answers no more.
    await page.goto(`${own.url}workflow/${workflowId}`);
    await expect(page.getByRole('switch')).toBeChecked();
    await page.getByTestId('workflow-activate-switch').click();
    await expect(page.getByRole('switch')).not.toBeChecked();
    await expect.poll(() => formbricks.log.at(-1)).toBe(`DELETE /api/v1/webhooks/${registered!.id}`);
    expect(formbricks.hooks.size).toBe(0);
    const late = await fetch(registered!.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event('resp-43')) });
    expect(late.status).toBe(404);
    await shot(page, '27-formbricks-deactivated');
    expect(errors).toEqual([]);
  } finally {
    await own.stop();
    await formbricks.close();
    registry.server.closeAllConnections();
    await new Promise((r) => registry.server.close(r));
    rmSync(dir, { recursive: true, force: true });
  }
});
