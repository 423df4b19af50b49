// Ctrl+V into the node creator's search (issue 17): workflow JSON closes the creator and lands on
// the canvas as a canvas paste would; other text stays a search of at most 100 characters, and
// 'No nodes match' repeats at most 40 of them.
import { expect, test, type Page } from '@playwright/test';
import { generateWorkflow } from '../../bench/generateWorkflow.ts';
import { baseUrl, canvasIdle, shot, waitForCanvas } from './editing-helpers.ts';

type Win = { __switchyard: { workflow: { nodes: Map<string, unknown> } } };
const stored = (page: Page) => page.evaluate(() => (window as unknown as Win).__switchyard.workflow.nodes.size);

/** A paste into the search field, as the browser sends it (a synthetic event inserts nothing by itself). */
async function pasteIntoSearch(page: Page, text: string): Promise<boolean> {
  return page.getByTestId('node-creator-search').evaluate((input, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    return input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

async function openCreator(page: Page): Promise<void> {
  await page.getByTestId('add-node').click();
  await expect(page.getByTestId('node-creator')).toBeVisible();
  await expect(page.getByTestId('node-creator-search')).toBeFocused();
}

test('workflow JSON pasted into the creator search goes onto the canvas; other text is a bounded search', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${baseUrl()}workflow`);
  await waitForCanvas(page);
  await canvasIdle(page);

  // A large workflow (tens of KB of JSON): the creator closes and its nodes are added.
  const wf = generateWorkflow(120, { seed: 5 });
  const json = JSON.stringify({ nodes: wf.nodes, connections: wf.connections }, null, 2);
  expect(json.length).toBeGreaterThan(30_000);
  await openCreator(page);
  expect(await pasteIntoSearch(page, json)).toBe(false); // default prevented: no text goes in
  await expect(page.getByTestId('node-creator')).toBeHidden();
  await expect.poll(() => stored(page)).toBe(120);
  await expect(page.getByTestId('creator-no-results')).toHaveCount(0);
  await canvasIdle(page);
  await shot(page, 'creator-paste-01-workflow');

  // A link to a workflow file: the creator closes and the canvas's import asks first.
  await page.waitForTimeout(1100); // past the canvas paste's debounce (DEBOUNCE_PASTE_MS)
  await openCreator(page);
  expect(await pasteIntoSearch(page, 'https://example.com/flows/orders.json')).toBe(false);
  await expect(page.getByTestId('node-creator')).toBeHidden();
  const ask = page.getByTestId('import-url-dialog');
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('https://example.com/flows/orders.json');
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();

  // Other text is typed into the search: at most 100 characters, 40 of them echoed.
  await openCreator(page);
  const search = page.getByTestId('node-creator-search');
  expect(await pasteIntoSearch(page, 'not a workflow')).toBe(true);
  await expect(page.getByTestId('node-creator')).toBeVisible();
  await page.keyboard.insertText('qz'.repeat(200));
  await expect(search).toHaveAttribute('maxlength', '100');
  expect((await search.inputValue()).length).toBe(100);
  const empty = page.getByTestId('creator-no-results');
  await expect(empty).toBeVisible();
  const title = (await empty.locator('.creator-empty-title').textContent()) ?? '';
  expect(title).toMatch(/^No nodes match “(qz)+q?…”$/);
  expect(title.length).toBeLessThanOrEqual('No nodes match “”'.length + 40);
  const box = (await empty.boundingBox())!;
  const panel = (await page.getByTestId('node-creator').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
  expect(await stored(page)).toBe(120);
  await shot(page, 'creator-paste-02-bounded-echo');
});
