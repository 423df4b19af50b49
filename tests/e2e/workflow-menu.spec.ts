// The sidebar's Workflows menu against the real server (spec 001 §2.3, §3, §5; spec 002 duplicate
// modal): the menu by mouse and keyboard, Download (file name and content, and the file imported
// back through the REST API unchanged), Import from file (into a new workflow, saved; bad and
// oversized files), Import from URL (the link typed, 'Invalid URL'), Duplicate with a name and a
// tag, Delete with confirmation landing on /workflow, and the disabled entries on a past
// execution. The shared server has no owner: everything created here is deleted at the end.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { baseUrl, chainWorkflow, links, n, openNew, shot, storeState, toast, TYPES, waitForCanvas } from './editing-helpers.ts';
import type { INode } from '../../src/model/workflow.ts';

const WEBHOOK = 'n8n-nodes-base.webhook';
const api = () => `${baseUrl()}rest`;

let files: Server;
let filesUrl = '';
const served = new Map<string, string>();

test.beforeAll(async () => {
  files = createServer((req, res) => {
    const body = served.get(req.url ?? '');
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((r) => files.close(() => r()));
});

async function openMenu(page: Page): Promise<void> {
  await page.getByTestId('sidebar-workflows').click();
  await expect(page.getByTestId('workflows-menu')).toBeVisible();
}

function entry(page: Page, key: string) {
  return page.getByTestId(`workflows-menu-${key}`);
}

async function get<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${api()}${path}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}

interface StoredWorkflow {
  id: string;
  name: string;
  active: boolean;
  nodes: INode[];
  connections: Record<string, unknown>;
  pinData?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  tags: Array<{ id: string; name: string }>;
  versionId: string;
}

/** What an import into the editor keeps of a node: everything but the ids it renews and the position. */
const portable = ({ id: _id, webhookId: _w, position: _p, ...rest }: INode) => rest;

async function storeNodes(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __switchyard: { workflow: { nodes: Map<string, unknown> } } }).__switchyard.workflow.nodes.size);
}

test('Workflows menu: download, import back, duplicate, delete, and what a past execution allows', async ({ page }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 500) errors.push(`${r.status()} ${r.url()}`);
  });
  const run = Math.random().toString(36).slice(2, 8);
  const tagName = `menu-${run}`;
  const createdWorkflows = new Set<string>();
  let tagId: string | undefined;

  try {
    const tagRes = await page.request.post(`${api()}/tags`, { data: { name: tagName } });
    expect(tagRes.status(), await tagRes.text()).toBe(200);
    tagId = (await tagRes.json()).data.id as string;

    const name = `Menu test: orders/EU #${run}`;
    const nodes: INode[] = [
      { ...n('Orders hook', WEBHOOK, [240, 300], { path: `menu-orders-${run}`, httpMethod: 'POST', options: {} }, 2), webhookId: crypto.randomUUID() },
      { ...n('Shape', TYPES.set, [460, 300], { assignments: { assignments: [{ id: '1', name: 'x', value: '={{ $json.body }}', type: 'string' }] }, options: {} }, 3.4), notes: 'keeps its note', notesInFlow: true },
      n('Done', TYPES.noOp, [680, 300]),
    ];
    const id = await openNew(page, {
      name,
      nodes,
      connections: links([
        ['Orders hook', 'Shape'],
        ['Shape', 'Done'],
      ]),
      pinData: { Shape: [{ json: { x: 'pinned' } }] },
      tags: [tagId] as unknown as StoredWorkflow['tags'],
    });
    createdWorkflows.add(id);
    const stored = await get<StoredWorkflow>(page, `/workflows/${id}`);
    const { instanceId } = await get<{ instanceId: string }>(page, '/settings');

    // Keyboard: Enter on the sidebar button opens the menu on its first entry; arrows move; Escape closes.
    await page.getByTestId('sidebar-workflows').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('workflows-menu')).toBeVisible();
    await expect(entry(page, 'new')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(entry(page, 'newFromTemplate')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(entry(page, 'open')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(entry(page, 'save')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('workflows-menu')).toBeHidden();
    await expect(page.getByTestId('sidebar-workflows')).toBeFocused();

    // The menu on a saved workflow: every entry on, Settings included (the workflow settings
    // dialog) and New from template (the gallery is on by default).
    await openMenu(page);
    for (const key of ['new', 'newFromTemplate', 'open', 'save', 'duplicate', 'delete', 'download', 'importUrl', 'importFile', 'settings']) {
      await expect(entry(page, key)).toBeVisible();
      await expect(entry(page, key)).not.toHaveAttribute('aria-disabled', 'true');
    }
    await entry(page, 'download').hover();
    await shot(page, 'menu-01-workflows-menu');

    // Download: the file's name and content (spec 001 §3).
    const downloading = page.waitForEvent('download');
    await entry(page, 'download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Menu_test__orders_EU__${run}.json`);
    const filePath = await download.path();
    const text = readFileSync(filePath, 'utf8');
    const file = JSON.parse(text);
    expect(Object.keys(file)).toEqual(['name', 'nodes', 'pinData', 'connections', 'active', 'settings', 'versionId', 'meta', 'id', 'tags']);
    expect(file).toMatchObject({ name, id, active: false, versionId: stored.versionId, meta: { instanceId } });
    expect(file.nodes).toEqual(stored.nodes);
    expect(file.connections).toEqual(stored.connections);
    expect(file.pinData).toEqual(stored.pinData);
    expect(file.settings).toEqual(stored.settings);
    expect(file.tags).toHaveLength(1);
    expect(file.tags[0]).toMatchObject({ id: tagId, name: tagName });
    expect(file.tags[0]).not.toHaveProperty('usageCount');

    // The file as it is, through the REST API: it saves and reads back unchanged.
    const viaApi = await page.request.post(`${api()}/workflows`, { data: file });
    expect(viaApi.status(), await viaApi.text()).toBe(200);
    const back = (await viaApi.json()).data as StoredWorkflow;
    createdWorkflows.add(back.id);
    expect(back.id).not.toBe(id);
    expect(back.nodes).toEqual(file.nodes);
    expect(back.connections).toEqual(file.connections);
    expect(back.pinData).toEqual(file.pinData);
    expect(back.settings).toEqual(file.settings);
    expect(back.tags.map((t) => t.name)).toEqual([tagName]);

    // Import from file into a new workflow: the nodes, connections, pinned data and tag come in.
    await page.getByTestId('sidebar-new-workflow').click();
    await expect(page).toHaveURL(/\/workflow$/);
    await expect.poll(() => storeNodes(page)).toBe(0);
    await openMenu(page);
    const choosing = page.waitForEvent('filechooser');
    await entry(page, 'importFile').click();
    await (await choosing).setFiles(filePath);
    await expect.poll(() => storeNodes(page)).toBe(3);
    await expect(page.getByTestId('workflow-tags')).toContainText(tagName);
    await page.getByTestId('canvas-host').click({ position: { x: 40, y: 40 } });
    await page.keyboard.press('Control+s');
    await expect(page).toHaveURL(/\/workflow\/[^/]+$/);
    const importedId = new URL(page.url()).pathname.split('/').pop()!;
    createdWorkflows.add(importedId);
    await expect.poll(async () => (await storeState(page)).dirty).toBe(false);
    const imported = await get<StoredWorkflow>(page, `/workflows/${importedId}`);
    expect(imported.nodes.map(portable)).toEqual(stored.nodes.map(portable));
    expect(imported.connections).toEqual(stored.connections);
    expect(imported.pinData).toEqual(stored.pinData);
    expect(imported.tags.map((t) => t.name)).toEqual([tagName]);
    await shot(page, 'menu-02-imported-from-file');

    // A broken file and one over the limit: 'Could not import workflow' with the reason; nothing added.
    const input = page.getByTestId('import-file-input');
    await input.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{\n  "nodes": [\n    { "name": "a", }\n  ],\n  "connections": {}\n}\n') });
    await expect(toast(page, 'Could not import workflow')).toContainText('The file is not valid JSON');
    await expect(toast(page, 'Could not import workflow')).toContainText('(line 3, column 20)');
    await page.waitForTimeout(300); // the toast's entry animation
    await shot(page, 'menu-03-import-broken-file');
    await page.getByTestId('toast').getByRole('button', { name: 'Close notification' }).first().click();
    await input.setInputFiles({ name: 'huge.json', mimeType: 'application/json', buffer: Buffer.alloc(12582913, 32) });
    await expect(toast(page, 'Could not import workflow')).toContainText('a workflow may be at most 12.0 MB (12582912 bytes)');
    await page.getByTestId('toast').getByRole('button', { name: 'Close notification' }).first().click();
    expect(await storeNodes(page)).toBe(3);

    // Import from URL: the link is asked for ('Invalid URL' for anything but http(s) … .json), then fetched.
    served.set('/flow.json', text);
    await openMenu(page);
    await entry(page, 'importUrl').click();
    const urlDialog = page.getByTestId('import-url-dialog');
    await expect(urlDialog).toContainText('Workflow URL');
    await page.getByTestId('import-url-input').fill('ftp://example.com/flow.json');
    await page.getByTestId('import-url-confirm').click();
    await expect(urlDialog.getByRole('alert')).toHaveText('Invalid URL');
    await shot(page, 'menu-04-import-url-invalid');
    await page.getByTestId('import-url-input').fill(`${filesUrl}/flow.json`);
    await page.keyboard.press('Enter');
    await expect(urlDialog).toBeHidden();
    await expect.poll(() => storeNodes(page)).toBe(6);
    expect((await storeState(page)).nodes.map((x) => x.name).sort()).toEqual(['Done', 'Done1', 'Orders hook', 'Orders hook1', 'Shape', 'Shape1']);
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await storeState(page)).dirty).toBe(false);

    // Duplicate the first workflow with a name and a tag (spec 002 duplicate modal).
    await page.goto(`${baseUrl()}workflow/${id}`);
    await waitForCanvas(page);
    await openMenu(page);
    await entry(page, 'duplicate').click();
    const dialog = page.getByTestId('duplicate-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('duplicate-name')).toHaveValue(`${name} copy`);
    const chip = dialog.getByRole('row', { name: tagName });
    await expect(chip).toHaveAttribute('aria-selected', 'true');
    await shot(page, 'menu-05-duplicate');
    await page.getByTestId('duplicate-name').fill('   ');
    await page.getByTestId('duplicate-save').click();
    await expect(page.getByTestId('duplicate-name-error')).toHaveText('Please enter a name.');
    await shot(page, 'menu-06-duplicate-empty-name');
    const copyName = `Menu copy ${run}`;
    await page.getByTestId('duplicate-name').fill(copyName);
    await chip.click();
    await expect(chip).toHaveAttribute('aria-selected', 'false');
    await chip.click();
    await expect(chip).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId('duplicate-save').click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(new RegExp(`/workflow/${id}$`));
    await expect(page).toHaveURL(/\/workflow\/[^/]+$/);
    const copyId = new URL(page.url()).pathname.split('/').pop()!;
    createdWorkflows.add(copyId);
    await expect(page.getByTestId('workflow-name')).toHaveText(copyName);
    await expect.poll(() => storeNodes(page)).toBe(3);
    const copy = await get<StoredWorkflow>(page, `/workflows/${copyId}`);
    expect(copy).toMatchObject({ name: copyName, active: false, pinData: stored.pinData, settings: stored.settings, connections: stored.connections });
    expect(copy.tags.map((t) => t.name)).toEqual([tagName]);
    expect(copy.nodes.map((x) => x.name)).toEqual(stored.nodes.map((x) => x.name));
    for (const [i, node] of copy.nodes.entries()) expect(node.id).not.toBe(stored.nodes[i].id);
    const hook = copy.nodes.find((x) => x.type === WEBHOOK)!;
    expect(hook.webhookId).not.toBe(stored.nodes[0].webhookId);
    expect(hook.parameters.path).toBe(hook.webhookId);
    // The original is untouched.
    expect(await get<StoredWorkflow>(page, `/workflows/${id}`)).toMatchObject({ name, versionId: stored.versionId });

    // Delete the copy: confirmed, then the new-workflow route.
    await openMenu(page);
    await entry(page, 'delete').click();
    const confirm = page.getByTestId('delete-workflow-dialog');
    await expect(confirm).toContainText(`Are you sure that you want to delete '${copyName}'?`);
    await shot(page, 'menu-07-delete-confirm');
    await page.getByTestId('delete-workflow-dialog-cancel').click();
    await expect(confirm).toBeHidden();
    expect((await page.request.get(`${api()}/workflows/${copyId}`)).status()).toBe(200);
    await openMenu(page);
    await entry(page, 'delete').click();
    await page.getByTestId('delete-workflow-dialog-confirm').click();
    await expect(toast(page, 'Workflow deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/workflow$/);
    expect((await page.request.get(`${api()}/workflows/${copyId}`)).status()).toBe(404);
    createdWorkflows.delete(copyId);

    // A new, unsaved workflow: duplicate and delete need a saved one.
    await openMenu(page);
    for (const key of ['duplicate', 'delete']) await expect(entry(page, key)).toHaveAttribute('aria-disabled', 'true');
    for (const key of ['new', 'open', 'save', 'download', 'importUrl', 'importFile']) await expect(entry(page, key)).not.toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');

    // A past execution: save, download, the imports, duplicate and delete are off.
    const runId = await openNew(page, chainWorkflow(`Menu run ${run}`));
    createdWorkflows.add(runId);
    await page.getByTestId('execute-workflow').click();
    await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
    const { executionId } = await storeState(page);
    expect(executionId).toBeTruthy();
    await page.goto(`${baseUrl()}execution/${executionId}`);
    await waitForCanvas(page);
    await openMenu(page);
    for (const key of ['save', 'duplicate', 'delete', 'download', 'importUrl', 'importFile']) await expect(entry(page, key)).toHaveAttribute('aria-disabled', 'true');
    for (const key of ['new', 'open']) await expect(entry(page, key)).not.toHaveAttribute('aria-disabled', 'true');
    await shot(page, 'menu-08-execution-disabled');
    // A disabled entry does nothing.
    let downloads = 0;
    page.on('download', () => downloads++);
    await entry(page, 'download').click({ force: true });
    await page.waitForTimeout(500);
    expect(downloads).toBe(0);
    await page.keyboard.press('Escape');

    // Help: About.
    await page.getByTestId('sidebar-help').click();
    await expect(page.getByTestId('help-menu')).toBeVisible();
    await shot(page, 'menu-09-help');
    await page.getByTestId('help-menu-about').click();
    await expect(page.getByRole('dialog', { name: 'About Switchyard' })).toBeVisible();
    await page.keyboard.press('Escape');

    expect(errors).toEqual([]);
  } finally {
    for (const wid of createdWorkflows) await page.request.delete(`${api()}/workflows/${wid}`);
    if (tagId) await page.request.delete(`${api()}/tags/${tagId}`);
  }
});
