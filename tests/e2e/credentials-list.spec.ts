// The credentials list and the type picker (spec 002 §2, §4, §8, §9) against the real server:
// the sidebar's Credentials submenu, the empty list, the table (type display names, sorting by
// each column with name ascending first, 450 px inside which it scrolls), Add New → the picker
// (search, keyboard) → the edit modal in 'new' mode → the new row, delete with its question and
// 'Credential deleted', a credential deleted elsewhere ('Could not find credential'), the load
// failure toast, and a deleted credential cleared from a node's selector.
import { expect, test, type Page, type APIRequestContext } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { baseUrl, canvasIdle, links, n, openNew, toast, TYPES } from './editing-helpers.ts';

const SHOTS = 'test-results/credentials-ui';
mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

interface Cred {
  id: string;
  name: string;
  type: string;
}

async function createCredential(request: APIRequestContext, body: { name: string; type: string; data: Record<string, unknown> }): Promise<Cred> {
  const res = await request.post(`${baseUrl()}rest/credentials`, { data: body });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as Cred;
}

async function listCredentials(request: APIRequestContext): Promise<Cred[]> {
  const res = await request.get(`${baseUrl()}rest/credentials`);
  expect(res.status()).toBe(200);
  return (await res.json()).data as Cred[];
}

async function deleteCredential(request: APIRequestContext, id: string): Promise<void> {
  const res = await request.delete(`${baseUrl()}rest/credentials/${id}`);
  expect(res.status(), await res.text()).toBe(200);
}

async function openFromSidebar(page: Page, entry: 'new' | 'open'): Promise<void> {
  await page.getByTestId('sidebar-credentials').click();
  await expect(page.getByTestId('credentials-menu')).toBeVisible();
  await page.getByTestId(`credentials-menu-${entry}`).click();
}

async function openEditor(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}workflow`);
  await page.waitForFunction(() => !!(window as unknown as { __switchyardCanvas?: unknown }).__switchyardCanvas);
}

const rowNames = (page: Page) => page.getByTestId('credentials-row').locator('.cred-list-name').allTextContents();

test.describe.configure({ mode: 'serial' });

test('the list: empty, then sorted, scrolling inside 450 px, Add New through the picker, delete', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The shared server keeps earlier spec files' credentials: the empty list needs none left.
  for (const c of await listCredentials(page.request)) await deleteCredential(page.request, c.id);

  await openEditor(page);
  await openFromSidebar(page, 'open');
  const dialog = page.getByTestId('credentials-list-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('credentials-list-empty')).toContainText('No credentials yet');
  await shot(page, 'list-empty');
  await page.getByTestId('credentials-list-close').click();
  await expect(dialog).toBeHidden();

  // Three of different types, created in this order, then 12 more: the table must scroll.
  const tag = `L${Date.now().toString(36)}`;
  const made: Cred[] = [];
  made.push(await createCredential(page.request, { name: `${tag} beta`, type: 'smtp', data: { host: 'mail.example.com', user: 'u', password: 'p' } }));
  made.push(await createCredential(page.request, { name: `${tag} Alpha`, type: 'httpHeaderAuth', data: { name: 'X-Key', value: 'secret' } }));
  made.push(await createCredential(page.request, { name: `${tag} gamma`, type: 'httpBasicAuth', data: { user: 'ada', password: 'pw' } }));
  for (let i = 0; i < 12; i++) made.push(await createCredential(page.request, { name: `${tag} z${String(i).padStart(2, '0')}`, type: 'httpQueryAuth', data: { name: 'k', value: 'v' } }));

  await openFromSidebar(page, 'open');
  await expect(page.getByTestId('credentials-row')).toHaveCount(15);
  // Default: name ascending (case-insensitive), the header says so.
  expect((await rowNames(page)).slice(0, 3)).toEqual([`${tag} Alpha`, `${tag} beta`, `${tag} gamma`]);
  await expect(page.getByTestId('credentials-sort-name').locator('xpath=..')).toHaveAttribute('aria-sort', 'ascending');
  // The type column shows the type's display name.
  const alpha = page.getByTestId('credentials-row').filter({ hasText: `${tag} Alpha` });
  await expect(alpha).toContainText('Header Auth');
  await expect(page.getByTestId('credentials-row').filter({ hasText: `${tag} beta` })).toContainText('SMTP');
  // Table max height 450: it scrolls inside, the header stays.
  const box = await page.getByTestId('credentials-list-scroll').evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }));
  expect(box.client).toBeLessThanOrEqual(450);
  expect(box.scroll).toBeGreaterThan(box.client);
  await shot(page, 'list-sorted-by-name');

  // Name again: descending.
  await page.getByTestId('credentials-sort-name').click();
  expect((await rowNames(page)).slice(-3)).toEqual([`${tag} gamma`, `${tag} beta`, `${tag} Alpha`]);
  // Type: A to Z by display name (Basic, Header, Query, SMTP).
  await page.getByTestId('credentials-sort-type').click();
  const types = await page.getByTestId('credentials-row').locator('.cred-list-type').allTextContents();
  expect(types[0]).toBe('Basic Auth');
  expect(types[1]).toBe('Header Auth');
  expect(types.at(-1)).toBe('SMTP');
  // Created: newest first, then oldest first.
  await page.getByTestId('credentials-sort-createdAt').click();
  expect((await rowNames(page))[0]).toBe(`${tag} z11`);
  await page.getByTestId('credentials-sort-createdAt').click();
  expect((await rowNames(page))[0]).toBe(`${tag} beta`);
  await shot(page, 'list-sorted-by-created');

  // Updated: an edit through the server moves Alpha to the top of 'newest first'.
  const patched = await page.request.patch(`${baseUrl()}rest/credentials/${made[1].id}`, { data: { name: `${tag} Alpha` , data: { name: 'X-Key', value: 'secret2' } } });
  expect(patched.status()).toBe(200);
  await page.getByTestId('credentials-list-close').click();
  await openFromSidebar(page, 'open');
  await page.getByTestId('credentials-sort-updatedAt').click();
  expect((await rowNames(page))[0]).toBe(`${tag} Alpha`);

  // Add New → the picker: search, keyboard, Continue.
  await page.getByTestId('credentials-add-new').click();
  const picker = page.getByTestId('credential-select-dialog');
  await expect(picker).toBeVisible();
  await expect(picker.getByTestId('credential-select-continue')).toBeDisabled();
  const search = picker.getByTestId('credential-type-search');
  await expect(search).toBeFocused();
  await search.fill('auth');
  const options = picker.getByTestId('credential-type-option');
  const shown = await options.allTextContents();
  expect(shown).toContain('Basic Auth');
  expect(shown).toContain('Header Auth');
  expect(shown).not.toContain('SMTP');
  // The first match is chosen; ↓ moves the choice.
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await search.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await search.press('ArrowUp');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await search.fill('header');
  await expect(options).toHaveText(['Header Auth']);
  await shot(page, 'select-search');
  await search.fill('no such service');
  await expect(picker).toContainText('No credential type matches');
  await expect(picker.getByTestId('credential-select-continue')).toBeDisabled();
  await search.fill('');
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeGreaterThan(5);
  await shot(page, 'select-all');
  await search.fill('header');
  await search.press('Enter');
  await expect(picker).toBeHidden();
  const edit = page.getByTestId('credential-edit-dialog');
  await expect(edit).toBeVisible();
  await expect(page.getByTestId('credential-edit-name')).toHaveText(/^Header Auth account/);
  await edit.getByTestId('parameter-input-credential.name').fill('X-Api-Key');
  await edit.getByTestId('parameter-input-credential.value').fill('abc');
  await edit.getByTestId('credential-tab-details').click();
  await page.getByTestId('credential-name-input').fill(`${tag} added`);
  await page.getByTestId('credential-save').click();
  await expect(page.getByTestId('credential-save')).toHaveText('Saved');
  await page.getByTestId('credential-close').click();
  await expect(edit).toBeHidden();
  // The list under it shows the new one.
  await expect(page.getByTestId('credentials-row').filter({ hasText: `${tag} added` })).toHaveCount(1);

  // A row opens the edit modal over the list: its pen, or Enter on the focused row; Escape
  // closes only the edit modal.
  await page.getByTestId('credentials-row').filter({ hasText: `${tag} gamma` }).getByTestId('credentials-row-edit').click();
  await expect(edit).toBeVisible();
  await expect(edit.getByTestId('parameter-input-credential.user')).toHaveValue('ada');
  await page.getByTestId('credential-close').click();
  await expect(edit).toBeHidden();
  await page.getByTestId('credentials-row').filter({ hasText: `${tag} gamma` }).focus();
  await page.keyboard.press('Enter');
  await expect(edit).toBeVisible();
  await expect(edit.getByTestId('parameter-input-credential.user')).toHaveValue('ada');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(dialog).toBeVisible();

  // Delete: asked first; No keeps it; Yes deletes with 'Credential deleted'.
  const gamma = page.getByTestId('credentials-row').filter({ hasText: `${tag} gamma` });
  await gamma.getByTestId('credentials-row-delete').click();
  const ask = page.getByTestId('credential-delete-dialog');
  await expect(ask).toContainText('Delete Credential?');
  await expect(ask).toContainText(`Are you sure you want to delete ${tag} gamma?`);
  await shot(page, 'list-delete-confirm');
  await ask.getByTestId('credential-delete-dialog-cancel').click();
  await expect(gamma).toHaveCount(1);
  await gamma.getByTestId('credentials-row-delete').click();
  await ask.getByTestId('credential-delete-dialog-confirm').click();
  await expect(toast(page, 'Credential deleted')).toBeVisible();
  await expect(gamma).toHaveCount(0);
  expect((await listCredentials(page.request)).some((c) => c.id === made[2].id)).toBe(false);
  await shot(page, 'list-deleted-toast');
  expect(errors).toEqual([]);
});

test("a credential deleted elsewhere: 'Could not find credential' on edit and on delete", async ({ page }) => {
  const tag = `S${Date.now().toString(36)}`;
  const a = await createCredential(page.request, { name: `${tag} stale one`, type: 'httpHeaderAuth', data: { name: 'k', value: 'v' } });
  const b = await createCredential(page.request, { name: `${tag} stale two`, type: 'httpHeaderAuth', data: { name: 'k', value: 'v' } });
  await openEditor(page);
  await openFromSidebar(page, 'open');
  await expect(page.getByTestId('credentials-row').filter({ hasText: tag })).toHaveCount(2);
  // Deleted by someone else while the list is open.
  await deleteCredential(page.request, a.id);
  await deleteCredential(page.request, b.id);

  await page.getByTestId('credentials-row').filter({ hasText: `${tag} stale one` }).click();
  const notFound = toast(page, 'Problem loading credential');
  await expect(notFound).toContainText('Could not find credential');
  await expect(page.getByTestId('credential-edit-dialog')).toBeHidden();
  await expect(page.getByTestId('credentials-row').filter({ hasText: `${tag} stale one` })).toHaveCount(0);
  await shot(page, 'list-could-not-find');

  await page.getByTestId('credentials-row').filter({ hasText: `${tag} stale two` }).getByTestId('credentials-row-delete').click();
  await page.getByTestId('credential-delete-dialog-confirm').click();
  await expect(toast(page, 'Problem deleting credential')).toContainText('Could not find credential');
  await expect(page.getByTestId('credentials-row').filter({ hasText: `${tag} stale two` })).toHaveCount(0);
});

test('the list cannot load: the error toast', async ({ page }) => {
  await openEditor(page);
  // The server goes away between the editor's start and the list (the connection is refused).
  await page.route('**/rest/credentials', (route) => route.abort('connectionrefused'));
  await openFromSidebar(page, 'open');
  await expect(toast(page, 'Error loading credentials')).toContainText('API-Server can not be reached');
  await expect(page.getByTestId('credentials-list-dialog')).toContainText('Error loading credentials');
  await shot(page, 'list-load-error');
});

test("deleting a node's credential clears it from the node and its selector", async ({ page }) => {
  const tag = `N${Date.now().toString(36)}`;
  const cred = await createCredential(page.request, { name: `${tag} basic`, type: 'httpBasicAuth', data: { user: 'u', password: 'p' } });
  await openNew(page, {
    name: `Credential delete ${tag}`,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      {
        ...n('HTTP Request', 'n8n-nodes-base.httpRequest', [520, 300], { url: 'http://127.0.0.1:9/', authentication: 'genericCredentialType', genericAuthType: 'httpBasicAuth', options: {} }, 4.2),
        credentials: { httpBasicAuth: { id: cred.id, name: cred.name } },
      },
    ],
    connections: links([['Trigger', 'HTTP Request']]),
  });
  await canvasIdle(page);
  await openFromSidebar(page, 'open');
  await page.getByTestId('credentials-row').filter({ hasText: `${tag} basic` }).getByTestId('credentials-row-delete').click();
  await page.getByTestId('credential-delete-dialog-confirm').click();
  await expect(toast(page, 'Credential deleted')).toBeVisible();
  const ref = await page.evaluate(() => (window as unknown as { __switchyard: { workflow: { nodeByName(n: string): { settings: { credentials?: unknown } } } } }).__switchyard.workflow.nodeByName('HTTP Request').settings.credentials);
  expect(ref).toBeUndefined();
  await page.getByTestId('credentials-list-close').click();
  const b = (await page.locator('[data-testid="canvas-node"][data-node-name="HTTP Request"]').boundingBox())!;
  await page.mouse.dblclick(b.x + b.width / 2, b.y + b.height / 2);
  await expect(page.getByTestId('ndv')).toBeVisible();
  await expect(page.getByTestId('node-credential-httpBasicAuth')).toContainText('Credentials for "Basic Auth" are not set.');
  await expect(page.getByTestId('credential-select-httpBasicAuth').locator('option:checked')).toHaveText('Select credential…');
});
