// Read-only views (/execution/:id and /workflows/demo): no run controls, node actions, undo or
// tidy-up; every attempt to edit (keys, paste, drag, the creator) shows one persistent error.
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, chainWorkflow, clickNode, drag, node, openNew, shot, storeState, toast, waitForCanvas } from './editing-helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function tryToEdit(page: Page): Promise<void> {
  await clickNode(page, 'A');
  for (const key of ['d', 'F2', 'Delete', 'Control+x', 'Control+v', 'Control+z', 'Control+d', 'Shift+Alt+T', 'Tab']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(50);
  }
  const a = (await node(page, 'A').boundingBox())!;
  await drag(page, { x: a.x + a.width / 2, y: a.y + a.height / 2 }, { x: a.x + 200, y: a.y + 150 });
}

test('a past execution is read-only and says so once', async ({ page }) => {
  test.setTimeout(180_000);
  await openNew(page, chainWorkflow('Order sync'));
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  const { executionId } = await storeState(page);
  expect(executionId).toBeTruthy();

  await page.goto(`${baseUrl()}execution/${executionId}`);
  await waitForCanvas(page);
  await expect(node(page, 'A')).toBeVisible();
  const before = await storeState(page);
  await expect(page.getByTestId('execute-workflow')).toHaveCount(0);
  await expect(page.getByTestId('undo')).toHaveCount(0);
  await expect(page.getByTestId('tidy-up')).toHaveCount(0);
  await expect(page.getByTestId('add-node')).toHaveCount(0);

  await tryToEdit(page);
  await expect(page.getByTestId('selection-actions')).toHaveCount(0);
  await expect(page.getByTestId('rename-dialog')).toHaveCount(0);
  await expect(page.getByTestId('node-creator')).toBeHidden();
  const errors = toast(page, 'This view is read-only');
  await expect(errors).toHaveCount(1);
  await expect(errors).toContainText('past execution');
  const after = await storeState(page);
  expect(after.nodes.map(({ status: _s, ...x }) => x)).toEqual(before.nodes.map(({ status: _s, ...x }) => x));
  expect(after.edges).toEqual(before.edges);
  // It stays until closed.
  await page.waitForTimeout(9000);
  await expect(errors).toHaveCount(1);
  await shot(page, 'readonly-01-execution');

  // Closed, the next attempt shows it again (once).
  await errors.getByRole('button', { name: 'Close notification' }).click();
  await clickNode(page, 'B');
  await page.keyboard.press('d');
  await page.keyboard.press('d');
  await expect(errors).toHaveCount(1);
});

test('the demo route is read-only too', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${baseUrl()}workflows/demo`);
  await waitForCanvas(page);
  await expect(page.getByTestId('demo-waiting')).toContainText('workflow sent by the page');
  await page.keyboard.press('Tab');
  await expect(toast(page, 'This view is read-only')).toContainText('preview');
  await expect(toast(page, 'This view is read-only')).toBeVisible();
  await expect(page.getByTestId('node-creator')).toHaveCount(0);
  await page.waitForTimeout(500);
  await shot(page, 'readonly-02-demo-empty');
});
