// A large paste or import is shown whole: the canvas zooms out as far as it must (never in) so
// that every new node is on screen, clear of the Execute button and the minimap; a small one
// lands in view at the zoom the user had. The new nodes stay selected (as in n8n).
import { expect, test, type Page } from '@playwright/test';
import { generateWorkflow } from '../../bench/generateWorkflow.ts';
import { baseUrl, canvasIdle, waitForCanvas } from './editing-helpers.ts';

type Win = { __switchyard: { workflow: { nodes: Map<string, unknown>; selection: Set<string> } }; __switchyardCanvas: { zoom: { scale: number } } };

async function pasteJson(page: Page, text: string): Promise<void> {
  await page.getByTestId('canvas-host').click({ position: { x: 300, y: 300 } });
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** New nodes on screen whole and not under an overlay; and how many there are. */
function placement(page: Page) {
  return page.evaluate(() => {
    const view = document.querySelector('[data-testid="canvas-host"]')!.getBoundingClientRect();
    const overlays = ['execute-workflow', 'canvas-minimap', 'zoom-to-fit'].map((t) => document.querySelector(`[data-testid="${t}"]`)).filter((e): e is Element => !!e).map((e) => e.getBoundingClientRect());
    const all = [...document.querySelectorAll('[data-testid="canvas-node"]')];
    // The new nodes are the selected ones.
    const nodes = all.filter((e) => e.getAttribute('aria-selected') === 'true').map((e) => e.getBoundingClientRect());
    const off = nodes.filter((n) => n.left < view.left || n.top < view.top || n.right > view.right || n.bottom > view.bottom).length;
    const covered = nodes.filter((n) => overlays.some((o) => o.left < n.right && n.left < o.right && o.top < n.bottom && n.top < o.bottom)).length;
    const w = window as unknown as Win;
    return { mirrored: all.length, stored: w.__switchyard.workflow.nodes.size, selected: w.__switchyard.workflow.selection.size, off, covered, k: w.__switchyardCanvas.zoom.scale };
  });
}

test('a 150-node paste zooms out to show every new node; a 2-node paste keeps the zoom; no minimap while empty', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${baseUrl()}workflow`);
  await waitForCanvas(page);
  await canvasIdle(page);

  // An empty workflow shows no minimap (a panel with a lone view frame said nothing).
  await expect(page.getByTestId('canvas-minimap')).toBeHidden();
  const small = generateWorkflow(2, { seed: 3 });
  await pasteJson(page, JSON.stringify({ nodes: small.nodes, connections: small.connections }));
  await expect.poll(async () => (await placement(page)).stored).toBe(2);
  await canvasIdle(page);
  const two = await placement(page);
  expect(two.k).toBe(1);
  expect(two.off).toBe(0);
  await expect(page.getByTestId('canvas-minimap')).toBeVisible();

  // Pastes within DEBOUNCE_PASTE_MS (1 s) of each other count once.
  await page.waitForTimeout(1100);
  const big = generateWorkflow(150, { seed: 9 });
  await pasteJson(page, JSON.stringify({ nodes: big.nodes, connections: big.connections }));
  // Its manual trigger is left out (one per workflow; a toast says so).
  await expect.poll(async () => (await placement(page)).stored).toBe(151);
  await expect.poll(async () => { await canvasIdle(page); return (await placement(page)).mirrored; }).toBe(151);
  await page.getByRole('button', { name: /close/i }).first().click().catch(() => undefined);
  const after = await placement(page);
  expect(after.k).toBeLessThan(1);
  expect(after.selected).toBe(149);
  expect(after.off).toBe(0);
  expect(after.covered).toBe(0);
  await page.screenshot({ path: 'test-results/paste-in-view.png' });
});
