// Read-only views (/execution/:id and /workflows/demo): no run controls, node actions, undo or
// tidy-up; every attempt to edit (keys, paste, drag, the creator) shows one persistent error.
import { expect, test, type Frame, type Page } from '@playwright/test';
import { baseUrl, canvasIdle, chainWorkflow, clickEmpty, clickNode, drag, links, n, node, openNew, shot, storeState, toast, TYPES, waitForCanvas } from './editing-helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The chain workflow with a sticky note above it. */
function withSticky(name: string) {
  const wf = chainWorkflow(name);
  wf.nodes.push(n('Note', 'n8n-nodes-base.stickyNote', [460, 20], { content: '## Read me\nNot editable here.', width: 380, height: 160 }));
  return wf;
}

/** Writes to the server's workflows (a save would be one of these). */
function watchSaves(page: Page): string[] {
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && /\/rest\/workflows/.test(r.url())) saves.push(`${r.method()} ${r.url()}`);
  });
  return saves;
}

/**
 * ctrl+s, a drag from an output to an unconnected input and a double-click on a sticky: each is
 * refused with the read-only error (shown again after it was closed) and changes nothing.
 * `view` is the page, or the frame the demo view lives in.
 */
async function refusedEditsOf(page: Page, view: Page | Frame, saves: string[]): Promise<void> {
  const v = view as unknown as Page;
  const errors = toast(v, 'This view is read-only');
  const closeError = async () => {
    if (await errors.count()) await errors.getByRole('button', { name: 'Close notification' }).click();
    await expect(errors).toHaveCount(0);
  };
  const before = await storeState(v);
  const unchanged = async () => {
    const after = await storeState(v);
    expect(after.nodes.map(({ status: _s, ...x }) => x)).toEqual(before.nodes.map(({ status: _s, ...x }) => x));
    expect(after.edges).toEqual(before.edges);
    expect(after.dirty).toBe(false);
  };

  // ctrl+s: the error, no request that would save.
  await closeError();
  const a = (await node(v, 'A').boundingBox())!;
  await page.mouse.click(a.x + a.width / 2, a.y + a.height / 2);
  const savesBefore = saves.length;
  await page.keyboard.press('Control+s');
  await expect(errors).toHaveCount(1);
  await page.waitForTimeout(500);
  expect(saves.slice(savesBefore)).toEqual([]);
  await unchanged();

  // Output of A → input of C (not connected): no connection, the error.
  await closeError();
  const c = (await node(v, 'C').boundingBox())!;
  await drag(page, { x: a.x + a.width, y: a.y + a.height / 2 }, { x: c.x, y: c.y + c.height / 2 });
  await expect(errors).toHaveCount(1);
  expect((await storeState(v)).edges).not.toContain('A>C');
  await unchanged();

  // Double-click on the sticky: its editor stays closed, the error instead.
  await closeError();
  const note = (await node(v, 'Note').boundingBox())!;
  await page.mouse.dblclick(note.x + note.width / 2, note.y + note.height / 2);
  await expect(errors).toHaveCount(1);
  await page.waitForTimeout(300);
  await expect(v.getByTestId('canvas-sticky-editor')).toBeHidden();
  await unchanged();
  expect(saves.slice(savesBefore)).toEqual([]);
}

async function tryToEdit(page: Page): Promise<void> {
  await clickNode(page, 'A');
  for (const key of ['d', 'F2', 'Delete', 'Control+x', 'Control+v', 'Control+z', 'Control+d', 'Shift+Alt+T', 'Tab']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(50);
  }
  const a = (await node(page, 'A').boundingBox())!;
  await drag(page, { x: a.x + a.width / 2, y: a.y + a.height / 2 }, { x: a.x + 200, y: a.y + 150 });
}

test('a past execution is read-only and says so once', async ({ page }) => {
  test.setTimeout(180_000);
  const workflowId = await openNew(page, withSticky('Order sync'));
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  const { executionId } = await storeState(page);
  expect(executionId).toBeTruthy();

  await page.goto(`${baseUrl()}execution/${executionId}`);
  await waitForCanvas(page);
  await expect(node(page, 'A')).toBeVisible();
  const before = await storeState(page);
  await expect(page.getByTestId('execute-workflow')).toHaveCount(0);
  await expect(page.getByTestId('undo')).toHaveCount(0);
  await expect(page.getByTestId('tidy-up')).toHaveCount(0);
  await expect(page.getByTestId('add-node')).toHaveCount(0);

  await tryToEdit(page);
  await expect(page.getByTestId('selection-actions')).toHaveCount(0);
  await expect(page.getByTestId('rename-dialog')).toHaveCount(0);
  await expect(page.getByTestId('node-creator')).toBeHidden();
  const errors = toast(page, 'This view is read-only');
  await expect(errors).toHaveCount(1);
  await expect(errors).toContainText('past execution');
  const after = await storeState(page);
  expect(after.nodes.map(({ status: _s, ...x }) => x)).toEqual(before.nodes.map(({ status: _s, ...x }) => x));
  expect(after.edges).toEqual(before.edges);
  // It stays until closed.
  await page.waitForTimeout(9000);
  await expect(errors).toHaveCount(1);
  await shot(page, 'readonly-01-execution');

  // Closed, the next attempt shows it again (once).
  await errors.getByRole('button', { name: 'Close notification' }).click();
  await clickNode(page, 'B');
  await page.keyboard.press('d');
  await page.keyboard.press('d');
  await expect(errors).toHaveCount(1);

  // ctrl+s, connecting and sticky editing: refused, nothing saved on the server.
  const stored = async () => JSON.stringify((await (await page.request.get(`${baseUrl()}rest/workflows/${workflowId}`)).json()).data);
  const storedBefore = await stored();
  const saves = watchSaves(page);
  await page.waitForTimeout(1100); // past the ctrl+s debounce of any earlier press
  await refusedEditsOf(page, page, saves);
  expect(await stored()).toBe(storedBefore);
  await shot(page, 'readonly-03-execution-refused');
});

test('the demo route is read-only too', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${baseUrl()}workflows/demo`);
  await waitForCanvas(page);
  await expect(page.getByTestId('demo-waiting')).toContainText('workflow sent by the page');
  await page.keyboard.press('Tab');
  await expect(toast(page, 'This view is read-only')).toContainText('preview');
  await expect(toast(page, 'This view is read-only')).toBeVisible();
  await expect(page.getByTestId('node-creator')).toHaveCount(0);
  await page.waitForTimeout(500);
  await shot(page, 'readonly-02-demo-empty');
});

const parentHtml = (demo: string) => `<!doctype html>
<html><body style="margin:0">
<iframe id="demo" src="${demo}" style="width:1440px;height:900px;border:0;display:block"></iframe>
<script>
  window.received = [];
  window.addEventListener('message', (e) => {
    if (e.source === document.getElementById('demo').contentWindow) window.received.push(JSON.parse(e.data));
  });
  window.send = (m) => document.getElementById('demo').contentWindow.postMessage(JSON.stringify(m), '*');
</script>
</body></html>`;

test('the demo route refuses ctrl+s, connecting and sticky editing', async ({ page }) => {
  test.setTimeout(120_000);
  const parentUrl = `${baseUrl()}readonly-demo-parent.html`;
  await page.route(parentUrl, (route) => route.fulfill({ contentType: 'text/html', body: parentHtml(`${baseUrl()}workflows/demo`) }));
  await page.goto(parentUrl);
  const received = () => page.evaluate(() => (window as unknown as { received: Array<{ command: string }> }).received);
  await expect.poll(received, { timeout: 30_000 }).toContainEqual(expect.objectContaining({ command: 'n8nReady' }));
  await page.evaluate((w) => (window as unknown as { send(m: unknown): void }).send({ command: 'openWorkflow', workflow: w }), withSticky('Template preview'));
  await expect.poll(async () => (await received()).filter((m) => m.command === 'n8nReady').length).toBe(2);
  const frame = page.frames().find((f) => f.url().includes('workflows/demo'))!;
  await expect(node(frame as unknown as Page, 'C')).toBeVisible();
  await expect(node(frame as unknown as Page, 'Note')).toBeVisible();
  await frame.evaluate(() => (window as unknown as { __switchyardCanvas: { whenIdle(): Promise<void> } }).__switchyardCanvas.whenIdle());
  const saves = watchSaves(page);
  await refusedEditsOf(page, frame, saves);
  await shot(page, 'readonly-04-demo-refused');
});

/** Trigger and 19 nodes in four rows (no-ops, Edit Fields, IFs), each row a chain from the trigger. */
function twentyNodes(name: string) {
  const nodes = [n('Trigger', TYPES.trigger, [240, 560])];
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < 19; i++) {
    const row = i % 4;
    const col = Math.floor(i / 4);
    const kind = i % 3;
    const label = `${['No-op', 'Set', 'IF'][kind]} ${i + 1}`;
    nodes.push(
      kind === 0
        ? n(label, TYPES.noOp, [480 + col * 240, 260 + row * 200])
        : kind === 1
          ? n(label, TYPES.set, [480 + col * 240, 260 + row * 200], { assignments: { assignments: [{ id: String(i), name: 'n', value: i, type: 'number' }] }, options: {} }, 3.4)
          : n(label, TYPES.if, [480 + col * 240, 260 + row * 200]),
    );
    pairs.push([col === 0 ? 'Trigger' : nodes[nodes.length - 1 - 4]!.name, label]);
  }
  return { name, nodes, connections: links(pairs) };
}

async function at100(page: Page): Promise<void> {
  await clickEmpty(page);
  await page.keyboard.press('0');
  await canvasIdle(page);
  const scale = await page.evaluate(() => (window as unknown as { __switchyardCanvas: { zoom: { scale: number } } }).__switchyardCanvas.zoom.scale);
  expect(scale).toBe(1);
}

test('screenshots: a 20-node workflow at 100 % in the editor and read-only on its execution', async ({ page }) => {
  test.setTimeout(180_000);
  await openNew(page, twentyNodes('Twenty nodes'));
  await at100(page);
  await expect(page.getByTestId('execute-workflow')).toBeVisible();
  await expect(page.getByTestId('workflow-name')).toHaveText('Twenty nodes');
  await shot(page, 'app-20-nodes-100');

  // The same workflow, still at 100 %, with a sticky note and a selection of several nodes: the
  // note comes from the add-sticky button (shown while the add area is hovered), is written and
  // placed above the first row (what typing and dragging would do), the view is panned to show it
  // below the selection bar, and three nodes are shift+clicked. The note is deleted again before
  // the execution (the read-only view counts 20 nodes).
  await page.getByTestId('add-node').hover();
  await page.getByTestId('add-sticky').click();
  await expect.poll(async () => (await storeState(page)).nodes.some((x) => x.name === 'Sticky Note')).toBe(true);
  await page.evaluate(() => {
    type W = { nodeByName(n: string): { id: string; parameters: Record<string, unknown> }; setNodePosition(id: string, x: number, y: number): void; setParameters(id: string, p: Record<string, unknown>): void };
    const w = (window as unknown as { __switchyard: { workflow: W } }).__switchyard.workflow;
    const note = w.nodeByName('Sticky Note');
    w.setNodePosition(note.id, 460, 80);
    w.setParameters(note.id, {
      ...note.parameters,
      content: '## Order checks\nEvery row is one branch from the **Trigger**.\n- *IF* nodes split on `n`; `false` is not wired yet\n- see [runbook](https://example.com)',
      width: 620,
      height: 140,
      color: 5,
    });
  });
  const host = (await page.getByTestId('canvas-host').boundingBox())!;
  await page.mouse.move(host.x + host.width / 2, host.y + host.height / 2);
  await page.mouse.wheel(0, -200);
  await canvasIdle(page);
  await clickNode(page, 'Set 2');
  await clickNode(page, 'IF 6', ['Shift']);
  await clickNode(page, 'No-op 10', ['Shift']);
  await page.mouse.move(host.x + 30, host.y + 30);
  expect((await storeState(page)).selection).toEqual(['IF 6', 'No-op 10', 'Set 2']);
  await canvasIdle(page);
  expect(await page.evaluate(() => (window as unknown as { __switchyardCanvas: { zoom: { scale: number } } }).__switchyardCanvas.zoom.scale)).toBe(1);
  await shot(page, 'app-20-nodes-100-selection-sticky');
  await clickNode(page, 'Sticky Note');
  await page.keyboard.press('Delete');
  await expect.poll(async () => (await storeState(page)).nodes.length).toBe(20);

  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  const { executionId } = await storeState(page);
  await page.goto(`${baseUrl()}execution/${executionId}`);
  await waitForCanvas(page);
  await expect(node(page, 'IF 18')).toBeAttached();
  await expect.poll(async () => (await storeState(page)).nodes.length).toBe(20);
  await at100(page);
  await expect(page.getByTestId('execute-workflow')).toHaveCount(0);
  await shot(page, 'readonly-05-execution-20-nodes-100');
});
