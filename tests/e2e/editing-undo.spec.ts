// Undo / redo of a chain of canvas edits with ctrl+z, ctrl+shift+z and ctrl+y (and the
// buttons): add, move, connect, rename, parameter typing (one step), duplicate, delete.
import { expect, test } from '@playwright/test';
import { canvasIdle, chainWorkflow, clickEmpty, clickNode, drag, node, openNew, shot, storeState } from './editing-helpers.ts';

test('every edit is undone and redone in order, and the saved state is clean again', async ({ page }) => {
  test.setTimeout(240_000);
  await openNew(page, chainWorkflow('Undo'));
  const snapshots = [await storeState(page)];
  const remember = async () => snapshots.push(await storeState(page));
  const doc = (s: Awaited<ReturnType<typeof storeState>>) => ({ nodes: s.nodes.map(({ status: _status, ...rest }) => rest).sort((a, b) => a.id.localeCompare(b.id)), edges: s.edges });

  // 1. Move C by dragging it.
  const c = (await node(page, 'C').boundingBox())!;
  await drag(page, { x: c.x + c.width / 2, y: c.y + c.height / 2 }, { x: c.x + c.width / 2 + 60, y: c.y + c.height / 2 + 160 });
  await expect.poll(async () => (await storeState(page)).nodes.find((x) => x.name === 'C')!.y).toBeGreaterThan(300);
  await remember();
  // 2. Connect Trigger → C by dragging from the trigger's output onto C (one input: the body takes it).
  await canvasIdle(page);
  const t = (await node(page, 'Trigger').boundingBox())!;
  const c2 = (await node(page, 'C').boundingBox())!;
  await drag(page, { x: t.x + t.width, y: t.y + t.height / 2 }, { x: c2.x + c2.width / 2, y: c2.y + c2.height / 2 });
  await expect.poll(async () => (await storeState(page)).edges).toContain('Trigger>C');
  await remember();
  // 3. Rename A.
  await clickNode(page, 'A');
  await page.keyboard.press('F2');
  await page.getByTestId('rename-input').fill('Source');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('rename-dialog')).toBeHidden();
  await expect(node(page, 'Source')).toBeVisible();
  await remember();
  // 4. Type a value into B's field in the node details view: one step for all the typing.
  const b = (await node(page, 'B').boundingBox())!;
  await page.mouse.dblclick(b.x + b.width / 2, b.y + b.height / 2);
  await expect(page.getByTestId('ndv')).toBeVisible();
  await page.getByTestId('assignment-name-0').click();
  await page.getByTestId('assignment-name-0').press('End');
  await page.getByTestId('assignment-name-0').pressSequentially('yz', { delay: 80 });
  await page.getByTestId('ndv-close').click();
  await expect(page.getByTestId('ndv')).toBeHidden();
  await remember();
  // 5. Duplicate Source, 6. delete B (its neighbours are joined).
  await clickEmpty(page);
  await clickNode(page, 'Source');
  await page.getByTestId('action-duplicate').click();
  await expect(node(page, 'Source1')).toBeVisible();
  await remember();
  await clickEmpty(page);
  await clickNode(page, 'B');
  await page.keyboard.press('Delete');
  await expect.poll(async () => (await storeState(page)).edges).toContain('Source>C');
  await remember();
  await shot(page, 'undo-01-after-edits');

  // Undo everything with ctrl+z, checking each state on the way back.
  for (let i = snapshots.length - 2; i >= 0; i--) {
    await page.keyboard.press('Control+z');
    await expect.poll(async () => doc(await storeState(page))).toEqual(doc(snapshots[i]));
  }
  const start = await storeState(page);
  expect(start.canUndo).toBe(false);
  expect(start.dirty).toBe(false);
  await expect(page.getByTestId('undo')).toBeDisabled();
  await shot(page, 'undo-02-all-undone');

  // Redo with ctrl+shift+z and ctrl+y alternately, then the button.
  for (let i = 1; i < snapshots.length - 1; i++) {
    await page.keyboard.press(i % 2 ? 'Control+Shift+z' : 'Control+y');
    await expect.poll(async () => doc(await storeState(page))).toEqual(doc(snapshots[i]));
  }
  await page.getByTestId('redo').click();
  await expect.poll(async () => doc(await storeState(page))).toEqual(doc(snapshots[snapshots.length - 1]));
  expect((await storeState(page)).dirty).toBe(true);
});
