// The template gallery end to end (spec 000 §2, §8, §9; 001 §2.1, §8; issue 17), against the
// real server and its own templates host (the catalogue in the repository): search with its
// debounce, categories with '+ N more', the collections carousel, infinite scroll, ctrl-click to a
// new tab, the template page with its live preview, 'Use workflow' into the editor, and the
// not-found texts. A second server reads a local host that answers as n8n's public one does.
import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { baseUrl, toast, waitForCanvas } from './editing-helpers.ts';
import { startAccountServer, type AccountServer } from './accountServer.ts';
import { loadCatalogue } from '../../src/server/templates/catalogue.ts';
import { timeAgo } from '../../src/app/templates/timeAgo.ts';

const SHOTS = 'test-results/templates';
mkdirSync(SHOTS, { recursive: true });
const catalogue = loadCatalogue();

async function cards(page: Page): Promise<number> {
  return page.getByTestId('template-card').count();
}

test('gallery: categories, collections carousel, debounced search, infinite scroll, ctrl-click to a new tab', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const listRequests: Array<{ url: URL; version?: string }> = [];
  page.on('request', (r) => {
    if (r.url().includes('/templates/workflows?')) listRequests.push({ url: new URL(r.url()), version: r.headers()['n8n-version'] });
  });
  const started = Date.now();
  await page.goto(`${baseUrl()}templates/`);
  await expect(page.getByTestId('template-card').first()).toBeVisible();
  const firstCards = Date.now() - started;
  await expect(page.getByRole('heading', { name: 'Workflow templates' })).toBeVisible();
  // 10 per request; the next 10 may already be coming (the list's end is near the fold).
  await expect.poll(() => cards(page)).toBeGreaterThanOrEqual(10);
  await expect(page.locator('.templates-count')).toHaveText(` (${catalogue.templates.length})`);
  // Cards: our author's name; views only once a template has some (none is '0 views' on a fresh install).
  const listed = (await (await page.request.get(`${baseUrl()}rest/templates-host/templates/workflows?rows=100`)).json()) as { workflows: Array<{ id: number; name: string; totalViews: number }> };
  const unseen = listed.workflows.find((w) => w.totalViews === 0)!;
  const unseenCard = page.getByTestId('template-card').filter({ hasText: unseen.name });
  await unseenCard.scrollIntoViewIfNeeded();
  await expect(unseenCard).toContainText('by Switchyard team');
  await expect(unseenCard.getByTestId('template-card-views')).toHaveCount(0);
  await expect(unseenCard).not.toContainText('views');

  // Categories: 12, then '+ N more'; 'All categories' checked while none is.
  const filters = page.getByTestId('templates-categories');
  await expect(filters.getByTestId('category-filter')).toHaveCount(Math.min(12, catalogue.categories.length));
  const more = catalogue.categories.length - 12;
  if (more > 0) {
    await expect(filters.getByTestId('categories-more')).toHaveText(`+ ${more} more`);
    await filters.getByTestId('categories-more').click();
    await expect(filters.getByTestId('category-filter')).toHaveCount(catalogue.categories.length);
  }
  await expect(filters.getByTestId('category-all')).toBeChecked();

  // The carousel: 240 px cards, 4 visible, arrows scroll two at a time and hide at the ends.
  const carousel = page.getByTestId('collections-carousel');
  await expect(carousel.getByTestId('collection-card')).toHaveCount(catalogue.collections.length);
  const cardBox = (await carousel.getByTestId('collection-card').first().boundingBox())!;
  expect(Math.round(cardBox.width)).toBe(240);
  await expect(carousel.getByTestId('carousel-left')).toHaveCount(0);
  if (catalogue.collections.length > 4) {
    const track = carousel.locator('.carousel-track');
    await carousel.getByTestId('carousel-right').click();
    await expect.poll(() => track.evaluate((t) => t.scrollLeft)).toBeGreaterThan(400);
    await expect(carousel.getByTestId('carousel-left')).toBeVisible();
    await track.evaluate((t) => (t.scrollLeft = t.scrollWidth));
    await expect(carousel.getByTestId('carousel-right')).toHaveCount(0);
  }
  await page.screenshot({ path: `${SHOTS}/gallery.png` });

  // Infinite scroll: 10 more per request until the end-of-list message.
  for (let i = 0; i < 6 && (await cards(page)) < catalogue.templates.length; i++) {
    await page.getByTestId('template-card').last().scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
  }
  await expect(page.getByTestId('template-card')).toHaveCount(catalogue.templates.length);
  await expect(page.getByTestId('templates-end')).toBeVisible();
  expect(listRequests.map((r) => [r.url.searchParams.get('skip'), r.url.searchParams.get('rows')])).toEqual(Array.from({ length: Math.ceil(catalogue.templates.length / 10) }, (_, i) => [String(i * 10), '10']));
  expect(listRequests.every((r) => /^\d+\.\d+\.\d+/.test(r.version ?? ''))).toBe(true);

  // Search waits 500 ms after the last keystroke, then the URL and the list follow.
  const target = catalogue.templates.find((t) => /github/i.test(t.name)) ?? catalogue.templates[0]!;
  const word = target.name.split(/\s+/).find((w) => w.length > 5)!.toLowerCase();
  const expected = catalogue.templates.filter((t) => `${t.name}\n${t.description}`.toLowerCase().includes(word)).length;
  const search = page.getByTestId('templates-search');
  await search.fill(word);
  const typedAt = Date.now();
  await page.waitForURL((u) => u.searchParams.get('search') === word);
  expect(Date.now() - typedAt).toBeGreaterThanOrEqual(450);
  await expect(page.getByTestId('template-card').filter({ hasText: target.name })).toBeVisible();
  expect(await cards(page)).toBeGreaterThanOrEqual(expected);

  // 'github': the templates named for GitHub come first, each result says GitHub somewhere.
  const named = catalogue.templates.filter((t) => /\bgithub/i.test(t.name));
  await search.fill('github');
  await page.waitForURL((u) => u.searchParams.get('search') === 'github');
  await expect(page.getByTestId('template-card').first()).toContainText(/github/i);
  await expect.poll(async () => (await page.getByTestId('template-card').allTextContents()).slice(0, named.length).every((text) => /github/i.test(text))).toBe(true);
  await page.screenshot({ path: `${SHOTS}/search-github.png` });

  // A category narrows the list; the URL carries it; 'All categories' clears it.
  await search.fill('');
  await page.waitForURL((u) => !u.searchParams.has('search'));
  const category = catalogue.categories.find((c) => catalogue.templates.filter((t) => t.categories.includes(c.id)).length >= 2)!;
  const inCategory = catalogue.templates.filter((t) => t.categories.includes(category.id)).length;
  await filters.getByText(category.name, { exact: true }).click();
  await page.waitForURL((u) => u.searchParams.get('categories') === String(category.id));
  await expect(page.locator('.templates-count')).toHaveText(` (${inCategory})`);
  await expect(filters.getByTestId('category-all')).not.toBeChecked();
  await search.fill('zzqqxx no such template');
  await expect(page.getByTestId('templates-no-results')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/no-results.png` });
  await search.fill('');
  await filters.getByTestId('category-all').check();
  await page.waitForURL((u) => !u.searchParams.has('categories'));

  // Ctrl (meta on macOS) click opens the template in a new tab; this page stays.
  const opened = context.waitForEvent('page');
  await page.getByTestId('template-card').first().click({ modifiers: [process.platform === 'darwin' ? 'Meta' : 'Control'] });
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(/\/templates\/\d+$/);
  expect(page.url()).toMatch(/\/templates\/?(\?.*)?$/);
  await tab.close();

  console.log(`gallery: navigation → first cards ${firstCards} ms`);
});

test('template page: live preview, details, use workflow opens it as a new unsaved workflow', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const t = catalogue.templates.find((x) => x.workflow.nodes.length >= 4) ?? catalogue.templates[0]!;
  await page.goto(`${baseUrl()}templates/${t.id}`);
  await expect(page.getByTestId('template-name')).toHaveText(t.name);
  const preview = page.getByTestId('template-preview');
  await expect(preview).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
  const frame = page.frameLocator('[data-testid="template-preview-frame"]');
  await expect(frame.getByTestId('workflow-demo')).toBeVisible();
  await expect.poll(() => frame.locator('[data-testid="canvas-node"]').count()).toBe(t.workflow.nodes.length);
  const details = page.getByTestId('template-details');
  // Created when it was added to the repository (not months before), by our display name; this
  // open counts, so the page has a view to show.
  await expect.poll(async () => (await details.textContent()) ?? '').toContain(`Created ${timeAgo(t.createdAt)} by Switchyard team`);
  await expect(details.getByTestId('template-details-views')).toHaveText(/^\d+ views?$/);
  for (const c of t.categories) await expect(details.getByRole('link', { name: catalogue.categories.find((x) => x.id === c)!.name })).toBeVisible();
  await expect(page.locator('.template-description')).not.toBeEmpty();
  await page.screenshot({ path: `${SHOTS}/template-page.png` });

  // Its node details view opens inside the frame: the preview grows, and shrinks when it closes.
  const before = (await preview.boundingBox())!.height;
  await frame.locator('[data-testid="canvas-node"]').first().dblclick();
  await expect(preview).toHaveAttribute('data-ndv', 'open');
  await expect.poll(async () => (await preview.boundingBox())!.height).toBeGreaterThan(before);
  await frame.locator('body').press('Escape');
  await expect(preview).toHaveAttribute('data-ndv', 'closed');

  await page.getByTestId('use-template').click();
  await expect(page).toHaveURL(new RegExp(`/workflows/templates/${t.id}$`));
  await waitForCanvas(page);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __switchyard: { workflow: { nodes: Map<string, unknown> } } }).__switchyard.workflow.nodes.size)).toBe(t.workflow.nodes.length);
  const state = await page.evaluate(() => {
    const w = (window as unknown as { __switchyard: { workflow: { name: string; dirty: boolean; isSaved: boolean } } }).__switchyard.workflow;
    return { name: w.name, dirty: w.dirty, saved: w.isSaved };
  });
  expect(state).toEqual({ name: t.name, dirty: true, saved: false });
  await page.screenshot({ path: `${SHOTS}/used-template.png` });
  await page.keyboard.press('Control+s');
  await expect(page).toHaveURL(/\/workflow\/[A-Za-z0-9]+$/);
  const id = page.url().split('/').pop()!;
  const stored = await (await page.request.get(`${baseUrl()}rest/workflows/${id}`)).json();
  expect(stored.data.name).toBe(t.name);
  expect(stored.data.nodes.length).toBe(t.workflow.nodes.length);
});

test('collection page, and the not-found texts of templates, collections and template import', async ({ page }) => {
  const c = catalogue.collections[0]!;
  await page.goto(`${baseUrl()}templates/`);
  await page.getByTestId('collection-card').first().click();
  await expect(page).toHaveURL(new RegExp(`/collections/${c.id}$`));
  await expect(page.getByTestId('collection-name')).toHaveText(c.name);
  await expect(page.getByTestId('collection-page').getByTestId('template-card')).toHaveCount(c.workflows.length);
  await expect(page.getByTestId('template-details')).toContainText('Apps in this collection');
  await page.screenshot({ path: `${SHOTS}/collection.png` });

  await page.goto(`${baseUrl()}templates/987654`);
  await expect(page.getByTestId('template-not-found')).toContainText('Workflow could not be found');
  await page.goto(`${baseUrl()}collections/987654`);
  await expect(page.getByTestId('template-not-found')).toContainText('Collection could not be found');
  await page.goto(`${baseUrl()}workflows/templates/987654`);
  await expect(toast(page, 'Template not found')).toBeVisible();
  await expect(toast(page, 'Template not found')).toContainText('The templates host has no template 987654. A new, empty workflow is open instead.');
  await expect(page).toHaveURL(/\/workflow$/);
});

test('New from template and the sidebar lead to the gallery', async ({ page }) => {
  await page.goto(`${baseUrl()}workflow`);
  await page.getByTestId('sidebar-templates').click();
  await expect(page).toHaveURL(/\/templates\/$/);
  await expect(page.getByTestId('template-card').first()).toBeVisible();
  await page.goto(`${baseUrl()}workflow`);
  await page.getByTestId('sidebar-workflows').click();
  await page.getByTestId('workflows-menu').getByText('New from template').click();
  await expect(page).toHaveURL(/\/templates\/$/);
});

// Leaving the editor parks its WebGL renderer (src/canvas/rendererPark.ts): the next canvas of the
// page takes it, canvas element and context, and draws with it.
test('the editor\'s renderer is kept for the next canvas: editor → gallery → template → Use workflow', async ({ page }) => {
  test.setTimeout(120_000);
  type Win = { __switchyardCanvas: { getRendererType(): string; getStats(): { displayedNodes: number; frames: number } } };
  await page.goto(`${baseUrl()}workflow`);
  await waitForCanvas(page);
  await page.evaluate(() => { (document.querySelector('[data-testid="canvas"]') as HTMLCanvasElement & { mark?: string }).mark = 'the first canvas'; });
  await page.getByTestId('sidebar-templates').click();
  await expect(page.getByTestId('template-card').first()).toBeVisible();
  expect(await page.locator('[data-testid="canvas"]').count()).toBe(0);
  // In the app (a page load would start a new document): the first card, then Use workflow.
  await page.getByTestId('template-card').first().click();
  await expect(page.getByTestId('template-name')).toBeVisible();
  const name = await page.getByTestId('template-name').textContent();
  const t = catalogue.templates.find((x) => x.name === name)!;
  await page.getByTestId('use-template').click();
  await expect(page).toHaveURL(new RegExp(`/workflows/templates/${t.id}$`));
  await waitForCanvas(page);
  await expect.poll(() => page.evaluate(() => (window as unknown as Win).__switchyardCanvas.getStats().displayedNodes)).toBe(t.workflow.nodes.length);
  expect(await page.evaluate(() => (document.querySelector('[data-testid="canvas"]') as HTMLCanvasElement & { mark?: string }).mark)).toBe('the first canvas');
  expect(await page.evaluate(() => (window as unknown as Win).__switchyardCanvas.getRendererType())).toBe('webgl');
  await page.screenshot({ path: `${SHOTS}/reused-renderer.png` });
});

test.describe('another templates host (answers as n8n\'s public host does)', () => {
  let host: Server;
  let server: AccountServer;
  const versions: string[] = [];
  const origins: string[] = [];

  test.beforeAll(async () => {
    const nodes = [
      { id: 1, name: 'n8n-nodes-base.slack', displayName: 'Slack', icon: 'file:slack.svg', iconData: { type: 'file', fileBuffer: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxMCAxMCI+PHJlY3Qgd2lkdGg9IjEwIiBoZWlnaHQ9IjEwIiBmaWxsPSIjNGExNTRiIi8+PC9zdmc+' } },
      { id: 2, name: 'n8n-nodes-base.httpRequest', displayName: 'HTTP Request', icon: 'fa:globe', iconData: { type: 'icon', icon: 'globe' } },
    ];
    const workflows = Array.from({ length: 25 }, (_, i) => ({
      id: 1000 + i,
      name: `Remote template ${i + 1}`,
      totalViews: 5000 - i,
      price: 0,
      purchaseUrl: null,
      recentViews: 0,
      createdAt: '2025-06-01T10:00:00.000Z',
      user: { username: 'n8n-team', verified: true },
      nodes,
    }));
    host = createServer((req, res) => {
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'n8n-version' };
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      versions.push(String(req.headers['n8n-version'] ?? ''));
      origins.push(String(req.headers.origin ?? ''));
      const url = new URL(req.url ?? '/', 'http://x');
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json', ...cors }).end(JSON.stringify(body));
      const path = url.pathname.replace(/^\/api/, '');
      if (path === '/health') return send(200, { status: 'OK' });
      if (path === '/templates/categories') return send(200, { categories: [{ id: 7, name: 'Remote category' }] });
      if (path === '/templates/collections') return send(200, { collections: [{ id: 3, rank: 1, name: 'Remote collection', totalViews: null, createdAt: '2025-01-01', workflows: [{ id: 1000 }], nodes }] });
      if (path === '/templates/workflows') {
        const skip = Number(url.searchParams.get('skip') ?? 0);
        const rows = Number(url.searchParams.get('rows') ?? 10);
        // The third page fails: the gallery says it could not load more.
        if (skip >= 20) return send(500, { message: 'Internal error' });
        return send(200, { totalWorkflows: workflows.length, workflows: workflows.slice(skip, skip + rows), filters: [] });
      }
      if (path === '/templates/workflows/1000') return send(200, { workflow: { ...workflows[0], description: 'From **another** host.', image: [], categories: [{ id: 7, name: 'Remote category' }], workflowInfo: {}, workflow: { nodes: [{ id: 'a', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }, { id: 'b', name: 'Post to Slack', type: 'n8n-nodes-base.slack', typeVersion: 2, position: [220, 0], parameters: {} }], connections: { Start: { main: [[{ node: 'Post to Slack', type: 'main', index: 0 }]] } } } } });
      if (path === '/workflows/templates/1000') return send(200, { id: 1000, name: 'Remote template 1', workflow: { nodes: [{ id: 'a', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }, { id: 'b', name: 'Post to Slack', type: 'n8n-nodes-base.slack', typeVersion: 2, position: [220, 0], parameters: {} }], connections: { Start: { main: [[{ node: 'Post to Slack', type: 'main', index: 0 }]] } } } });
      send(404, { message: 'Not found' });
    });
    await new Promise<void>((r) => host.listen(0, '127.0.0.1', () => r()));
    const address = host.address();
    const hostUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/`;
    server = await startAccountServer({ smtp: false, env: { SWITCHYARD_TEMPLATES_HOST: hostUrl } });
    await fetch(`${server.url}rest/owner/skip-setup`, { method: 'POST', headers: { origin: new URL(server.url).origin } });
  });
  test.afterAll(async () => {
    await server?.stop();
    await new Promise((r) => host?.close(r));
  });

  test('the gallery reads it with the version header; its icons and unknown node types show', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${server.url}templates/`);
    await expect.poll(() => cards(page)).toBeGreaterThanOrEqual(10);
    await expect(page.getByTestId('template-card').first()).toContainText('Remote template 1');
    await expect(page.getByTestId('template-card').first()).toContainText('5K views');
    await expect(page.getByTestId('template-card').first().locator('img[src^="data:image/svg+xml"]')).toHaveCount(1);
    await expect(page.getByTestId('collection-card')).toHaveText(/Remote collection/);
    await expect(page.getByTestId('templates-categories')).toContainText('Remote category');
    expect(versions.length).toBeGreaterThan(0);
    expect(versions.every((v) => /^\d+\.\d+\.\d+/.test(v))).toBe(true);
    expect(origins.some((o) => o === new URL(server.url).origin)).toBe(true);

    await page.getByTestId('template-card').first().click();
    await expect(page.getByTestId('template-name')).toHaveText('Remote template 1');
    await expect(page.getByTestId('template-preview')).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
    await page.screenshot({ path: `${SHOTS}/remote-template.png` });
    await page.getByTestId('use-template').click();
    await waitForCanvas(page);
    await expect(toast(page, /Unknown node type/)).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __switchyard: { workflow: { nodes: Map<string, unknown> } } }).__switchyard.workflow.nodes.size)).toBe(2);
  });

  test('a page that fails to load: "Could not load more workflows", the rows already there stay', async ({ page }) => {
    await page.goto(`${server.url}templates/`);
    await expect.poll(() => cards(page)).toBeGreaterThanOrEqual(10);
    for (let i = 0; i < 5 && (await page.getByTestId('templates-more-error').count()) === 0; i++) {
      await page.getByTestId('template-card').last().scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    }
    await expect(page.getByTestId('templates-more-error')).toHaveText(/Error\s*Could not load more workflows/);
    await expect(page.getByTestId('template-card')).toHaveCount(20);
    await expect(page.getByTestId('templates-end')).toHaveCount(0);
    // No retry storm: scrolling does not ask again; Try again does, once.
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('skip=20') && asked.push(r.url()));
    await page.getByTestId('template-card').last().scrollIntoViewIfNeeded();
    await page.waitForTimeout(1000);
    expect(asked).toEqual([]);
    await page.getByTestId('templates-more-retry').click();
    await expect.poll(() => asked.length).toBe(1);
    await expect(page.getByTestId('templates-more-error')).toBeVisible();
  });

  test('an unreachable host: the connection warning', async ({ page }) => {
    await new Promise((r) => host.close(r));
    host.closeAllConnections();
    await page.goto(`${server.url}templates/?search=fresh`);
    await expect(page.getByTestId('templates-connection-warning')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/unreachable.png` });
  });
});
