// Delete: a node with one input and one output leaves its neighbours connected (after 100 ms);
// nodes with two outputs do not; the last trigger stays, also when everything is deleted.
import { expect, test } from '@playwright/test';
import { chainWorkflow, clickEmpty, clickNode, links, n, node, openNew, shot, storeState, toast, TYPES } from './editing-helpers.ts';

test('deleting a node in a chain joins its neighbours, as one undo step', async ({ page }) => {
  test.setTimeout(120_000);
  await openNew(page, chainWorkflow('Delete'));
  await clickNode(page, 'B');
  await page.keyboard.press('Delete');
  await expect(node(page, 'B')).toHaveCount(0);
  await expect.poll(async () => (await storeState(page)).edges).toEqual(['A>C', 'Trigger>A']);
  await shot(page, 'delete-01-reconnected');

  await page.keyboard.press('Control+z');
  await expect(node(page, 'B')).toBeVisible();
  expect((await storeState(page)).edges).toEqual(['A>B', 'B>C', 'Trigger>A']);
});

test('a node with two outputs is not bridged; the last trigger is kept with a reason', async ({ page }) => {
  test.setTimeout(120_000);
  await openNew(page, {
    name: 'Delete rules',
    nodes: [n('Trigger', TYPES.trigger, [240, 300]), n('If', TYPES.if, [460, 300], {}, 2), n('Yes', TYPES.noOp, [680, 200]), n('No', TYPES.noOp, [680, 420])],
    connections: links([
      ['Trigger', 'If'],
      ['If', 'Yes', 0],
      ['If', 'No', 1],
    ]),
  });
  await clickNode(page, 'If');
  await page.keyboard.press('Delete');
  await expect(node(page, 'If')).toHaveCount(0);
  // Past the reconnection delay (100 ms) and the delete debounce (500 ms).
  await page.waitForTimeout(600);
  expect((await storeState(page)).edges).toEqual([]);

  await clickEmpty(page);
  await clickNode(page, 'Trigger');
  await page.keyboard.press('Delete');
  await expect(toast(page, 'The last trigger cannot be deleted')).toContainText('"Trigger" starts this workflow');
  await expect(node(page, 'Trigger')).toBeVisible();
  await shot(page, 'delete-02-last-trigger');

  // Select all, delete: everything but the last trigger goes (spec 001 §2.4).
  await page.waitForTimeout(600);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await expect(node(page, 'Yes')).toHaveCount(0);
  await expect(node(page, 'No')).toHaveCount(0);
  await expect(node(page, 'Trigger')).toBeVisible();
  expect((await storeState(page)).nodes.map((m) => m.name)).toEqual(['Trigger']);
});
