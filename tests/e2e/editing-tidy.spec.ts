// Tidy up: a scrambled workflow laid out left to right by the layout worker (ELK), animated by
// the canvas, one undo step; also with shift+alt+t.
import { expect, test } from '@playwright/test';
import { links, n, openNew, shot, storeState, TYPES } from './editing-helpers.ts';

test('tidy up lays the workflow out left to right and undoes in one step', async ({ page }) => {
  test.setTimeout(180_000);
  await openNew(page, {
    name: 'Tidy',
    nodes: [
      n('Trigger', TYPES.trigger, [900, 620]),
      n('Check', TYPES.if, [240, 80], {}, 2),
      n('Yes', TYPES.noOp, [140, 520]),
      n('No', TYPES.noOp, [1100, 100]),
      n('After yes', TYPES.noOp, [560, 360]),
      n('Lonely', TYPES.noOp, [300, 300]),
    ],
    connections: links([
      ['Trigger', 'Check'],
      ['Check', 'Yes', 0],
      ['Check', 'No', 1],
      ['Yes', 'After yes'],
    ]),
  });
  const before = await storeState(page);
  await shot(page, 'tidy-01-before');
  await page.getByTestId('tidy-up').click();
  await expect.poll(async () => (await storeState(page)).nodes.find((x) => x.name === 'Trigger')!.x, { timeout: 60_000 }).not.toBe(900);
  await expect(page.getByTestId('tidy-up')).toBeEnabled({ timeout: 30_000 });
  const after = await storeState(page);
  const at = (name: string) => after.nodes.find((x) => x.name === name)!;
  expect(at('Trigger').x).toBeLessThan(at('Check').x);
  expect(at('Check').x).toBeLessThan(at('Yes').x);
  expect(at('Yes').x).toBeLessThan(at('After yes').x);
  expect(at('Yes').x).toBe(at('No').x);
  // true above false
  expect(at('Yes').y).toBeLessThan(at('No').y);
  for (const x of after.nodes) expect([x.x % 20, x.y % 20]).toEqual([0, 0]);
  // A node on its own goes below the flow, not above it.
  expect(at('Lonely').y).toBeGreaterThan(Math.max(at('Yes').y, at('No').y));
  await page.getByTestId('zoom-to-fit').click();
  await shot(page, 'tidy-02-after');

  // One undo step puts everything back.
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await storeState(page)).nodes.map((x) => [x.name, x.x, x.y])).toEqual(before.nodes.map((x) => [x.name, x.x, x.y]));

  // The shortcut does the same; a second tidy-up changes nothing.
  await page.keyboard.press('Shift+Alt+T');
  await expect.poll(async () => (await storeState(page)).nodes.find((x) => x.name === 'Trigger')!.x, { timeout: 60_000 }).toBe(at('Trigger').x);
  await expect(page.getByTestId('tidy-up')).toBeEnabled({ timeout: 30_000 });
  const undoSteps = async () => page.evaluate(() => (window as unknown as { __switchyard: { workflow: { history: { size: number } } } }).__switchyard.workflow.history.size);
  const steps = await undoSteps();
  await page.getByTestId('tidy-up').click();
  await page.waitForTimeout(2000);
  await expect(page.getByTestId('tidy-up')).toBeEnabled({ timeout: 30_000 });
  expect(await undoSteps()).toBe(steps);
});
