// Pinned data in the node details view (issue 11, spec 001 §4.3, §5, §9) against the real
// server: pin and unpin the output, the canvas and its mirror saying so, undo and redo, the
// edit-output editor (invalid JSON with line and position, single quotes, too large, cancel,
// save), saving on close, executing a pinned node, save and reload, no issues while pinned,
// and read-only views without any of it.
import { expect, test, type Page } from '@playwright/test';
import { TYPES, baseUrl, canvasIdle, clickEmpty, closeNdv, links, n, node, openNdv, openNew, shot, toast, triggerSetAfter as workflow } from './editing-helpers.ts';

const BANNER = 'This data is pinned for test executions.';

function pinData(page: Page): Promise<Record<string, Array<{ json: Record<string, unknown> }>>> {
  return page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { __switchyard: { workflow: { pinData: unknown } } }).__switchyard.workflow.pinData)));
}

async function closeToasts(page: Page): Promise<void> {
  for (const b of await page.getByTestId('toast').getByRole('button', { name: 'Close notification' }).all()) await b.click().catch(() => {});
  await expect(page.getByTestId('toast')).toHaveCount(0);
}

/** The edit-output editor (monaco) once loaded. */
const editor = (page: Page) => page.locator('[data-testid="ndv-pin-editor"][data-state="ready"] .monaco-editor');

/** Text as monaco draws it: any run of spaces (non-breaking there) matches any spacing. */
function loose(text: string): RegExp {
  return new RegExp('^' + text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ +/g, '\\s*') + '$');
}

/** What monaco shows (the lines on screen). */
const shown = (page: Page) => editor(page).locator('.view-lines');

/** Replaces the editor's text as a paste does; `repeat` builds a big text in the page. */
async function paste(page: Page, text: string, repeat?: { count: number; chunk: number }): Promise<void> {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.evaluate(
    ({ text, repeat }) => {
      const t = repeat ? JSON.stringify(Array.from({ length: repeat.count }, (_, i) => ({ i, s: 'y'.repeat(repeat.chunk) }))) : text;
      // Monaco's input element (an EditContext element in Chromium, else its textarea) has focus.
      const ta = document.activeElement!;
      if (!ta.closest('[data-testid="ndv-pin-editor"]')) throw new Error('the editor does not have focus');
      const data = new DataTransfer();
      data.setData('text/plain', t);
      ta.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { text, repeat },
  );
}

/** A screenshot once the panel's and the dialogs' entry animations are over. */
async function still(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await shot(page, name);
}

test('pin, unpin, undo and redo; the canvas and its mirror show the pinned state', async ({ page }) => {
  test.setTimeout(150_000);
  await openNew(page, workflow('Pin data'));
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  await expect(node(page, 'Set')).toHaveAttribute('aria-label', 'Set, has data, 1 item');
  await closeToasts(page);

  await openNdv(page, 'Set');
  const pin = page.getByTestId('ndv-pin-data');
  await expect(pin).toHaveAttribute('aria-pressed', 'false');
  await expect(pin).toHaveAttribute('title', "Pin data\nNode will always output current data instead of executing. Doesn't apply to production executions.");
  await still(page, 'pin-01-output-unpinned');
  await pin.click();
  await expect(page.getByTestId('ndv-pinned-banner')).toContainText(BANNER);
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('ndv-output').getByTestId('data-table')).toContainText('hello');
  expect(await pinData(page)).toEqual({ Set: [{ json: { greeting: 'hello' } }] });
  await still(page, 'pin-02-output-pinned');

  await closeNdv(page);
  await expect(node(page, 'Set')).toHaveAttribute('aria-label', 'Set, pinned data, 1 item');
  await canvasIdle(page);
  await still(page, 'pin-03-canvas-pinned');

  // A trigger with output: n8n's pin discovery hint, until 'Got it' (remembered).
  await openNdv(page, 'Trigger');
  const hint = page.getByTestId('ndv-pin-discovery');
  await expect(hint).toHaveText('You can pin this output instead of waiting for a test event. Got it');
  await still(page, 'pin-03b-discovery-hint');
  await hint.getByRole('button', { name: 'Got it' }).click();
  await expect(hint).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('N8N_PIN_DATA_DISCOVERY_NDV'))).toBe('true');
  await closeNdv(page);

  // Undo and redo on the canvas: 'Pin data' is one step.
  await clickEmpty(page);
  await page.keyboard.press('Control+z');
  await expect(node(page, 'Set')).toHaveAttribute('aria-label', 'Set, has data, 1 item');
  expect(await pinData(page)).toEqual({});
  await page.keyboard.press('Control+Shift+z');
  await expect(node(page, 'Set')).toHaveAttribute('aria-label', 'Set, pinned data, 1 item');
  expect(Object.keys(await pinData(page))).toEqual(['Set']);

  // Unpin from the banner's link; undo brings it back.
  await openNdv(page, 'Set');
  await page.getByTestId('ndv-unpin').click();
  await expect(page.getByTestId('ndv-pinned-banner')).toHaveCount(0);
  await expect(page.getByTestId('ndv-pin-data')).toHaveAttribute('aria-pressed', 'false');
  await closeNdv(page);
  await expect(node(page, 'Set')).toHaveAttribute('aria-label', 'Set, has data, 1 item');
  await clickEmpty(page);
  await page.keyboard.press('Control+z');
  await expect(node(page, 'Set')).toHaveAttribute('aria-label', 'Set, pinned data, 1 item');
});

test('a node that ran several times pins the run on screen', async ({ page }) => {
  test.setTimeout(120_000);
  await openNew(page, workflow('Pin a run'));
  // Two runs of Set, as a loop leaves them (the run data a push message would bring).
  await page.evaluate(() => {
    const run = (name: string) => ({ startTime: Date.now(), executionTime: 1, source: [], data: { main: [[{ json: { name } }]] } });
    (window as unknown as { __switchyard: { workflow: { setRunData(r: unknown): void } } }).__switchyard.workflow.setRunData({ Set: [run('first'), run('second')] });
  });
  await openNdv(page, 'Set');
  await expect(page.getByTestId('ndv-output').getByTestId('data-table')).toContainText('second');
  await page.getByTestId('ndv-output-run').selectOption({ label: 'Run 1 of 2' });
  await expect(page.getByTestId('ndv-output').getByTestId('data-table')).toContainText('first');
  await page.getByTestId('ndv-pin-data').click();
  await expect(toast(page, 'Run #1 was pinned')).toContainText('This run will be outputted each time the node is run.');
  expect(await pinData(page)).toEqual({ Set: [{ json: { name: 'first' } }] });
  await expect(page.getByTestId('ndv-pinned-banner')).toBeVisible();
  await still(page, 'pin-12-run-pinned');
});

test('edit output: invalid JSON with its line and position, single quotes, too large, cancel and save', async ({ page }) => {
  test.setTimeout(150_000);
  await openNew(page, workflow('Edit output'));
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  await closeToasts(page);
  await openNdv(page, 'Set');

  // The editor starts with the current output items' json.
  await page.getByTestId('ndv-edit-output').click();
  await expect(shown(page)).toHaveText(loose('[ { "greeting": "hello" } ]'));
  await still(page, 'pin-04-editor');

  // Cancel leaves everything as it was.
  await paste(page, '[{"changed": true}]');
  await expect(shown(page)).toHaveText(loose('[{"changed": true}]'));
  await page.getByTestId('ndv-pin-cancel').click();
  await expect(page.getByTestId('ndv-pin-editor')).toHaveCount(0);
  expect(await pinData(page)).toEqual({});

  // A syntax error: n8n's title, the line and the position; the line is marked.
  await page.getByTestId('ndv-edit-output').click();
  await paste(page, '[\n  {"name": "Ada"},\n  {"name": }\n]');
  await page.getByTestId('ndv-pin-save').click();
  const invalid = toast(page, 'Problem with output data');
  await expect(invalid).toContainText("On line 3: Unexpected token '}' (at position 32)");
  await expect(page.getByTestId('ndv-pin-error')).toHaveText("On line 3: Unexpected token '}' (at position 32)");
  await expect(page.getByTestId('ndv-pin-editor')).toBeVisible();
  expect(await pinData(page)).toEqual({});
  await still(page, 'pin-05-invalid-json');
  await closeToasts(page);

  // Single quotes: n8n's own message.
  await paste(page, "[{'name': 'Ada'}]");
  await page.getByTestId('ndv-pin-save').click();
  await expect(toast(page, 'Problem with output data')).toContainText('On line 1: Unexpected single quote. Please use double quotes (") instead (at position 2)');
  await still(page, 'pin-06-single-quote');
  await closeToasts(page);

  // 13 MB of valid items: refused by size, nothing pinned.
  await paste(page, '', { count: 13, chunk: 1024 * 1024 });
  await page.getByTestId('ndv-pin-save').click();
  await expect(toast(page, 'Output data is too large to pin')).toContainText('Workflow has reached the maximum allowed pinned data size (13.0 MB / 12.0 MB)');
  expect(await pinData(page)).toEqual({});
  await still(page, 'pin-07-too-large');
  await closeToasts(page);

  // Valid: pinned, edit mode ends, the output shows it.
  await paste(page, '[{"name": "Ada", "year": 1815}, {"name": "Grace", "year": 1906}]');
  await page.getByTestId('ndv-pin-save').click();
  await expect(page.getByTestId('ndv-pin-editor')).toHaveCount(0);
  await expect(page.getByTestId('ndv-pinned-banner')).toBeVisible();
  await expect(page.getByTestId('ndv-output').getByTestId('data-table')).toContainText('Grace');
  expect(await pinData(page)).toEqual({ Set: [{ json: { name: 'Ada', year: 1815 } }, { json: { name: 'Grace', year: 1906 } }] });
  await still(page, 'pin-08-edited-pinned');

  // Editing pinned data starts from the pinned items.
  await page.getByTestId('ndv-edit-output').click();
  await expect(shown(page)).toContainText('Grace');
  await page.getByTestId('ndv-pin-cancel').click();
});

test('closing while editing asks to save: valid data is pinned, invalid keeps the view open', async ({ page }) => {
  test.setTimeout(150_000);
  await openNew(page, workflow('Close while editing'));
  await openNdv(page, 'Set');
  // No run yet: 'set mock data' starts the editor with n8n's two sample items.
  await page.getByTestId('ndv-set-mock-data').click();
  await expect(shown(page)).toContainText(/First\s+item/);

  // Invalid JSON, close, Save: the error, the view stays open in edit mode.
  await paste(page, '[{"a": 1},]');
  await page.getByTestId('ndv-close').click();
  const ask = page.getByTestId('ndv-pin-before-closing');
  await expect(ask).toContainText('Save output changes before closing?');
  await still(page, 'pin-09-before-closing');
  await page.getByTestId('ndv-pin-before-closing-confirm').click();
  await expect(toast(page, 'Problem with output data')).toContainText('On line 1:');
  await expect(page.getByTestId('ndv')).toBeVisible();
  await expect(page.getByTestId('ndv-pin-editor')).toBeVisible();
  expect(await pinData(page)).toEqual({});
  await closeToasts(page);

  // Escape while editing asks too; Discard closes without pinning.
  await editor(page).click();
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await page.getByTestId('ndv-pin-before-closing-cancel').click();
  await expect(page.getByTestId('ndv')).toBeHidden();
  expect(await pinData(page)).toEqual({});

  // Valid, close, Save: pinned and closed.
  await openNdv(page, 'Set');
  await page.getByTestId('ndv-edit-output').click();
  await paste(page, '[{"code": 7}]');
  await page.getByTestId('ndv-close').click();
  await page.getByTestId('ndv-pin-before-closing-confirm').click();
  await expect(page.getByTestId('ndv')).toBeHidden();
  expect(await pinData(page)).toEqual({ Set: [{ json: { code: 7 } }] });
  await expect(node(page, 'Set')).toHaveAttribute('aria-label', 'Set, pinned data, 1 item');
});

test('executing a pinned node asks to unpin; pinned data survives save and reload; pinned nodes report no issues', async ({ page }) => {
  test.setTimeout(150_000);
  const wf = workflow('Execute pinned');
  // An HTTP Request without a URL has an issue unless it is pinned (spec 001 §4.1).
  wf.nodes.push(n('Fetch', 'n8n-nodes-base.httpRequest', [460, 500], {}, 4.2));
  const id = await openNew(page, { ...wf, pinData: { Set: [{ json: { pinned: 'yes' } }], Fetch: [{ json: { ok: true } }] } });
  expect(await pinData(page)).toEqual({ Set: [{ json: { pinned: 'yes' } }], Fetch: [{ json: { ok: true } }] });
  await expect(node(page, 'Set')).toHaveAttribute('aria-label', 'Set, pinned data, 1 item');
  await expect(node(page, 'Fetch')).toHaveAttribute('aria-label', 'Fetch, pinned data, 1 item');

  await openNdv(page, 'Set');
  await expect(page.getByTestId('ndv-pinned-banner')).toBeVisible();
  await expect(page.getByTestId('ndv-output').getByTestId('data-table')).toContainText('yes');
  await page.getByTestId('ndv-execute-node').click();
  const ask = page.getByTestId('ndv-unpin-and-execute');
  await expect(ask).toContainText('Unpin output data?');
  await expect(ask).toContainText('Testing a node overwrites pinned data.');
  await still(page, 'pin-10-unpin-and-execute');
  await page.getByTestId('ndv-unpin-and-execute-cancel').click();
  await expect(ask).toBeHidden();
  expect(Object.keys(await pinData(page)).sort()).toEqual(['Fetch', 'Set']);

  await page.getByTestId('ndv-execute-node').click();
  await page.getByTestId('ndv-unpin-and-execute-confirm').click();
  await expect(page.getByTestId('ndv-pinned-banner')).toHaveCount(0);
  await expect(page.getByTestId('ndv-output').getByTestId('data-table')).toContainText('hello');
  expect(Object.keys(await pinData(page))).toEqual(['Fetch']);
  // Undo brings the pin back (the run stays).
  await closeNdv(page);
  await clickEmpty(page);
  await page.keyboard.press('Control+z');
  await expect(node(page, 'Set')).toHaveAttribute('aria-label', 'Set, pinned data, 1 item');

  // Unpinning Fetch shows its issue.
  await openNdv(page, 'Fetch');
  await page.getByTestId('ndv-unpin').click();
  await closeNdv(page);
  await expect(node(page, 'Fetch')).toHaveAttribute('aria-label', 'Fetch, has issues');
  await clickEmpty(page);
  await page.keyboard.press('Control+z');
  await expect(node(page, 'Fetch')).toHaveAttribute('aria-label', 'Fetch, pinned data, 1 item');

  // Save and reload: the pins are stored.
  await page.keyboard.press('Control+s');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __switchyard: { workflow: { dirty: boolean } } }).__switchyard.workflow.dirty)).toBe(false);
  const stored = await (await page.request.get(`${baseUrl()}rest/workflows/${id}`)).json();
  expect(stored.data.pinData).toEqual({ Set: [{ json: { pinned: 'yes' } }], Fetch: [{ json: { ok: true } }] });
  await page.reload();
  await expect(node(page, 'Set')).toHaveAttribute('aria-label', 'Set, pinned data, 1 item');
  await openNdv(page, 'Set');
  await expect(page.getByTestId('ndv-pinned-banner')).toBeVisible();
  await expect(page.getByTestId('ndv-output').getByTestId('data-table')).toContainText('yes');
});

test('a past execution (read-only) shows pinned data without pin, unpin or edit output', async ({ page }) => {
  test.setTimeout(150_000);
  await openNew(page, { ...workflow('Read-only pins'), pinData: { Set: [{ json: { pinned: 'yes' } }] } });
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  const executionId = await page.evaluate(() => (window as unknown as { __switchyard: { workflow: { executionId?: string } } }).__switchyard.workflow.executionId);
  expect(executionId).toBeTruthy();
  await page.goto(`${baseUrl()}execution/${executionId}`);
  await expect(node(page, 'Set')).toBeVisible();
  await canvasIdle(page);
  await openNdv(page, 'Set');
  await expect(page.getByTestId('ndv-output').getByTestId('data-table')).toContainText('yes');
  await expect(page.getByTestId('ndv-pin-data')).toHaveCount(0);
  await expect(page.getByTestId('ndv-edit-output')).toHaveCount(0);
  await expect(page.getByTestId('ndv-unpin')).toHaveCount(0);
  await still(page, 'pin-11-read-only');
});

/** A pointer drag as a user makes it: press, move in steps over the target, (caller releases). */
async function dragTo(page: Page, from: import('@playwright/test').Locator, to: import('@playwright/test').Locator): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const [fx, fy, tx, ty] = [a.x + a.width / 2, a.y + a.height / 2, b.x + b.width / 2, b.y + b.height / 2];
  await page.mouse.move(fx, fy);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(fx + ((tx - fx) * i) / 10, fy + ((ty - fy) * i) / 10);
  await page.mouse.move(tx, ty);
}

test('a pinned parent that has not run (or ran before) is the next node\'s input: shown, mapped, previewed', async ({ page }) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const PINNED = [{ json: { greeting: 'pinned hi', n: 1 } }, { json: { greeting: 'pinned two', n: 2 } }];
  await openNew(page, {
    name: `Pinned parent ${Date.now()}`,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      n('Set', TYPES.set, [460, 300], { assignments: { assignments: [{ id: '1', name: 'greeting', value: 'hello', type: 'string' }] }, options: {} }, 3.4),
      n('After', 'n8n-nodes-base.markdown', [680, 300], { mode: 'markdownToHtml', markdown: 'plain text', destinationKey: 'data', options: {} }),
    ],
    connections: links([
      ['Trigger', 'Set'],
      ['Set', 'After'],
    ]),
    pinData: { Set: PINNED },
  });
  // Nothing has run: Set's pinned items are After's input, not 'No input data yet'.
  await openNdv(page, 'After');
  const input = page.getByTestId('ndv-input');
  await expect(input.getByTestId('ndv-input-parent')).toHaveValue('Set');
  await expect(input.getByTestId('data-table')).toContainText('pinned hi');
  await expect(input.getByTestId('data-table')).toContainText('pinned two');
  await expect(input).not.toContainText('No input data yet');
  // Pinned data is not a run: no start or execution time.
  await expect(input.getByTitle('Start time')).toHaveCount(0);
  await still(page, 'pin-20-pinned-parent-input');

  // Mapping from it: the column becomes an expression whose preview reads the pinned item.
  const field = page.getByTestId('parameter-markdown');
  await dragTo(page, input.getByTestId('data-table-column').filter({ hasText: /^greeting$/ }), field.getByTestId('parameter-input-markdown'));
  await page.mouse.up();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __switchyard: { workflow: { nodeByName(x: string): { parameters: Record<string, unknown> } } } }).__switchyard.workflow.nodeByName('After').parameters.markdown))
    .toBe('={{ $json.greeting }}');
  await field.getByTestId('parameter-input-markdown').click();
  await expect(field.getByTestId('expression-result')).toHaveText('pinned hi');
  await still(page, 'pin-21-mapped-from-pinned-parent');

  // An older run of Set (before it was pinned) does not replace the pinned items.
  await page.evaluate(() => {
    const run = { startTime: Date.now() - 60_000, executionTime: 1, source: [], data: { main: [[{ json: { greeting: 'from an old run' } }]] } };
    (window as unknown as { __switchyard: { workflow: { setRunData(r: unknown): void } } }).__switchyard.workflow.setRunData({ Set: [run] });
  });
  await expect(input.getByTestId('data-table')).toContainText('pinned hi');
  await expect(input.getByTestId('data-table')).not.toContainText('from an old run');
  await expect(field.getByTestId('expression-result')).toHaveText('pinned hi');
  expect(errors).toEqual([]);
});

test('a pinned node that ran says parameter changes do not affect its pinned output', async ({ page }) => {
  test.setTimeout(150_000);
  await openNew(page, { ...workflow(`Pinned note ${Date.now()}`), pinData: { Set: [{ json: { greeting: 'pinned' } }] } });
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  await closeToasts(page);
  await openNdv(page, 'Set');
  await expect(page.getByTestId('ndv-pinned-banner')).toContainText(BANNER);
  await expect(page.getByTestId('ndv-output-pinned-stale')).toHaveCount(0);
  await page.getByTestId('assignment-value-0').fill('hello again');
  await expect(page.getByTestId('ndv-output-pinned-stale')).toHaveText('Node parameter changes will not affect pinned output data.');
  // Not n8n's regular stale notice: the output is the pinned data, unchanged.
  await expect(page.getByTestId('ndv-output-stale')).toHaveCount(0);
  await expect(page.getByTestId('ndv-output').getByTestId('data-table')).toContainText('pinned');
  await still(page, 'pin-22-pinned-parameters-changed');
  // Unpinned, the run's output is stale in the usual way.
  await page.getByTestId('ndv-unpin').click();
  await expect(page.getByTestId('ndv-output-pinned-stale')).toHaveCount(0);
  await expect(page.getByTestId('ndv-output-stale')).toBeVisible();
});
