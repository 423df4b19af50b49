// The open-workflow list (spec 001 §4.8, §8, §9) against the real server: 80 % wide, newest
// update first, the headers sort, rows show 3 tags then '+N', the tag filter keeps workflows with
// every selected tag (also picked from a row's tag), the name filter, and the active toggle
// switches a workflow through the server (a workflow without a trigger is refused with the
// server's reason, and stays off).
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { baseUrl, links, n, openNew, toast, TYPES } from './editing-helpers.ts';

const SHOTS = 'test-results/open-list';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

async function createTag(page: Page, name: string): Promise<string> {
  const res = await page.request.post(`${baseUrl()}rest/tags`, { data: { name } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.id;
}

async function createWorkflow(page: Page, body: Record<string, unknown>): Promise<string> {
  const res = await page.request.post(`${baseUrl()}rest/workflows`, { data: body });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.id;
}

async function stored(page: Page, id: string): Promise<{ active: boolean }> {
  return (await (await page.request.get(`${baseUrl()}rest/workflows/${id}`)).json()).data;
}

test('tags, the tag and name filters, sorting and the active toggle', async ({ page }) => {
  const stamp = `OL${Date.now()}`;
  const [alpha, beta, gamma, delta] = await Promise.all(['alpha', 'beta', 'gamma', 'delta'].map((t) => createTag(page, `${t}-${stamp}`)));
  const trigger = [n('Trigger', TYPES.trigger, [240, 300])];
  const many = await createWorkflow(page, { name: `${stamp} Many tags`, nodes: trigger, connections: {}, tags: [alpha, beta, gamma, delta] });
  const oneTag = await createWorkflow(page, { name: `${stamp} One tag`, nodes: [n('Set', TYPES.set, [240, 300], {}, 3.4)], connections: {}, tags: [alpha] });
  const path = `open-list-${Date.now()}`;
  const hook = await createWorkflow(page, {
    name: `${stamp} Webhook`,
    nodes: [
      { ...n('Webhook', 'n8n-nodes-base.webhook', [240, 300], { httpMethod: 'GET', path, responseMode: 'onReceived', options: {} }, 2), webhookId: crypto.randomUUID() },
      n('Set', TYPES.set, [460, 300], { assignments: { assignments: [] }, options: {} }, 3.4),
    ],
    connections: links([['Webhook', 'Set']]),
  });
  const current = await openNew(page, { name: `${stamp} Current`, nodes: trigger, connections: {} });

  await page.getByTestId('sidebar-open-workflow').click();
  const dialog = page.getByTestId('workflow-open-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Search workflows by name' }).fill(stamp);
  const rows = dialog.getByTestId('open-wf-row');
  const ids = () => rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-workflow-id')));
  // Newest update first.
  await expect.poll(ids).toEqual([current, hook, oneTag, many]);
  const box = (await page.locator('.open-wf-modal').boundingBox())!;
  expect(Math.round(box.width)).toBe(Math.round(1440 * 0.8));

  // 3 tags (in the server's order, by name), then '+1' naming the rest.
  const manyRow = rows.filter({ hasText: 'Many tags' });
  await expect(manyRow.getByTestId('open-wf-row-tag')).toHaveText([`alpha-${stamp}`, `beta-${stamp}`, `delta-${stamp}`]);
  await expect(manyRow.getByTestId('open-wf-row-more')).toHaveText('+1');
  await expect(manyRow.getByTestId('open-wf-row-more')).toHaveAttribute('title', `gamma-${stamp}`);
  await shot(page, 'list');

  // Sorting by name (A→Z), then back to updated.
  await dialog.getByTestId('open-wf-sort-name').click();
  await expect.poll(ids).toEqual([current, many, oneTag, hook]);
  await dialog.getByTestId('open-wf-sort-name').click();
  await expect.poll(ids).toEqual([hook, oneTag, many, current]);
  await dialog.getByTestId('open-wf-sort-updatedAt').click();
  await expect(dialog.getByRole('columnheader', { name: 'Updated' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(ids).toEqual([current, hook, oneTag, many]);

  // Tag filter (the header's tag picker): alpha → both tagged; alpha and beta → only the one with both.
  const picker = dialog.getByTestId('open-wf-tag-filter');
  await picker.click();
  const options = picker.getByRole('listbox', { name: 'Tags' });
  await options.getByRole('option', { name: `alpha-${stamp}` }).click();
  await expect.poll(ids).toEqual([oneTag, many]);
  await options.getByRole('option', { name: `beta-${stamp}` }).click();
  await expect.poll(ids).toEqual([many]);
  await shot(page, 'tag-filter-open');
  // Escape closes the picker's list, keeps the choice and the dialog.
  await page.keyboard.press('Escape');
  await expect(options).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(picker.getByTestId('tags-picker-chip')).toHaveText([`alpha-${stamp}×`, `beta-${stamp}×`]);
  await expect.poll(ids).toEqual([many]);
  await shot(page, 'tag-filter-two');
  // Removing beta, then alpha, from the chips.
  await picker.getByRole('button', { name: `Remove tag beta-${stamp}` }).click();
  await expect.poll(ids).toEqual([oneTag, many]);
  await picker.getByRole('button', { name: `Remove tag alpha-${stamp}` }).click();
  await expect.poll(ids).toEqual([current, hook, oneTag, many]);
  // A row's tag filters by it, without opening the row.
  await manyRow.getByTestId('open-wf-row-tag').filter({ hasText: `delta-${stamp}` }).click();
  await expect.poll(ids).toEqual([many]);
  await expect(dialog).toBeVisible();
  await expect(picker.getByTestId('tags-picker-chip')).toHaveText([`delta-${stamp}×`]);
  await picker.getByRole('button', { name: `Remove tag delta-${stamp}` }).click();
  await expect.poll(ids).toEqual([current, hook, oneTag, many]);
  // The name filter alone: case-insensitive.
  await dialog.getByRole('textbox', { name: 'Search workflows by name' }).fill(`${stamp.toLowerCase()} one`);
  await expect.poll(ids).toEqual([oneTag]);
  await dialog.getByRole('textbox', { name: 'Search workflows by name' }).fill(stamp);

  // The active toggle switches the webhook workflow through the server, without opening it.
  const hookSwitch = rows.filter({ hasText: 'Webhook' }).getByTestId('open-wf-active-switch');
  await hookSwitch.click();
  await expect(hookSwitch).toBeChecked();
  await expect.poll(async () => (await stored(page, hook)).active).toBe(true);
  const activeIds = (await (await page.request.get(`${baseUrl()}rest/active`)).json()).data;
  expect(activeIds).toContain(hook);
  expect((await fetch(`${baseUrl()}webhook/${path}`)).status).toBe(200);
  await expect(dialog).toBeVisible();
  // Drawn on (the track's transition can lag on a loaded machine).
  await expect(hookSwitch.locator('.switch-track')).toHaveCSS('background-color', 'rgb(91, 91, 214)');
  await shot(page, 'row-activated');
  await hookSwitch.click();
  await expect(hookSwitch).not.toBeChecked();
  await expect.poll(async () => (await stored(page, hook)).active).toBe(false);

  // A workflow without a trigger cannot be activated: the server's reason, and it stays off.
  const setSwitch = rows.filter({ hasText: 'One tag' }).getByTestId('open-wf-active-switch');
  await setSwitch.click();
  await expect(toast(page, 'Workflow could not be activated')).toContainText('no node to start the workflow');
  await expect(setSwitch).not.toBeChecked();
  expect((await stored(page, oneTag)).active).toBe(false);
  await shot(page, 'row-activation-refused');

  // The current workflow: opening it only says so.
  await rows.filter({ hasText: 'Current' }).click();
  await expect(toast(page, 'Already open')).toHaveClass(/toast-error/);
  // Gone after 1500 ms (spec 001 §4.8); the list stays.
  await expect(toast(page, 'Already open')).toHaveCount(0, { timeout: 5000 });
  await expect(dialog).toBeVisible();

  // In the tag picker: the first Escape closes its list, the second the dialog.
  await picker.click();
  await expect(options).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(options).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test("the open workflow's row switches it as the header does; a list that cannot load says why", async ({ page }) => {
  const path = `open-list-current-${Date.now()}`;
  const id = await openNew(page, {
    name: `OLC${Date.now()} Open webhook`,
    nodes: [
      { ...n('Webhook', 'n8n-nodes-base.webhook', [240, 300], { httpMethod: 'GET', path, responseMode: 'onReceived', options: {} }, 2), webhookId: crypto.randomUUID() },
      n('Set', TYPES.set, [460, 300], { assignments: { assignments: [] }, options: {} }, 3.4),
    ],
    connections: links([['Webhook', 'Set']]),
  });
  await page.getByTestId('sidebar-open-workflow').click();
  const dialog = page.getByTestId('workflow-open-dialog');
  const row = dialog.locator(`[data-testid="open-wf-row"][data-workflow-id="${id}"]`);
  await row.getByTestId('open-wf-active-switch').click();
  // The header's command: the header shows it active and the activation message opens.
  await expect(page.getByTestId('workflow-activation')).toContainText('Active');
  await expect.poll(async () => (await stored(page, id)).active).toBe(true);
  await expect(row.getByTestId('open-wf-active-switch')).toBeChecked();
  await shot(page, 'current-row-activated');
  expect((await fetch(`${baseUrl()}webhook/${path}`)).status).toBe(200);
  await page.getByRole('button', { name: 'Got it' }).click();
  await expect(dialog).toBeVisible();
  // The focus came back to the row's switch, inside the list: Escape closes it.
  await expect(row.getByRole('switch')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Off again from the header, so the next test run starts clean.
  await page.getByTestId('workflow-activate-switch').click();
  await expect.poll(async () => (await stored(page, id)).active).toBe(false);

  // The list call fails (failed at the network layer): the dialog and a toast say why.
  await page.route('**/rest/workflows?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, message: 'The database is unavailable' }) }));
  await page.route('**/rest/workflows', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, message: 'The database is unavailable' }) }));
  await page.getByTestId('sidebar-open-workflow').click();
  await expect(page.getByTestId('workflow-open-dialog')).toContainText('Problem loading workflows: The database is unavailable');
  await expect(toast(page, 'Problem loading workflows')).toBeVisible();
  // The overlay's fade-in is over (slow on a loaded machine) before the picture.
  await expect(page.locator('.dialog-overlay')).toHaveCSS('opacity', '1');
  await shot(page, 'load-problem');
});

test('a long list draws 100 rows, then more as its end scrolls into view', async ({ page }) => {
  const stamp = `OLL${Date.now()}`;
  for (let i = 0; i < 130; i += 26) {
    await Promise.all(Array.from({ length: 26 }, (_, j) => createWorkflow(page, { name: `${stamp} wf ${String(i + j).padStart(3, '0')}`, nodes: [n('T', TYPES.trigger, [0, 0])], connections: {} })));
  }
  await openNew(page, { name: `${stamp} current`, nodes: [n('T', TYPES.trigger, [0, 0])], connections: {} });
  await page.getByTestId('sidebar-open-workflow').click();
  const dialog = page.getByTestId('workflow-open-dialog');
  await dialog.getByRole('textbox', { name: 'Search workflows by name' }).fill(`${stamp} wf`);
  await expect(dialog.getByTestId('open-wf-row')).toHaveCount(100);
  await expect(dialog.getByTestId('open-wf-more')).toHaveText('Showing 100 of 130 — show more');
  await dialog.getByTestId('open-wf-more').scrollIntoViewIfNeeded();
  await expect(dialog.getByTestId('open-wf-row')).toHaveCount(130);
  await expect(dialog.getByTestId('open-wf-more')).toHaveCount(0);
  await shot(page, 'long-list-end');
  // A new search starts from the top again.
  await dialog.getByRole('textbox', { name: 'Search workflows by name' }).fill(`${stamp} wf 1`);
  await expect(dialog.getByTestId('open-wf-row')).toHaveCount(30);
});
