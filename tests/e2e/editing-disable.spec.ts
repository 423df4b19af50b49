// d deactivates the selected nodes (and clears their execution data); d again activates them.
import { expect, test } from '@playwright/test';
import { chainWorkflow, clickNode, node, openNew, shot, storeState, toast } from './editing-helpers.ts';

test('d toggles the selection between deactivated and active', async ({ page }) => {
  test.setTimeout(150_000);
  await openNew(page, chainWorkflow('Disable'));
  // Run once so the nodes carry execution data.
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  await expect.poll(async () => (await storeState(page)).nodes.find((x) => x.name === 'A')!.status).toBe('success');

  await clickNode(page, 'A');
  await clickNode(page, 'B', ['Shift']);
  await page.keyboard.press('d');
  await expect(node(page, 'A')).toHaveAttribute('aria-label', /disabled|deactivated/i);
  await expect(node(page, 'B')).toHaveAttribute('aria-label', /disabled|deactivated/i);
  let state = await storeState(page);
  expect(state.nodes.filter((x) => x.disabled).map((x) => x.name).sort()).toEqual(['A', 'B']);
  expect(state.nodes.find((x) => x.name === 'A')!.status).toBe('idle');
  await shot(page, 'disable-01-deactivated');

  // Held key: one toggle per 350 ms, not one per repeat.
  await page.waitForTimeout(400);
  await page.keyboard.press('d');
  await page.keyboard.press('d');
  state = await storeState(page);
  expect(state.nodes.filter((x) => x.disabled)).toEqual([]);

  await page.waitForTimeout(400);
  await page.getByTestId('action-disable').click();
  await expect.poll(async () => (await storeState(page)).nodes.filter((x) => x.disabled).length).toBe(2);
});
