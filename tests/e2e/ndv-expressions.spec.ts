// Expressions in the node details view (issue 11, spec 001 §4.2, §9), against the real server:
// the Fixed / Expression switch (wrapping, the editor focused 375 ms later, back to the computed
// value), the inline editor with its coloured {{ }} segments and completions of $json fields
// from the parent's pinned data, the live result 500 ms after typing with each of its states
// ('[invalid (…)]', '[not found]', '[filled at execution time]', 'Data to large'), and the full
// editor with the input it can use and the result.
import { expect, test, type Page } from '@playwright/test';
import { TYPES, links, n, node, openNew, shot } from './editing-helpers.ts';

type Win = { __switchyard: { workflow: { nodeByName(n: string): { parameters: Record<string, unknown> } } } };
const param = (page: Page, nodeName: string, key: string) =>
  page.evaluate(([nn, k]) => (window as unknown as Win).__switchyard.workflow.nodeByName(nn!).parameters[k!], [nodeName, key]);

async function openNdv(page: Page, name: string): Promise<void> {
  const b = (await node(page, name).boundingBox())!;
  await page.mouse.dblclick(b.x + b.width / 2, b.y + b.height / 2);
  await expect(page.getByTestId('ndv')).toBeVisible();
}

const PEOPLE = [
  { json: { name: 'Ada', age: 36, address: { city: 'London' }, tags: ['math', 'engines'] } },
  { json: { name: 'Grace', age: 45, address: { city: 'Arlington' }, tags: ['cobol'] } },
];

test('expression switch, inline editor, completions, every preview state, full editor', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openNew(page, {
    name: `Expressions ${Date.now()}`,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      n('People', TYPES.noOp, [460, 300]),
      n('Markdown', 'n8n-nodes-base.markdown', [680, 300], { mode: 'markdownToHtml', markdown: 'plain text', destinationKey: 'data', options: {} }),
    ],
    connections: links([
      ['Trigger', 'People'],
      ['People', 'Markdown'],
    ]),
    pinData: { People: PEOPLE },
  });
  await openNdv(page, 'Markdown');
  const field = page.getByTestId('parameter-markdown');
  await expect(field).toBeVisible();

  // Fixed → Expression: '=' + value; the editor takes focus 375 ms later.
  const t0 = Date.now();
  await field.getByTestId('parameter-expression-markdown').click();
  expect(await param(page, 'Markdown', 'markdown')).toBe('=plain text');
  const editor = field.getByTestId('parameter-input-markdown');
  await expect(editor).toBeFocused();
  expect(Date.now() - t0).toBeGreaterThanOrEqual(370);
  const result = field.getByTestId('expression-result');
  await expect(result).toHaveText('plain text');
  await expect(result).toHaveAttribute('data-state', 'valid');

  // Typing: completions of $json fields from People's pinned items.
  await editor.press('ControlOrMeta+a');
  await editor.press('Backspace');
  await editor.pressSequentially('Hello {{ $json.');
  const list = page.getByTestId('expression-completions');
  await expect(list).toBeVisible();
  await expect(list.getByRole('option')).toContainText(['name', 'age', 'address', 'tags']);
  await shot(page, 'expressions-01-completions');
  await editor.pressSequentially('na');
  await expect(list.getByRole('option').first()).toContainText('name');
  await editor.press('Enter');
  await editor.pressSequentially(' }}!');
  await expect(list).toHaveCount(0);
  expect(await param(page, 'Markdown', 'markdown')).toBe('=Hello {{ $json.name }}!');
  await expect(result).toHaveText('Hello Ada!');
  // The segment is coloured as resolvable.
  await expect(field.locator('.expr-segment.expr-valid')).toHaveText('{{ $json.name }}');
  await expect(field.getByTestId('expression-result-item')).toHaveText('Item 1 of 2');
  await shot(page, 'expressions-02-inline-with-preview');
  // Another input item: at once, and the editor keeps the focus.
  await field.getByRole('button', { name: 'Next item' }).click();
  await expect(result).toHaveText('Hello Grace!');
  await expect(field.getByTestId('expression-result-item')).toHaveText('Item 2 of 2');
  await expect(editor).toBeFocused();
  await field.getByRole('button', { name: 'Previous item' }).click();
  await expect(result).toHaveText('Hello Ada!');

  // The preview waits 500 ms after the last keystroke.
  await editor.press('End');
  await editor.press('Backspace');
  const typedAt = Date.now();
  await expect(result).toHaveText('Hello Ada');
  expect(Date.now() - typedAt).toBeGreaterThanOrEqual(450);

  const setText = async (text: string) => {
    await editor.press('ControlOrMeta+a');
    await editor.press('Backspace');
    await editor.fill(text);
  };
  // '[invalid (message)]'
  await setText('{{ nope }}');
  await expect(result).toHaveText('[invalid (nope is not defined)]');
  await expect(result).toHaveAttribute('data-state', 'invalid');
  await expect(field.locator('.expr-segment.expr-invalid')).toHaveText('{{ nope }}');
  await shot(page, 'expressions-03-invalid');
  // '[not found]'
  await setText('{{ $json.missing }}');
  await expect(result).toHaveText('[not found]');
  await shot(page, 'expressions-04-not-found');
  // '[filled at execution time]': the trigger has not run and has no pinned data.
  await setText("{{ $('Trigger').first().json }}");
  await expect(result).toHaveText('[filled at execution time]');
  await expect(result).toHaveAttribute('data-state', 'pending');
  await expect(field.locator('.expr-segment.expr-pending')).toBeVisible();
  await shot(page, 'expressions-05-filled-at-execution-time');
  // 'Data to large' (over 102,400 characters).
  await setText("{{ 'x'.repeat(102401) }}");
  await expect(result).toHaveText('Data to large');
  await shot(page, 'expressions-06-data-too-large');
  // Extension functions, $now and objects as n8n shows them.
  await setText('{{ $json.tags.join(", ").toTitleCase() }} / {{ $json.address }}');
  await expect(result).toHaveText('Math, Engines / [object Object]');
  await setText('{{ $json.address }}');
  await expect(result).toHaveText('[Object: {"city": "London"}]');

  // Completion of node names in $('…').
  await setText("{{ $('");
  await editor.press('End');
  await expect(list.getByRole('option')).toContainText(['People', 'Trigger']);
  await editor.press('Enter');
  await editor.pressSequentially('.first().json.age }}');
  await expect(result).toHaveText('36');

  // The full editor: input fields, the expression, the result.
  await field.getByTestId('expression-open-full-markdown').click();
  const full = page.getByTestId('expression-full-editor');
  await expect(full).toBeVisible();
  await expect(full.getByTestId('expression-result')).toHaveText('36');
  await expect(full.getByTestId('expression-input-fields')).toContainText('address.city');
  const fullInput = full.getByTestId('expression-full-input');
  await fullInput.click();
  await fullInput.press('ControlOrMeta+End');
  await fullInput.pressSequentially(' in ');
  await full.getByTestId('expression-input-fields').getByRole('button', { name: /address\.city/ }).click();
  await expect(full.getByTestId('expression-result')).toHaveText('36 in London');
  expect(await param(page, 'Markdown', 'markdown')).toBe("={{ $('People').first().json.age }} in {{ $json.address.city }}");
  await shot(page, 'expressions-07-full-editor');
  // Escape closes the full editor only.
  await page.keyboard.press('Escape');
  await expect(full).toHaveCount(0);
  await expect(page.getByTestId('ndv')).toBeVisible();

  // Back to Fixed: the computed value.
  await field.getByRole('button', { name: 'Fixed' }).click();
  await expect.poll(() => param(page, 'Markdown', 'markdown')).toBe('36 in London');
  await expect(field.getByTestId('parameter-input-markdown')).toHaveValue('36 in London');
  await shot(page, 'expressions-08-back-to-fixed');
  expect(errors).toEqual([]);
});
