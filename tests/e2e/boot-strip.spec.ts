// A reload paints the sidebar's strip while the app's scripts load, instead of a blank page;
// the app drops it once the route has decided what to show. Pages without the sidebar
// (sign-in, the wall) never get it.
import { expect, test } from '@playwright/test';
import { baseUrl, waitForCanvas } from './editing-helpers.ts';

test('the sidebar strip shows while the app loads, and goes once the view is drawn', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/.*main[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${baseUrl()}workflow`, { waitUntil: 'commit' });
  await page.waitForFunction(() => getComputedStyle(document.body).backgroundImage.includes('gradient'));
  expect(await page.evaluate(() => document.documentElement.classList.contains('booting'))).toBe(true);
  await page.screenshot({ path: 'test-results/boot-strip.png' });
  release();
  await waitForCanvas(page);
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('booting'))).toBe(false);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundImage)).toBe('none');
  await page.unroute(/\/assets\/.*main[^/]*\.js$/);

  for (const path of ['signin', 'wall?ids=x']) {
    await page.goto(`${baseUrl()}${path}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState !== 'loading');
    expect(await page.evaluate(() => document.documentElement.classList.contains('booting')), path).toBe(false);
  }
});
