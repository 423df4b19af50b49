// The executions dialog (spec 001 §4.9) against the real server: workflows with production
// webhooks run to success, to an error (Stop and Error), to waiting (Wait on a webhook call:
// indefinitely; Wait 2 hours: until a time) and stay running (Wait 60 s, in process); then the
// dialog is opened from the sidebar and its filters, count, Load more, status rules, retry
// (original and saved workflow), stop, auto-refresh, selection, delete, delete all matching and
// open are checked, and its timers are shown to stop when it closes. Also its two other doors:
// the activation dialog's 'execution list' and the trigger panel's 'executions list'.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { baseUrl, canvasIdle, links, n, node, openNew, toast, TYPES } from './editing-helpers.ts';

const SHOTS = 'test-results/executions-dialog';
mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const stamp = Date.now();

function webhookNode(path: string) {
  return { ...n('Webhook', 'n8n-nodes-base.webhook', [240, 300], { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} }, 2), webhookId: crypto.randomUUID() };
}

async function createActive(page: Page, name: string, nodes: ReturnType<typeof n>[], pairs: Array<[string, string]>): Promise<string> {
  const res = await page.request.post(`${baseUrl()}rest/workflows`, { data: { name, nodes, connections: links(pairs), settings: { executionOrder: 'v1' } } });
  expect(res.status(), await res.text()).toBe(200);
  const id = (await res.json()).data.id as string;
  const on = await page.request.patch(`${baseUrl()}rest/workflows/${id}`, { data: { active: true } });
  expect(on.status(), await on.text()).toBe(200);
  return id;
}

async function call(path: string, body: unknown = { n: 1 }): Promise<void> {
  const res = await fetch(`${baseUrl()}webhook/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  expect(res.status).toBe(200);
}

/** Waits until the server lists `count` executions of a workflow that are no longer running. */
async function settled(page: Page, workflowId: string, count: number): Promise<void> {
  await expect
    .poll(async () => {
      const r = await page.request.get(`${baseUrl()}rest/executions`, { params: { filter: JSON.stringify({ workflowId }), limit: 100 } });
      const rows = (await r.json()).data.results as Array<{ stoppedAt: string | null }>;
      return rows.filter((x) => x.stoppedAt).length;
    })
    .toBe(count);
}

const dialog = (page: Page) => page.getByTestId('executions-dialog');
const rows = (page: Page) => dialog(page).getByTestId('executions-row');
const count = (page: Page) => dialog(page).getByTestId('executions-count');
const row = (page: Page, id: string) => dialog(page).locator(`[data-testid="executions-row"][data-id="${id}"]`);

async function openDialog(page: Page): Promise<void> {
  await page.getByTestId('sidebar-executions').click();
  await expect(dialog(page)).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

async function filterWorkflow(page: Page, id: string | ''): Promise<void> {
  await dialog(page).getByTestId('executions-filter-workflow').selectOption(id);
}
async function filterStatus(page: Page, status: string): Promise<void> {
  await dialog(page).getByTestId('executions-filter-status').selectOption(status);
}

/**
 * Deletes every execution on the server, then waits until none is listed. The specs share one
 * server (tests/e2e/globalSetup.ts) and earlier spec files leave executions on it, so the
 * dialog's counts ('(10/16)'), status filters and 'No executions found' only hold on an empty
 * list. Through the real REST API (deleteBefore now, no filters); a run another spec left going
 * is kept by the server until it ends, hence the retries.
 */
async function deleteAllExecutions(): Promise<void> {
  const origin = new URL(baseUrl()).origin;
  await expect
    .poll(
      async () => {
        const del = await fetch(`${baseUrl()}rest/executions/delete`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ deleteBefore: new Date(Date.now() + 1000).toISOString() }),
        });
        expect(del.status, await del.text()).toBe(200);
        const list = await fetch(`${baseUrl()}rest/executions?limit=1`);
        expect(list.status).toBe(200);
        return ((await list.json()) as { data: { count: number } }).data.count;
      },
      { timeout: 90_000, intervals: [500, 1000, 2000] },
    )
    .toBe(0);
}

test.describe.configure({ mode: 'serial' });

test.describe('executions dialog', () => {
  test.setTimeout(300_000);
  const ids: Record<'ok' | 'fail' | 'wait' | 'run', string> = { ok: '', fail: '', wait: '', run: '' };
  const paths = { ok: `ex-ok-${stamp}`, fail: `ex-fail-${stamp}`, wait: `ex-wait-${stamp}`, later: `ex-later-${stamp}`, run: `ex-run-${stamp}` };

  // Counts below are of this describe's executions only: start from an empty list.
  test.beforeAll(async () => {
    await deleteAllExecutions();
  });

  test('lists, counts, filters, loads more and shows each status', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    ids.ok = await createActive(page, `Exec OK ${stamp}`, [webhookNode(paths.ok), n('Set', TYPES.set, [480, 300], { assignments: { assignments: [{ id: '1', name: 'x', value: 1, type: 'number' }] }, options: {} }, 3.4)], [['Webhook', 'Set']]);
    ids.fail = await createActive(page, `Exec Fail ${stamp}`, [webhookNode(paths.fail), n('Check', 'n8n-nodes-base.stopAndError', [480, 300], { errorMessage: 'not ok' }, 1)], [['Webhook', 'Check']]);
    const waitNode = { ...n('Wait', 'n8n-nodes-base.wait', [480, 300], { resume: 'webhook', options: {} }, 1.1), webhookId: crypto.randomUUID() };
    ids.wait = await createActive(page, `Exec Wait ${stamp}`, [webhookNode(paths.wait), waitNode], [['Webhook', 'Wait']]);
    await createActive(page, `Exec Later ${stamp}`, [webhookNode(paths.later), n('Wait', 'n8n-nodes-base.wait', [480, 300], { resume: 'timeInterval', amount: 2, unit: 'hours' }, 1.1)], [['Webhook', 'Wait']]);
    for (let i = 0; i < 12; i++) await call(paths.ok);
    await call(paths.fail);
    await call(paths.fail);
    await call(paths.wait);
    await call(paths.later);
    await settled(page, ids.ok, 12);
    await settled(page, ids.fail, 2);
    await settled(page, ids.wait, 1);

    await page.goto(`${baseUrl()}workflow`);
    await openDialog(page);
    // Page size 10 first; 16 in all (12 + 2 + 1 + 1).
    await expect(rows(page)).toHaveCount(10);
    await expect(count(page)).toHaveText('(10/16)');
    await expect(dialog(page).getByRole('heading')).toContainText('Workflow Executions');
    // 80 % of the 1440 px window (spec 001 §9).
    const box = await page.locator('.executions-dialog').boundingBox();
    expect(Math.round(box!.width)).toBe(1152);
    await shot(page, '01-first-page');

    await dialog(page).getByTestId('executions-load-more').click();
    await expect(rows(page)).toHaveCount(16);
    await expect(count(page)).toHaveText('(16/16)');
    await expect(dialog(page).getByTestId('executions-load-more')).toHaveCount(0);

    // Status rules: waiting (indefinitely / until a time), error, success.
    await filterStatus(page, 'waiting');
    await expect(rows(page)).toHaveCount(2);
    await expect(count(page)).toHaveText('(2/2)');
    await expect(rows(page).getByTestId('executions-status')).toHaveText(['Waiting', 'Waiting']);
    const details = await rows(page).getByTestId('executions-status-detail').allTextContents();
    expect(details).toHaveLength(2);
    expect(details).toContain('indefinitely');
    expect(details.find((d) => d !== 'indefinitely')).toMatch(/^until /);
    // Waiting: stop and open, no retry.
    await expect(rows(page).first().getByTestId('executions-stop')).toBeVisible();
    await expect(rows(page).getByTestId('executions-retry')).toHaveCount(0);
    await shot(page, '02-waiting');

    await filterStatus(page, 'error');
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).getByTestId('executions-status')).toHaveText(['Error', 'Error']);
    await expect(rows(page).getByTestId('executions-retry')).toHaveCount(2);
    await expect(rows(page).getByTestId('executions-stop')).toHaveCount(0);
    // Why it failed: the run's error, from the list's errorMessage.
    await expect(rows(page).getByTestId('executions-error-message')).toHaveText(['not ok', 'not ok']);
    await filterStatus(page, 'success');
    await expect(count(page)).toHaveText('(10/12)');
    await expect(rows(page).getByTestId('executions-retry')).toHaveCount(0);
    await expect(rows(page).first().getByTestId('executions-running-time')).toHaveText(/^\d+(\.\d+)? sec\.$/);
    await filterStatus(page, 'all');
    await filterWorkflow(page, ids.ok);
    await expect(count(page)).toHaveText('(10/12)');
    await expect(rows(page).locator('.executions-name').first()).toHaveText(`Exec OK ${stamp}`);
    await filterWorkflow(page, ids.fail);
    await expect(count(page)).toHaveText('(2/2)');
    await shot(page, '03-filtered-by-workflow');
    expect(errors).toEqual([]);
  });

  test('retry with the original workflow fails again; with the saved (fixed) one it succeeds', async ({ page }) => {
    await page.goto(`${baseUrl()}workflow`);
    await openDialog(page);
    await filterWorkflow(page, ids.fail);
    await expect(rows(page)).toHaveCount(2);
    const [newer, older] = await rows(page).evaluateAll((rs) => rs.map((r) => r.getAttribute('data-id')!));

    await row(page, older!).getByTestId('executions-retry').click();
    await shot(page, '04-retry-menu');
    await page.getByTestId('executions-retry-original').click();
    await expect(toast(page, 'Retry unsuccessful')).toBeVisible();
    // The retry is a new execution, 'Retry of' the first, and is not offered a retry itself.
    await expect(rows(page)).toHaveCount(3);
    const retryRow = rows(page).first();
    await expect(retryRow).toContainText(`Retry of ${older}`);
    await expect(retryRow).toContainText('Retry');
    await expect(retryRow.getByTestId('executions-retry')).toHaveCount(0);

    // Fix the saved workflow: 'Check' no longer fails.
    const fixed = await page.request.patch(`${baseUrl()}rest/workflows/${ids.fail}`, {
      data: { nodes: [webhookNode(paths.fail), n('Check', TYPES.noOp, [480, 300])], connections: links([['Webhook', 'Check']]) },
    });
    expect(fixed.status(), await fixed.text()).toBe(200);
    await row(page, newer!).getByTestId('executions-retry').click();
    await page.getByTestId('executions-retry-saved').click();
    await expect(toast(page, 'Retry successful')).toBeVisible();
    await expect(rows(page)).toHaveCount(4);
    await expect(rows(page).first().getByTestId('executions-status')).toHaveText('Success');
    // Retried successfully: no retry on the original any more.
    await expect(row(page, newer!)).toContainText('Success retry');
    await expect(row(page, newer!).getByTestId('executions-retry')).toHaveCount(0);
    await shot(page, '05-after-retries');

    // A deleted execution's retry: the server's message under 'Problem with retry'.
    await row(page, older!).getByTestId('executions-retry').click();
    const gone = await page.request.post(`${baseUrl()}rest/executions/delete`, { data: { ids: [older] } });
    expect(gone.status()).toBe(200);
    await page.getByTestId('executions-retry-original').click();
    await expect(toast(page, 'Problem with retry')).toBeVisible();
    await expect(row(page, older!)).toHaveCount(0);
  });

  test('a running execution ticks every second and stops; a waiting one stops too', async ({ page }) => {
    ids.run = await createActive(page, `Exec Run ${stamp}`, [webhookNode(paths.run), n('Wait', 'n8n-nodes-base.wait', [480, 300], { resume: 'timeInterval', amount: 60, unit: 'seconds' }, 1.1)], [['Webhook', 'Wait']]);
    await page.goto(`${baseUrl()}workflow`);
    await openDialog(page);
    await filterStatus(page, 'running');
    await expect(dialog(page).getByTestId('executions-empty')).toHaveText('No executions found');
    await call(paths.run);
    // Auto-refresh brings it in (every 4000 ms).
    await expect(rows(page)).toHaveCount(1, { timeout: 10_000 });
    const r = rows(page).first();
    await expect(r.getByTestId('executions-status')).toHaveText('Running');
    const time = r.getByTestId('executions-running-time');
    await expect(time).toHaveText(/^\d+ sec\.$/);
    const t1 = Number((await time.textContent())!.split(' ')[0]);
    await expect.poll(async () => Number((await time.textContent())!.split(' ')[0]), { timeout: 5000 }).toBeGreaterThanOrEqual(t1 + 2);
    await expect(r.getByTestId('executions-open')).toHaveCount(0);
    await shot(page, '06-running');
    await r.getByTestId('executions-stop').click();
    await expect(toast(page, 'Execution stopped')).toBeVisible();
    // It stopped: no longer running.
    await expect(rows(page)).toHaveCount(0, { timeout: 10_000 });
    await filterWorkflow(page, ids.run);
    await filterStatus(page, 'all');
    await expect(rows(page).first().getByTestId('executions-status')).toHaveText('Error');
    await expect(rows(page).first().getByTestId('executions-status-detail')).toHaveText('canceled');

    // The waiting-indefinitely execution.
    await filterWorkflow(page, ids.wait);
    await expect(rows(page).first().getByTestId('executions-status-detail')).toHaveText('indefinitely');
    await rows(page).first().getByTestId('executions-stop').click();
    await expect(toast(page, 'Execution stopped').first()).toBeVisible();
    await expect(rows(page).first().getByTestId('executions-status')).toHaveText('Error');
    await expect(rows(page).first().getByTestId('executions-stop')).toHaveCount(0);
    await shot(page, '07-stopped');
  });

  test('auto-refresh adds new runs every 4000 ms and stops when unchecked or closed', async ({ page }) => {
    await page.goto(`${baseUrl()}workflow`);
    await openDialog(page);
    await filterWorkflow(page, ids.ok);
    await expect(count(page)).toHaveText('(10/12)');
    await expect(dialog(page).getByTestId('executions-auto-refresh')).toBeChecked();
    await call(paths.ok);
    await expect(count(page)).toHaveText('(13/13)', { timeout: 10_000 });

    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/rest/executions')) listCalls.push(r.url());
    });
    await dialog(page).getByTestId('executions-auto-refresh').uncheck();
    await call(paths.ok);
    await page.waitForTimeout(9000);
    expect(listCalls).toEqual([]);
    await expect(count(page)).toHaveText('(13/13)');
    await dialog(page).getByTestId('executions-auto-refresh').check();
    await expect(count(page)).toHaveText('(14/14)', { timeout: 10_000 });

    // Closed: no more requests (its timers went with it).
    await dialog(page).getByTestId('executions-close').click();
    await expect(dialog(page)).toBeHidden();
    listCalls.length = 0;
    await page.waitForTimeout(9000);
    expect(listCalls).toEqual([]);
  });

  test('select rows (indeterminate), delete them; select all matching the filter and delete them', async ({ page }) => {
    await page.goto(`${baseUrl()}workflow`);
    await openDialog(page);
    await filterWorkflow(page, ids.ok);
    await expect(count(page)).toHaveText('(10/14)');
    const all = dialog(page).getByTestId('executions-select-all');
    await expect(all).toHaveAttribute('data-state', 'none');
    await rows(page).nth(0).getByTestId('executions-row-check').check();
    await rows(page).nth(1).getByTestId('executions-row-check').check();
    await expect(all).toHaveAttribute('data-state', 'some');
    expect(await all.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
    await expect(dialog(page).getByTestId('executions-selection')).toContainText('2 selected');
    await shot(page, '08-two-selected');
    const deleted = await rows(page).evaluateAll((rs) => rs.slice(0, 2).map((r) => r.getAttribute('data-id')));
    await dialog(page).getByTestId('executions-delete-selected').click();
    const confirm = page.getByTestId('executions-delete-confirm');
    await expect(confirm).toContainText('delete the 2 selected executions');
    await shot(page, '09-delete-confirm');
    await page.getByTestId('executions-delete-confirm-confirm').click();
    await expect(toast(page, 'Executions deleted')).toBeVisible();
    await expect(count(page)).toHaveText('(10/12)');
    for (const id of deleted) await expect(row(page, id!)).toHaveCount(0);
    await expect(all).toHaveAttribute('data-state', 'none');

    // All matching the filter, loaded or not: rows checked and locked; deleteBefore + filters.
    await all.check();
    await expect(all).toHaveAttribute('data-state', 'all');
    await expect(rows(page).first().getByTestId('executions-row-check')).toBeChecked();
    await expect(rows(page).first().getByTestId('executions-row-check')).toBeDisabled();
    await expect(dialog(page).getByTestId('executions-selection')).toContainText('All 12 selected');
    await shot(page, '10-all-selected');
    const req = page.waitForRequest((r) => r.url().endsWith('/rest/executions/delete'));
    await dialog(page).getByTestId('executions-delete-selected').click();
    await expect(page.getByTestId('executions-delete-confirm')).toContainText('delete all 12 executions matching the filter');
    await page.getByTestId('executions-delete-confirm-confirm').click();
    const body = (await req).postDataJSON();
    expect(body.filters).toEqual({ workflowId: ids.ok });
    expect(typeof body.deleteBefore).toBe('string');
    await expect(dialog(page).getByTestId('executions-empty')).toHaveText('No executions found');
    await expect(count(page)).toHaveText('(0/0)');
    // Other workflows' executions are still there.
    await filterWorkflow(page, '');
    await expect(rows(page).first()).toBeVisible();
    await expect(rows(page).locator('.executions-name', { hasText: 'Exec OK' })).toHaveCount(0);
    await shot(page, '11-after-delete-all');
  });

  test('a run that fetches an HTTP answer nested 5,000 deep ends as an error naming the node and the limit, which the dialog shows, and deletes', async ({ page }) => {
    // Webhook bodies that deep are refused at the door (issue 14); an HTTP Request's answer fails
    // its node (the depth limit of workflow data), where it made a run whose data could not be saved.
    const deep = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":'.repeat(5000) + '1' + '}'.repeat(5000)));
    await new Promise<void>((resolve) => deep.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(deep.address() as AddressInfo).port}/deep`;
    try {
      const path = `ex-deep-${stamp}`;
      const fetchNode = n('Fetch', 'n8n-nodes-base.httpRequest', [480, 300], { url, options: {} }, 4.2);
      const id = await createActive(page, `Exec Deep ${stamp}`, [webhookNode(path), fetchNode], [['Webhook', 'Fetch']]);
      const res = await fetch(`${baseUrl()}webhook/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"go":1}' });
      await res.arrayBuffer();
      await settled(page, id, 1);
      await checkFailedRow(page, id, 'Node "Fetch" returned data nested more than 512 levels deep (item 0)');
    } finally {
      deep.close();
    }
  });

  async function checkFailedRow(page: Page, id: string, message: string): Promise<void> {
    await page.goto(`${baseUrl()}workflow`);
    await openDialog(page);
    await filterWorkflow(page, id);
    await expect(rows(page)).toHaveCount(1);
    const r = rows(page).first();
    await expect(r.getByTestId('executions-status')).toHaveText('Error');
    await expect(r.getByTestId('executions-error-message')).toContainText(message);
    await expect(r.getByTestId('executions-stop')).toHaveCount(0);
    await shot(page, '12a-deep-answer-failed');
    await r.getByTestId('executions-row-check').check();
    await dialog(page).getByTestId('executions-delete-selected').click();
    await page.getByTestId('executions-delete-confirm-confirm').click();
    await expect(dialog(page).getByTestId('executions-empty')).toHaveText('No executions found');
    await expect(count(page)).toHaveText('(0/0)');
  }

  test('opens a stopped execution read-only on /execution/:id', async ({ page }) => {
    await page.goto(`${baseUrl()}workflow`);
    await openDialog(page);
    await filterWorkflow(page, ids.fail);
    await filterStatus(page, 'success');
    // The filtered list (the retry that succeeded), not the rows before it applied.
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).getByTestId('executions-status')).toHaveText(['Success']);
    const first = rows(page).first();
    const id = await first.getAttribute('data-id');
    await first.getByTestId('executions-open').click();
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/execution/${id}$`));
    await canvasIdle(page);
    await expect(node(page, 'Check')).toBeVisible();
    await shot(page, '12-opened-execution');
    // From the execution view, the sidebar opens the dialog again.
    await openDialog(page);
  });

  test("the activation dialog's 'execution list' and the trigger panel's 'executions list' open it", async ({ page }) => {
    const path = `ex-door-${stamp}`;
    await openNew(page, { name: `Exec Door ${stamp}`, nodes: [webhookNode(path), n('Set', TYPES.set, [480, 300], { assignments: { assignments: [] }, options: {} }, 3.4)], connections: links([['Webhook', 'Set']]) });
    await page.getByTestId('workflow-activate-switch').click();
    const modal = page.getByTestId('activation-modal');
    await expect(modal).toBeVisible();
    await shot(page, '13-activation-modal-link');
    await modal.getByTestId('activation-executions-link').click();
    await expect(modal).toBeHidden();
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByTestId('executions-close').click();
    await expect(dialog(page)).toBeHidden();

    const b = await node(page, 'Webhook').boundingBox();
    await page.mouse.dblclick(b!.x + b!.width / 2, b!.y + b!.height / 2);
    await expect(page.getByTestId('ndv')).toBeVisible();
    const link = page.getByTestId('trigger-link-executions');
    if (!(await link.isVisible())) await page.getByTestId('trigger-more-info').click();
    await expect(link).toHaveText('executions list');
    await link.click();
    await expect(page.getByTestId('ndv')).toBeHidden();
    await expect(dialog(page)).toBeVisible();
    // It stays open once the node view is gone (nothing of the closing view dismisses it); the
    // wait also lets the overlay's fade-in end before the screenshot.
    await page.waitForTimeout(1500);
    await expect(dialog(page)).toBeVisible();
    await expect(count(page)).toHaveText(/^\(\d+\/\d+\)$/);
    await shot(page, '14-from-trigger-panel');
  });
});
