// The public API's interactive docs (the editor's "API playground") in Chromium against the real
// server under its base path: the page loads from this server alone (no request to any other
// host: it works without internet), the key entered under Authorize is sent as X-N8N-API-KEY,
// and "Execute" on GET /workflows lists the workflow made through the API.
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const SHOTS = 'test-results/publicapi';
mkdirSync(SHOTS, { recursive: true });

test('the API docs work offline and call the API with the key entered under Authorize', async ({ page }) => {
  const base = process.env.SWITCHYARD_E2E_URL!;
  const origin = new URL(base).origin;
  // The shared server runs without an owner (setup skipped): its default user makes the key.
  const key = await fetch(`${base}rest/me/api-key`, { method: 'POST', headers: { origin } }).then(async (r) => ((await r.json()) as { data: { apiKey: string } }).data.apiKey);
  const created = await fetch(`${base}api/v1/workflows`, {
    method: 'POST',
    headers: { 'x-n8n-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Made through the public API', nodes: [{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }], connections: {} }),
  });
  expect(created.status).toBe(200);
  const workflowId = ((await created.json()) as { id: string }).id;

  const elsewhere: string[] = [];
  const apiCalls: Array<{ url: string; key: string | undefined }> = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    if (r.url().includes('/api/v1/workflows')) apiCalls.push({ url: r.url(), key: r.headers()['x-n8n-api-key'] });
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto(`${base}api/v1/docs`);
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Switchyard public API');
  await expect(page.locator('#operations-Workflow-getWorkflows')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/docs.png`, fullPage: false });

  await page.locator('.btn.authorize').first().click();
  const dialog = page.locator('.modal-ux');
  await expect(dialog).toContainText('X-N8N-API-KEY');
  await dialog.locator('input').first().fill(key);
  await dialog.locator('.auth-btn-wrapper .btn.authorize').click();
  await dialog.locator('.btn-done').click();

  await page.locator('#operations-Workflow-getWorkflows .opblock-summary').click();
  const op = page.locator('#operations-Workflow-getWorkflows');
  const tryIt = op.locator('.try-out__btn');
  if (await tryIt.isVisible() && (await tryIt.textContent())?.includes('Try it out')) await tryIt.click();
  // The shared server holds the other specs' workflows too: ask for this one by name.
  await op.locator('tr[data-param-name="name"] input').fill('Made through the public API');
  await op.locator('.btn.execute').click();
  const live = op.locator('.live-responses-table');
  await expect(live.locator('tbody .response-col_status').first()).toHaveText('200');
  await expect(live).toContainText('Made through the public API');
  await live.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/docs-executed.png`, fullPage: false });

  expect(apiCalls.length).toBeGreaterThan(0);
  expect(apiCalls.some((c) => c.url.includes('name=Made'))).toBe(true);
  expect(apiCalls.every((c) => c.key === key)).toBe(true);
  expect(elsewhere).toEqual([]);
  expect(errors).toEqual([]);

  // The shared server is left as it was for the other specs.
  expect((await fetch(`${base}api/v1/workflows/${workflowId}`, { method: 'DELETE', headers: { 'x-n8n-api-key': key } })).status).toBe(200);
  expect((await fetch(`${base}rest/me/api-key`, { method: 'DELETE', headers: { origin } })).status).toBe(200);
});
