// The main header (spec 001 §2.2, §5): the inline-editable workflow name (trimmed; empty shows
// an error; longer than 128 shows an error; unchanged just closes; Escape cancels) and the tag
// editor's placeholder when the workflow has no tags.
import { expect, test } from '@playwright/test';
import { baseUrl, chainWorkflow, openNew, shot, storeState, waitForCanvas } from './editing-helpers.ts';

test('renaming the workflow from the header', async ({ page }) => {
  test.setTimeout(120_000);
  const id = await openNew(page, chainWorkflow('Order sync'));
  const name = page.getByTestId('workflow-name');
  const input = page.getByRole('textbox', { name: 'Workflow name' });
  await expect(name).toHaveText('Order sync');

  // No tags: the placeholder shows where the tags would be.
  const placeholder = page.getByTestId('workflow-tags-placeholder');
  await expect(placeholder).toHaveText('+ Add tag');
  await expect(placeholder).toBeVisible();

  // Unchanged: Enter just closes editing, nothing becomes dirty.
  await name.click();
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('Order sync');
  await page.keyboard.press('Enter');
  await expect(input).toBeHidden();
  expect((await storeState(page)).dirty).toBe(false);

  // Empty (whitespace only): the error, and editing stays open.
  await name.click();
  await input.fill('   ');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Workflow name cannot be empty' })).toBeVisible();
  await expect(input).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'header-01-name-empty');

  // 129 characters: too long (128 is the maximum) …
  await input.fill('x'.repeat(129));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'cannot be longer than 128 characters' })).toBeVisible();
  await expect(input).toBeVisible();
  // … 128 after trimming is fine; Escape cancels it instead.
  await input.fill(`  ${'y'.repeat(128)}  `);
  await expect(page.getByRole('alert').filter({ hasText: 'Workflow name' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(input).toBeHidden();
  await expect(name).toHaveText('Order sync');
  expect((await storeState(page)).dirty).toBe(false);

  // A new name is trimmed, marks the workflow unsaved, and is saved with ctrl+s.
  await name.click();
  await input.fill('  Order sync (EU)  ');
  await page.keyboard.press('Enter');
  await expect(name).toHaveText('Order sync (EU)');
  expect((await storeState(page)).dirty).toBe(true);
  await shot(page, 'header-02-renamed');
  await page.getByTestId('canvas-host').click({ position: { x: 40, y: 40 } });
  await page.keyboard.press('Control+s');
  await expect.poll(async () => (await storeState(page)).dirty).toBe(false);
  const saved = await (await page.request.get(`${baseUrl()}rest/workflows/${id}`)).json();
  expect(saved.data.name).toBe('Order sync (EU)');

  // A 128-character name is allowed and survives a reload.
  await name.click();
  await input.fill('z'.repeat(128));
  await page.keyboard.press('Enter');
  await expect(input).toBeHidden();
  await page.getByTestId('save-button').click();
  await expect.poll(async () => (await storeState(page)).dirty).toBe(false);
  await page.reload();
  await waitForCanvas(page);
  await expect(page.getByTestId('workflow-name')).toHaveText('z'.repeat(128));
});
