// The trigger panel, the Webhook URLs section, the run button's labels and hints and the canvas
// trigger tooltip (spec 001 §2.7), against the real server: a Webhook node listens, the test
// calls its test URL with fetch, and the data shows in the node details view.
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, canvasIdle, clickEmpty, links, n, node, openNew, shot as rawShot, toast, TYPES } from './editing-helpers.ts';

/** A screenshot once the view's fade-in (120 ms) is over. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250);
  await rawShot(page, name);
}

const WEBHOOK = 'n8n-nodes-base.webhook';
const HTTP = 'n8n-nodes-base.httpRequest';

function webhookWorkflow(name: string, path: string) {
  return {
    name,
    nodes: [
      { ...n('Webhook', WEBHOOK, [240, 300], { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} }, 2), webhookId: crypto.randomUUID() },
      n('Set', TYPES.set, [520, 300], { assignments: { assignments: [{ id: '1', name: 'greeting', value: '={{ $json.body.name }}', type: 'string' }] }, options: {} }, 3.4),
    ],
    connections: links([['Webhook', 'Set']]),
  };
}

async function openNdv(page: Page, name: string): Promise<void> {
  const b = await node(page, name).boundingBox();
  await page.mouse.dblclick(b!.x + b!.width / 2, b!.y + b!.height / 2);
  await expect(page.getByTestId('ndv')).toBeVisible();
}

async function closeNdv(page: Page): Promise<void> {
  await page.getByTestId('ndv-close').click();
  await expect(page.getByTestId('ndv')).toBeHidden();
}

test.describe('trigger nodes in the node details view', () => {
  test.setTimeout(180_000);

  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseUrl()).origin });
  });

  test('a Webhook node: trigger panel, Webhook URLs, listening for a test call that the test makes', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const path = `e2e-trigger-${Date.now()}`;
    await openNew(page, webhookWorkflow('Trigger panel', path));
    await openNdv(page, 'Webhook');

    // The trigger panel stands where the input panel is, with n8n's texts.
    const panel = page.getByTestId('trigger-panel');
    await expect(panel).toBeVisible();
    await expect(page.locator('.ndv-input:not(.ndv-trigger)')).toHaveCount(0);
    await expect(page.getByTestId('trigger-header')).toHaveText('Pull in events from Webhook');
    await expect(page.getByTestId('trigger-execute-button')).toHaveText('Listen for test event');
    await expect(page.getByTestId('ndv-execute-node')).toHaveText('Listen for test event');
    await expect(page.getByTestId('trigger-activation-hint')).toContainText('run it without having to click this button by using the production webhook URL');
    await page.getByTestId('trigger-more-info').click();
    const help = page.getByTestId('trigger-executions-help');
    await expect(help).toContainText('Webhooks have two modes: test and production.');
    // 'Activate' acts; this (inactive) text has no 'executions list' link (executions-dialog.spec.ts clicks it when active).
    await expect(help.getByTestId('trigger-link-activate')).toHaveText('Activate');
    await expect(help.locator('button, a')).toHaveCount(1);
    await shot(page, 'ndv-trigger-01-webhook-panel');

    // Webhook URLs: collapsed, then Test and Production built from GET /rest/settings.
    const urls = page.getByTestId('webhook-urls');
    await expect(urls).toBeVisible();
    await expect(page.getByTestId('webhook-url')).toHaveCount(0);
    await page.getByTestId('webhook-urls-toggle').click();
    const settings = (await (await page.request.get(`${baseUrl()}rest/settings`)).json()).data;
    const testUrl = `${settings.urlBaseWebhook.replace(/\/$/, '')}/${settings.endpointWebhookTest}/${path}`;
    const prodUrl = `${settings.urlBaseWebhook.replace(/\/$/, '')}/${settings.endpointWebhook}/${path}`;
    await expect(page.getByTestId('webhook-url')).toHaveText(`POST${testUrl}`);
    await shot(page, 'ndv-trigger-02-webhook-urls-test');
    await page.getByTestId('webhook-urls-production').click();
    await expect(page.getByTestId('webhook-url')).toHaveText(`POST${prodUrl}`);
    await page.getByTestId('webhook-url').click();
    await expect(toast(page, 'URL copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(prodUrl);
    await shot(page, 'ndv-trigger-03-webhook-urls-production');

    // Listen: the listening state with the test URL to copy; the run button stops listening.
    await page.getByTestId('trigger-execute-button').click();
    await expect(page.getByTestId('trigger-listening')).toBeVisible();
    await expect(page.getByTestId('trigger-listening')).toContainText('Listening for test event');
    await expect(page.getByTestId('trigger-listening')).toContainText('Make a POST request to:');
    await expect(page.getByTestId('trigger-test-url')).toContainText(testUrl);
    await expect(page.getByTestId('trigger-execute-button')).toHaveText('Stop listening');
    await expect(page.getByTestId('ndv-execute-node')).toHaveText('Stop listening');
    await page.getByTestId('trigger-test-url').click();
    await expect(toast(page, 'Test URL copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(testUrl);
    await shot(page, 'ndv-trigger-04-listening');

    // The test calls the URL as an outside client would; the call's data shows as the output.
    const res = await fetch(testUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada' }) });
    expect(res.status, await res.text()).toBe(200);
    await expect(page.getByTestId('trigger-listening')).toHaveCount(0);
    await expect(page.getByTestId('ndv-output')).toContainText('Ada');
    await expect(page.getByTestId('trigger-execute-button')).toHaveText('Listen for test event');
    await shot(page, 'ndv-trigger-05-called');

    // Listen again and stop: the server drops the test webhook, the URL no longer answers.
    await page.getByTestId('trigger-execute-button').click();
    await expect(page.getByTestId('trigger-execute-button')).toHaveText('Stop listening');
    await page.getByTestId('trigger-execute-button').click();
    await expect(page.getByTestId('trigger-execute-button')).toHaveText('Listen for test event');
    const late = await fetch(testUrl, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(late.status).toBe(404);
    expect(errors).toEqual([]);
  });

  test('a new Webhook node gets a generated path (its webhook id), and its URL uses it', async ({ page }) => {
    await openNew(page, { name: 'New webhook', nodes: [n('Start', TYPES.trigger, [240, 300])], connections: {} });
    await clickEmpty(page);
    await page.keyboard.press('Tab');
    await page.getByTestId('node-creator-search').fill('Webhook');
    await page.locator('[data-testid="creator-node"][data-node-type="n8n-nodes-base.webhook"]').click();
    await expect.poll(() => page.evaluate(() => [...(window as any).__switchyard.workflow.nodes.values()].length)).toBe(2);
    const added = await page.evaluate(() => {
      const m = [...(window as any).__switchyard.workflow.nodes.values()].find((x: any) => x.type === 'n8n-nodes-base.webhook');
      return { path: m.parameters.path, webhookId: m.settings.webhookId };
    });
    expect(added.webhookId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(added.path).toBe(added.webhookId);
    await page.keyboard.press('Escape');
    await canvasIdle(page);
    await openNdv(page, 'Webhook');
    await page.getByTestId('webhook-urls-toggle').click();
    await expect(page.getByTestId('webhook-url')).toContainText(`/webhook-test/${added.webhookId}`);
    await shot(page, 'ndv-trigger-06-new-webhook-path');
  });

  test('the run button says why it is disabled; other triggers have their labels', async ({ page }) => {
    await openNew(page, {
      name: 'Run button hints',
      nodes: [
        n('Schedule', 'n8n-nodes-base.scheduleTrigger', [240, 300], { rule: { interval: [{}] } }, 1.2),
        n('Fetch', HTTP, [480, 300], { url: '' }, 4.2),
        n('Set', TYPES.set, [720, 300], { assignments: { assignments: [] }, options: {} }, 3.4),
        n('Errors', 'n8n-nodes-base.errorTrigger', [240, 520]),
      ],
      connections: links([
        ['Schedule', 'Fetch'],
        ['Fetch', 'Set'],
      ]),
    });
    await openNdv(page, 'Schedule');
    await expect(page.getByTestId('trigger-panel')).toBeVisible();
    await expect(page.getByTestId('trigger-execute-button')).toHaveText('Execute node');
    await shot(page, 'ndv-trigger-07-schedule-panel');
    await closeNdv(page);

    await openNdv(page, 'Errors');
    await expect(page.getByTestId('trigger-execute-button')).toHaveText('Listen for event');
    await closeNdv(page);

    await openNdv(page, 'Fetch');
    const run = page.getByTestId('ndv-execute-node');
    await expect(run).toHaveText('Execute node');
    await expect(run).toBeDisabled();
    await expect(page.getByTestId('ndv-execute-node-wrap')).toHaveAttribute('title', 'Complete required fields first');
    await closeNdv(page);

    await openNdv(page, 'Set');
    await expect(page.getByTestId('ndv-execute-node')).toBeDisabled();
    await expect(page.getByTestId('ndv-execute-node-wrap')).toHaveAttribute('title', 'Fix previous node first');
    await shot(page, 'ndv-trigger-08-fix-previous-node');
    await expect(page.getByTestId('ndv')).toBeVisible();
    await closeNdv(page);

    // Disabled node ('d' on the canvas).
    await node(page, 'Set').click();
    await page.keyboard.press('d');
    await expect.poll(() => page.evaluate(() => [...(window as any).__switchyard.workflow.nodes.values()].find((x: any) => x.name === 'Set').disabled)).toBe(true);
    await openNdv(page, 'Set');
    await expect(page.getByTestId('ndv-execute-node-wrap')).toHaveAttribute('title', 'Enable node to execute');
    await closeNdv(page);
  });

  test('schedule, manual and error triggers have a header saying when they run', async ({ page }) => {
    await openNew(page, {
      name: 'Trigger headers',
      nodes: [
        n('Cron', 'n8n-nodes-base.cron', [240, 200], { triggerTimes: { item: [{ mode: 'everyDay', hour: 14, minute: 0 }] } }, 1),
        n('Manual', TYPES.trigger, [240, 400]),
        n('On error', 'n8n-nodes-base.errorTrigger', [240, 600]),
      ],
      connections: {},
    });
    await openNdv(page, 'Cron');
    await expect(page.getByTestId('trigger-header')).toHaveText('This node will run automatically on the schedule you set');
    const hint = page.getByTestId('trigger-activation-hint');
    await expect(hint).toContainText('to have it run on this schedule');
    await expect(hint.getByTestId('trigger-link-activate')).toHaveText('activate it');
    await page.getByTestId('trigger-more-info').click();
    await expect(page.getByTestId('trigger-executions-help')).toContainText('execute this node to run it once now');
    await shot(page, 'ndv-trigger-06-cron-header');
    await closeNdv(page);

    await openNdv(page, 'Manual');
    await expect(page.getByTestId('trigger-header')).toHaveText('This node starts the workflow when you run it');
    await shot(page, 'ndv-trigger-07-manual-header');
    await closeNdv(page);
    await openNdv(page, 'On error');
    await expect(page.getByTestId('trigger-header')).toHaveText('This node will run when another workflow fails');
    await expect(page.getByTestId('trigger-panel')).toContainText('names this one as its error workflow');
    await shot(page, 'ndv-trigger-08-error-header');
  });

  test('the trigger tooltip shows 2.5 s into a run while the single trigger has no data', async ({ page }) => {
    const path = `e2e-tooltip-${Date.now()}`;
    await openNew(page, webhookWorkflow('Trigger tooltip', path));
    await page.getByTestId('execute-workflow').click();
    await expect(page.getByTestId('execute-workflow')).toHaveText('Waiting for trigger event');
    const t0 = Date.now();
    const tip = page.getByTestId('trigger-tooltip');
    await page.waitForTimeout(1500);
    await expect(tip).toHaveCount(0);
    await expect(tip).toBeVisible({ timeout: 5000 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(2400);
    await expect(tip).toHaveText('Waiting for you to call the Test URL');
    // Above the Webhook node.
    const tb = (await tip.boundingBox())!;
    const nb = (await node(page, 'Webhook').boundingBox())!;
    expect(tb.y + tb.height).toBeLessThanOrEqual(nb.y + 2);
    expect(Math.abs(tb.x + tb.width / 2 - (nb.x + nb.width / 2))).toBeLessThan(4);
    await shot(page, 'ndv-trigger-09-canvas-tooltip');
    // Data came: the tooltip goes.
    const res = await fetch(`${baseUrl()}webhook-test/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Bo"}' });
    expect(res.status).toBe(200);
    await expect(tip).toHaveCount(0);
  });

  test("the executions help's 'Activate' closes the view and activates the workflow 1 s later", async ({ page }) => {
    const path = `e2e-activate-${Date.now()}`;
    const id = await openNew(page, webhookWorkflow('Activate from trigger panel', path));
    await openNdv(page, 'Webhook');
    await page.getByTestId('trigger-more-info').click();
    await page.getByTestId('trigger-link-activate').click();
    await expect(page.getByTestId('ndv')).toBeHidden();
    await expect(page.getByTestId('workflow-activate-switch')).toHaveAttribute('data-selected', 'true', { timeout: 10_000 });
    const res = await fetch(`${baseUrl()}webhook/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Cy"}' });
    expect(res.status).toBe(200);
    await shot(page, 'ndv-trigger-10-activated');
    const off = await page.request.patch(`${baseUrl()}rest/workflows/${id}`, { data: { active: false } });
    expect(off.status()).toBeLessThan(300);
  });
});

test('the settings tab: Node Color is kept on the node while editing and dropped on save (spec 001 §3)', async ({ page }) => {
  const id = await openNew(page, { name: 'Node color', nodes: [n('Start', TYPES.trigger, [240, 300]), n('Set', TYPES.set, [480, 300], { assignments: { assignments: [] }, options: {} }, 3.4)], connections: links([['Start', 'Set']]) });
  await openNdv(page, 'Set');
  await page.getByTestId('ndv-tab-settings').click();
  const text = page.getByTestId('color-text-color');
  await expect(text).toHaveValue('');
  // rgba with alpha is stored as hex (spec 001 §5).
  await text.fill('rgba(255, 109, 90, 0.5)');
  await text.press('Tab');
  await expect(text).toHaveValue('#ff6d5a');
  const color = () => page.evaluate(() => [...(window as any).__switchyard.workflow.nodes.values()].find((x: any) => x.name === 'Set').settings.color);
  await expect.poll(color).toBe('#ff6d5a');
  await shot(page, 'ndv-trigger-11-node-color');
  await page.getByTestId('ndv-close').click();
  await page.keyboard.press('Control+s');
  await expect.poll(() => page.evaluate(() => (window as any).__switchyard.workflow.dirty)).toBe(false);
  const saved = (await (await page.request.get(`${baseUrl()}rest/workflows/${id}`)).json()).data;
  expect(saved.nodes.find((x: { name: string }) => x.name === 'Set').color).toBeUndefined();
});
