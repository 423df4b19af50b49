// Credentials in the editor (spec 002 §2, §4) against the real server: an HTTP Request node gets
// a Basic Auth credential through the NDV's selector ('Create New Credential' → the
// editCredential modal → Save → selected), the run sends it to a local server that wants Basic
// auth, and with a wrong password (edited in the modal, stored secret otherwise kept) the node
// fails with the 401.
import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { canvasIdle, links, n, node, openNdv, openNew, toast, TYPES } from './editing-helpers.ts';

const SHOTS = 'test-results/credentials';
mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  await canvasIdle(page);
  // The modal fades in: shoot it settled.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const USER = 'ada';
const PASSWORD = 'lovelace';
let server: Server;
let target = '';
const seen: string[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    seen.push(auth);
    const expected = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
    if (auth !== expected) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Basic realm="test"' });
      res.end(JSON.stringify({ message: 'Unauthorized' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, user: USER }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  target = `http://127.0.0.1:${(server.address() as AddressInfo).port}/secret`;
});

test.afterAll(async () => {
  await new Promise((r) => server.close(r));
});

type Win = { __switchyard: { workflow: { runData?: Record<string, Array<{ error?: { message?: string }; data?: { main: Array<Array<{ json: Record<string, unknown> }>> } }>> } } };

test('an HTTP Request node gets a Basic Auth credential from the NDV and the run uses it', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openNew(page, {
    name: `Credentials ${Date.now()}`,
    nodes: [n('Trigger', TYPES.trigger, [240, 300]), n('HTTP Request', 'n8n-nodes-base.httpRequest', [520, 300], { url: target, options: {} }, 4.2)],
    connections: links([['Trigger', 'HTTP Request']]),
  });

  await openNdv(page, 'HTTP Request');
  await expect(page.getByTestId('node-credentials')).toHaveCount(0);
  await page.getByTestId('parameter-input-authentication').selectOption({ label: 'Generic Credential Type' });
  await page.getByTestId('parameter-input-genericAuthType').selectOption({ label: 'Basic Auth' });
  const select = page.getByTestId('credential-select-httpBasicAuth');
  await expect(select).toBeVisible();
  await expect(page.getByTestId('node-credential-httpBasicAuth')).toContainText('Credentials for "Basic Auth" are not set.');
  await shot(page, '01-selector-empty');

  // Create New → the modal in 'new' mode with the generated name.
  await select.selectOption({ label: '+ Create New Credential' });
  const dialog = page.getByTestId('credential-edit-dialog');
  await expect(dialog).toBeVisible();
  // The shared e2e server may hold earlier specs' 'Unnamed credential's: the name is numbered then.
  await expect(page.getByTestId('credential-edit-name')).toHaveText(/^Unnamed credential( \d+)?$/);
  const generated = (await page.getByTestId('credential-edit-name').textContent())!;
  await dialog.getByTestId('parameter-input-credential.user').fill(USER);
  await dialog.getByTestId('parameter-input-credential.password').fill(PASSWORD);
  await expect(dialog.getByTestId('parameter-input-credential.password')).toHaveAttribute('type', 'password');
  await shot(page, '02-modal-new');

  // Closing with unsaved changes asks first.
  await page.getByTestId('credential-close').click();
  await expect(page.getByTestId('credential-confirm-close')).toBeVisible();
  await shot(page, '03-modal-confirm-close');
  await page.getByRole('button', { name: 'Keep editing' }).click();

  await page.getByTestId('credential-tab-details').click();
  await expect(page.getByTestId('credential-name-input')).toHaveValue(generated);
  await shot(page, '04-modal-details');
  await page.getByTestId('credential-tab-connection').click();

  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/rest/credentials'));
  await page.getByTestId('credential-save').click();
  const body = await (await created).json();
  expect(body.data.data).toBeUndefined();
  await expect(page.getByTestId('credential-save')).toHaveText('Saved');
  await page.getByTestId('credential-close').click();
  await expect(dialog).toBeHidden();

  // The selector shows the stored credential; the node references it; the issue is gone.
  await expect(select.locator('option:checked')).toHaveText(generated);
  await expect(page.getByTestId('node-credential-httpBasicAuth').getByRole('alert')).toHaveCount(0);
  const ref = await page.evaluate(() => (window as unknown as { __switchyard: { workflow: { nodeByName(n: string): { settings: { credentials?: unknown } } } } }).__switchyard.workflow.nodeByName('HTTP Request').settings.credentials);
  expect(ref).toEqual({ httpBasicAuth: { id: body.data.id, name: generated } });
  expect(await page.evaluate(() => (window as unknown as { __switchyard: { workflow: { dirty: boolean } } }).__switchyard.workflow.dirty)).toBe(true);
  await shot(page, '05-selector-selected');

  await page.getByTestId('ndv-close').click();
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  await expect(node(page, 'HTTP Request')).toHaveAttribute('aria-label', /has data, 1 item/);
  const ok = await page.evaluate(() => (window as unknown as Win).__switchyard.workflow.runData?.['HTTP Request']?.[0]?.data?.main[0]?.[0]?.json);
  expect(ok).toEqual({ ok: true, user: USER });

  // Edit: the stored password is not shown; the user is; a new password replaces it.
  await openNdv(page, 'HTTP Request');
  await page.getByTestId('credential-edit-httpBasicAuth').click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('parameter-input-credential.user')).toHaveValue(USER);
  const pw = dialog.getByTestId('parameter-input-credential.password');
  await expect(pw).toHaveValue('');
  await expect(pw).toHaveAttribute('placeholder', 'Saved – type to replace');
  await shot(page, '06-modal-edit');
  await pw.fill('wrong');
  const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/rest/credentials/'));
  await page.getByTestId('credential-save').click();
  expect((await patched).status()).toBe(200);
  await expect(page.getByTestId('credential-save')).toHaveText('Saved');
  await page.getByTestId('credential-close').click();
  await page.getByTestId('ndv-close').click();

  await page.getByTestId('execute-workflow').click();
  const failed = toast(page, 'Problem executing workflow');
  await expect(failed).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as Win).__switchyard.workflow.runData?.['HTTP Request']?.[0]?.error?.message ?? '')).toBe('Authorization failed - please check your credentials');
  await openNdv(page, 'HTTP Request');
  await expect(page.getByTestId('ndv-output')).toContainText('Authorization failed - please check your credentials');
  // The HTTP code is in the error's details (issue 11's error view), opened on demand.
  await page.getByTestId('ndv-output').getByTestId('run-error-details-toggle').click();
  await expect(page.getByTestId('ndv-output').getByTestId('run-error-details')).toContainText('401');
  await shot(page, '07-node-401');
  expect(seen.at(-1)).toBe(`Basic ${Buffer.from(`${USER}:wrong`).toString('base64')}`);
  expect(errors).toEqual([]);
});
