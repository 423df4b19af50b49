// Rename with F2 and with the selection's rename action: the prompt, unique names, trimming,
// empty names ignored, and expressions in other nodes following the new name; one undo step.
import { expect, test } from '@playwright/test';
import { chainWorkflow, clickNode, node, openNew, shot, storeState } from './editing-helpers.ts';

const expressionOfB = async (page: import('@playwright/test').Page) => JSON.stringify((await storeState(page)).nodes.find((x) => x.name === 'B')!.parameters);

test('F2 renames a node and the expressions that use its name', async ({ page }) => {
  test.setTimeout(120_000);
  await openNew(page, chainWorkflow('Rename'));
  await clickNode(page, 'A');
  await page.keyboard.press('F2');
  const dialog = page.getByTestId('rename-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('rename-input')).toHaveValue('A');
  await page.getByTestId('rename-input').fill('  Fetch orders  ');
  await page.waitForTimeout(400); // the dialog fades in
  await shot(page, 'rename-01-prompt');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(node(page, 'Fetch orders')).toBeVisible();
  // The selected node was A: it is now "Fetch orders"; the action renames it again.
  expect(await expressionOfB(page)).toContain("$('Fetch orders')");

  // A taken name gets a numeric suffix; an empty one changes nothing.
  await page.getByTestId('action-rename').click();
  await page.getByTestId('rename-input').fill('C');
  await page.getByTestId('rename-submit').click();
  await expect(page.getByTestId('rename-dialog')).toBeHidden();
  await expect(node(page, 'C1')).toBeVisible();
  expect(await expressionOfB(page)).toContain("$('C1')");
  await page.waitForTimeout(1600); // F2 is debounced 1500 ms (spec 001 §9)
  await page.keyboard.press('F2');
  await page.getByTestId('rename-input').fill('   ');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('rename-dialog')).toBeHidden();
  await expect(node(page, 'C1')).toBeVisible();

  // Undo: one step back to the previous name and expression.
  await page.keyboard.press('Control+z');
  await expect(node(page, 'Fetch orders')).toBeVisible();
  expect(await expressionOfB(page)).toContain("$('Fetch orders')");
  await shot(page, 'rename-02-after-undo');
});
