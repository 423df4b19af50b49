// Embedding: a parent page on the same origin frames /workflows/demo, waits for n8nReady, posts
// openWorkflow, and gets n8nReady (with the version) back after the load, or an error for a
// bad payload, which changes nothing.
import { expect, test } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { baseUrl, chainWorkflow, shot } from './editing-helpers.ts';

const parentHtml = (demo: string) => `<!doctype html>
<html><body style="margin:0">
<iframe id="demo" src="${demo}" style="width:1200px;height:760px;border:0"></iframe>
<script>
  window.received = [];
  window.addEventListener('message', (e) => {
    if (e.source !== document.getElementById('demo').contentWindow) return;
    window.received.push(JSON.parse(e.data));
  });
  window.send = (message) => document.getElementById('demo').contentWindow.postMessage(typeof message === 'string' ? message : JSON.stringify(message), '*');
</script>
</body></html>`;

test('a parent page opens a workflow in the embedded demo view', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const parentUrl = `${baseUrl()}embed-test.html`;
  await page.route(parentUrl, (route) => route.fulfill({ contentType: 'text/html', body: parentHtml(`${baseUrl()}workflows/demo`) }));
  await page.goto(parentUrl);
  const received = () => page.evaluate(() => (window as unknown as { received: Array<{ command: string; version?: string; message?: string }> }).received);
  await expect.poll(received, { timeout: 30_000 }).toContainEqual(expect.objectContaining({ command: 'n8nReady' }));
  const version = (await received())[0].version;
  expect(version).toMatch(/\d+\.\d+/);

  const frame = page.frameLocator('#demo');
  const demoNodes = () => page.frames().find((f) => f.url().includes('workflows/demo'))!.evaluate(() => [...(window as unknown as { __switchyard: { workflow: { nodes: Map<string, { name: string }> } } }).__switchyard.workflow.nodes.values()].map((x) => x.name).sort());

  // A bad payload: an error back, nothing loaded.
  await page.evaluate(() => (window as unknown as { send(m: unknown): void }).send({ command: 'openWorkflow', workflow: { nodes: 'not a list' } }));
  await expect.poll(received).toContainEqual({ command: 'error', message: expect.stringMatching(/^Invalid workflow object/) });
  expect(await demoNodes()).toEqual([]);
  await page.evaluate(() => (window as unknown as { send(m: unknown): void }).send('{"command": "openWorkflow", "workflow": '));
  await expect.poll(async () => (await received()).filter((m) => m.command === 'error').length).toBe(2);

  // The workflow: loaded read-only, answered with n8nReady and the version.
  const wf = chainWorkflow('Template preview');
  await page.evaluate((w) => (window as unknown as { send(m: unknown): void }).send({ command: 'openWorkflow', workflow: w }), wf);
  await expect.poll(async () => (await received()).filter((m) => m.command === 'n8nReady').length).toBe(2);
  expect((await received()).at(-1)).toEqual({ command: 'n8nReady', version });
  expect(await demoNodes()).toEqual(['A', 'B', 'C', 'Trigger']);
  await expect(frame.locator('[data-testid="canvas-node"][data-node-name="B"]')).toBeVisible();
  await expect(frame.getByText('Read only')).toBeVisible();
  await expect(frame.getByTestId('demo-waiting')).toHaveCount(0);
  await shot(page, 'embed-01-preview');

  // Opening a node's details tells the parent (it grows the preview).
  const b = (await frame.locator('[data-testid="canvas-node"][data-node-name="B"]').boundingBox())!;
  await page.mouse.dblclick(b.x + b.width / 2, b.y + b.height / 2);
  await expect.poll(received).toContainEqual({ command: 'openNDV' });
  await frame.getByTestId('ndv-close').click();
  await expect.poll(received).toContainEqual({ command: 'closeNDV' });

  // A second workflow with as many nodes, far from the first: it is shown whole too.
  const far = chainWorkflow('Second preview');
  far.nodes = far.nodes.map((x) => ({ ...x, name: `${x.name} 2`, position: [x.position[0] + 8000, x.position[1] + 6000] as [number, number] }));
  far.connections = Object.fromEntries(Object.entries(far.connections).map(([k, v]) => [`${k} 2`, { main: v.main.map((outs) => outs?.map((c) => ({ ...c, node: `${c.node} 2` })) ?? null) }]));
  await page.evaluate((w) => (window as unknown as { send(m: unknown): void }).send({ command: 'openWorkflow', workflow: w }), far);
  await expect.poll(async () => (await received()).filter((m) => m.command === 'n8nReady').length).toBe(3);
  const second = frame.locator('[data-testid="canvas-node"][data-node-name="B 2"]');
  await expect(second).toBeVisible();
  const box = (await second.boundingBox())!;
  const view = (await page.locator('#demo').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(view.x);
  expect(box.y).toBeGreaterThanOrEqual(view.y);
  expect(box.x + box.width).toBeLessThanOrEqual(view.x + view.width);
  expect(box.y + box.height).toBeLessThanOrEqual(view.y + view.height);
  await shot(page, 'embed-02-second-workflow');
  expect(errors).toEqual([]);
});

test('messages from a page on another origin are ignored', async ({ page }) => {
  test.setTimeout(60_000);
  // The same parent from a server of its own: another origin (port) on the same loopback
  // address (Chromium's local-network checks refuse framing loopback from anything else).
  const parent = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(parentHtml(`${baseUrl()}workflows/demo`)));
  await new Promise<void>((r) => parent.listen(0, '127.0.0.1', r));
  test.info().attach('parent', { body: `port ${(parent.address() as AddressInfo).port}` });
  await page.goto(`http://127.0.0.1:${(parent.address() as AddressInfo).port}/embed-test.html`);
  const received = () => page.evaluate(() => (window as unknown as { received: Array<{ command: string }> }).received);
  await expect.poll(received, { timeout: 30_000 }).toContainEqual(expect.objectContaining({ command: 'n8nReady' }));
  await page.evaluate((w) => (window as unknown as { send(m: unknown): void }).send({ command: 'openWorkflow', workflow: w }), chainWorkflow('Foreign'));
  await page.waitForTimeout(1500);
  expect((await received()).map((m) => m.command)).toEqual(['n8nReady']);
  parent.closeAllConnections();
  await new Promise((r) => parent.close(r));
});
