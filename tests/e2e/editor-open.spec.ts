// Opening a stored workflow (issue 18's open time): the view asks the canvas to fit as soon as
// the workflow is in the store, so the first WebGL frame with the nodes is already the fitted
// one. Before, the canvas drew the workflow at scale 1 (views, labels and edges for nodes about
// to shrink away) and the fit came after, each frame ~100 ms of a software rasteriser.
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { generateWorkflow } from '../../bench/generateWorkflow.ts';
import { baseUrl, canvasIdle, waitForCanvas } from './editing-helpers.ts';

const SHOTS = 'test-results/editor-open';
mkdirSync(SHOTS, { recursive: true });

type Stats = { frames: number; lod: string; displayedNodes: number; renderer: string };
type Win = { __switchyardCanvas: { getStats(): Stats; zoomToFit(): void; zoom: { get?(): number } | number } };

test('an opened workflow is drawn fitted in one WebGL frame, and fitting again changes nothing', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const wf = generateWorkflow(400, { seed: 11 });
  const res = await page.request.post(`${baseUrl()}rest/workflows`, { data: { name: 'open fitted', settings: { executionOrder: 'v1' }, nodes: wf.nodes, connections: wf.connections } });
  expect(res.status(), await res.text()).toBe(200);
  const id = (await res.json()).data.id as string;

  await page.goto(`${baseUrl()}workflow/${id}`);
  await waitForCanvas(page);
  await canvasIdle(page);
  const stats = () => page.evaluate(() => (window as unknown as Win).__switchyardCanvas.getStats());
  const opened = await stats();
  expect(opened.renderer).toBe('webgl');
  // Every node of a fitted 400-node workflow is in view (and so drawn).
  expect(opened.displayedNodes).toBe(400);
  // One frame with the nodes; at most one more, of the empty board, when the renderer started
  // before the workflow's answer arrived.
  expect(opened.frames).toBeLessThanOrEqual(2);
  await page.screenshot({ path: `${SHOTS}/fitted-400.png` });

  const box = async () => JSON.stringify(await page.locator('[data-testid="canvas-node"]').first().boundingBox());
  const before = await box();
  await page.evaluate(() => (window as unknown as Win).__switchyardCanvas.zoomToFit());
  await canvasIdle(page);
  expect(await box()).toBe(before);
  // Closer, still at the simplified level: bodies keep their round corners and state borders.
  await page.evaluate(() => { const h = (window as unknown as { __switchyardCanvas: { zoomIn(): void } }).__switchyardCanvas; for (let i = 0; i < 3; i++) h.zoomIn(); });
  await canvasIdle(page);
  expect((await stats()).lod).toBe('simplified');
  await page.screenshot({ path: `${SHOTS}/simplified-closer.png` });
  // Out again, past the fit: connections stay whole lines at every level.
  for (const [steps, name] of [[4, 'fit-minus-1'], [2, 'fit-minus-3']] as const) {
    await page.evaluate((n) => { const h = (window as unknown as { __switchyardCanvas: { zoomOut(): void } }).__switchyardCanvas; for (let i = 0; i < n; i++) h.zoomOut(); }, steps);
    await canvasIdle(page);
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  }
});

test('zoom to fit keeps every node clear of the Execute button, the zoom controls and the minimap', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // Shaped like the view (16:10): the plain fit reaches the bottom right, under the minimap.
  const wf = generateWorkflow(120, { seed: 5 });
  const rows = new Set(wf.nodes.map((n) => n.position[1])).size;
  const res = await page.request.post(`${baseUrl()}rest/workflows`, { data: { name: 'fit clear', settings: { executionOrder: 'v1' }, nodes: wf.nodes, connections: wf.connections } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(`${baseUrl()}workflow/${(await res.json()).data.id}`);
  await waitForCanvas(page);
  await canvasIdle(page);
  const hits = () =>
    page.evaluate(() => {
      const box = (el: Element) => el.getBoundingClientRect();
      const overlays = ['execute-workflow', 'canvas-minimap', 'zoom-to-fit'].map((t) => document.querySelector(`[data-testid="${t}"]`)).filter((e): e is Element => !!e).map(box);
      const nodes = [...document.querySelectorAll('[data-testid="canvas-node"]')].map(box);
      return { nodes: nodes.length, covered: nodes.filter((n) => overlays.some((o) => o.left < n.right && n.left < o.right && o.top < n.bottom && n.top < o.bottom)).length, overlays: overlays.length };
    });
  const opened = await hits();
  expect(rows).toBeGreaterThan(3);
  expect(opened.overlays).toBe(3);
  expect(opened.nodes).toBe(120);
  expect(opened.covered).toBe(0);
  await page.screenshot({ path: `${SHOTS}/fit-clear-of-overlays.png` });
  await page.evaluate(() => (window as unknown as Win).__switchyardCanvas.zoomToFit());
  await canvasIdle(page);
  expect((await hits()).covered).toBe(0);
});
