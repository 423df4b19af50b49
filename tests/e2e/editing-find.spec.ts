// Find node (ctrl+f) in a 2,000-node workflow: fuzzy matches as you type, arrows and Enter fly
// the canvas to the node and select it.
import { expect, test } from '@playwright/test';
import { generateWorkflow } from '../../bench/generateWorkflow.ts';
import { node, openNew, shot, storeState } from './editing-helpers.ts';

test('ctrl+f finds a node by a fuzzy name and zooms to it', async ({ page }) => {
  test.setTimeout(180_000);
  const wf = generateWorkflow(2000, { seed: 7 });
  const target = wf.nodes.find((x) => x.name.startsWith('Code 19'))!;
  await openNew(page, wf);

  await page.keyboard.press('Control+f');
  const palette = page.getByTestId('find-node');
  await expect(palette).toBeVisible();
  await expect(page.getByTestId('find-input')).toBeFocused();
  await expect(page.getByTestId('find-input')).toHaveAttribute('placeholder', /2,000/);
  // A loose query lists many; arrows move through them.
  await page.getByTestId('find-input').fill('cod 19');
  await expect(page.getByTestId('find-result').nth(3)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('find-result').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('find-result').nth(0)).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'find-01-palette');
  // Part of the type and the digits, not the exact name.
  const [, digits] = /^Code (\d+)$/.exec(target.name)!;
  await page.getByTestId('find-input').fill(`cod ${digits}`);
  await expect(page.getByTestId('find-result').first()).toContainText(target.name);
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect.poll(async () => (await storeState(page)).selection).toEqual([target.name]);
  const box = node(page, target.name);
  await expect(box).toBeVisible();
  const b = (await box.boundingBox())!;
  const host = (await page.getByTestId('canvas-host').boundingBox())!;
  // Centred (the canvas flies there): the node is near the middle of the view.
  expect(Math.abs(b.x + b.width / 2 - (host.x + host.width / 2))).toBeLessThan(host.width / 4);
  expect(Math.abs(b.y + b.height / 2 - (host.y + host.height / 2))).toBeLessThan(host.height / 4);
  await shot(page, 'find-02-focused');

  // No match says so; Escape closes.
  await page.keyboard.press('Control+f');
  await page.getByTestId('find-input').fill('zzzz no such node');
  await expect(palette).toContainText('No node matches');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});
