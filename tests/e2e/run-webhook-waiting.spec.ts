// Runs that wait (spec 001 §2.4, §4.4, §4.10) against the real server: a workflow that starts at
// a Webhook node waits for a call of its test URL ("Waiting for trigger event" and a
// stop-waiting button), runs when the test calls that URL, and stops waiting with DELETE
// /rest/test-webhook/{id}; a run that ends in a Wait node (resume on webhook call) shows the
// indefinite-wait text on that node, in the editor and in the /execution/:id view.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { baseUrl, canvasIdle, links, n, node, openNew, toast, TYPES } from './editing-helpers.ts';
import { WAITING_INDEFINITELY_TEXT } from '../../src/model/waitingText.ts';

const SHOTS = 'test-results/run-waiting';
mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  await canvasIdle(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

function webhookWorkflow(path: string) {
  return {
    name: `Webhook wait ${path}`,
    nodes: [
      { ...n('Webhook', 'n8n-nodes-base.webhook', [240, 300], { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} }, 2), webhookId: crypto.randomUUID() },
      n('Set', TYPES.set, [520, 300], { assignments: { assignments: [{ id: '1', name: 'greeting', value: '={{ $json.body.name }}', type: 'string' }] }, options: {} }, 3.4),
    ],
    connections: links([['Webhook', 'Set']]),
  };
}

const runButton = (page: Page) => page.getByTestId('execute-workflow');

test.describe('a run that starts at a Webhook node', () => {
  test.setTimeout(180_000);

  test('waits for the test webhook call, then runs with it', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const path = `e2e-wait-${Date.now()}`;
    await openNew(page, webhookWorkflow(path));
    await expect(runButton(page)).toHaveText('Execute workflow');

    await runButton(page).click();
    await expect(runButton(page)).toHaveText('Waiting for trigger event');
    await expect(runButton(page)).toBeDisabled();
    const stop = page.getByTestId('stop-waiting-webhook');
    await expect(stop).toBeVisible();
    await expect(stop).toHaveAttribute('aria-label', 'Stop waiting for webhook call');
    await expect(page.getByTestId('stop-execution')).toHaveCount(0);
    await shot(page, '01-waiting-for-trigger-event');

    // The test calls the test URL as an outside client would.
    const res = await fetch(`${baseUrl()}webhook-test/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada' }) });
    expect(res.status, await res.text()).toBe(200);

    await expect(runButton(page)).toHaveText('Execute workflow');
    await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
    await expect(node(page, 'Set')).toHaveAttribute('aria-label', 'Set, has data, 1 item');
    await expect(node(page, 'Webhook')).toHaveAttribute('aria-label', /has data, 1 item/);
    // The run's push messages were applied: its execution is the editor's, with the call's data.
    const state = await page.evaluate(() => {
      const w = (window as unknown as { __switchyard: { workflow: { executionId?: string; runData?: Record<string, Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }>> } }>> } } }).__switchyard.workflow;
      return { executionId: w.executionId, set: w.runData?.Set?.[0]?.data?.main[0]?.[0]?.json };
    });
    expect(state.executionId).toMatch(/^\d+$/);
    expect(state.set).toEqual({ greeting: 'Ada' });
    await shot(page, '02-webhook-run-finished');
    expect(errors).toEqual([]);
  });

  test('stops waiting: DELETE /rest/test-webhook/{id}, the button returns to Execute workflow', async ({ page }) => {
    const path = `e2e-stop-${Date.now()}`;
    const id = await openNew(page, webhookWorkflow(path));
    await runButton(page).click();
    await expect(runButton(page)).toHaveText('Waiting for trigger event');

    const deleted = page.waitForRequest((r) => r.method() === 'DELETE' && new URL(r.url()).pathname.endsWith(`/rest/test-webhook/${id}`));
    await page.getByTestId('stop-waiting-webhook').click();
    const request = await deleted;
    expect((await request.response())?.status()).toBe(200);
    await expect(runButton(page)).toHaveText('Execute workflow');
    await expect(runButton(page)).toBeEnabled();
    await expect(page.getByTestId('stop-waiting-webhook')).toHaveCount(0);
    await expect(page.getByTestId('stop-execution')).toHaveCount(0);
    await shot(page, '03-stopped-waiting');

    // The test URL no longer listens.
    const res = await fetch(`${baseUrl()}webhook-test/${path}`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });
});

test('a run that ends in a Wait node shows the indefinite-wait text on it', async ({ page }) => {
  test.setTimeout(180_000);
  await openNew(page, {
    name: `Wait on webhook ${Date.now()}`,
    nodes: [n('Trigger', TYPES.trigger, [240, 300]), { ...n('Wait', 'n8n-nodes-base.wait', [520, 300], { resume: 'webhook', options: {} }, 1.1), webhookId: crypto.randomUUID() }],
    connections: links([['Trigger', 'Wait']]),
  });
  await runButton(page).click();
  await expect(toast(page, 'Workflow started waiting')).toBeVisible();
  await expect(runButton(page)).toHaveText('Execute workflow');
  await expect(node(page, 'Wait')).toHaveAttribute('aria-label', `Wait, waiting, ${WAITING_INDEFINITELY_TEXT}, 1 item`);
  await shot(page, '04-wait-node-waiting');
  const executionId = await page.evaluate(() => (window as unknown as { __switchyard: { workflow: { executionId?: string } } }).__switchyard.workflow.executionId);
  expect(executionId).toMatch(/^\d+$/);

  // The execution view shows the same.
  await page.goto(`${baseUrl()}execution/${executionId}`);
  await expect(node(page, 'Wait')).toHaveAttribute('aria-label', `Wait, waiting, ${WAITING_INDEFINITELY_TEXT}, 1 item`);
  await shot(page, '05-execution-view-waiting');
});
