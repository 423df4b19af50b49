// Keyboard focus returns to the canvas (issue 11): after Delete, undo, and closing the node
// details view or a dialog, the next shortcut reaches the canvas (ctrl+a selects the nodes, not
// the page's text); text fields keep their keystrokes ('d', Delete, Backspace never disable or
// delete nodes while typing).
import { expect, test, type Page } from '@playwright/test';
import { chainWorkflow, clickNode, n, names, node, openNew, shot, storeState, TYPES } from './editing-helpers.ts';

const ALL = ['A', 'B', 'C', 'Trigger'];

/** What has focus: the canvas element, the body, or something else (its tag and test id). */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    if (a.matches('canvas[data-testid="canvas"]')) return 'canvas';
    return `${a.tagName.toLowerCase()}${(a as HTMLElement).dataset.testid ? `#${(a as HTMLElement).dataset.testid}` : ''}`;
  });
}

async function pageTextSelected(page: Page): Promise<string> {
  return page.evaluate(() => window.getSelection()?.toString() ?? '');
}

/** ctrl+a selects every node and no page text. */
async function selectAllWorks(page: Page): Promise<void> {
  await page.keyboard.press('Control+a');
  await expect.poll(async () => (await storeState(page)).selection).toEqual(ALL);
  expect(await pageTextSelected(page)).toBe('');
}

async function openNdv(page: Page, name: string): Promise<void> {
  const b = await node(page, name).boundingBox();
  await page.mouse.dblclick(b!.x + b!.width / 2, b!.y + b!.height / 2);
  await expect(page.getByTestId('ndv')).toBeVisible();
}

test.describe('keyboard focus and the canvas', () => {
  test.setTimeout(180_000);

  test('Delete, then ctrl+z, then ctrl+a selects the nodes (not the page text)', async ({ page }) => {
    await openNew(page, chainWorkflow('Focus after delete'));
    await clickNode(page, 'B');
    // Clicking a node focuses its element in the canvas's node list.
    expect(await focused(page)).toBe('div#canvas-node');
    await page.keyboard.press('Delete');
    await expect.poll(() => names(page)).toEqual(['A', 'C', 'Trigger']);
    expect(await focused(page)).toBe('canvas');
    await page.keyboard.press('Control+z');
    await expect.poll(() => names(page)).toEqual(ALL);
    expect(await focused(page)).toBe('canvas');
    // ctrl+a is debounced 1000 ms after a previous one; this is the first.
    await selectAllWorks(page);
    await shot(page, 'focus-01-delete-undo-select-all');
    // And Delete again works on what ctrl+a selected (the last trigger stays).
    await page.waitForTimeout(600);
    await page.keyboard.press('Delete');
    await expect.poll(() => names(page)).toEqual(['Trigger']);
  });

  test('closing the node details view (Escape, ×) gives the keyboard back to the canvas', async ({ page }) => {
    await openNew(page, chainWorkflow('Focus after NDV'));
    await openNdv(page, 'A');
    await page.getByTestId('ndv-tab-settings').click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('ndv')).toBeHidden();
    await expect.poll(() => focused(page)).toBe('canvas');
    await selectAllWorks(page);

    await page.waitForTimeout(1100);
    await openNdv(page, 'B');
    await page.getByTestId('ndv-close').click();
    await expect(page.getByTestId('ndv')).toBeHidden();
    await expect.poll(() => focused(page)).toBe('canvas');
    await selectAllWorks(page);
  });

  test('the open node details view has the keyboard: Delete keeps the node, Escape closes it (dblclick and Enter)', async ({ page }) => {
    await openNew(page, chainWorkflow('Focus inside NDV'));
    for (const how of ['dblclick', 'Enter'] as const) {
      if (how === 'dblclick') await openNdv(page, 'B');
      else {
        await clickNode(page, 'B');
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('ndv')).toBeVisible();
      }
      // Focus moved into the view (not left on the canvas's node element behind it).
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid="ndv"]'))).toBe(true);
      await page.keyboard.press('Delete');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('d');
      await page.waitForTimeout(200);
      await expect(page.getByTestId('ndv')).toBeVisible();
      expect(await names(page)).toEqual(ALL);
      expect((await storeState(page)).nodes.find((x) => x.name === 'B')!.disabled).toBe(false);
      await shot(page, `focus-03-ndv-has-keyboard-${how}`);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('ndv')).toBeHidden();
      await expect.poll(() => focused(page)).toBe('canvas');
      expect(await names(page)).toEqual(ALL);
      await selectAllWorks(page);
      await page.waitForTimeout(1100);
    }
    // Escape from a control inside the view (a tab, then the Execute button) closes it too.
    await openNdv(page, 'C');
    await page.getByTestId('ndv-tab-settings').click();
    await page.keyboard.press('Delete');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('ndv')).toBeHidden();
    expect(await names(page)).toEqual(ALL);
    // A canvas key that reaches the canvas while the view is open (focus put back there) is not acted on.
    await openNdv(page, 'C');
    await page.evaluate(() => (document.querySelector('[data-testid="canvas-host"] canvas[data-testid="canvas"]') as HTMLElement).focus());
    await page.keyboard.press('Control+a');
    expect((await storeState(page)).selection).not.toEqual(ALL);
    await page.evaluate(() => (document.querySelector('[data-testid="canvas-host"] canvas[data-testid="canvas"]') as HTMLElement).focus());
    await page.keyboard.press('Delete');
    await page.waitForTimeout(200);
    await expect(page.getByTestId('ndv')).toBeVisible();
    expect(await names(page)).toEqual(ALL);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('ndv')).toBeHidden();
    await page.waitForTimeout(1100);
    await selectAllWorks(page);
  });

  test('a node added from the node creator (Tab, search, Enter) opens in the details view; the Manual Trigger does not', async ({ page }) => {
    await openNew(page, chainWorkflow('Add opens NDV'));
    await clickNode(page, 'C');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('node-creator-search')).toBeFocused();
    await page.keyboard.type('No Operation');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('node-creator')).toBeHidden();
    const ndv = page.getByTestId('ndv');
    await expect(ndv).toBeVisible();
    await expect(ndv.getByRole('dialog')).toHaveAttribute('aria-label', 'Node No Operation, do nothing');
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid="ndv"]'))).toBe(true);
    await page.waitForTimeout(800); // the view's fade-in, while the canvas pans to the new node
    await shot(page, 'focus-04-added-node-opens');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Escape');
    await expect(ndv).toBeHidden();
    await expect.poll(() => names(page)).toEqual([...ALL, 'No Operation, do nothing'].sort());
    await expect.poll(() => focused(page)).toBe('canvas');

    // The Manual Trigger is added without opening it (as in n8n); one per workflow, so in a workflow without one.
    await openNew(page, { name: 'Add a manual trigger', nodes: [n('A', TYPES.noOp, [460, 300])], connections: {} });
    await page.keyboard.press('Tab');
    // Typed at once, as a fast user does: the field has the keyboard as the panel appears (the
    // first letters were lost to the page while a timer waited to focus it).
    await page.keyboard.type('manual');
    await expect(page.getByTestId('node-creator-search')).toHaveValue('manual');
    await shot(page, 'focus-05-creator-manual');
    await page.locator('[data-testid="creator-node"][data-node-type="n8n-nodes-base.manualTrigger"]').first().click();
    await expect(page.getByTestId('node-creator')).toBeHidden();
    await expect.poll(async () => (await names(page)).length).toBe(2);
    await page.waitForTimeout(300);
    await expect(ndv).toBeHidden();
  });

  test('closing a dialog opened from the sidebar menu gives the keyboard back to the canvas', async ({ page }) => {
    await openNew(page, chainWorkflow('Focus after dialog'));
    await page.getByTestId('sidebar-workflows').click();
    await page.getByTestId('workflows-menu-open').click();
    const dialog = page.locator('.dialog-overlay');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await selectAllWorks(page);
    expect(await focused(page)).toBe('canvas');

    // Renaming the workflow: the name field goes away after Enter.
    await page.waitForTimeout(1100);
    await page.getByTestId('workflow-name').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Renamed d');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('workflow-name')).toHaveText('Renamed d');
    await page.keyboard.press('Escape');
    await selectAllWorks(page);
  });

  test("text fields keep 'd', Delete and Backspace: no node is disabled or deleted", async ({ page }) => {
    await openNew(page, chainWorkflow('Typing stays in fields'));
    await clickNode(page, 'B');
    const before = await storeState(page);
    expect(before.selection).toEqual(['B']);

    // The workflow name.
    await page.getByTestId('workflow-name').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' dd');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Escape');

    // A parameter field and the notes of the node details view.
    await openNdv(page, 'B');
    await page.getByTestId('ndv-tab-settings').click();
    const notes = page.locator('#setting-notes');
    await notes.click();
    await page.keyboard.type('add a note, d d');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Delete');
    await expect(notes).toHaveValue('add a note, d ');
    await shot(page, 'focus-02-typing-in-notes');
    await page.getByTestId('ndv-close').click();
    await expect(page.getByTestId('ndv')).toBeHidden();

    // The node creator's search.
    await page.keyboard.press('Tab');
    const search = page.getByTestId('node-creator-search');
    await expect(search).toBeFocused();
    await page.keyboard.type('dd');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Delete');
    await expect(search).toHaveValue('d');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    const after = await storeState(page);
    expect(after.nodes.map((x) => [x.name, x.disabled])).toEqual(before.nodes.map((x) => [x.name, x.disabled]));
    expect(after.nodes.length).toBe(4);
    // The keys still work on the canvas afterwards.
    await clickNode(page, 'B');
    await page.keyboard.press('d');
    await expect.poll(async () => (await storeState(page)).nodes.find((x) => x.name === 'B')!.disabled).toBe(true);
  });
});
