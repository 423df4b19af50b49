// Mapping (issue 11, spec 001 §2.7, §4.2, §9): run a workflow, open a node's details, drag a
// column of the input panel's table and a key of its JSON view onto parameters. A fixed value
// becomes `={{ $json.… }}` after the 200 ms drop delay, an expression gets the mapping inserted
// where it is dropped, a node further back maps as `$('Node').item.json.…`, keys with spaces are
// quoted. The success message shows the first time only (remembered in localStorage), the
// drag-to-map hint goes after 6 s.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { TYPES, links, n, node, openNew, shot, toast } from './editing-helpers.ts';

const CODE = `return [
  { json: { name: 'Ada', 'my key': 'spaced', user: { email: 'ada@example.com' } } },
  { json: { name: 'Grace', 'my key': 'also', user: { email: 'grace@example.com' } } },
];`;

type Win = { __switchyard: { workflow: { nodeByName(n: string): { parameters: Record<string, unknown> } } } };
const param = (page: Page, nodeName: string, key: string) =>
  page.evaluate(([nn, k]) => (window as unknown as Win).__switchyard.workflow.nodeByName(nn!).parameters[k!], [nodeName, key]);

/** A pointer drag as a user makes it: press, move in steps, rest over the target, release. */
async function dragTo(page: Page, from: Locator, to: Locator, at?: { x: number; y: number }): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const tx = at ? b.x + at.x : b.x + b.width / 2;
  const ty = at ? b.y + at.y : b.y + b.height / 2;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(a.x + a.width / 2 + ((tx - a.x - a.width / 2) * i) / 10, a.y + a.height / 2 + ((ty - a.y - a.height / 2) * i) / 10);
  await page.mouse.move(tx, ty);
}

async function openNdv(page: Page, name: string): Promise<void> {
  const b = (await node(page, name).boundingBox())!;
  await page.mouse.dblclick(b.x + b.width / 2, b.y + b.height / 2);
  await expect(page.getByTestId('ndv')).toBeVisible();
}

test('drag a column and a JSON key onto parameters: expressions, the first-time message, the hint', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openNew(page, {
    name: `Mapping ${Date.now()}`,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      n('Data', 'n8n-nodes-base.code', [460, 300], { jsCode: CODE }, 2),
      n('Middle', TYPES.noOp, [680, 300]),
      n('Markdown', 'n8n-nodes-base.markdown', [900, 300], { mode: 'markdownToHtml', markdown: 'plain text', destinationKey: 'data', options: {} }),
    ],
    connections: links([
      ['Trigger', 'Data'],
      ['Data', 'Middle'],
      ['Middle', 'Markdown'],
    ]),
  });
  // A new browser profile: never onboarded.
  expect(await page.evaluate(() => localStorage.getItem('switchyard.mappingOnboarded'))).toBeNull();
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();

  // Middle's input is Data's output: the table and the hint.
  await openNdv(page, 'Markdown');
  const input = page.getByTestId('ndv-input');
  await expect(input.getByTestId('ndv-input-parent')).toHaveValue('Middle');
  await expect(input.getByTestId('data-table')).toContainText('Ada');
  await expect(page.getByTestId('mapping-hint')).toBeVisible();
  await shot(page, 'mapping-01-input-table-hint');

  // Drag the 'name' column header onto the fixed Markdown value: outlined while dragging, the pill
  // follows, the field highlights under the pointer.
  const field = page.getByTestId('parameter-markdown');
  const header = input.getByTestId('data-table-column').filter({ hasText: /^name$/ });
  await dragTo(page, header, field.getByTestId('parameter-input-markdown'));
  await expect(page.getByTestId('mapping-pill')).toHaveText('name');
  await expect(field.locator('[data-mapping-target="over"]')).toBeVisible();
  await shot(page, 'mapping-02-dragging-over-field');
  await page.mouse.up();
  // Shown as the expression at once, written after the 200 ms drop delay.
  await expect(page.getByTestId('mapping-pending')).toHaveText('{{ $json.name }}');
  expect(await param(page, 'Markdown', 'markdown')).toBe('plain text');
  await expect.poll(() => param(page, 'Markdown', 'markdown')).toBe('={{ $json.name }}');
  await expect(page.getByTestId('mapping-pending')).toHaveCount(0);
  await expect(toast(page, 'You just mapped some data!')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('switchyard.mappingOnboarded'))).toBe('true');
  await expect(field.locator('[data-testid="parameter-input-markdown"]')).toBeVisible();
  await shot(page, 'mapping-03-mapped-first-time-message');

  // The hint is gone 6 s after it showed.
  await expect(page.getByTestId('mapping-hint')).toHaveCount(0, { timeout: 8000 });

  // The JSON view: drag the key 'my key' into the expression, at its start.
  await input.getByTestId('ndv-input-mode-json').click();
  const key = input.getByTestId('json-key').filter({ hasText: '"my key"' }).first();
  await expect(key).toBeVisible();
  await page.getByTestId('toast').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  const editor = field.getByTestId('parameter-input-markdown');
  await dragTo(page, key, editor, { x: 12, y: 14 });
  await page.mouse.up();
  await expect.poll(() => param(page, 'Markdown', 'markdown')).toBe("={{ $json['my key'] }}{{ $json.name }}");
  // Mapped before: no second message.
  await page.waitForTimeout(500);
  await expect(toast(page, 'You just mapped some data!')).toHaveCount(0);
  await shot(page, 'mapping-04-json-key-into-expression');

  // A node two back: $('Data').item.json, nested path.
  await input.getByTestId('ndv-input-parent').selectOption('Data');
  await expect(input.getByTestId('ndv-input-parent').locator('option')).toHaveText(['Middle', 'Data (2 nodes back)', 'Trigger (3 nodes back)']);
  await input.getByTestId('ndv-input-mode-json').click();
  const email = input.getByTestId('json-key').filter({ hasText: '"email"' }).first();
  await expect(email).toBeVisible();
  const dest = page.getByTestId('parameter-destinationKey');
  await dragTo(page, email, dest.getByTestId('parameter-input-destinationKey'));
  await page.mouse.up();
  await expect.poll(() => param(page, 'Markdown', 'destinationKey')).toBe("={{ $('Data').item.json.user.email }}");
  await shot(page, 'mapping-05-grandparent-nested');

  // Escape cancels a drag: nothing changes.
  await dragTo(page, email, page.getByTestId('parameter-input-markdown'));
  await page.keyboard.press('Escape');
  await page.mouse.up();
  await expect(page.getByTestId('mapping-pill')).toHaveCount(0);
  await expect(page.getByTestId('ndv')).toBeVisible();
  expect(await param(page, 'Markdown', 'markdown')).toBe("={{ $json['my key'] }}{{ $json.name }}");

  // The workflow runs with the mappings.
  await page.getByTestId('ndv-close').click();
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully').last()).toBeVisible();
  const out = await page.evaluate(() => {
    const w = (window as unknown as { __switchyard: { workflow: { runData: Record<string, Array<{ data: { main: Array<Array<{ json: Record<string, unknown> }>> } }>> } } }).__switchyard.workflow;
    return w.runData.Markdown![0]!.data.main[0]!.map((i) => i.json);
  });
  // The destination key is a dot path (n8n's Markdown node): 'ada@example' › 'com'.
  expect(out[0]).toMatchObject({ 'ada@example': { com: '<p>spacedAda</p>' } });
  expect(errors).toEqual([]);
});

test("the Set node's fields: a key dropped on the list adds a field named after it, on a value maps it", async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openNew(page, {
    name: `Mapping Set ${Date.now()}`,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      n('Data', 'n8n-nodes-base.code', [460, 300], { jsCode: CODE }, 2),
      n('Edit', TYPES.set, [680, 300], { assignments: { assignments: [{ id: 'a1', name: 'greeting', value: 'hello', type: 'string' }] }, options: {} }, 3.4),
    ],
    connections: links([
      ['Trigger', 'Data'],
      ['Data', 'Edit'],
    ]),
  });
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  await openNdv(page, 'Edit');
  const input = page.getByTestId('ndv-input');
  await expect(input.getByTestId('data-table')).toContainText('Ada');
  type SetWin = { __switchyard: { workflow: { nodeByName(n: string): { parameters: { assignments: { assignments: Array<{ name: string; value: unknown; type: string }> } } } } } };
  const assignments = () => page.evaluate(() => (window as unknown as SetWin).__switchyard.workflow.nodeByName('Edit').parameters.assignments.assignments.map((a) => ({ name: a.name, value: a.value, type: a.type })));

  // On the existing field's value.
  await dragTo(page, input.getByTestId('data-table-column').filter({ hasText: 'my key' }), page.getByTestId('assignment-value-0'));
  await page.mouse.up();
  await expect.poll(assignments).toEqual([{ name: 'greeting', value: "={{ $json['my key'] }}", type: 'string' }]);

  // On the list: the drop area shows while dragging; a new field named after the key.
  const header = input.getByTestId('data-table-column').filter({ hasText: /^name$/ });
  const a = (await header.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 40, a.y + 40, { steps: 4 });
  const area = page.getByTestId('assignment-drop-assignments');
  await expect(area).toBeVisible();
  const b = (await area.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await expect(area).toHaveText('Drop here to add a field “name”');
  await shot(page, 'mapping-06-set-add-field');
  await page.mouse.up();
  await expect.poll(assignments).toEqual([
    { name: 'greeting', value: "={{ $json['my key'] }}", type: 'string' },
    { name: 'name', value: '={{ $json.name }}', type: 'string' },
  ]);
  await expect(area).toHaveCount(0);
  // A cell drags its column too: Grace's name onto the new field's value, dropped right of its text (the end).
  await page.getByTestId('assignment-value-1').evaluate((el: HTMLInputElement) => el.setSelectionRange(el.value.length, el.value.length));
  await dragTo(page, input.getByTestId('data-table').locator('.dt-cell').filter({ hasText: /^Grace$/ }), page.getByTestId('assignment-value-1'));
  await page.mouse.up();
  await expect.poll(assignments).toEqual([
    { name: 'greeting', value: "={{ $json['my key'] }}", type: 'string' },
    { name: 'name', value: '={{ $json.name }}{{ $json.name }}', type: 'string' },
  ]);
  await shot(page, 'mapping-07-set-mapped');
  expect(errors).toEqual([]);
});

// Trial finding (issue 11): an IF condition's values take a drop like any expression-capable value.
test("an IF condition's left value takes a drop; an expression there gets it inserted", async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openNew(page, {
    name: `Mapping IF ${Date.now()}`,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      n('Data', 'n8n-nodes-base.code', [460, 300], { jsCode: CODE }, 2),
      n(
        'Check',
        TYPES.if,
        [680, 300],
        {
          conditions: {
            options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
            conditions: [{ id: 'c1', leftValue: '', rightValue: 'Ada', operator: { type: 'string', operation: 'equals' } }],
            combinator: 'and',
          },
          options: {},
        },
        2.2,
      ),
    ],
    connections: links([
      ['Trigger', 'Data'],
      ['Data', 'Check'],
    ]),
  });
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  await openNdv(page, 'Check');
  const input = page.getByTestId('ndv-input');
  await expect(input.getByTestId('data-table')).toContainText('Ada');
  type IfWin = { __switchyard: { workflow: { nodeByName(n: string): { parameters: { conditions: { conditions: Array<{ leftValue: unknown; rightValue: unknown }> } } } } } };
  const cond = () => page.evaluate(() => (window as unknown as IfWin).__switchyard.workflow.nodeByName('Check').parameters.conditions.conditions[0]);

  await dragTo(page, input.getByTestId('data-table-column').filter({ hasText: /^name$/ }), page.getByTestId('filter-left-0'));
  await page.mouse.up();
  await expect.poll(cond).toMatchObject({ leftValue: '={{ $json.name }}', rightValue: 'Ada' });
  await expect(page.getByTestId('filter-left-0')).toHaveValue('{{ $json.name }}');
  // Onto the expression, at its end: inserted there.
  await page.getByTestId('filter-left-0').evaluate((el: HTMLInputElement) => el.setSelectionRange(el.value.length, el.value.length));
  const fieldBox = (await page.getByTestId('filter-left-0').boundingBox())!;
  await dragTo(page, input.getByTestId('data-table-column').filter({ hasText: 'my key' }), page.getByTestId('filter-left-0'), { x: fieldBox.width - 20, y: fieldBox.height / 2 });
  await page.mouse.up();
  await expect.poll(cond).toMatchObject({ leftValue: "={{ $json.name }}{{ $json['my key'] }}" });
  await shot(page, 'mapping-08-if-condition');
  expect(errors).toEqual([]);
});
