// Authentication schemes in the editor against the real server: an HTTP Request node picks a
// Predefined Credential Type (GitHub API), creates its credential from the NDV (the type
// declares a test, so Save tests it against a local server that answers as GitHub's /user does),
// and the run sends "Authorization: token …"; a wrong token shows the test's failure banner.
// Then a Generic Auth Type 'Digest Auth' credential runs against an RFC 7616 server.
import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { canvasIdle, links, n, openNdv, openNew, toast, TYPES } from './editing-helpers.ts';
import { startDigestServer } from '../engine/digestServer.ts';

const SHOTS = 'test-results/credentials-schemes';
mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  await canvasIdle(page);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

let github: Server;
let githubBase = '';
const seen: string[] = [];
let digest: Awaited<ReturnType<typeof startDigestServer>>;

test.beforeAll(async () => {
  github = createServer((req, res) => {
    seen.push(req.headers.authorization ?? '');
    const ok = req.url === '/user' && req.headers.authorization === 'token ghp_e2e_right';
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ok ? { login: 'octocat', id: 583231 } : { message: 'Bad credentials' }));
  });
  await new Promise<void>((r) => github.listen(0, '127.0.0.1', r));
  githubBase = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
  digest = await startDigestServer({ users: { ada: 'digest pass' }, algorithms: ['SHA-256'], qop: 'auth', opaque: 'e2e' });
});

test.afterAll(async () => {
  github.closeAllConnections();
  await new Promise((r) => github.close(r));
  await digest.close();
});

type Win = { __switchyard: { workflow: { runData?: Record<string, Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }>> } }>> } } };
const firstJson = (page: Page, name: string) => page.evaluate((n) => (window as unknown as Win).__switchyard.workflow.runData?.[n]?.[0]?.data?.main[0]?.[0]?.json, name);

test('Predefined Credential Type: GitHub API, tested on save, authenticates the run', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openNew(page, {
    name: `Predefined ${Date.now()}`,
    nodes: [n('Trigger', TYPES.trigger, [240, 300]), n('HTTP Request', 'n8n-nodes-base.httpRequest', [520, 300], { url: `${githubBase}/user`, options: {} }, 4.2)],
    connections: links([['Trigger', 'HTTP Request']]),
  });
  await openNdv(page, 'HTTP Request');
  await page.getByTestId('parameter-input-authentication').selectOption({ label: 'Predefined Credential Type' });
  const typeSelect = page.getByTestId('parameter-input-nodeCredentialType');
  await expect(typeSelect.locator('option', { hasText: 'GitHub API' })).toHaveCount(1);
  await expect(typeSelect.locator('option', { hasText: /^Header Auth$/ })).toHaveCount(0);
  await typeSelect.selectOption({ label: 'GitHub API' });
  const select = page.getByTestId('credential-select-githubApi');
  await expect(select).toBeVisible();
  await shot(page, '01-predefined-type');

  await select.selectOption({ label: '+ Create New Credential' });
  const dialog = page.getByTestId('credential-edit-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('parameter-input-credential.server').fill(githubBase);
  await dialog.getByTestId('parameter-input-credential.accessToken').fill('ghp_e2e_wrong');
  await page.getByTestId('credential-save').click();
  // Save, then the declared test: GitHub's 401 comes back as the failure banner.
  const banner = dialog.getByTestId('credential-banner');
  await expect(banner).toContainText("Couldn't connect with these settings");
  await expect(banner).toContainText('Unauthorized');
  await shot(page, '02-test-failed');

  await dialog.getByTestId('parameter-input-credential.accessToken').fill('ghp_e2e_right');
  await page.getByTestId('credential-save').click();
  await expect(banner).toContainText('Connection tested successfully');
  await shot(page, '03-test-ok');
  expect(seen.slice(-2)).toEqual(['token ghp_e2e_wrong', 'token ghp_e2e_right']);
  await page.getByTestId('credential-close').click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('ndv-close').click();
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  expect(await firstJson(page, 'HTTP Request')).toEqual({ login: 'octocat', id: 583231 });
  expect(seen.at(-1)).toBe('token ghp_e2e_right');
  expect(errors).toEqual([]);
});

test('Generic Auth Type: Digest Auth answers the server\'s challenge', async ({ page }) => {
  test.setTimeout(180_000);
  await openNew(page, {
    name: `Digest ${Date.now()}`,
    nodes: [n('Trigger', TYPES.trigger, [240, 300]), n('HTTP Request', 'n8n-nodes-base.httpRequest', [520, 300], { url: `${digest.base}/report`, options: {} }, 4.2)],
    connections: links([['Trigger', 'HTTP Request']]),
  });
  await openNdv(page, 'HTTP Request');
  await page.getByTestId('parameter-input-authentication').selectOption({ label: 'Generic Credential Type' });
  await page.getByTestId('parameter-input-genericAuthType').selectOption({ label: 'Digest Auth' });
  const select = page.getByTestId('credential-select-httpDigestAuth');
  await select.selectOption({ label: '+ Create New Credential' });
  const dialog = page.getByTestId('credential-edit-dialog');
  await dialog.getByTestId('parameter-input-credential.user').fill('ada');
  await dialog.getByTestId('parameter-input-credential.password').fill('digest pass');
  await shot(page, '04-digest-credential');
  await page.getByTestId('credential-save').click();
  await expect(page.getByTestId('credential-save')).toHaveText('Saved');
  await page.getByTestId('credential-close').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('ndv-close').click();
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  expect(await firstJson(page, 'HTTP Request')).toMatchObject({ authenticated: 'ada', url: '/report' });
  expect(digest.seen.map((s) => s.status)).toEqual([401, 200]);
  await shot(page, '05-digest-run');
});
