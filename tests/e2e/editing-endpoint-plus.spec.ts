// The endpoint plus in the app (spec 001 §2.4, §4.1, §2.5): clicking the plus of an output opens
// the node creator, and the picked node is added connected to that output, PUSH_NODES_OFFSET
// (220) to the right and, on an IF node's false output, 100 below (two outputs: -100 / 100).
// The zoom keys (+ in, - out, 0 reset, 1 fit) and Tab closing an open creator.
import { expect, test, type Page } from '@playwright/test';
import { canvasIdle, clickEmpty, links, n, node, openNew, shot, TYPES } from './editing-helpers.ts';

const NOOP = 'n8n-nodes-base.noOp';

interface Conn { source: string; output: number; target: string; input: number }

async function graph(page: Page) {
  return page.evaluate(() => {
    const w = (window as unknown as { __switchyard: { workflow: { nodes: Map<string, { id: string; name: string; x: number; y: number }>; connections: Map<string, { sourceId: string; targetId: string; sourceOutput: number; targetInput: number }> } } }).__switchyard.workflow;
    const nameOf = (id: string) => w.nodes.get(id)?.name ?? id;
    return {
      nodes: Object.fromEntries([...w.nodes.values()].map((m) => [m.name, [m.x, m.y] as [number, number]])),
      connections: [...w.connections.values()].map((c) => ({ source: nameOf(c.sourceId), output: c.sourceOutput, target: nameOf(c.targetId), input: c.targetInput })),
    };
  });
}

/** The screen point of the plus of output `index` of `count` (the plus sits 58 px right of the port). */
async function plusOf(page: Page, name: string, index: number, count: number): Promise<{ x: number; y: number }> {
  const b = (await node(page, name).boundingBox())!;
  const scale = b.width / 100;
  return { x: b.x + b.width + 58 * scale, y: b.y + (b.height * (index + 1)) / (count + 1) };
}

async function pick(page: Page, type: string): Promise<void> {
  const creator = page.getByTestId('node-creator');
  await expect(creator).toBeVisible();
  await page.getByTestId('node-creator-search').fill('No Operation');
  await creator.locator(`[data-testid="creator-node"][data-node-type="${type}"]`).first().click();
  await expect(creator).toBeHidden();
  // As in n8n, the added node opens in the details view (not the Manual Trigger); Escape closes it.
  if (type !== 'n8n-nodes-base.manualTrigger') {
    await expect(page.getByTestId('ndv')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('ndv')).toBeHidden();
  }
}

const zoom = (page: Page) => page.evaluate(() => (window as unknown as { __switchyardCanvas: { zoom: { scale: number } } }).__switchyardCanvas.zoom.scale);

test('the plus of an output adds the picked node connected to it; IF false output goes below', async ({ page }) => {
  test.setTimeout(120_000);
  await openNew(page, {
    name: 'Plus',
    nodes: [n('Trigger', TYPES.trigger, [240, 300]), n('A', TYPES.noOp, [460, 300]), n('Check', TYPES.if, [460, 600], {}, 1)],
    connections: links([
      ['Trigger', 'A'],
      ['Trigger', 'Check'],
    ]),
  });
  const start = await graph(page);

  // A's only output: hovering shows the hint, a click opens the creator.
  const p = await plusOf(page, 'A', 0, 1);
  await page.mouse.move(p.x, p.y);
  await expect(page.getByTestId('canvas-endpoint-hint')).toHaveText('Click to add node or drag to connect');
  await expect(page.getByTestId('canvas-endpoint-hint')).toBeVisible();
  await page.mouse.click(p.x, p.y);
  await shot(page, 'plus-01-creator-from-output');
  await pick(page, NOOP);
  let g = await graph(page);
  const added = Object.keys(g.nodes).find((k) => !(k in start.nodes))!;
  expect(added).toBeTruthy();
  expect(g.connections).toContainEqual({ source: 'A', output: 0, target: added, input: 0 });
  expect(g.nodes[added]).toEqual([460 + 220, 300]);
  await expect(node(page, added)).toBeVisible();

  // The IF node's false output (the second of two): 220 right, 100 below.
  await canvasIdle(page);
  const f = await plusOf(page, 'Check', 1, 2);
  await page.mouse.click(f.x, f.y);
  await pick(page, NOOP);
  g = await graph(page);
  const second = Object.keys(g.nodes).find((k) => !(k in start.nodes) && k !== added)!;
  expect(second).toBeTruthy();
  expect(g.connections).toContainEqual({ source: 'Check', output: 1, target: second, input: 0 });
  expect(g.connections.filter((c) => c.source === 'Check' && c.output === 0)).toEqual([]);
  expect(g.nodes[second]).toEqual([460 + 220, 600 + 100]);
  await canvasIdle(page);
  await shot(page, 'plus-02-if-false-output');
});

test('zoom keys + - 0 1 and Tab closing an open node creator', async ({ page }) => {
  test.setTimeout(120_000);
  await openNew(page, { name: 'Keys', nodes: [n('Trigger', TYPES.trigger, [240, 300]), n('A', TYPES.noOp, [460, 300])], connections: links([['Trigger', 'A']]) });
  await clickEmpty(page);
  await page.keyboard.press('0');
  await canvasIdle(page);
  expect(await zoom(page)).toBeCloseTo(1, 5);
  await page.keyboard.press('+');
  await canvasIdle(page);
  expect(await zoom(page)).toBeCloseTo(1.25, 5);
  await page.keyboard.press('+');
  await canvasIdle(page);
  expect(await zoom(page)).toBeCloseTo(1.5625, 5);
  await page.keyboard.press('-');
  await canvasIdle(page);
  expect(await zoom(page)).toBeCloseTo(1.25, 5);
  await page.keyboard.press('0');
  await canvasIdle(page);
  expect(await zoom(page)).toBeCloseTo(1, 5);
  // 1 zooms to fit (from 156 %): the same view as the zoom-to-fit of the canvas.
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await canvasIdle(page);
  expect(await zoom(page)).toBeCloseTo(1.5625, 5);
  await page.keyboard.press('1');
  await canvasIdle(page);
  const fitByKey = await zoom(page);
  const boxByKey = await node(page, 'A').boundingBox();
  expect(fitByKey).not.toBeCloseTo(1.5625, 2);
  await page.keyboard.press('+');
  await canvasIdle(page);
  await page.evaluate(() => (window as unknown as { __switchyardCanvas: { zoomToFit(): void } }).__switchyardCanvas.zoomToFit());
  await canvasIdle(page);
  expect(await zoom(page)).toBeCloseTo(fitByKey, 5);
  const boxByFit = (await node(page, 'A').boundingBox())!;
  expect(Math.abs(boxByFit.x - boxByKey!.x)).toBeLessThan(1);
  expect(Math.abs(boxByFit.y - boxByKey!.y)).toBeLessThan(1);

  // Tab opens the creator, Tab again closes it.
  await clickEmpty(page);
  const creator = page.getByTestId('node-creator');
  await page.keyboard.press('Tab');
  await expect(creator).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(creator).toBeHidden();
  // Also after typing in its search field.
  await clickEmpty(page);
  await page.keyboard.press('Tab');
  await expect(creator).toBeVisible();
  await page.getByTestId('node-creator-search').fill('http');
  await page.keyboard.press('Tab');
  await expect(creator).toBeHidden();
});

test('a node dragged from the creator onto the canvas lands centred where it is dropped, unconnected', async ({ page }) => {
  test.setTimeout(120_000);
  await openNew(page, { name: 'Drop', nodes: [n('Trigger', TYPES.trigger, [240, 300])], connections: {} });
  await page.getByTestId('add-node').click();
  const creator = page.getByTestId('node-creator');
  await expect(creator).toBeVisible();
  await page.getByTestId('node-creator-search').fill('No Operation');
  const row = creator.locator(`[data-testid="creator-node"][data-node-type="${NOOP}"]`).first();
  const host = page.getByTestId('canvas-host');
  const drop = { x: 420, y: 520 };
  const [wx, wy] = await page.evaluate(([x, y]) => (window as unknown as { __switchyardCanvas: { screenToWorld(x: number, y: number): [number, number] } }).__switchyardCanvas.screenToWorld(x, y), [drop.x, drop.y]);
  await row.dragTo(host, { targetPosition: drop });
  await expect(creator).toBeHidden();
  // A dropped node opens in the details view too, as in n8n.
  await expect(page.getByTestId('ndv')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('ndv')).toBeHidden();
  await canvasIdle(page);
  const g = await graph(page);
  expect(Object.keys(g.nodes).sort()).toEqual(['No Operation, do nothing', 'Trigger']);
  // Centred under the pointer, on the 20 px grid.
  const snap = (v: number) => Math.round(v / 20) * 20;
  expect(g.nodes['No Operation, do nothing']).toEqual([snap(wx - 50), snap(wy - 50)]);
  expect(g.connections).toEqual([]);
  const box = (await node(page, 'No Operation, do nothing').boundingBox())!;
  const hostBox = (await host.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - (hostBox.x + drop.x))).toBeLessThan(box.width / 2);
  expect(Math.abs(box.y + box.height / 2 - (hostBox.y + drop.y))).toBeLessThan(box.height / 2);
  await shot(page, 'plus-04-dropped-from-creator');

  // Undo takes the dropped node away again, as any added node.
  await clickEmpty(page);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => Object.keys((await graph(page)).nodes)).toEqual(['Trigger']);
});

test('a node added without a source lands where the canvas was last clicked; one added out of view is panned into view', async ({ page }) => {
  test.setTimeout(120_000);
  await openNew(page, { name: 'Where', nodes: [n('Trigger', TYPES.trigger, [240, 300])], connections: {} });
  const host = (await page.getByTestId('canvas-host').boundingBox())!;
  const inView = async (name: string) => {
    const b = (await node(page, name).boundingBox())!;
    return b.x >= host.x && b.y >= host.y && b.x + b.width <= host.x + host.width && b.y + b.height <= host.y + host.height;
  };
  const spot = { x: 700, y: 180 };
  const [wx, wy] = await page.evaluate(([x, y]) => (window as unknown as { __switchyardCanvas: { screenToWorld(x: number, y: number): [number, number] } }).__switchyardCanvas.screenToWorld(x, y), [spot.x, spot.y]);
  await page.mouse.click(host.x + spot.x, host.y + spot.y);
  await page.keyboard.press('Tab');
  await pick(page, NOOP);
  let g = await graph(page);
  const snap = (v: number) => Math.round(v / 20) * 20;
  expect(g.nodes['No Operation, do nothing']).toEqual([snap(wx - 50), snap(wy - 50)]);
  expect(g.connections).toEqual([]);

  // Trigger selected, the view panned far away: the next node goes after Trigger and the view follows it.
  await clickEmpty(page);
  await node(page, 'Trigger').click();
  await page.evaluate(() => (window as unknown as { __switchyardCanvas: { panBy(dx: number, dy: number): void } }).__switchyardCanvas.panBy(-3000, -2000));
  await canvasIdle(page);
  await page.keyboard.press('Tab');
  await pick(page, NOOP);
  g = await graph(page);
  expect(g.connections).toContainEqual({ source: 'Trigger', output: 0, target: 'No Operation, do nothing1', input: 0 });
  await canvasIdle(page);
  await expect.poll(() => inView('No Operation, do nothing1')).toBe(true);
  await shot(page, 'plus-05-revealed-after-add');
});
