// Version notifications end to end (spec 000 §7, §9; 002 §2, §4; issue 17). The shared server
// asks its own feed (this version only: no updates, no count). A second server asks a local
// feed that answers as n8n's api.n8n.io/api/versions/ does (CORS, the instance id header): this
// version with a security issue and 120 newer ones — the sidebar counts '99+', the drawer (520 px,
// from the left) lists them newest first with their notes (a script in them is dropped), marks and
// docs links, and the critical-update warning stays until closed.
import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { baseUrl } from './editing-helpers.ts';
import { startAccountServer, type AccountServer } from './accountServer.ts';

const SHOTS = 'test-results/version-notifications';
mkdirSync(SHOTS, { recursive: true });

test('the shared server asks its own feed: this version is the newest, no update count', async ({ page }) => {
  const asked = page.waitForResponse((r) => /\/rest\/versions\/\d+\.\d+\.\d+$/.test(r.url()));
  await page.goto(`${baseUrl()}workflow`);
  const feed = await asked;
  expect(feed.status()).toBe(200);
  expect(((await feed.json()) as Array<{ name: string }>).length).toBeGreaterThan(0);
  await expect(page.getByTestId('sidebar-open-workflow')).toBeVisible();
  await expect(page.getByTestId('sidebar-updates')).toHaveCount(0);
});

test.describe('a feed with newer versions and a security issue', () => {
  let feed: Server;
  let feedUrl = '';
  let server: AccountServer;
  const seenInstanceIds: string[] = [];

  test.beforeAll(async () => {
    feed = createServer((req, res) => {
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'n8n-instance-id' };
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      seenInstanceIds.push(String(req.headers['n8n-instance-id'] ?? ''));
      const current = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
      const newer = Array.from({ length: 120 }, (_, i) => ({
        name: `0.${i + 2}.0`,
        createdAt: new Date(Date.now() - (120 - i) * 86_400_000).toISOString(),
        description: i === 119 ? '<p>Faster canvas. <strong>Wall view.</strong> <a href="https://example.com/wall">More</a></p><script>window.__pwned = true</script><img src=x onerror="window.__pwned = true">' : `<p>Release ${i + 2}.</p>`,
        documentationUrl: `https://example.com/release-notes/0.${i + 2}.0`,
        hasSecurityIssue: false,
        hasSecurityFix: i === 0,
        hasBreakingChange: i === 119,
        nodes: i === 119 ? [{ name: 'n8n-nodes-base.wall', displayName: 'Wall' }] : [],
      }));
      const self = { name: current, createdAt: '2026-01-01T00:00:00.000Z', description: '', documentationUrl: '', hasSecurityIssue: true, hasSecurityFix: false, hasBreakingChange: false, securityIssueFixVersion: '0.2.0', nodes: [] };
      res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify([...newer.reverse(), self]));
    });
    await new Promise<void>((r) => feed.listen(0, '127.0.0.1', () => r()));
    const address = feed.address();
    feedUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/versions/`;
    server = await startAccountServer({ smtp: false, env: { SWITCHYARD_VERSION_NOTIFICATIONS_ENDPOINT: feedUrl, SWITCHYARD_VERSION_NOTIFICATIONS_INFO_URL: 'https://example.com/how-to-update' } });
  });
  test.afterAll(async () => {
    await server?.stop();
    await new Promise((r) => feed?.close(r));
  });

  test("count '99+', the drawer's cards, and the persistent security warning", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // Before the owner is set up the page has no sidebar to point to: the feed is not asked.
    await page.goto(`${server.url}setup`);
    await expect(page.getByTestId('setup-form')).toBeVisible();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await page.waitForTimeout(1500);
    expect(seenInstanceIds).toEqual([]);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await page.request.post(`${server.url}rest/owner/skip-setup`, { headers: { origin: new URL(server.url).origin } });
    await page.goto(`${server.url}workflow`);
    const settings = (await (await page.request.get(`${server.url}rest/settings`)).json()).data;
    await expect.poll(() => seenInstanceIds).toContain(settings.instanceId);

    const warning = page.getByTestId('toast').filter({ hasText: 'Critical update available' });
    await expect(warning).toContainText('Please update to version 0.2.0 or higher');
    await expect(page.getByTestId('sidebar-updates-count')).toHaveText('99+');
    await expect(page.getByTestId('sidebar-updates')).toHaveAttribute('aria-label', '120 updates available');

    await page.getByTestId('sidebar-updates').click();
    const drawer = page.getByTestId('versions-drawer');
    await expect(drawer).toBeVisible();
    // From the left edge, 520 px wide, once its slide-in has ended.
    await expect.poll(async () => ((b) => b && [Math.round(b.x), Math.round(b.width)])(await drawer.boundingBox())).toEqual([0, 520]);
    await expect(drawer.getByRole('heading', { name: '120 updates available' })).toBeVisible();
    await expect(drawer.getByTestId('versions-info-link')).toHaveAttribute('href', 'https://example.com/how-to-update');
    const cards = drawer.getByTestId('version-card');
    await expect(cards).toHaveCount(120);
    const newest = cards.first();
    await expect(newest).toContainText('Version 0.121.0');
    await expect(newest).toContainText('Breaking changes');
    await expect(newest).toContainText('Faster canvas. Wall view.');
    await expect(newest).toContainText('1 new node: Wall');
    await expect(newest.getByTestId('version-card-link')).toHaveAttribute('href', 'https://example.com/release-notes/0.121.0');
    // The card is no link itself: a link in its notes is not nested in another.
    await expect(newest.getByRole('link', { name: 'More' })).toHaveAttribute('href', 'https://example.com/wall');
    await expect(drawer.locator('a a')).toHaveCount(0);
    await expect(cards.last()).toContainText('Security update');
    await expect(newest.locator('script, img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    await expect(drawer).toHaveCSS('opacity', '1');
    await page.screenshot({ path: `${SHOTS}/drawer.png` });

    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    // Persistent: still there after the drawer closed, until closed itself.
    await expect(warning).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/security-warning.png` });
  });
});
