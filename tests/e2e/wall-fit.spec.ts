// The wall's fit at 3840 × 2160 (issue 18): a wide workflow uses its panel, with names 18 px
// tall. A 300-node straight chain is drawn wrapped into bands (at 0.054 in its own shape it
// would be a line of 5-px boxes without names); 300 nodes 17 a row beside a small workflow get
// a column of their own instead of a flat row (0.2: 22 % of the width, 10-px names).
// Screenshots in test-results/wall.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { baseUrl, links, n } from './editing-helpers.ts';

const SHOTS = 'test-results/wall';
mkdirSync(SHOTS, { recursive: true });
const stamp = Date.now();

async function create(page: Page, body: unknown): Promise<string> {
  const res = await page.request.post(`${baseUrl()}rest/workflows`, { data: body });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

function chain(name: string, count: number, perRow: number) {
  const nodes = [n('Start', 'n8n-nodes-base.manualTrigger', [0, 0])];
  for (let i = 1; i < count; i++) nodes.push(n(`Step ${i}`, 'n8n-nodes-base.noOp', [(i % perRow) * 220, Math.floor(i / perRow) * 200]));
  return { name, nodes, connections: links(nodes.slice(1).map((x, i) => [nodes[i]!.name, x.name] as [string, string])) };
}

interface Fit {
  namePx: number;
  /** Share of the canvas's width the drawing's nodes span. */
  widthUsed: number;
}

/** Per panel: names on screen and the share of the canvas's width the nodes span. */
async function fits(page: Page): Promise<Fit[]> {
  return page.evaluate(() => {
    type Canvas = { getStats(): { namePx: number }; worldToScreen(x: number, y: number): [number, number] };
    type Board = { panels: Array<{ doc: { nodes: Map<string, { x: number }> } }> };
    const board = (document.querySelector('[data-testid="wall"]') as HTMLElement & { wallBoard: Board }).wallBoard;
    return [...document.querySelectorAll('[data-testid="wall-canvas"]')].map((el, i) => {
      const c = (el as HTMLElement & { wallCanvas: Canvas }).wallCanvas;
      const xs = [...board.panels[i]!.doc.nodes.values()].map((m) => m.x);
      const left = c.worldToScreen(Math.min(...xs), 0)[0];
      const right = c.worldToScreen(Math.max(...xs) + 100, 0)[0];
      return { namePx: c.getStats().namePx, widthUsed: (right - left) / el.getBoundingClientRect().width };
    });
  });
}

const ready = (page: Page, count: number) =>
  expect.poll(() => page.evaluate(() => [...document.querySelectorAll('[data-testid="wall-canvas"]')].filter((el) => (el as HTMLElement & { wallCanvas?: unknown }).wallCanvas).length), { timeout: 60_000 }).toBe(count);

test('a wide workflow uses its wall panel, with names 18 px tall', async ({ page }) => {
  test.setTimeout(180_000);
  const straight = await create(page, chain(`Straight ${stamp}`, 300, 300));
  const deep = await create(page, chain(`Seventeen a row ${stamp}`, 300, 17));
  const small = await create(page, chain(`Small ${stamp}`, 4, 4));
  await page.setViewportSize({ width: 3840, height: 2160 });

  await page.goto(`${baseUrl()}wall?ids=${straight}`);
  await ready(page, 1);
  await expect.poll(async () => (await fits(page))[0]!.namePx).toBeGreaterThanOrEqual(18);
  expect((await fits(page))[0]!.widthUsed).toBeGreaterThan(0.85);
  await page.screenshot({ path: `${SHOTS}/wall-chain-300.png` });
  await page.screenshot({ path: `${SHOTS}/wall-chain-300-closeup.png`, clip: { x: 100, y: 300, width: 1200, height: 700 } });

  await page.goto(`${baseUrl()}wall?ids=${small},${deep}`);
  await ready(page, 2);
  await expect.poll(async () => (await fits(page))[1]!.namePx).toBeGreaterThanOrEqual(18);
  // Names are drawn (and measured) in the app's font, whatever fonts the machine has.
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
  expect((await fits(page))[1]!.widthUsed).toBeGreaterThan(0.8);
  await page.screenshot({ path: `${SHOTS}/wall-chain-300-rows.png` });
  await page.screenshot({ path: `${SHOTS}/wall-chain-300-rows-closeup.png`, clip: { x: 2000, y: 600, width: 1200, height: 700 } });
});
