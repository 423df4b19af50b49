// How a canvas view starts when its address is opened (the demo view a template page frames,
// the editor): the demo view's chunks are preloaded with main.js (index.html's list from the build),
// its canvas makes one WebGL context (Pixi's own test context is answered by the renderer's), the
// renderer is WebGL; and a view whose chunk cannot be loaded says so, with a reload button,
// instead of a blank page.
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, waitForCanvas } from './editing-helpers.ts';

type Counted = { __webglCanvases?: number; __switchyardCanvas: { getRendererType(): string; whenIdle(): Promise<void> } };

/** Counts the canvases that get a WebGL context in the page (a context asked twice of one canvas counts once). */
async function countWebglCanvases(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new WeakSet<object>();
    const w = window as unknown as { __webglCanvases: number };
    w.__webglCanvases = 0;
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, options?: unknown) {
      const ctx = (original as (this: HTMLCanvasElement, t: string, o?: unknown) => RenderingContext | null).call(this, type, options);
      if (ctx && type.startsWith('webgl') && !seen.has(this)) {
        seen.add(this);
        w.__webglCanvases++;
      }
      return ctx;
    } as typeof original;
  });
}

test('the demo view opened by its address: its chunks preloaded, one WebGL context', async ({ page }) => {
  await countWebglCanvases(page);
  await page.goto(`${baseUrl()}workflows/demo`);
  await waitForCanvas(page);
  await page.evaluate(() => (window as unknown as Counted).__switchyardCanvas.whenIdle());
  const preloaded = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href));
  for (const chunk of [/WorkflowDemoView-[A-Z0-9]+\.js$/, /createRenderer-[A-Z0-9]+\.js$/, /browserAll-[A-Z0-9]+\.js$/]) expect(preloaded.some((h) => chunk.test(h)), String(chunk)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as Counted).__switchyardCanvas.getRendererType())).toBe('webgl');
  expect(await page.evaluate(() => (window as unknown as Counted).__webglCanvases)).toBe(1);
});

test('the editor opened by its address: one WebGL context, and its chunks are not preloaded (they slowed its open)', async ({ page }) => {
  await countWebglCanvases(page);
  await page.goto(`${baseUrl()}workflow`);
  await waitForCanvas(page);
  await page.evaluate(() => (window as unknown as Counted).__switchyardCanvas.whenIdle());
  const preloaded = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href));
  expect(preloaded.some((h) => /(NodeView|createRenderer)-/.test(h))).toBe(false);
  expect(await page.evaluate(() => (window as unknown as Counted).__switchyardCanvas.getRendererType())).toBe('webgl');
  expect(await page.evaluate(() => (window as unknown as Counted).__webglCanvases)).toBe(1);
});

test('a page without a canvas preloads none of the canvas chunks (the gallery)', async ({ page }) => {
  await page.goto(`${baseUrl()}templates/`);
  await expect(page.getByTestId('template-card').first()).toBeVisible();
  const preloaded = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href));
  expect(preloaded.some((h) => /(NodeView|WorkflowDemoView|WallView|createRenderer)-/.test(h))).toBe(false);
});

test('a view whose chunk cannot be loaded says so and offers a reload', async ({ page }) => {
  await page.route(/WorkflowDemoView-[A-Z0-9]+\.js$/, (route) => route.abort());
  await page.goto(`${baseUrl()}workflows/demo`);
  const error = page.getByTestId('view-load-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('This page could not be loaded');
  await page.unroute(/WorkflowDemoView-[A-Z0-9]+\.js$/);
  await error.getByRole('button', { name: 'Reload' }).click();
  await waitForCanvas(page);
  await expect(page.getByTestId('view-load-error')).toHaveCount(0);
});
