// Tags against the real server (issue 12): the header's tag editor (spec 001 §2.2, §4.5, §9) and
// the tags manager modal (spec 002 §2, §4, §5, §6, §8, §9).
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, chainWorkflow, clickNode, openNew, shot, storeState, toast } from './editing-helpers.ts';
import { linkIn, startAccountServer } from './accountServer.ts';

interface Tag {
  id: string;
  name: string;
  usageCount?: number;
}

async function restTags(page: Page, withUsageCount = false): Promise<Tag[]> {
  const res = await page.request.get(`${baseUrl()}rest/tags${withUsageCount ? '?withUsageCount=true' : ''}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

async function makeTag(page: Page, name: string): Promise<Tag> {
  const res = await page.request.post(`${baseUrl()}rest/tags`, { data: { name } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

async function deleteAllTags(page: Page): Promise<void> {
  for (const t of await restTags(page)) expect((await page.request.delete(`${baseUrl()}rest/tags/${t.id}`)).status()).toBe(200);
}

async function savedTags(page: Page, id: string): Promise<string[]> {
  const wf = (await (await page.request.get(`${baseUrl()}rest/workflows/${id}`)).json()).data;
  return (wf.tags as Tag[]).map((t) => t.name);
}

const headerChips = (page: Page) => page.getByTestId('workflow-tag');
const pickerField = (page: Page) => page.getByRole('combobox', { name: 'Workflow tags' });
const option = (page: Page, name: string | RegExp) => page.getByTestId('workflow-tags-dropdown').getByRole('option', { name });

test('the header tag editor: pick, create by typing, remove, keys kept from the canvas, saved as ids', async ({ page }) => {
  await page.goto(baseUrl());
  await deleteAllTags(page);
  const finance = await makeTag(page, 'finance');
  const id = await openNew(page, chainWorkflow('Tagged flow'));

  // No tags: '+ Add tag'; a click opens the picker with every tag and 'Manage tags'.
  const placeholder = page.getByTestId('workflow-tags-placeholder');
  await expect(placeholder).toHaveText('+ Add tag');
  await clickNode(page, 'A');
  expect((await storeState(page)).selection).toEqual(['A']);
  await placeholder.click();
  await expect(pickerField(page)).toBeFocused();
  await expect(pickerField(page)).toHaveAttribute('placeholder', 'Choose or create a tag');
  await expect(option(page, 'finance')).toBeVisible();
  await expect(option(page, 'Manage tags')).toBeVisible();

  // Typing 'd', Delete and Backspace here never reach the canvas: A stays enabled and in place.
  await page.keyboard.type('d');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Control+a');
  let state = await storeState(page);
  expect(state.nodes.map((x) => [x.name, x.disabled])).toEqual([
    ['Trigger', false],
    ['A', false],
    ['B', false],
    ['C', false],
  ]);
  expect(state.selection).toEqual(['A']);
  expect(state.dirty).toBe(false);

  // A new name: 'Create tag "…"' is first, Enter creates it (POST /rest/tags) and picks it.
  await page.keyboard.type('  release ');
  await expect(option(page, 'Create tag "release"')).toHaveClass(/tags-picker-active/);
  await shot(page, 'tags-01-picker-create');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tags-picker-chip')).toHaveText(['release×']);
  await expect(pickerField(page)).toHaveValue('');
  expect((await restTags(page)).map((t) => t.name).sort()).toEqual(['finance', 'release']);

  // A partial name: Enter picks the first match (case-insensitive).
  await page.keyboard.type('FIN');
  await expect(option(page, 'finance')).toHaveClass(/tags-picker-active/);
  await expect(option(page, 'Create tag "FIN"')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tags-picker-chip')).toHaveText(['release×', 'finance×']);
  await page.keyboard.type('zz');
  await shot(page, 'tags-02-picker-chips');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');

  // Enter in the empty field applies: the header shows the tags and the workflow is unsaved.
  expect((await storeState(page)).dirty).toBe(false);
  await page.keyboard.press('Enter');
  await expect(pickerField(page)).toBeHidden();
  await expect(headerChips(page)).toHaveText(['release', 'finance']);
  expect((await storeState(page)).dirty).toBe(true);
  await shot(page, 'tags-03-header-tags');

  // Saved with the workflow, as ids.
  const release = (await restTags(page)).find((t) => t.name === 'release')!;
  const saveRequest = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes(`/rest/workflows/${id}`));
  await page.getByTestId('canvas-host').click({ position: { x: 40, y: 40 } });
  await page.keyboard.press('Control+s');
  expect((await saveRequest).postDataJSON().tags).toEqual([release.id, finance.id]);
  await expect.poll(async () => (await storeState(page)).dirty).toBe(false);
  expect((await savedTags(page, id)).sort()).toEqual(['finance', 'release']);
  // The saved workflow's tags come back from the server by name.
  await expect(headerChips(page)).toHaveText(['finance', 'release']);

  // Escape drops the edit: × on a chip, then Escape, leaves the tags as they were.
  await page.getByTestId('workflow-tags').click();
  await expect(pickerField(page)).toBeFocused();
  await page.getByRole('button', { name: 'Remove tag release' }).click();
  await expect(page.getByTestId('tags-picker-chip')).toHaveText(['finance×']);
  await expect(pickerField(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(headerChips(page)).toHaveText(['finance', 'release']);
  expect((await storeState(page)).dirty).toBe(false);

  // Backspace in the empty field removes the last tag; a click outside applies.
  await page.getByTestId('workflow-tags').click();
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('tags-picker-chip')).toHaveText(['finance×']);
  await page.getByTestId('canvas-host').click({ position: { x: 40, y: 40 } });
  await expect(pickerField(page)).toBeHidden();
  await expect(headerChips(page)).toHaveText(['finance']);
  expect((await storeState(page)).dirty).toBe(true);
  state = await storeState(page);
  expect(state.nodes).toHaveLength(4);
});

test('the header shows 20 tags, then +N; edit mode ends when another workflow opens', async ({ page }) => {
  await page.goto(baseUrl());
  await deleteAllTags(page);
  const many: Tag[] = [];
  for (let i = 0; i < 23; i++) many.push(await makeTag(page, `t${String(i).padStart(2, '0')}`));
  const other = await openNew(page, chainWorkflow('Other flow'));
  const id = await openNew(page, { ...chainWorkflow('Many tags'), tags: many.map((t) => ({ id: t.id, name: t.name })) });
  await expect(headerChips(page)).toHaveCount(20);
  const more = page.getByTestId('workflow-tags-more');
  await expect(more).toHaveText('+3');
  await expect(more).toHaveAttribute('title', 't20, t21, t22');
  await expect(more).toBeVisible();
  await shot(page, 'tags-04-header-plus-n');

  // A narrow window: only the chips that fit are shown, '+N' counts (and lists) the rest.
  await page.setViewportSize({ width: 760, height: 700 });
  await expect
    .poll(async () => {
      const visible = await page.locator('[data-testid="workflow-tag"]:not(.tag-chip-hidden)').count();
      return visible < 20 && (await more.textContent()) === `+${23 - visible}`;
    })
    .toBe(true);
  const visible = await page.locator('[data-testid="workflow-tag"]:not(.tag-chip-hidden)').count();
  expect(visible).toBeGreaterThan(0);
  await expect(more).toHaveAttribute('title', new RegExp(`^t${String(visible).padStart(2, '0')}, .*t22$`));
  // '+N' is inside the header's left part, before the activation toggle.
  const moreBox = (await more.boundingBox())!;
  const toggleBox = (await page.getByText('Inactive').boundingBox())!;
  expect(moreBox.x + moreBox.width).toBeLessThan(toggleBox.x);
  await shot(page, 'tags-04b-header-narrow');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(more).toHaveText('+3');

  // In edit mode, then the route changes to another workflow (back in history): edit mode ends.
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, new URL(`workflow/${other}`, baseUrl()).pathname);
  await expect(page.getByTestId('workflow-name')).toHaveText('Other flow');
  await page.getByTestId('workflow-tags-placeholder').click();
  await expect(pickerField(page)).toBeFocused();
  await page.keyboard.type('t0');
  await page.goBack();
  await expect(page.getByTestId('workflow-name')).toHaveText('Many tags');
  await expect(pickerField(page)).toBeHidden();
  await expect(headerChips(page)).toHaveCount(20);
  expect(page.url()).toContain(id);
});

test('the tags manager: empty view, create, rename, search, delete with its row, Enter and Esc', async ({ page }) => {
  await page.goto(baseUrl());
  await deleteAllTags(page);
  const id = await openNew(page, chainWorkflow('Managed flow'));

  // Opened from the tag editor's 'Manage tags'.
  await page.getByTestId('workflow-tags-placeholder').click();
  await option(page, 'Manage tags').click();
  const modal = page.getByTestId('tags-manager');
  await expect(modal.getByRole('heading', { name: 'Manage tags' })).toBeVisible();
  await expect(pickerField(page)).toBeHidden();
  await expect(modal.getByText('Ready to organize your workflows?')).toBeVisible();
  await shot(page, 'tags-05-manager-empty');
  const box = await modal.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(620);
  expect(box!.height).toBeGreaterThanOrEqual(420);

  // Enter with no tags starts create; an empty name is refused with the spec's text.
  await page.keyboard.press('Enter');
  const newName = modal.getByRole('textbox', { name: 'New tag name' });
  await expect(newName).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Could not create tag')).toContainText('Tag name cannot be empty');
  await shot(page, 'tags-06-manager-empty-name');
  expect(await restTags(page)).toEqual([]);
  await newName.fill('  ops  ');
  await page.keyboard.press('Enter');
  const rows = modal.getByTestId('tags-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('ops');
  await expect(rows.first()).toContainText('Not being used');
  expect((await restTags(page)).map((t) => t.name)).toEqual(['ops']);

  // Add new: a row on top; the header and the other rows are disabled meanwhile.
  const search = modal.getByRole('searchbox', { name: 'Search Tags' });
  await modal.getByRole('button', { name: 'Add new' }).click();
  await expect(newName).toBeFocused();
  await expect(search).toBeDisabled();
  await expect(modal.getByRole('button', { name: 'Add new' })).toBeDisabled();
  await expect(rows.first()).toHaveAttribute('aria-disabled', 'true');
  await expect(modal.getByRole('button', { name: /Edit Tag/ })).toHaveCount(0);
  await newName.fill('dev');
  await shot(page, 'tags-07-manager-create-row');
  // Esc cancels the row, not the modal.
  await page.keyboard.press('Escape');
  await expect(newName).toBeHidden();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Add new' }).click();
  await newName.fill('dev');
  await modal.getByRole('button', { name: 'Create tag' }).click();
  await expect(rows).toHaveCount(2);
  await expect(search).toBeEnabled();

  // A duplicate name: the server's refusal in the toast, nothing created.
  await modal.getByRole('button', { name: 'Add new' }).click();
  await newName.fill('dev');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Could not create tag').filter({ hasText: 'already exists' })).toContainText("A problem occurred when trying to create the tag 'dev':");
  await page.keyboard.press('Escape');
  expect((await restTags(page)).map((t) => t.name).sort()).toEqual(['dev', 'ops']);

  // Rename: the row's field; empty is refused, a new name is saved with 'Tag updated'.
  const opsRow = rows.filter({ hasText: 'ops' });
  await opsRow.hover();
  await modal.getByRole('button', { name: 'Edit Tag ops' }).click();
  const tagName = modal.getByRole('textbox', { name: 'Tag name' });
  await expect(tagName).toHaveValue('ops');
  await expect(tagName).toBeFocused();
  await expect(rows.filter({ hasText: 'dev' })).toHaveAttribute('aria-disabled', 'true');
  await tagName.fill('   ');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Could not update tag')).toContainText("A problem occurred when trying to update the tag 'ops': Tag name cannot be empty");
  await tagName.fill('operations');
  await expect(modal.getByRole('button', { name: 'Save changes?' })).toBeEnabled();
  await shot(page, 'tags-08-manager-rename');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Tag updated')).toBeVisible();
  await expect(rows.filter({ hasText: 'operations' })).toHaveCount(1);

  // Search: case-insensitive and trimmed; nothing matching says so.
  await search.fill('  DE ');
  await expect(rows).toHaveText([/^dev/]);
  await search.fill('zzz');
  await expect(modal.getByText('No matching tags exist')).toBeVisible();
  // A tag just created stays in the table whatever the search (spec 002 §4), until the search changes.
  await modal.getByRole('button', { name: 'Add new' }).click();
  await newName.fill('zeta');
  await page.keyboard.press('Enter');
  await expect(rows).toHaveText([/^zeta/]);
  await expect(search).toHaveValue('zzz');
  await search.fill('zz');
  await expect(modal.getByText('No matching tags exist')).toBeVisible();
  await search.fill('');
  await expect(rows).toHaveCount(3);

  // Usage counts: a workflow using 'operations' (fetched when the modal opens again).
  const operations = (await restTags(page)).find((t) => t.name === 'operations')!;
  await page.request.patch(`${baseUrl()}rest/workflows/${id}`, { data: { tags: [operations.id] } });
  await page.keyboard.press('Enter'); // list mode with tags: Enter closes the modal
  await expect(modal).toBeHidden();
  await page.getByTestId('workflow-tags-placeholder').click();
  await option(page, 'Manage tags').click();
  await expect(rows.filter({ hasText: 'operations' })).toContainText('1 workflow');
  await expect(rows.filter({ hasText: 'dev' })).toContainText('Not being used');

  // Delete: the 'are you sure' row; Esc keeps the tag, Enter deletes it.
  const devRow = rows.filter({ hasText: 'dev' });
  await devRow.hover();
  await modal.getByRole('button', { name: 'Delete tag dev' }).click();
  await expect(modal.getByText('Are you sure you want to delete this tag?')).toBeVisible();
  await expect(rows.filter({ hasText: 'operations' })).toHaveAttribute('aria-disabled', 'true');
  await expect(modal.getByRole('button', { name: 'Delete tag', exact: true })).toBeFocused();
  await shot(page, 'tags-09-manager-delete-row');
  await page.keyboard.press('Escape');
  await expect(modal.getByText('Are you sure you want to delete this tag?')).toBeHidden();
  await expect(rows).toHaveCount(3);
  await devRow.hover();
  await modal.getByRole('button', { name: 'Delete tag dev' }).click();
  await expect(modal.getByRole('button', { name: 'Delete tag', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Tag deleted')).toBeVisible();
  await expect(rows).toHaveCount(2);
  expect((await restTags(page)).map((t) => t.name)).toEqual(['operations', 'zeta']);
  await shot(page, 'tags-10-manager-list');
  await modal.getByTestId('tags-manager-done').click();
  await expect(modal).toBeHidden();
});

test('renaming or deleting a tag of the open workflow updates its header, and a save does not bring it back', async ({ page }) => {
  await page.goto(baseUrl());
  await deleteAllTags(page);
  const keep = await makeTag(page, 'keep');
  const gone = await makeTag(page, 'gone');
  const id = await openNew(page, { ...chainWorkflow('Follows the manager'), tags: [keep, gone].map((t) => ({ id: t.id, name: t.name })) });
  await expect(headerChips(page)).toHaveText(['gone', 'keep']);

  await page.getByTestId('workflow-tags').click();
  await option(page, 'Manage tags').click();
  const modal = page.getByTestId('tags-manager');
  const rows = modal.getByTestId('tags-row');
  await rows.filter({ hasText: 'keep' }).hover();
  await modal.getByRole('button', { name: 'Edit Tag keep' }).click();
  await modal.getByRole('textbox', { name: 'Tag name' }).fill('kept');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Tag updated')).toBeVisible();
  await rows.filter({ hasText: 'gone' }).hover();
  await modal.getByRole('button', { name: 'Delete tag gone' }).click();
  await modal.getByRole('button', { name: 'Delete tag', exact: true }).click();
  await expect(toast(page, 'Tag deleted')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();

  await expect(headerChips(page)).toHaveText(['kept']);
  expect((await storeState(page)).dirty).toBe(false);
  expect(await savedTags(page, id)).toEqual(['kept']);
  // A later save keeps it that way (no tag re-created from the dead id).
  await page.getByTestId('workflow-name').click();
  await page.getByRole('textbox', { name: 'Workflow name' }).fill('Follows the manager (2)');
  await page.keyboard.press('Enter');
  await page.getByTestId('canvas-host').click({ position: { x: 40, y: 40 } });
  await page.keyboard.press('Control+s');
  await expect.poll(async () => (await storeState(page)).dirty).toBe(false);
  expect(await savedTags(page, id)).toEqual(['kept']);
  expect((await restTags(page)).map((t) => t.name)).toEqual(['kept']);

  // A tag made after the list was read (as an import makes them) is read before editing, not dropped.
  const late = await makeTag(page, 'late');
  await page.evaluate((t) => {
    const w = (window as unknown as { __switchyard: { workflow: { tags: Tag[]; setTags(tags: Tag[]): void } } }).__switchyard.workflow;
    w.setTags([...w.tags, t]);
  }, { id: late.id, name: late.name });
  await expect(headerChips(page)).toHaveText(['kept', 'late']);
  await page.getByTestId('workflow-tags').click();
  await expect(page.getByTestId('tags-picker-chip')).toHaveText(['kept×', 'late×']);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await expect(headerChips(page)).toHaveText(['kept']);
  await page.getByTestId('workflow-tags').click();
  await page.keyboard.type('lat');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(headerChips(page)).toHaveText(['kept', 'late']);
});

test('keyboard only: arrows reach Manage tags; a member sees no delete and the server refuses one', async ({ page, browser }) => {
  await page.goto(baseUrl());
  await deleteAllTags(page);
  await makeTag(page, 'alpha');
  await openNew(page, chainWorkflow('Keys only'));
  await page.getByTestId('workflow-tags-placeholder').click();
  await expect(pickerField(page)).toBeFocused();
  // Down from the field: alpha, then Manage tags; Enter opens the manager. (As a user does, the
  // keys go once the list is there: the picker reads the tags when it opens.)
  await expect(option(page, 'alpha')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(option(page, 'alpha')).toHaveClass(/tags-picker-active/);
  await page.keyboard.press('ArrowDown');
  await expect(option(page, 'Manage tags')).toHaveClass(/tags-picker-active/);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tags-manager')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete tag alpha' })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tags-manager')).toBeHidden();

  // An instance with an owner and a member (invited by mail, signed up from the link).
  const server = await startAccountServer();
  try {
    const ownerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const memberContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const rest = (path: string) => `${server.url}rest${path}`;
    const ownerRes = await ownerContext.request.post(rest('/owner'), { data: { email: 'owner@example.com', firstName: 'Olive', lastName: 'Owner', password: 'OwnerPass1' } });
    expect(ownerRes.status(), await ownerRes.text()).toBe(200);
    const before = server.mailbox!.mails.length;
    expect((await ownerContext.request.post(rest('/users'), { data: [{ email: 'member@example.com' }] })).status()).toBe(200);
    const link = linkIn(await server.mailbox!.next('member@example.com', before, 15_000), '/signup');
    const signup = await memberContext.request.post(rest(`/users/${link.searchParams.get('inviteeId')}`), {
      data: { inviterId: link.searchParams.get('inviterId'), firstName: 'Mem', lastName: 'Ber', password: 'MemberPass1' },
    });
    expect(signup.status(), await signup.text()).toBe(200);
    const tag = (await (await memberContext.request.post(rest('/tags'), { data: { name: 'members tag' } })).json()).data as Tag;

    const member = await memberContext.newPage();
    await member.goto(`${server.url}workflow`);
    await member.getByTestId('workflow-tags-placeholder').click();
    await member.getByTestId('workflow-tags-dropdown').getByRole('option', { name: 'Manage tags' }).click();
    const modal = member.getByTestId('tags-manager');
    await modal.getByTestId('tags-row').first().hover();
    await expect(modal.getByRole('button', { name: 'Edit Tag members tag' })).toBeVisible();
    await expect(modal.getByRole('button', { name: /Delete tag/ })).toHaveCount(0);
    await shot(member, 'tags-11-manager-member');
    expect((await memberContext.request.delete(rest(`/tags/${tag.id}`))).status()).toBe(403);

    const owner = await ownerContext.newPage();
    await owner.goto(`${server.url}workflow`);
    await owner.getByTestId('workflow-tags-placeholder').click();
    await owner.getByTestId('workflow-tags-dropdown').getByRole('option', { name: 'Manage tags' }).click();
    await owner.getByTestId('tags-row').first().hover();
    await expect(owner.getByRole('button', { name: 'Delete tag members tag' })).toBeVisible();
    await ownerContext.close();
    await memberContext.close();
  } finally {
    await server.stop();
  }
});
