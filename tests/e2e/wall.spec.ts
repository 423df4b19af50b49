// The wall (issue 18) end to end on the real server: a signed-in user picks workflows on the
// set-up page and opens the wall; production webhook runs light the nodes, count per minute and
// errors, and a failure flashes with its node and message; pages turn when the workflows do not
// fit; the wall reconnects after the network drops; a kiosk opens a wall-token link without
// signing in and sees only the token's workflows. Screenshots at 3840 × 2160.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { baseUrl, links, n } from './editing-helpers.ts';

const SHOTS = 'test-results/wall';
mkdirSync(SHOTS, { recursive: true });

const stamp = Date.now();
const PATH = `wall-e2e-${stamp}`;

async function rest<T>(page: Page, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`${baseUrl()}rest${path}`, { method, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

function orders() {
  return {
    name: `Orders ${stamp}`,
    nodes: [
      { ...n('Order received', 'n8n-nodes-base.webhook', [0, 0], { httpMethod: 'POST', path: PATH, responseMode: 'onReceived', options: {} }, 2), webhookId: crypto.randomUUID() },
      n('Should fail?', 'n8n-nodes-base.if', [240, 0], { conditions: { boolean: [{ value1: '={{ $json.body.fail === true }}', value2: true }] } }, 1),
      n('Charge card', 'n8n-nodes-base.stopAndError', [480, -120], { errorMessage: 'Payment service refused the card' }, 1),
      n('Confirm order', 'n8n-nodes-base.set', [480, 120], { assignments: { assignments: [{ id: '1', name: 'ok', value: 'yes', type: 'string' }] }, options: {} }, 3.4),
    ],
    connections: { ...links([['Order received', 'Should fail?']]), 'Should fail?': { main: [[{ node: 'Charge card', type: 'main', index: 0 }], [{ node: 'Confirm order', type: 'main', index: 0 }]] } },
  };
}

function chain(name: string, count: number) {
  const nodes = [n('Start', 'n8n-nodes-base.manualTrigger', [0, 0])];
  for (let i = 1; i < count; i++) nodes.push(n(`Step ${i}`, 'n8n-nodes-base.noOp', [(i % 20) * 220, Math.floor(i / 20) * 200]));
  return { name, nodes, connections: links(nodes.slice(1).map((x, i) => [nodes[i]!.name, x.name] as [string, string])) };
}

async function call(body: unknown): Promise<void> {
  const res = await fetch(`${baseUrl()}webhook/${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  expect(res.status).toBe(200);
}

const panel = (page: Page, name: string) => page.getByTestId('wall-panel').filter({ has: page.getByRole('heading', { name }) });

test('a wall shows production runs live, flashes a failure, turns pages, reconnects, and opens on a kiosk with a token', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const a = await rest<{ id: string }>(page, 'POST', '/workflows', orders());
  await rest(page, 'PATCH', `/workflows/${a.id}`, { active: true });
  const b = await rest<{ id: string }>(page, 'POST', '/workflows', chain(`Nightly sync ${stamp}`, 120));
  const c = await rest<{ id: string }>(page, 'POST', '/workflows', chain(`Reports ${stamp}`, 8));

  // Set up: choose two, open the wall here.
  // From the editor's sidebar to the set-up page.
  await page.goto(`${baseUrl()}workflow`);
  await page.getByTestId('sidebar-wall').click();
  await expect(page).toHaveURL(/\/wall$/);
  const setup = page.getByTestId('wall-setup');
  await expect(setup).toBeVisible();
  // Ticked as a user does, on its label (react-aria's check box input is visually hidden).
  const choose = async (name: string) => {
    await setup.getByTestId('wall-choose-workflow').filter({ hasText: name }).click();
    await expect(setup.getByRole('checkbox', { name })).toBeChecked();
  };
  // The set-up page is in the app's shell (sidebar and header), with the app's form controls.
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar).toBeVisible();
  await expect(page.locator('.app-header')).toContainText('Wall screen');
  await expect(setup.getByLabel('Seconds per page')).toHaveClass(/\binput\b/);
  await expect(page.getByTestId('wall-token-label')).toHaveClass(/\binput\b/);
  await expect(setup.getByTestId('wall-choose-workflow').first()).toHaveClass(/\bform-check\b/);
  await choose(`Orders ${stamp}`);
  await choose(`Nightly sync ${stamp}`);
  await setup.getByLabel('Seconds per page').fill('30');
  // Transitions finished: a box ticked a moment ago is still white under load.
  await page.screenshot({ path: `${SHOTS}/wall-setup-1440.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 3840, height: 2160 });
  await page.getByTestId('wall-open').click();
  await expect(page).toHaveURL(new RegExp(`/wall\\?ids=${a.id},${b.id}&interval=30$`));
  await expect(page.getByTestId('wall-panel')).toHaveCount(2);
  // The wall itself is full screen, without the shell.
  await expect(sidebar).toHaveCount(0);
  await expect(page.getByTestId('wall-link')).toHaveText('Live');
  // Every panel is real WebGL, and names are drawn at least 18 px tall where the layout allows.
  await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('[data-testid="wall-canvas"]')].map((el) => (el as HTMLElement & { wallCanvas?: { getRendererType(): string } }).wallCanvas?.getRendererType()))).toEqual(['webgl', 'webgl']);
  const namePx = () => page.evaluate(() => [...document.querySelectorAll('[data-testid="wall-canvas"]')].map((el) => (el as HTMLElement & { wallCanvas: { getStats(): { namePx: number } } }).wallCanvas.getStats().namePx));
  await expect.poll(async () => (await namePx())[0]).toBeGreaterThanOrEqual(18);
  expect((await namePx())[1]).toBeGreaterThanOrEqual(9);

  // Production runs: counted, the nodes they went through light up with their items.
  for (let i = 0; i < 6; i++) await call({ fail: false, n: i });
  const orders1 = panel(page, `Orders ${stamp}`);
  await expect(orders1.getByTestId('wall-per-minute')).toContainText('6');
  await expect(orders1.getByTestId('wall-error-rate')).toContainText('0 %');
  await expect(orders1.getByRole('option', { name: /^Confirm order, has data, 1 item, 6\/min ✓✓✓✓✓$/ })).toHaveCount(1);
  await expect(orders1.getByTestId('wall-failure')).toHaveCount(0);

  // A failure flashes with the node and its message.
  await call({ fail: true });
  await expect(orders1.getByTestId('wall-failure')).toContainText('Charge card: Payment service refused the card');
  await expect(orders1).toHaveClass(/wall-panel--flash/);
  await expect(orders1.getByTestId('wall-error-rate')).toContainText('14 %');
  await page.screenshot({ path: `${SHOTS}/wall-3840x2160.png` });

  // The network drops (the browser reports the stream lost; reconnecting fails while offline)
  // and comes back: the wall says so and goes on without a reload.
  await page.context().setOffline(true);
  await page.evaluate(() => {
    const board = (document.querySelector('[data-testid="wall"]') as HTMLElement & { wallBoard: { source?: EventSource } }).wallBoard;
    board.source?.dispatchEvent(new Event('error'));
  });
  await expect(page.getByTestId('wall-link')).toHaveText('Reconnecting…');
  // Meanwhile the last state stays on screen, dimmed.
  await expect(page.getByTestId('wall')).toHaveClass(/wall--stale/);
  await page.waitForTimeout(2500);
  await expect(page.getByTestId('wall-link')).toHaveText('Reconnecting…');
  await page.context().setOffline(false);
  await expect(page.getByTestId('wall-link')).toHaveText('Live', { timeout: 30_000 });
  await expect(page.getByTestId('wall')).not.toHaveClass(/wall--stale/);
  await call({ fail: false });
  await expect(orders1.getByTestId('wall-per-minute')).toContainText('8');

  // More workflows than fit: one per page, turning every 5 s.
  await page.goto(`${baseUrl()}wall?ids=${a.id},${b.id},${c.id}&perPage=1&interval=5`);
  await expect(page.getByTestId('wall-page')).toHaveText('Page 1 of 3');
  await expect(page.getByTestId('wall-panel')).toHaveCount(1);
  await expect(page.getByTestId('wall-page')).toHaveText('Page 2 of 3', { timeout: 10_000 });

  // A kiosk link from the set-up page, opened where nobody is signed in.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${baseUrl()}wall`);
  await choose(`Orders ${stamp}`);
  await page.getByTestId('wall-token-label').fill(`Ops room ${stamp}`);
  await page.getByTestId('wall-make-token').click();
  const url = (await page.getByTestId('wall-kiosk-url').textContent())!;
  expect(url).toContain('/wall?token=');
  await page.screenshot({ path: `${SHOTS}/wall-setup.png`, animations: 'disabled' });
  const kiosk = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    const screen = await kiosk.newPage();
    await screen.goto(url);
    await expect(screen.getByTestId('wall-panel')).toHaveCount(1);
    await expect(screen.getByRole('heading', { name: `Orders ${stamp}` })).toBeVisible();
    await expect(screen.getByTestId('wall-link')).toHaveText('Live');
    await expect(screen.getByTestId('wall-failure')).toContainText('Charge card');
    await expect(screen.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await screen.screenshot({ path: `${SHOTS}/wall-kiosk-1920.png` });
    // (That the token opens nothing else is tests/server/wall.test.ts's: this server has no owner yet.)

    // Revoked: the kiosk says so.
    await page.getByTestId('wall-token-row').filter({ hasText: `Ops room ${stamp}` }).getByTestId('wall-token-revoke').click();
    await expect(page.getByTestId('wall-token-row').filter({ hasText: `Ops room ${stamp}` })).toHaveCount(0);
    await expect(screen.getByTestId('wall-link')).toHaveText('Refused', { timeout: 30_000 });
    // …and shows nothing of what it showed.
    await expect(screen.getByTestId('wall-panel')).toHaveCount(0);
    await expect(screen.getByTestId('wall-problem')).toBeVisible();
  } finally {
    await kiosk.close();
  }
  await rest(page, 'PATCH', `/workflows/${a.id}`, { active: false });
  expect(errors).toEqual([]);
});
