// Smoke check of the canvas in real Chromium (WebGL through SwiftShader), on the bench harness:
// the real canvas and WorkflowStore, driven with the mouse and keyboard like a person would,
// and found through the accessible DOM mirror. Screenshots go to test-results/.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildHarness, startHarnessServer } from '../../bench/canvas-server.mjs';

const shots = resolve(import.meta.dirname, '..', '..', 'test-results');
let server: { url: string; close: () => Promise<void> };

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  await buildHarness();
  server = await startHarnessServer();
});

test.afterAll(async () => {
  await server?.close();
});

type Harness = {
  ready: Promise<void>;
  open(url: string, fit?: boolean): Promise<{ nodes: number }>;
  handle: { getRendererType(): string; resetZoom(): void; zoomToFit(): void; whenIdle(): Promise<void>; worldToScreen(x: number, y: number): [number, number] };
  store: {
    nodeByName(name: string): { id: string; x: number; y: number } | undefined;
    nodes: Map<string, unknown>;
    connections: Map<string, unknown>;
    selection: Set<string>;
    selectedConnections: Set<string>;
  };
  opened: string[];
  errors: string[];
  addRequests: unknown[];
};

async function openHarness(page: Page, nodes: number, fit = true): Promise<void> {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(server.url);
  await page.evaluate(() => (window as unknown as { harness: Harness }).harness.ready);
  await page.evaluate(([n, f]) => (window as unknown as { harness: Harness }).harness.open(`/workflows/${n}.json`, f as boolean), [nodes, fit] as const);
  expect(pageErrors).toEqual([]);
}

const h = <T>(page: Page, fn: (h: Harness) => T | Promise<T>): Promise<T> =>
  page.evaluate(`(${fn.toString()})(window.harness)`) as Promise<T>;

/** Screen position (page px) of a world point. */
const screen = (page: Page, x: number, y: number) => page.evaluate(([a, b]) => (window as unknown as { harness: Harness }).harness.handle.worldToScreen(a, b), [x, y] as const);

test('renders with WebGL and mirrors every visible node', async ({ page }) => {
  await openHarness(page, 20);
  expect(await h(page, (x) => x.handle.getRendererType())).toBe('webgl');
  const mirror = page.getByRole('listbox', { name: 'Nodes' });
  await expect(mirror.getByRole('option')).toHaveCount(20);
  await expect(page.getByRole('option', { name: 'IF 1', exact: true })).toHaveAttribute('data-node-name', 'IF 1');
  await expect(page.locator('[data-testid="canvas-node"][data-node-name="Set 5"]')).toHaveCount(1);
  await page.screenshot({ path: join(shots, 'canvas-20-nodes-fit.png') });
  await h(page, (x) => { x.handle.resetZoom(); return x.handle.whenIdle(); });
  await page.screenshot({ path: join(shots, 'canvas-20-nodes-100.png') });
});

test('click selects, shift-click adds, Enter and double-click open', async ({ page }) => {
  await openHarness(page, 20);
  const set5 = page.locator('[data-node-name="Set 5"]');
  const if6 = page.locator('[data-node-name="IF 6"]');
  await set5.click();
  await expect(set5).toHaveAttribute('aria-selected', 'true');
  await if6.click({ modifiers: ['Shift'] });
  await expect(if6).toHaveAttribute('aria-selected', 'true');
  await expect(set5).toHaveAttribute('aria-selected', 'true');
  await h(page, (x) => x.handle.whenIdle());
  await page.screenshot({ path: join(shots, 'canvas-selection.png') });
  await page.keyboard.press('Enter');
  const ifId = await h(page, (x) => x.store.nodeByName('IF 6')!.id);
  expect(await h(page, (x) => x.opened)).toEqual([ifId]);
  await page.locator('[data-node-name="Code 9"]').dblclick();
  const codeId = await h(page, (x) => x.store.nodeByName('Code 9')!.id);
  expect(await h(page, (x) => x.opened.at(-1))).toBe(codeId);
  // Clicking the background clears the selection.
  await page.mouse.click(10, 790);
  expect(await h(page, (x) => x.store.selection.size)).toBe(0);
});

test('dragging a node moves it on the grid; dragging the background pans', async ({ page }) => {
  await openHarness(page, 20, false);
  await h(page, (x) => { x.handle.resetZoom(); return x.handle.whenIdle(); });
  const before = await h(page, (x) => { const n = x.store.nodeByName('Set 5')!; return [n.x, n.y]; });
  const box = (await page.locator('[data-node-name="Set 5"]').boundingBox())!;
  await page.mouse.move(box.x + 50, box.y + 50);
  await page.mouse.down();
  await page.mouse.move(box.x + 90, box.y + 70, { steps: 4 });
  await page.mouse.move(box.x + 153, box.y + 88, { steps: 4 });
  await page.mouse.up();
  const after = await h(page, (x) => { const n = x.store.nodeByName('Set 5')!; return [n.x, n.y]; });
  expect(after).toEqual([before[0] + 100, before[1] + 40]);
  await expect(page.locator('[data-node-name="Set 5"]')).toHaveAttribute('aria-selected', 'true');
  // Background drag pans: the node's mirror element moves with the view, the model does not.
  await h(page, (x) => x.handle.whenIdle());
  const m0 = (await page.locator('[data-node-name="Set 5"]').boundingBox())!;
  const [bx, by] = await screen(page, 120, 620);
  await page.mouse.move(bx, by);
  await page.mouse.down();
  await page.mouse.move(bx - 200, by - 50, { steps: 5 });
  await page.mouse.up();
  await h(page, (x) => x.handle.whenIdle());
  const m1 = (await page.locator('[data-node-name="Set 5"]').boundingBox())!;
  expect(Math.round(m1.x - m0.x)).toBe(-200);
  expect(await h(page, (x) => { const n = x.store.nodeByName('Set 5')!; return [n.x, n.y]; })).toEqual(after);
});

test('dragging from an output to an input connects; a drop on empty canvas asks for a node', async ({ page }) => {
  await openHarness(page, 20, false);
  await h(page, (x) => { x.handle.resetZoom(); return x.handle.whenIdle(); });
  const [src, dst] = await h(page, (x) => {
    const a = x.store.nodeByName('No Operation 2')!;
    const b = x.store.nodeByName('IF 1')!;
    return [[a.x + 100, a.y + 50], [b.x, b.y + 50]];
  });
  const before = await h(page, (x) => x.store.connections.size);
  const [sx, sy] = await screen(page, src[0], src[1]);
  const [tx, ty] = await screen(page, dst[0] - 2, dst[1]);
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  await page.mouse.move((sx + tx) / 2, (sy + ty) / 2 + 30, { steps: 5 });
  await page.mouse.move(tx, ty, { steps: 5 });
  await page.mouse.up();
  expect(await h(page, (x) => x.store.connections.size)).toBe(before + 1);
  const ids = await h(page, (x) => { const a = x.store.nodeByName('No Operation 2')!.id; const b = x.store.nodeByName('IF 1')!.id; return [...x.store.connections.keys()].filter((k) => k === `${a}:0>${b}:0`); });
  expect(ids).toHaveLength(1);
  // The same drag again is a duplicate: refused.
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  await page.mouse.move(tx, ty, { steps: 8 });
  await page.mouse.up();
  expect(await h(page, (x) => x.store.connections.size)).toBe(before + 1);
  // From an unconnected output into empty space: the app is asked for a node, connected to it.
  const [ox, oy] = await h(page, (x) => { const n = x.store.nodeByName('IF 7')!; return [n.x + 100, n.y + 100 * (2 / 3)]; });
  const [px, py] = await screen(page, ox, oy);
  await page.mouse.move(px, py);
  await page.mouse.down();
  await page.mouse.move(px + 80, py + 120, { steps: 6 });
  await page.mouse.up();
  expect(await h(page, (x) => x.addRequests.length)).toBe(1);
  expect(await h(page, (x) => x.store.connections.size)).toBe(before + 2);
  await h(page, (x) => x.handle.whenIdle());
  await page.screenshot({ path: join(shots, 'canvas-connected.png') });
});

test('a connection can be selected and deleted; Delete removes selected nodes', async ({ page }) => {
  await openHarness(page, 20, false);
  await h(page, (x) => { x.handle.resetZoom(); return x.handle.whenIdle(); });
  // Set 4 -> No Operation 8 is a straight connection along y + 50.
  const [cx, cy] = await h(page, (x) => { const a = x.store.nodeByName('Set 4')!; const b = x.store.nodeByName('No Operation 8')!; return [(a.x + 100 + b.x) / 2, a.y + 50]; });
  const [px, py] = await screen(page, cx, cy);
  const before = await h(page, (x) => x.store.connections.size);
  await page.mouse.click(px, py + 2);
  expect(await h(page, (x) => x.store.selectedConnections.size)).toBe(1);
  await page.keyboard.press('Delete');
  expect(await h(page, (x) => x.store.connections.size)).toBe(before - 1);
  await page.locator('[data-node-name="Code 10"]').click();
  await page.keyboard.press('Backspace');
  expect(await h(page, (x) => x.store.nodeByName('Code 10'))).toBeUndefined();
  await expect(page.locator('[data-node-name="Code 10"]')).toHaveCount(0);
});

test('hovering an output plus shows the hint', async ({ page }) => {
  await openHarness(page, 20, false);
  await h(page, (x) => { x.handle.resetZoom(); return x.handle.whenIdle(); });
  const [wx, wy] = await h(page, (x) => { const n = x.store.nodeByName('No Operation 2')!; return [n.x + 100 + 58, n.y + 50]; });
  const [px, py] = await screen(page, wx, wy);
  await page.mouse.move(px, py);
  await expect(page.getByRole('tooltip')).toHaveText('Click to add node or drag to connect');
  await expect(page.getByRole('tooltip')).toBeVisible();
});

test('node states, item counts and a sticky note are drawn and read out', async ({ page }) => {
  await openHarness(page, 20, false);
  await page.evaluate(() => {
    const { store, handle } = (window as unknown as { harness: Harness }).harness;
    const s = store as unknown as {
      nodeByName(n: string): { id: string; name: string };
      setNodeRun(n: string, task: unknown, counts?: number[]): void;
      setNodeStatus(n: string, st: string): void;
      setDisabled(ids: string[], d: boolean): void;
      setNodeIssues(id: string, issues: string[]): void;
      setPinData(n: string, items: unknown[]): void;
      addNode(n: unknown): unknown;
    };
    const run = { startTime: 0, executionTime: 1, executionStatus: 'success', source: [], data: { main: [[{ json: {} }, { json: {} }, { json: {} }]] } };
    // Each of these is a store action, as push messages and the issue kernel would call them.
    {
      s.setNodeRun('When clicking ‘Execute workflow’', run, [3]);
      s.setNodeRun('Set 3', run, [3]);
      s.setNodeStatus('Set 4', 'running');
      s.setDisabled([s.nodeByName('No Operation 2').id], true);
      s.setNodeIssues(s.nodeByName('IF 1').id, ['Parameter "Conditions" is required.']);
      s.setPinData('IF 6', [{ json: { a: 1 } }]);
      s.addNode({ name: 'Sticky Note', type: 'n8n-nodes-base.stickyNote', typeVersion: 1, position: [240, 760], parameters: { content: '## Read me\nThis workflow was **generated** for the canvas harness.\n\n- nodes in layers\n- one connection each', width: 460, height: 180, color: 1 } });
    }
    handle.resetZoom();
  });
  await h(page, (x) => x.handle.whenIdle());
  await expect(page.getByRole('option', { name: 'Set 3, has data, 3 items' })).toHaveCount(1);
  await expect(page.getByRole('option', { name: 'IF 1, has issues' })).toHaveCount(1);
  await expect(page.getByRole('option', { name: 'Set 4, executing' })).toHaveCount(1);
  await expect(page.getByRole('option', { name: 'No Operation 2, disabled' })).toHaveCount(1);
  await expect(page.getByRole('option', { name: 'IF 6, pinned data' })).toHaveCount(1);
  await expect(page.getByRole('option', { name: /^Sticky Note: Read me/ })).toHaveCount(1);
  await page.screenshot({ path: join(shots, 'canvas-states.png') });
});

test('keyboard: a focused mirror option selects, Enter opens, Delete deletes; focusNode centres', async ({ page }) => {
  await openHarness(page, 20);
  const code9 = page.locator('[data-node-name="Code 9"]');
  await code9.focus();
  await expect(code9).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const id = await h(page, (x) => x.store.nodeByName('Code 9')!.id);
  expect(await h(page, (x) => x.opened)).toEqual([id]);
  await page.keyboard.press('Delete');
  await expect(code9).toHaveCount(0);
  const setId = await h(page, (x) => x.store.nodeByName('Set 12')!.id);
  await page.evaluate((nid) => (window as unknown as { harness: { handle: { focusNode(id: string): void } } }).harness.handle.focusNode(nid), setId);
  await h(page, (x) => x.handle.whenIdle());
  const set12 = page.locator('[data-node-name="Set 12"]');
  await expect(set12).toBeFocused();
  const box = (await set12.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(2);
  expect(Math.abs(box.y + box.height / 2 - 400)).toBeLessThan(2);
});

test('wheel pans, ctrl+wheel zooms around the pointer, keys zoom', async ({ page }) => {
  await openHarness(page, 20, false);
  await h(page, (x) => { x.handle.resetZoom(); return x.handle.whenIdle(); });
  const scale = () => h(page, (x) => (x.handle as unknown as { zoom: { scale: number } }).zoom.scale);
  const centre = () => h(page, (x) => (x.handle as unknown as { viewportCenterWorld(): [number, number] }).viewportCenterWorld());
  const c0 = await centre();
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 200);
  await h(page, (x) => x.handle.whenIdle());
  const c1 = await centre();
  expect(await scale()).toBe(1);
  expect(Math.round(c1[1] - c0[1])).toBe(200);
  await page.mouse.move(300, 300);
  const w0 = await page.evaluate(() => (window as unknown as { harness: { handle: { screenToWorld(x: number, y: number): [number, number] } } }).harness.handle.screenToWorld(300, 300));
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await h(page, (x) => x.handle.whenIdle());
  expect(await scale()).toBeGreaterThan(1);
  const w1 = await page.evaluate(() => (window as unknown as { harness: { handle: { screenToWorld(x: number, y: number): [number, number] } } }).harness.handle.screenToWorld(300, 300));
  expect(w1[0]).toBeCloseTo(w0[0], 0);
  expect(w1[1]).toBeCloseTo(w0[1], 0);
  await page.locator('[data-testid="canvas"]').focus();
  await page.keyboard.press('0');
  await h(page, (x) => x.handle.whenIdle());
  expect(await scale()).toBe(1);
  await page.keyboard.press('-');
  await h(page, (x) => x.handle.whenIdle());
  expect(await scale()).toBeCloseTo(0.8, 5);
});

test('without the worker the same kernel culls on the main thread', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(server.url + '?worker=off');
  await page.evaluate(() => (window as unknown as { harness: Harness }).harness.ready);
  await page.evaluate(() => (window as unknown as { harness: Harness }).harness.open('/workflows/1000.json'));
  const stats = await h(page, (x) => (x.handle as unknown as { getStats(): { spatial: string; displayedNodes: number; renderer: string } }).getStats());
  expect(stats).toMatchObject({ spatial: 'main-thread', displayedNodes: 1000, renderer: 'webgl' });
  await h(page, (x) => { x.handle.resetZoom(); return x.handle.whenIdle(); });
  const visible = await page.locator('[data-testid="canvas-node"]').count();
  expect(visible).toBeGreaterThan(10);
  expect(visible).toBeLessThan(200);
});

test('10,000 nodes open, zoom to fit and pan', async ({ page }) => {
  await openHarness(page, 10000);
  expect(await h(page, (x) => x.handle.getRendererType())).toBe('webgl');
  expect(await h(page, (x) => x.store.nodes.size)).toBe(10000);
  const mirrored = await page.locator('[data-testid="canvas-node"]').count();
  expect(mirrored).toBeGreaterThan(100);
  expect(mirrored).toBeLessThanOrEqual(1000);
  await page.screenshot({ path: join(shots, 'canvas-10000-fit.png') });
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 300);
  await page.mouse.wheel(400, 0);
  await h(page, (x) => x.handle.whenIdle());
  expect(await h(page, (x) => x.errors)).toEqual([]);
});
