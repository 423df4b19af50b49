// The node error view and the execution's own outcome in the node details view (spec 001 §2.7),
// against the real server: an HTTP Request node that gets a real 404 from an HTTP server this
// test starts; a Stop and Error node naming a parameter its type does not have; an execution
// that times out with no node error ('Failed execution'); an execution waiting in a Wait node
// (the waitTill warning, refreshed after the test resumes it).
import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { baseUrl, links, n, node, openNew, shot as rawShot, toast, TYPES } from './editing-helpers.ts';

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250);
  await rawShot(page, name);
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The visible toasts cover none of these (each that is on screen). */
async function toastsClear(page: Page, testIds: string[]): Promise<void> {
  const toasts = await page.getByTestId('toast').all();
  expect(toasts.length).toBeGreaterThan(0);
  for (const t of toasts) {
    const tb = (await t.boundingBox())!;
    for (const id of testIds) {
      const el = page.getByTestId(id).first();
      if (!(await el.isVisible())) continue;
      expect(overlap(tb, (await el.boundingBox())!), `a toast covers ${id}`).toBe(false);
    }
  }
}

async function openNdv(page: Page, name: string): Promise<void> {
  const b = await node(page, name).boundingBox();
  await page.mouse.dblclick(b!.x + b!.width / 2, b!.y + b!.height / 2);
  await expect(page.getByTestId('ndv')).toBeVisible();
}

let server: Server;
let port = 0;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/long/')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `No order at http://127.0.0.1:${port}${req.url}` }));
      return;
    }
    if (req.url === '/missing') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'no such order', id: 42 }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

test.describe('errors in the node details view', () => {
  test.setTimeout(180_000);

  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseUrl()).origin });
  });

  test('a 300-character URL in the error wraps inside the output panel', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const prefix = `http://127.0.0.1:${port}/long/`;
    const url = prefix + 'x'.repeat(300 - prefix.length);
    await openNew(page, {
      name: 'Long URL error',
      nodes: [n('Start', TYPES.trigger, [240, 300]), n('Get order', 'n8n-nodes-base.httpRequest', [480, 300], { url, options: {} }, 4.2)],
      connections: links([['Start', 'Get order']]),
    });
    await page.getByTestId('execute-workflow').click();
    await expect(toast(page, 'Problem executing workflow')).toBeVisible();
    await openNdv(page, 'Get order');
    await expect(page.getByTestId('run-error-description')).toContainText(url);
    await page.getByTestId('run-error-details-toggle').click();
    await expect(page.getByTestId('run-error-details')).toBeVisible();
    // Nothing is wider than its box: the error, its parts, and the output panel around it.
    const overflow = (testId: string) => page.getByTestId(testId).evaluate((el) => el.scrollWidth - el.clientWidth);
    for (const id of ['run-error', 'run-error-message', 'run-error-description', 'run-error-details']) expect(await overflow(id), id).toBeLessThanOrEqual(0);
    for (const dd of await page.locator('[data-testid="run-error-details"] dd').all()) expect(await dd.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const panel = page.locator('section.ndv-output');
    expect(await panel.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const p = (await panel.boundingBox())!;
    const d = (await page.getByTestId('run-error-description').boundingBox())!;
    expect(d.x + d.width).toBeLessThanOrEqual(p.x + p.width);
    await shot(page, 'ndv-errors-long-url');
  });

  test('an HTTP Request that gets a 404: message, description and the details with copy', async ({ page }) => {
    await openNew(page, {
      name: 'HTTP error',
      nodes: [n('Start', TYPES.trigger, [240, 300]), n('Get order', 'n8n-nodes-base.httpRequest', [480, 300], { url: `http://127.0.0.1:${port}/missing`, options: {} }, 4.2)],
      connections: links([['Start', 'Get order']]),
    });
    await page.getByTestId('execute-workflow').click();
    await expect(toast(page, 'Problem executing workflow')).toBeVisible();
    await openNdv(page, 'Get order');
    const err = page.getByTestId('run-error');
    await expect(err).toBeVisible();
    await expect(page.getByTestId('run-error-message')).toContainText('could not be found');
    await expect(page.getByTestId('run-error-description')).toContainText('no such order');
    await expect(page.getByTestId('run-error-details')).toHaveCount(0);
    await shot(page, 'ndv-errors-01-http-404');

    await page.getByTestId('run-error-details-toggle').click();
    await expect(page.getByTestId('run-error-row-http-code')).toHaveText('404');
    await expect(page.getByTestId('run-error-row-item-index')).toHaveText('0');
    await expect(page.getByTestId('run-error-row-run-index')).toHaveText('0');
    await expect(page.getByTestId('run-error-row-time')).toContainText(String(new Date().getFullYear()));
    await expect(page.getByTestId('run-error-row-node-type')).toHaveText('n8n-nodes-base.httpRequest (version 4.2)');
    await expect(page.getByTestId('run-error-stack')).toContainText('NodeApiError');
    await shot(page, 'ndv-errors-02-http-404-details');
    // The persistent error toast stays, clear of the output header and the error's controls.
    await expect(toast(page, 'Problem executing workflow')).toBeVisible();
    await toastsClear(page, ['ndv-close', 'ndv-pin-data', 'ndv-edit-output', 'run-error-details-toggle', 'run-error-copy', 'run-error-message', 'ndv-execute-node']);

    await page.getByTestId('run-error-copy').click();
    await expect(toast(page, 'Copied to clipboard')).toBeVisible();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied.httpCode).toBe('404');
    expect(copied.errorDescription).toContain('no such order');
    expect(copied.details['Item index']).toBe('0');

    // A dialog over the view: the toast sits beside it, clear of its buttons.
    // The list is filtered to this workflow: unfiltered, its height depends on how many workflows
    // earlier specs saved on the shared server, and a list as tall as the window (and too wide
    // to leave 200 px beside it) leaves no room, where the toasts go bottom right over it by
    // design (toastPlacement.ts). Filtering shrinks the open dialog: the toasts are placed
    // again for its new size (below it, in the height left there).
    // The copy toast goes first (2 s): the toasts are placed again when one goes, which would
    // hide whether they follow the dialog's size.
    await expect(toast(page, 'Copied to clipboard')).toHaveCount(0, { timeout: 5000 });
    await page.keyboard.press('Control+o');
    const dialog = page.locator('.dialog-overlay .dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Search workflows by name' }).fill('HTTP error');
    await expect(dialog.getByTestId('open-wf-row')).toHaveCount(1);
    const toasts = page.getByTestId('toast');
    await expect(toast(page, 'Problem executing workflow')).toBeVisible();
    const view = page.viewportSize()!;
    await expect
      .poll(async () => {
        const db = (await dialog.boundingBox())!;
        for (const t of await toasts.all()) if (overlap((await t.boundingBox())!, db)) return 'a toast overlaps the dialog';
        const maxHeight = await page.locator('.toasts').evaluate((e) => parseFloat(getComputedStyle(e).maxHeight));
        const below = view.height - (db.y + db.height) - 32;
        return Math.abs(maxHeight - below) < 1 ? 'clear, in the height below the dialog' : `max-height ${maxHeight}, ${below} below the dialog`;
      })
      .toBe('clear, in the height below the dialog');
    await shot(page, 'ndv-errors-02b-toast-beside-dialog');
  });

  test("an error naming a parameter the node does not have: 'Could not find parameter'", async ({ page }) => {
    await openNew(page, {
      name: 'Parameter error',
      nodes: [
        n('Start', TYPES.trigger, [240, 300]),
        n('Fail', 'n8n-nodes-base.stopAndError', [480, 300], { errorType: 'errorObject', errorObject: JSON.stringify({ message: 'Bad input', description: 'The amount must be positive', parameter: 'amount' }) }),
      ],
      connections: links([['Start', 'Fail']]),
    });
    await page.getByTestId('execute-workflow').click();
    await expect(toast(page, 'Problem executing workflow')).toBeVisible();
    await openNdv(page, 'Fail');
    await expect(page.getByTestId('run-error-message')).toHaveText('Bad input');
    await expect(page.getByTestId('run-error-description')).toHaveText('The amount must be positive');
    await expect(page.getByTestId('run-error-parameter-missing')).toHaveText('Could not find parameter "amount"');
    await page.getByTestId('run-error-details-toggle').click();
    await expect(page.getByTestId('run-error-row-parameter')).toHaveText('Could not find parameter "amount"');
    await shot(page, 'ndv-errors-03-parameter-not-found');
  });

  test("an execution that times out without a node error: 'Failed execution'", async ({ page }) => {
    await openNew(page, {
      name: 'Timeout',
      settings: { executionOrder: 'v1', executionTimeout: 1 },
      nodes: [n('Start', TYPES.trigger, [240, 300]), n('Wait', 'n8n-nodes-base.wait', [480, 300], { resume: 'timeInterval', amount: 4, unit: 'seconds' }, 1.1)],
      connections: links([['Start', 'Wait']]),
    });
    await page.getByTestId('execute-workflow').click();
    await expect(page.getByTestId('execute-workflow')).toHaveText('Execute workflow', { timeout: 15_000 });
    await openNdv(page, 'Start');
    const failed = page.getByTestId('execution-failed');
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('Failed execution');
    await expect(failed).toContainText('The execution was canceled because it timed out');
    await shot(page, 'ndv-errors-04-failed-execution');
  });

  test('an execution waiting in a Wait node: the waitTill warning, refreshed after it resumed', async ({ page }) => {
    await openNew(page, {
      name: 'Waiting',
      nodes: [n('Start', TYPES.trigger, [240, 300]), { ...n('Wait', 'n8n-nodes-base.wait', [480, 300], { resume: 'webhook', options: {} }, 1.1), webhookId: crypto.randomUUID() }, n('After', TYPES.noOp, [720, 300])],
      connections: links([
        ['Start', 'Wait'],
        ['Wait', 'After'],
      ]),
    });
    await page.getByTestId('execute-workflow').click();
    await expect(toast(page, 'Workflow started waiting')).toBeVisible();
    const executionId = await page.evaluate(() => (window as any).__switchyard.workflow.executionId as string);
    await openNdv(page, 'Wait');
    const waiting = page.getByTestId('execution-waiting');
    await expect(waiting).toBeVisible();
    await expect(waiting).toContainText("This execution hasn't finished yet.");
    await expect(waiting.getByRole('link', { name: 'More info' })).toHaveAttribute('href', /n8n-nodes-base\.wait/);
    await toast(page, 'Workflow started waiting').getByRole('button', { name: 'Close notification' }).click();
    await expect(toast(page, 'Workflow started waiting')).toHaveCount(0);
    await shot(page, 'ndv-errors-05-waiting');

    const settings = (await (await page.request.get(`${baseUrl()}rest/settings`)).json()).data;
    const resume = await fetch(`${settings.urlBaseWebhook.replace(/\/$/, '')}/${settings.endpointWebhookWaiting}/${executionId}`);
    expect(resume.status, await resume.text()).toBe(200);
    await expect
      .poll(async () => (await (await page.request.get(`${baseUrl()}rest/executions/${executionId}`)).json()).data.finished, { timeout: 15_000 })
      .toBe(true);
    await page.getByTestId('execution-waiting-refresh').click();
    await expect(waiting).toHaveCount(0);
    await expect(node(page, 'After')).toHaveAttribute('aria-label', /has data/);
    await shot(page, 'ndv-errors-06-resumed');
  });
});
