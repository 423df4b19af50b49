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
  // '{{' adds the closing ' }}' with the cursor between (n8n).
  await editor.pressSequentially('Hello {{');
  expect(await param(page, 'Markdown', 'markdown')).toBe('=Hello {{  }}');
  expect(await editor.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd])).toEqual([9, 9]);
  await editor.pressSequentially('$json.');
  const list = page.getByTestId('expression-completions');
  await expect(list).toBeVisible();
  await expect(list.getByRole('option')).toContainText(['name', 'age', 'address', 'tags']);
  await shot(page, 'expressions-01-completions');
  await editor.pressSequentially('na');
  await expect(list.getByRole('option').first()).toContainText('name');
  await editor.press('Enter');
  await editor.press('End');
  await editor.pressSequentially('!');
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
  // It opens with the keyboard in the expression, the cursor at its end: typing needs no click.
  await expect(fullInput).toBeFocused();
  expect(await fullInput.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd, el.value.length])).toEqual(Array(3).fill("{{ $('People').first().json.age }}".length));
  await page.keyboard.type(' in ');
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

// Trial finding (issue 11): the Set node's field values and the IF/Switch conditions' values are
// expression-capable like any parameter, not plain text boxes showing '={{ … }}'.
test('Set field values and IF condition values use the expression editor', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openNew(page, {
    name: `List expressions ${Date.now()}`,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      n('People', TYPES.noOp, [460, 300]),
      n('Edit', TYPES.set, [680, 300], { assignments: { assignments: [{ id: 'a1', name: 'who', value: '={{ $json.name }}', type: 'string' }] }, options: {} }, 3.4),
      n(
        'Check',
        TYPES.if,
        [680, 480],
        {
          conditions: {
            options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
            conditions: [{ id: 'c1', leftValue: '={{ $json.age }}', rightValue: 40, operator: { type: 'number', operation: 'gt' } }],
            combinator: 'and',
          },
          options: {},
        },
        2.2,
      ),
    ],
    connections: links([
      ['Trigger', 'People'],
      ['People', 'Edit'],
      ['People', 'Check'],
    ]),
    pinData: { People: PEOPLE },
  });
  type SetWin = { __switchyard: { workflow: { nodeByName(n: string): { parameters: { assignments: { assignments: Array<{ value: unknown }> } } } } } };
  const values = () => page.evaluate(() => (window as unknown as SetWin).__switchyard.workflow.nodeByName('Edit').parameters.assignments.assignments.map((a) => a.value));

  await openNdv(page, 'Edit');
  // An expression shows without its '=', and becomes the expression editor on focus: the result
  // under it, the {{ }} segment coloured, completions.
  const value0 = page.getByTestId('assignment-value-0');
  await expect(value0).toHaveValue('{{ $json.name }}');
  await expect(page.getByTestId('assignment-value-0-mode')).toHaveAttribute('aria-pressed', 'true');
  await value0.click();
  const editor0 = page.getByTestId('assignment-value-0');
  await expect(editor0).toBeFocused();
  await expect.poll(() => editor0.evaluate((el) => el.tagName)).toBe('TEXTAREA');
  const result0 = page.getByTestId('assignment-value-0-result').getByTestId('expression-result');
  await expect(result0).toHaveText('Ada');
  await expect(page.locator('.assignment .expr-segment.expr-valid')).toHaveText('{{ $json.name }}');
  await expect(page.getByTestId('assignment-value-0-open-full')).toBeVisible();
  await shot(page, 'list-expr-01-set-value-focused');
  await editor0.press('End');
  await editor0.press('ArrowLeft');
  await editor0.press('ArrowLeft');
  await editor0.press('ArrowLeft');
  await editor0.press('Backspace');
  await editor0.press('Backspace');
  await editor0.press('Backspace');
  await editor0.press('Backspace');
  await editor0.pressSequentially('a');
  const list = page.getByTestId('expression-completions');
  await expect(list).toBeVisible();
  await expect(list.getByRole('option')).toContainText(['age', 'address']);
  await shot(page, 'list-expr-02-set-value-completions');
  await editor0.press('Enter');
  await expect.poll(values).toEqual(['={{ $json.age }}']);
  await expect(result0).toHaveText('36');

  // The result floats over what follows (as n8n's); leaving the field closes it.
  await page.getByTestId('assignment-name-0').click();
  await expect(page.getByTestId('assignment-value-0-result')).toHaveCount(0);
  // A new fixed value: typing '{{' makes it an expression, closed, the cursor inside.
  await page.getByTestId('assignment-add-assignments').click();
  const value1 = page.getByTestId('assignment-value-1');
  await expect(value1).toHaveAttribute('placeholder', 'value, or type {{ for an expression');
  await value1.pressSequentially('Hi {{');
  await expect.poll(values).toEqual(['={{ $json.age }}', '=Hi {{  }}']);
  await expect(page.getByTestId('assignment-value-1')).toBeFocused();
  await page.getByTestId('assignment-value-1').pressSequentially('$json.name');
  await expect.poll(values).toEqual(['={{ $json.age }}', '=Hi {{ $json.name }}']);
  await expect(page.getByTestId('assignment-value-1-result').getByTestId('expression-result')).toHaveText('Hi Ada');
  await shot(page, 'list-expr-03-set-typed-braces');
  // 'fx' back to fixed: the plain text of the expression, and on again: '=' + the text.
  await page.getByTestId('assignment-value-0-mode').click();
  await expect.poll(values).toEqual(['', '=Hi {{ $json.name }}']);
  await page.getByTestId('assignment-value-0').fill('plain');
  await page.getByTestId('assignment-value-0-mode').click();
  await expect.poll(values).toEqual(['=plain', '=Hi {{ $json.name }}']);
  await expect(page.getByTestId('assignment-value-0')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('ndv')).toBeHidden();

  // The IF: the left value is an expression with its result; the right one stays a number.
  await openNdv(page, 'Check');
  const left = page.getByTestId('filter-left-0');
  await expect(left).toHaveValue('{{ $json.age }}');
  await left.click();
  await expect(page.getByTestId('filter-left-0-result').getByTestId('expression-result')).toHaveText('36');
  await shot(page, 'list-expr-04-if-left-focused');
  const right = page.getByTestId('filter-right-0');
  await right.fill('30');
  type IfWin = { __switchyard: { workflow: { nodeByName(n: string): { parameters: { conditions: { conditions: Array<{ leftValue: unknown; rightValue: unknown }> } } } } } };
  const cond = () => page.evaluate(() => (window as unknown as IfWin).__switchyard.workflow.nodeByName('Check').parameters.conditions.conditions[0]);
  await expect.poll(cond).toMatchObject({ leftValue: '={{ $json.age }}', rightValue: 30 });
  await right.pressSequentially('{{');
  await expect.poll(cond).toMatchObject({ rightValue: '=30{{  }}' });
  await expect(page.getByTestId('filter-right-0')).toBeFocused();
  await shot(page, 'list-expr-05-if-right-expression');
  expect(errors).toEqual([]);
});
