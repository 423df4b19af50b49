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
