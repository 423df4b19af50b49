// 'Allow use by' enforced (issue 13, spec 002 §2 Details tab) against the real server: an HTTP
// Request node runs with a Header Auth credential; in the credential's edit modal the user unticks
// HTTP Request under 'Allow use by' and saves; the node gets the issue 'Node type … is not allowed
// to use credential "…"' (red on the canvas, named when the editor refuses to run it); a run that reaches the server anyway
// (another tab that had not loaded the credentials yet) is refused there, and the node's error
// view shows the server's message, which says how to allow it. Ticking it again lets it run.
import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { baseUrl, canvasIdle, links, n, node, openNdv, openNew, toast, TYPES } from './editing-helpers.ts';

const SHOTS = 'test-results/credentials-access';
mkdirSync(SHOTS, { recursive: true });
const HTTP = 'n8n-nodes-base.httpRequest';

async function shot(page: Page, name: string): Promise<void> {
  await canvasIdle(page);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

type Win = { __switchyard: { workflow: { runData?: Record<string, Array<{ error?: { message?: string } }>> } } };
const runError = (page: Page) => page.evaluate(() => (window as unknown as Win).__switchyard.workflow.runData?.['HTTP Request']?.[0]?.error?.message ?? '');

let server: Server;
let target = '';
const seen: string[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(String(req.headers['x-partner-key'] ?? ''));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  target = `http://127.0.0.1:${(server.address() as AddressInfo).port}/data`;
});

test.afterAll(async () => {
  await new Promise((r) => server.close(r));
});

test("unticking a node type under 'Allow use by' gives the node an issue and the server refuses its run", async ({ page, context }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const credName = `Partner key ${Date.now()}`;
  // Created without nodesAccess: every node type that can use Header Auth is allowed.
  const created = await page.request.post(`${baseUrl()}rest/credentials`, { data: { name: credName, type: 'httpHeaderAuth', data: { name: 'X-Partner-Key', value: 'k-123' } } });
  expect(created.status()).toBe(200);
  const cred = (await created.json()).data as { id: string; nodesAccess: Array<{ nodeType: string }> };
  expect(cred.nodesAccess.map((a) => a.nodeType)).toContain(HTTP);

  const wfId = await openNew(page, {
    name: `Access ${Date.now()}`,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      {
        ...n('HTTP Request', HTTP, [520, 300], { url: target, authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth', options: {} }, 4.2),
        credentials: { httpHeaderAuth: { id: cred.id, name: credName } },
      },
    ],
    connections: links([['Trigger', 'HTTP Request']]),
  });
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  expect(seen.at(-1)).toBe('k-123');

  // A second tab has the workflow open, its credentials read while HTTP Request was allowed.
  const other = await context.newPage();
  other.on('pageerror', (e) => errors.push(e.message));
  await other.goto(`${baseUrl()}workflow/${wfId}`);
  await other.waitForFunction(() => !!(window as unknown as { __switchyardCanvas?: unknown }).__switchyardCanvas);
  await expect(node(other, 'HTTP Request')).toBeVisible();
  await other.waitForFunction(() => (window as unknown as { __switchyard: { credentials: { loaded: boolean } } }).__switchyard.credentials.loaded === true);
  await page.bringToFront();

  // The modal's Details tab: HTTP Request is ticked; untick it and save.
  await openNdv(page, 'HTTP Request');
  await page.getByTestId('credential-edit-httpHeaderAuth').click();
  const dialog = page.getByTestId('credential-edit-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('credential-tab-details').click();
  const allow = dialog.getByRole('checkbox', { name: 'HTTP Request' });
  await expect(allow).toBeChecked();
  await shot(page, '01-details-allowed');
  await allow.uncheck();
  const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(`/rest/credentials/${cred.id}`));
  await page.getByTestId('credential-save').click();
  const saved = await (await patched).json();
  expect(saved.data.nodesAccess.map((a: { nodeType: string }) => a.nodeType)).not.toContain(HTTP);
  await expect(page.getByTestId('credential-save')).toHaveText('Saved');
  await shot(page, '02-details-unticked');
  await page.getByTestId('credential-close').click();
  await expect(dialog).toBeHidden();

  // The node issue: in the panel under the credential, red on the canvas, and it blocks a run,
  // named in the toast.
  const issue = `Node type "${HTTP}" is not allowed to use credential "${credName}".`;
  await expect(page.getByTestId('credential-access-httpHeaderAuth')).toContainText(issue);
  await shot(page, '03-ndv-issue');
  await page.getByTestId('ndv-close').click();
  await expect(node(page, 'HTTP Request')).toHaveAttribute('aria-label', /HTTP Request, has issues/);
  await shot(page, '04-canvas-issue');
  // The editor does not start a run with it.
  const before = seen.length;
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow has issues')).toContainText(issue);
  await shot(page, '05-run-blocked');

  // The second tab still has the credential as it was when it loaded it: its run reaches the
  // server, which refuses it; nothing is sent, and the node's error view says how to allow it.
  await other.bringToFront();
  await other.getByTestId('execute-workflow').click();
  await expect(toast(other, 'Problem executing workflow')).toBeVisible();
  const refusal = `Node "HTTP Request": node type "${HTTP}" is not allowed to use credential "${credName}". To allow it, open the credential, go to its Details tab and tick the node under 'Allow use by'.`;
  await expect.poll(() => runError(other)).toBe(refusal);
  expect(seen.length).toBe(before);
  await openNdv(other, 'HTTP Request');
  await expect(other.getByTestId('ndv-output').getByTestId('run-error')).toContainText(refusal);
  await shot(other, '06-refused-run-error-view');
  await other.close();

  // Ticking it again: no issue, the run goes through.
  await openNdv(page, 'HTTP Request');
  await page.getByTestId('credential-edit-httpHeaderAuth').click();
  await page.getByTestId('credential-tab-details').click();
  await dialog.getByRole('checkbox', { name: 'HTTP Request' }).check();
  await page.getByTestId('credential-save').click();
  await expect(page.getByTestId('credential-save')).toHaveText('Saved');
  await page.getByTestId('credential-close').click();
  await page.getByTestId('ndv-close').click();
  await expect(node(page, 'HTTP Request')).not.toHaveAttribute('aria-label', /has issues/);
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  expect(seen.length).toBe(before + 1);
  expect(errors).toEqual([]);
});
