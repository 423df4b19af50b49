// Activation from the header (spec 001 §4.6) against the real server: a Webhook → Set workflow
// is switched active with the toggle, the activation modal is confirmed, the production webhook
// answers a call from the test, and after switching it off the webhook answers 404. A workflow
// with only a Set node cannot be activated: its toggle is disabled.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { baseUrl, links, n, openNew } from './editing-helpers.ts';
import { HIDE_ACTIVATION_ALERT_KEY } from '../../src/app/editor/header/activation.ts';

const SHOTS = 'test-results/activation';
mkdirSync(SHOTS, { recursive: true });

function webhookWorkflow(path: string) {
  return {
    name: `Activation ${path}`,
    nodes: [
      { ...n('Webhook', 'n8n-nodes-base.webhook', [240, 300], { httpMethod: 'GET', path, responseMode: 'onReceived', options: {} }, 2), webhookId: crypto.randomUUID() },
      n('Set', 'n8n-nodes-base.set', [460, 300], { assignments: { assignments: [{ id: '1', name: 'ok', value: 'yes', type: 'string' }] }, options: {} }, 3.4),
    ],
    connections: links([['Webhook', 'Set']]),
  };
}

const toggle = (page: Page) => page.getByRole('switch');

async function callWebhook(path: string): Promise<number> {
  const res = await fetch(`${baseUrl()}webhook/${path}`);
  await res.arrayBuffer();
  return res.status;
}

test('a Webhook → Set workflow is activated from the header, answers in production, and stops when deactivated', async ({ page }) => {
  const path = `activation-${Date.now()}`;
  const id = await openNew(page, webhookWorkflow(path));
  await expect(toggle(page)).not.toBeChecked();
  await expect(toggle(page)).toBeEnabled();
  await expect(page.getByTestId('workflow-activation')).toContainText('Inactive');
  expect(await callWebhook(path)).toBe(404);

  await page.getByTestId('workflow-activate-switch').click();
  const modal = page.getByTestId('activation-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Workflow activated' })).toBeVisible();
  await expect(modal.getByRole('checkbox', { name: "Don't show again" })).not.toBeChecked();
  await page.screenshot({ path: `${SHOTS}/activation-modal.png` });
  await modal.getByTestId('activation-dont-show').click();
  await modal.getByRole('button', { name: 'Got it' }).click();
  await expect(modal).toBeHidden();
  expect(await page.evaluate((key) => localStorage.getItem(key), HIDE_ACTIVATION_ALERT_KEY)).toBe('true');

  await expect(toggle(page)).toBeChecked();
  await expect(page.getByTestId('workflow-activation')).toContainText('Active');
  await expect(page.getByTestId('workflow-activation-warning')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/header-active.png` });
  await page.locator('.app-header').screenshot({ path: `${SHOTS}/header-active-crop.png` });

  // The server runs it: listed as active, stored active, and the production URL answers.
  const active = await (await page.request.get(`${baseUrl()}rest/active`)).json();
  expect(active.data).toContain(id);
  const stored = await (await page.request.get(`${baseUrl()}rest/workflows/${id}`)).json();
  expect(stored.data.active).toBe(true);
  expect(await callWebhook(path)).toBe(200);

  // Off again: PATCH { active: false }, the production URL is gone.
  await page.getByTestId('workflow-activate-switch').click();
  await expect(toggle(page)).not.toBeChecked();
  await expect(page.getByTestId('workflow-activation')).toContainText('Inactive');
  await expect.poll(() => callWebhook(path)).toBe(404);
  const after = await (await page.request.get(`${baseUrl()}rest/workflows/${id}`)).json();
  expect(after.data.active).toBe(false);

  // With the don't-show flag stored, activating again opens no modal.
  await page.getByTestId('workflow-activate-switch').click();
  await expect(toggle(page)).toBeChecked();
  await expect(modal).toHaveCount(0);
  expect(await callWebhook(path)).toBe(200);
  await page.getByTestId('workflow-activate-switch').click();
  await expect(toggle(page)).not.toBeChecked();
  await expect.poll(() => callWebhook(path)).toBe(404);
});

test('a workflow with only a Set node cannot be activated: the toggle is disabled', async ({ page }) => {
  await openNew(page, { name: 'Activation set only', nodes: [n('Set', 'n8n-nodes-base.set', [240, 300], { assignments: { assignments: [] }, options: {} }, 3.4)], connections: {} });
  await expect(toggle(page)).toBeDisabled();
  await expect(toggle(page)).not.toBeChecked();
  await expect(page.getByTestId('workflow-activation').locator('[title]').first()).toHaveAttribute('title', 'This workflow has no trigger nodes that require activation');
  await page.locator('.app-header').screenshot({ path: `${SHOTS}/header-no-trigger.png` });
});
