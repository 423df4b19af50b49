// A Switch with 50 rules in the node details view (issue 11 follow-up, the panel's open time):
// the filters scrolled out of view are not styled or laid out until they come near
// (content-visibility), so this checks that nothing of them is lost: the last rule scrolled to
// shows its condition, its operator can be changed and its values typed, the fallback output
// lists all 50 outputs. Screenshot: test-results/editing/switch-50-rules-*.png.
import { expect, test, type Page } from '@playwright/test';
import { TYPES, links, n, node, openNew, shot } from './editing-helpers.ts';

const RULES = 50;

function rule(i: number) {
  return {
    conditions: {
      options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
      conditions: [{ id: `c${i}`, leftValue: '={{ $json.status }}', rightValue: `s${i}`, operator: { type: 'string', operation: 'equals' } }],
      combinator: 'and',
    },
    renameOutput: true,
    outputKey: `Status ${i}`,
  };
}

function params(page: Page): Promise<{ rules: { values: Array<ReturnType<typeof rule>> } }> {
  return page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { __switchyard: { workflow: { nodeByName(n: string): { parameters: unknown } } } }).__switchyard.workflow.nodeByName('Switch').parameters)));
}

test('a Switch with 50 rules: the last rule scrolled to is drawn and editable', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openNew(page, {
    name: `Switch 50 ${Date.now()}`,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      n('Switch', 'n8n-nodes-base.switch', [460, 300], { mode: 'rules', rules: { values: Array.from({ length: RULES }, (_, i) => rule(i)) }, options: { fallbackOutput: 'none' } }, 3.2),
    ],
    connections: links([['Trigger', 'Switch']]),
  });
  const b = (await node(page, 'Switch').boundingBox())!;
  await page.mouse.dblclick(b.x + b.width / 2, b.y + b.height / 2);
  await expect(page.getByTestId('ndv')).toBeVisible();
  await expect(page.getByTestId('filter-condition')).toHaveCount(RULES);
  await shot(page, 'switch-50-rules-open');

  // The last rule, scrolled into view: its condition is laid out (not a placeholder box).
  const last = page.getByTestId(`fixed-collection-entry-rules.values[${RULES - 1}]`);
  await last.scrollIntoViewIfNeeded();
  const right = last.getByTestId('filter-right-0');
  await expect(right).toBeVisible();
  await expect(right).toHaveValue(`s${RULES - 1}`);
  const box = (await right.boundingBox())!;
  expect(box.height).toBeGreaterThan(20);
  // The operator list is complete in every rule (cloned, not rendered per rule) and shows the
  // stored operator.
  const operator = last.getByTestId('filter-operator-0');
  await expect(operator).toHaveValue('string:equals');
  const count = await page.getByTestId('filter-operator-0').first().locator('option').count();
  expect(count).toBeGreaterThan(30);
  await expect(operator.locator('option')).toHaveCount(count);
  await expect(operator.locator('optgroup')).not.toHaveCount(0);
  await operator.selectOption('string:contains');
  await expect(operator).toHaveValue('string:contains');
  await right.fill('late');
  await expect.poll(async () => (await params(page)).rules.values[RULES - 1].conditions.conditions[0]).toMatchObject({ rightValue: 'late', operator: { type: 'string', operation: 'contains' } });
  await shot(page, 'switch-50-rules-last-edited');

  // The fallback output offers the 50 outputs (the options call carries all rules).
  const fallback = page.getByTestId('parameter-input-options.fallbackOutput');
  await fallback.scrollIntoViewIfNeeded();
  await expect(fallback).toHaveAttribute('data-options-state', 'loaded');
  await expect(fallback.locator('option')).toHaveCount(RULES + 2);
  expect(errors).toEqual([]);
});
