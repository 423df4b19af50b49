// Opening a STORED broken workflow in the real app (issue: "bad input … a clear message, the
// canvas stays usable, nothing saved is harmed"). The REST API drops connections to missing nodes
// (with a notice) and refuses positions that are not two finite numbers and duplicate node names
// (asserted first), so such workflows are written straight into the server's SQLite database, as an older version, a
// script or a hand edit could have left them. For each: /workflow/<id> says what was repaired,
// the canvas (WebGL) shows the valid part and stays usable (zoom to fit, select, move), opening
// does not mark the workflow unsaved, and the stored copy is unchanged until the user saves.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { baseUrl, canvasIdle, clickNode, drag, n, node, shot, storeState, toast, TYPES, waitForCanvas } from './editing-helpers.ts';

function database(): DatabaseSync {
  const dir = process.env.SWITCHYARD_E2E_DATA_DIR;
  if (!dir) throw new Error('SWITCHYARD_E2E_DATA_DIR is not set: run through playwright.config.ts');
  const db = new DatabaseSync(join(dir, 'data', 'database.sqlite'));
  db.exec('PRAGMA busy_timeout = 5000');
  return db;
}

/** Creates a valid workflow through the API, then overwrites its nodes and connections columns with raw text. */
async function seedRaw(request: APIRequestContext, name: string, nodesJson: string, connectionsJson: string): Promise<string> {
  const res = await request.post(`${baseUrl()}rest/workflows`, { data: { name, nodes: [n('Placeholder', TYPES.noOp, [0, 0])], connections: {}, settings: { executionOrder: 'v1' } } });
  expect(res.status(), await res.text()).toBe(200);
  const id = (await res.json()).data.id as string;
  const db = database();
  try {
    db.prepare('UPDATE workflows SET nodes = ?, connections = ? WHERE id = ?').run(nodesJson, connectionsJson, id);
  } finally {
    db.close();
  }
  return id;
}

async function stored(request: APIRequestContext, id: string): Promise<{ status: number; text: string }> {
  const res = await request.get(`${baseUrl()}rest/workflows/${id}`);
  return { status: res.status(), text: await res.text() };
}

const node0 = (name: string, position: unknown, extra: Record<string, unknown> = {}) => ({ id: crypto.randomUUID(), name, type: TYPES.noOp, typeVersion: 1, position, parameters: {}, ...extra });
const trigger = () => ({ ...node0('Trigger', [240, 300]), type: TYPES.trigger });
const main = (...targets: string[]) => ({ main: [targets.map((t) => ({ node: t, type: 'main', index: 0 }))] });

interface Case {
  title: string;
  nodes: string;
  connections: string;
  /** Node names the canvas shows after opening. */
  names: string[];
  edges: string[];
  /** Parts of the 'Workflow repaired' toast; none when nothing needed repair. */
  repaired?: RegExp[];
}

const BIG = 'x'.repeat(10 * 1024 * 1024);

const cases: Case[] = [
  {
    title: 'connections to missing nodes',
    nodes: JSON.stringify([trigger(), node0('A', [460, 300]), node0('B', [680, 300])]),
    connections: JSON.stringify({ Trigger: main('A', 'Ghost'), A: main('B'), Ghost: main('B') }),
    names: ['A', 'B', 'Trigger'],
    edges: ['A>B', 'Trigger>A'],
    repaired: [/2 connections to missing nodes were dropped/],
  },
  {
    title: 'positions of NaN, 1e12, null and strings',
    // NaN is what a Python script's json.dumps writes for float('nan'); JSON.parse refuses it.
    nodes: JSON.stringify([trigger(), node0('A', [460, 300]), node0('Far', [0, 1e12]), node0('Null', [null, null]), node0('Text', ['100', 'y']), node0('Missing', undefined)]).replace('[0,1000000000000]', '[NaN,1e12]'),
    connections: JSON.stringify({ Trigger: main('A'), A: main('Far') }),
    names: ['A', 'Far', 'Missing', 'Null', 'Text', 'Trigger'],
    edges: ['A>Far', 'Trigger>A'],
    repaired: [/4 nodes had invalid positions/],
  },
  {
    title: 'duplicate node names',
    nodes: JSON.stringify([trigger(), node0('A', [460, 300]), node0('A', [460, 500]), node0('B', [680, 300])]),
    connections: JSON.stringify({ Trigger: main('A'), A: main('B') }),
    names: ['A', 'A1', 'B', 'Trigger'],
    edges: ['A>B', 'Trigger>A'],
    repaired: [/1 node was renamed/],
  },
  {
    title: 'a 10 MB parameter value',
    nodes: JSON.stringify([trigger(), { ...node0('Big', [460, 300]), type: TYPES.set, typeVersion: 3.4, parameters: { assignments: { assignments: [{ id: '1', name: 'big', value: BIG, type: 'string' }] }, options: {} } }]),
    connections: JSON.stringify({ Trigger: main('Big') }),
    names: ['Big', 'Trigger'],
    edges: ['Trigger>Big'],
  },
];

test('the API drops connections to missing nodes with a notice, refuses bad positions and duplicate names, and takes a 10 MB parameter', async ({ request }) => {
  const post = (nodes: unknown[], connections: unknown) => request.post(`${baseUrl()}rest/workflows`, { data: { name: 'Refused', nodes, connections } });
  // Issue 10: n8n files cut from a larger workflow have such connections; they are dropped, nothing else.
  const dangling = await post([trigger()], { Trigger: main('Ghost') });
  expect(dangling.status()).toBe(200);
  expect((await dangling.json()).notices).toEqual(['1 connection to missing nodes was dropped: "Trigger" → "Ghost".']);
  const refused: Array<[unknown[], unknown, RegExp]> = [
    [[trigger(), node0('A', [null, 1e12])], {}, /body\/nodes\/1\/position\/0 must be number/],
    [[trigger(), node0('A', ['100', 'y'])], {}, /body\/nodes\/1\/position\/0 must be number/],
    [[trigger(), node0('A', [0])], {}, /nodes\/1\/position/],
    [[trigger(), node0('A', [0, 0]), node0('A', [0, 200])], {}, /"A" is already the name of nodes\/1/],
  ];
  for (const [nodes, connections, message] of refused) {
    const res = await post(nodes, connections);
    expect(res.status()).toBe(400);
    expect((await res.json()).message).toMatch(message);
  }
  // Finite, so stored as sent: the editor places such a node below the others when opening.
  expect((await post([trigger(), node0('Far', [0, 1e12])], {})).status()).toBe(200);
  const big = await post([trigger(), { ...node0('Big', [0, 0]), parameters: { value: BIG } }], {});
  expect(big.status()).toBe(200);
});

async function openStored(page: Page, id: string): Promise<void> {
  await page.goto(`${baseUrl()}workflow/${id}`);
  await waitForCanvas(page);
  await expect(page.locator('.view-loading')).toHaveCount(0, { timeout: 30_000 });
  await canvasIdle(page);
}

for (const c of cases) {
  test(`opening a stored workflow with ${c.title}`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const id = await seedRaw(request, `Broken: ${c.title}`, c.nodes, c.connections);
    const before = await stored(request, id);

    await openStored(page, id);
    expect(await page.evaluate(() => (window as unknown as { __switchyardCanvas: { getRendererType(): string } }).__switchyardCanvas.getRendererType())).toBe('webgl');
    await expect(page).toHaveURL(new RegExp(`/workflow/${id}$`));
    await expect(toast(page, 'Problem loading workflow')).toHaveCount(0);

    // A clear message: what was repaired, and that the stored copy keeps its state until saved.
    if (c.repaired) {
      const repaired = toast(page, 'Workflow repaired');
      await expect(repaired).toBeVisible();
      for (const m of c.repaired) await expect(repaired).toContainText(m);
      await expect(repaired).toContainText(/stored workflow is unchanged/i);
    } else {
      await expect(toast(page, 'Workflow repaired')).toHaveCount(0);
    }
    if (c.title.startsWith('positions')) await shot(page, 'bad-workflow-positions');

    // The valid part is on the canvas.
    let state = await storeState(page);
    expect(state.nodes.map((x) => x.name).sort()).toEqual(c.names);
    expect(state.edges).toEqual(c.edges);
    for (const x of state.nodes) expect(Number.isFinite(x.x) && Number.isFinite(x.y) && Math.abs(x.x) < 1e6 && Math.abs(x.y) < 1e6).toBe(true);

    // Opening does not mark the workflow unsaved.
    expect(state.dirty).toBe(false);
    await expect(page.getByTestId('save-button')).toHaveText('Saved');

    // The canvas stays usable: zoom to fit shows every node, a node can be selected and moved.
    await page.getByTestId('zoom-to-fit').click();
    await canvasIdle(page);
    const host = (await page.getByTestId('canvas-host').boundingBox())!;
    for (const name of c.names) {
      const b = await node(page, name).boundingBox();
      expect(b, name).not.toBeNull();
      expect(b!.x >= host.x - 1 && b!.y >= host.y - 1 && b!.x + b!.width <= host.x + host.width + 1 && b!.y + b!.height <= host.y + host.height + 1, `${name} is in view`).toBe(true);
    }
    const target = c.names.includes('A') ? 'A' : c.names[0]!;
    await clickNode(page, target);
    await expect.poll(async () => (await storeState(page)).selection).toEqual([target]);
    const start = (await storeState(page)).nodes.find((x) => x.name === target)!;
    const b = (await node(page, target).boundingBox())!;
    await drag(page, { x: b.x + b.width / 2, y: b.y + b.height / 2 }, { x: b.x + b.width / 2 + 80, y: b.y + b.height / 2 + 60 });
    await expect.poll(async () => (await storeState(page)).nodes.find((x) => x.name === target)!.x).not.toBe(start.x);
    state = await storeState(page);
    expect(state.dirty).toBe(true);

    // Nothing stored changed: not by opening, not by editing without saving.
    expect(await stored(request, id)).toEqual(before);
    expect(errors).toEqual([]);
  });
}

test('a stored workflow whose JSON cannot be read is answered with a clear message', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const id = await seedRaw(request, 'Broken: unreadable', '[{"name": "A", "type": ', '{}');
  const before = await stored(request, id);
  expect(before.status).toBe(500);
  expect(JSON.parse(before.text).message).toMatch(/^The nodes of workflow "Broken: unreadable" \(id \w+\) cannot be read: the stored JSON is invalid/);

  await page.goto(`${baseUrl()}workflow/${id}`);
  await waitForCanvas(page);
  const problem = toast(page, 'Problem loading workflow');
  await expect(problem).toBeVisible();
  await expect(problem).toContainText('cannot be read: the stored JSON is invalid');
  // The editor falls back to a new workflow and stays usable.
  await expect(page).toHaveURL(/\/workflow$/);
  await expect(page.getByTestId('canvas-add-first-step')).toBeVisible();
  expect(await stored(request, id)).toEqual(before);
  expect(errors).toEqual([]);
});

test('saving a repaired workflow stores the repair, which the API accepts', async ({ page, request }) => {
  test.setTimeout(180_000);
  const c = cases[0]!;
  const id = await seedRaw(request, 'Broken: saved', c.nodes, c.connections);
  await openStored(page, id);
  await expect(toast(page, 'Workflow repaired')).toBeVisible();
  expect((await storeState(page)).dirty).toBe(false);
  await page.keyboard.press('Control+s');
  await expect.poll(async () => JSON.parse((await stored(request, id)).text).data.connections).toEqual({ Trigger: main('A'), A: main('B') });
  await expect(toast(page, 'Problem saving workflow')).toHaveCount(0);
  expect((await storeState(page)).dirty).toBe(false);
});
