// Copy, cut, paste and duplicate through the real clipboard (keyboard shortcuts fire the
// browser's copy/cut/paste events): nodes with their connections, workflow JSON, a .json link
// fetched by the server after confirmation, and bad clipboards answered clearly.
import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { baseUrl, chainWorkflow, clickEmpty, clickNode, links, n, names, node, openNew, shot, storeState, toast, TYPES } from './editing-helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const writeClipboard = (page: Page, text: string) => page.evaluate((t) => navigator.clipboard.writeText(t), text);

let files: Server;
let filesUrl = '';
test.beforeAll(async () => {
  const wf = { name: 'Shared', nodes: [n('From the web', TYPES.noOp, [0, 0]), n('And more', TYPES.noOp, [220, 0])], connections: links([['From the web', 'And more']]) };
  files = createServer((req, res) => {
    if (req.url === '/shared.json') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(wf));
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((r) => files.close(r));
});

test('copy and paste nodes with their connections and expressions', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openNew(page, chainWorkflow('Clipboard'));

  await clickNode(page, 'A');
  await clickNode(page, 'B', ['Shift']);
  await expect.poll(async () => (await storeState(page)).selection).toEqual(['A', 'B']);
  await expect(page.getByTestId('selection-actions')).toContainText('2 nodes');
  await shot(page, 'clipboard-01-selected');

  await page.keyboard.press('Control+c');
  await expect(toast(page, 'Copied 2 nodes')).toBeVisible();
  const copied = JSON.parse(await readClipboard(page));
  expect(copied.nodes.map((x: { name: string }) => x.name)).toEqual(['A', 'B']);
  expect(copied.connections).toEqual({ A: { main: [[{ node: 'B', type: 'main', index: 0 }]] } });

  await page.keyboard.press('Control+v');
  await expect(node(page, 'A1')).toBeVisible();
  await expect(node(page, 'B1')).toBeVisible();
  let state = await storeState(page);
  expect(state.edges).toContain('A1>B1');
  expect(state.selection).toEqual(['A1', 'B1']);
  const b1 = state.nodes.find((x) => x.name === 'B1')!;
  expect(JSON.stringify(b1.parameters)).toContain("$('A1')");
  // The copies sit below the originals, not on them.
  const a = state.nodes.find((x) => x.name === 'A')!;
  const a1 = state.nodes.find((x) => x.name === 'A1')!;
  expect(a1.y).toBeGreaterThanOrEqual(a.y + 100);
  await shot(page, 'clipboard-02-pasted');

  // Cut: the node goes (its neighbours are joined) and comes back with paste.
  await clickEmpty(page);
  await clickNode(page, 'C');
  await page.keyboard.press('Control+x');
  await expect(node(page, 'C')).toHaveCount(0);
  await page.waitForTimeout(1100); // pastes within 1000 ms of the last one are dropped (spec 001 §9); a fast run got here sooner
  await page.keyboard.press('Control+v');
  await expect(node(page, 'C')).toBeVisible();

  // Duplicate: 140 px below.
  await clickEmpty(page);
  await clickNode(page, 'A');
  await page.keyboard.press('Control+d');
  await expect(node(page, 'A2')).toBeVisible();
  state = await storeState(page);
  const a2 = state.nodes.find((x) => x.name === 'A2')!;
  expect([a2.x, a2.y]).toEqual([a.x, a.y + 140]);
  expect(errors).toEqual([]);
});

test('paste whole workflow JSON, a .json link after confirmation, and refuse bad clipboards', async ({ page }) => {
  test.setTimeout(180_000);
  await openNew(page, chainWorkflow('Paste sources'));
  await clickEmpty(page);

  // Workflow JSON (as n8n exports it), with a connection to a node that is not there.
  const exported = {
    name: 'Exported',
    nodes: [n('Imported', TYPES.noOp, [0, 0]), n('Imported 2', TYPES.noOp, [220, 0]), n('Mystery', 'acme.notInstalled', [440, 0])],
    connections: { ...links([['Imported', 'Imported 2']]), 'Imported 2': { main: [[{ node: 'Ghost', type: 'main', index: 0 }]] } },
  };
  await writeClipboard(page, JSON.stringify(exported));
  await page.keyboard.press('Control+v');
  await expect(node(page, 'Imported')).toBeVisible();
  await expect(node(page, 'Mystery')).toHaveAttribute('aria-label', /issue|unknown/i);
  await expect(toast(page, 'Some of the pasted data was repaired')).toContainText('1 connection to missing nodes was dropped');
  await expect(toast(page, 'Unknown node type')).toContainText('acme.notInstalled');
  expect((await storeState(page)).edges).toContain('Imported>Imported 2');
  await page.getByTestId('toast').getByRole('button', { name: 'Close notification' }).first().click();

  // A link to a .json file: asked first, then fetched by the server.
  await page.waitForTimeout(1100); // the paste handler's own debounce (spec 001 §9)
  await writeClipboard(page, `${filesUrl}/shared.json`);
  await page.keyboard.press('Control+v');
  const confirm = page.getByTestId('import-url-dialog');
  await expect(confirm).toContainText(`${filesUrl}/shared.json`);
  await shot(page, 'clipboard-03-url-confirm');
  await page.getByTestId('import-url-confirm').click();
  await expect(node(page, 'From the web')).toBeVisible();
  expect((await storeState(page)).edges).toContain('From the web>And more');

  // Garbage, a link that is not a workflow file, and more than 12 MB: clear errors, nothing added.
  const before = await names(page);
  for (const [text, message] of [
    ['hello world', /does not hold a workflow/],
    ['https://example.com/page', /ending in \.json/],
    ['{"nodes": [' + ' '.repeat(13 * 1024 * 1024) + ']}', /too much to paste/],
  ] as const) {
    await page.waitForTimeout(1100);
    await writeClipboard(page, text);
    await page.keyboard.press('Control+v');
    await expect(toast(page, 'Could not paste').last()).toContainText(message);
  }
  expect(await names(page)).toEqual(before);
  await shot(page, 'clipboard-04-bad-paste');
});

interface ToastsWindow {
  __switchyard: { ui: { toasts: { toasts: Array<{ title: string; duration: number }> } } };
}

test('a 50 MB clipboard is refused with a clear message and nothing changes', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openNew(page, chainWorkflow('Huge paste'));
  await clickEmpty(page);
  const before = await storeState(page);

  // Made in the page: 50 MB of workflow-looking text, more than four times the 12 MB payload limit.
  const length = await page.evaluate(async () => {
    const text = '{"nodes": [' + ' '.repeat(50 * 1024 * 1024) + '], "connections": {}}';
    await navigator.clipboard.writeText(text);
    return text.length;
  });
  expect(length).toBeGreaterThan(50 * 1024 * 1024);
  await page.keyboard.press('Control+v');
  const message = toast(page, 'Could not paste');
  await expect(message).toContainText('The clipboard holds too much to paste: more than 50.0 MB; a workflow may be at most 12.0 MB (12582912 bytes).');
  await shot(page, 'clipboard-05-50mb');

  const after = await storeState(page);
  expect(after.nodes).toEqual(before.nodes);
  expect(after.edges).toEqual(before.edges);
  expect(after.dirty).toBe(false);
  expect(after.canUndo).toBe(false);
  expect(errors).toEqual([]);
});

test('pasting nodes over a type’s maxNodes skips the excess with a message that stays', async ({ page }) => {
  test.setTimeout(180_000);
  await openNew(page, chainWorkflow('Max nodes'));
  await clickEmpty(page);

  // Two more Manual Triggers (maxNodes 1; the workflow has one) and a node wired to one of them.
  const pasted = {
    nodes: [n('Second trigger', TYPES.trigger, [0, 600]), n('Third trigger', TYPES.trigger, [0, 800]), n('Extra', TYPES.noOp, [220, 600])],
    connections: links([['Second trigger', 'Extra']]),
  };
  await writeClipboard(page, JSON.stringify(pasted));
  await page.keyboard.press('Control+v');
  await expect(node(page, 'Extra')).toBeVisible();
  const message = toast(page, 'Could not insert node');
  await expect(message).toContainText('Node can not be inserted because the maximum number of 1 nodes of type "Manual Trigger" is already reached. 2 nodes were skipped.');
  await shot(page, 'clipboard-06-max-nodes');

  const state = await storeState(page);
  expect(state.nodes.map((x) => x.name).sort()).toEqual(['A', 'B', 'C', 'Extra', 'Trigger']);
  expect(state.edges).toEqual(['A>B', 'B>C', 'Trigger>A']);
  expect(state.selection).toEqual(['Extra']);
  // showMaxNodeTypeError does not close by itself (spec 001 §5): it has no timer; it goes when closed.
  const durations = await page.evaluate(() => (window as unknown as ToastsWindow).__switchyard.ui.toasts.toasts.filter((t) => t.title === 'Could not insert node').map((t) => t.duration));
  expect(durations).toEqual([0]);
  await message.getByRole('button', { name: 'Close notification' }).click();
  await expect(message).toHaveCount(0);

  // A paste of nothing but a trigger adds nothing and says why (not 'no nodes given').
  await page.waitForTimeout(1100); // the paste handler's own debounce (spec 001 §9)
  await writeClipboard(page, JSON.stringify({ nodes: [n('Another trigger', TYPES.trigger, [0, 600])], connections: {} }));
  await page.keyboard.press('Control+v');
  await expect(message).toContainText('1 node was skipped.');
  await expect(toast(page, 'Could not insert nodes')).toHaveCount(0);
  expect(await names(page)).toEqual(['A', 'B', 'C', 'Extra', 'Trigger']);
});

test('duplicate: a sticky note lands 40 × 40 from the original, a node 140 px below', async ({ page }) => {
  test.setTimeout(180_000);
  const wf = chainWorkflow('Duplicate sticky');
  wf.nodes.push(n('Note', 'n8n-nodes-base.stickyNote', [460, 20], { content: '## Read me', width: 380, height: 160 }));
  await openNew(page, wf);
  await clickEmpty(page);

  // The sticky through the selection toolbar's Duplicate button.
  await clickNode(page, 'Note');
  await expect.poll(async () => (await storeState(page)).selection).toEqual(['Note']);
  await expect(page.getByTestId('selection-actions')).toContainText('Sticky note');
  await page.getByTestId('action-duplicate').click();
  await expect(node(page, 'Note1')).toBeVisible();
  let state = await storeState(page);
  const note = state.nodes.find((x) => x.name === 'Note')!;
  const copy = state.nodes.find((x) => x.name === 'Note1')!;
  expect([copy.x, copy.y]).toEqual([note.x + 40, note.y + 40]);
  expect(copy.parameters).toEqual(note.parameters);
  expect(state.selection).toEqual(['Note1']);
  await shot(page, 'clipboard-07-duplicate-sticky');

  // Ctrl+D on the copy: another 40 × 40 on.
  await page.keyboard.press('Control+d');
  await expect(node(page, 'Note2')).toBeVisible();
  state = await storeState(page);
  const second = state.nodes.find((x) => x.name === 'Note2')!;
  expect([second.x, second.y]).toEqual([note.x + 80, note.y + 80]);

  // A regular node through the same button: 140 px straight below.
  await clickEmpty(page);
  await clickNode(page, 'C');
  await expect.poll(async () => (await storeState(page)).selection).toEqual(['C']);
  await page.getByTestId('action-duplicate').click();
  await expect(node(page, 'C1')).toBeVisible();
  state = await storeState(page);
  const c = state.nodes.find((x) => x.name === 'C')!;
  const c1 = state.nodes.find((x) => x.name === 'C1')!;
  expect([c1.x, c1.y]).toEqual([c.x, c.y + 140]);
  expect(state.selection).toEqual(['C1']);
});
