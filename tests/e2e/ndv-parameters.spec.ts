// The parameter editor in the node details view (issue 11 "Parameters", spec 001 §4.2, §5, §7)
// against the real server: remote options with their loading / loaded / loaded-with-issue states
// (Switch's fallback output, Merge's inputs), reloads when a depended-on parameter changes, the
// Execute Workflow node's workflow picker (list mode searching the server, By ID, By URL), and
// the rules of the input types on real nodes: number min / max / precision, the date shortcuts,
// multiOptions, sortable fixedCollections, multipleValueButtonText, notice, hidden, password,
// rows and placeholders. Screenshots of each state go to test-results/editing/params-*.png.
import { expect, test, type Page, type Route } from '@playwright/test';
import { TYPES, baseUrl, closeNdv, links, n, openNdv, openNew, shot } from './editing-helpers.ts';

test.use({ actionTimeout: 15_000 });

const ISSUE_PREFIX = 'There was a problem loading the parameter options from server: "';

function params(page: Page, name: string): Promise<Record<string, unknown>> {
  return page.evaluate(
    (nodeName) => {
      const wf = (window as unknown as { __switchyard: { workflow: { nodeByName(n: string): { parameters: unknown } | undefined } } }).__switchyard.workflow;
      return JSON.parse(JSON.stringify(wf.nodeByName(nodeName)!.parameters));
    },
    name,
  );
}

const optionTexts = (page: Page, path: string) => page.getByTestId(`parameter-input-${path}`).locator('option').allTextContents();

function rule(outputKey: string, leftValue: unknown = '') {
  return {
    conditions: {
      options: { caseSensitive: true, leftValue: '', typeValidation: 'strict' },
      conditions: [{ id: crypto.randomUUID(), leftValue, rightValue: 'paid', operator: { type: 'string', operation: 'equals' } }],
      combinator: 'and',
    },
    renameOutput: true,
    outputKey,
  };
}

test('remote options: loading with the input disabled, loaded, reloaded once after typing, and the server’s issue', async ({ page }) => {
  test.setTimeout(150_000);
  let deep: unknown = 'x';
  for (let i = 0; i < 70; i++) deep = { d: deep };
  await openNew(page, {
    name: `Remote options ${Date.now()}`,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      n('Switch', 'n8n-nodes-base.switch', [460, 300], { mode: 'rules', rules: { values: [rule('Paid')] }, options: { fallbackOutput: 'none' } }, 3.2),
      // Its rule holds a value nested 70 levels deep: the server refuses to compute options for it.
      n('Deep Switch', 'n8n-nodes-base.switch', [460, 500], { mode: 'rules', rules: { values: [rule('Deep', deep)] }, options: { fallbackOutput: 'none' } }, 3.2),
    ],
    connections: links([
      ['Trigger', 'Switch'],
      ['Trigger', 'Deep Switch'],
    ]),
  });

  // Hold the server's answer to see the loading state (the answer itself is the real one).
  const requests: string[] = [];
  let release!: () => void;
  let released = false;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/rest/node-parameter-options?**', async (route: Route) => {
    requests.push(route.request().url());
    if (!released) await held;
    // A request the editor gave up on (aborted) is gone by then.
    await route.continue().catch(() => undefined);
  });

  await openNdv(page, 'Switch');
  const select = page.getByTestId('parameter-input-options.fallbackOutput');
  await expect(select).toHaveAttribute('data-options-state', 'loading');
  await expect(select).toBeDisabled();
  await expect(select).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('remote-options-loading-options.fallbackOutput')).toHaveText('Loading options…');
  await page.getByTestId('parameter-options.fallbackOutput').scrollIntoViewIfNeeded();
  await shot(page, 'params-01-remote-loading');

  const onOpen = requests.length;
  released = true;
  release();
  await expect(select).toHaveAttribute('data-options-state', 'loaded');
  // The panel asks when it opens, and again when the rules' filter completes its options (their
  // version) a moment later: a depended-on value changed, the first answer is given up.
  expect(onOpen, requests.map((u) => decodeURIComponent(u)).join('\n')).toBeLessThanOrEqual(2);
  await expect(select).toBeEnabled();
  expect(await optionTexts(page, 'options.fallbackOutput')).toEqual(['None (default)', 'Extra Output', 'Output Paid']);
  await expect(select.locator('option:checked')).toHaveText('None (default)');
  expect(new URL(requests[0]!).searchParams.get('methodName')).toBe('getFallbackOutputOptions');
  await page.getByTestId('parameter-options.fallbackOutput').scrollIntoViewIfNeeded();
  await shot(page, 'params-02-remote-loaded');

  // Typing a new output name reloads the options once, after the typing pauses.
  const key = page.getByTestId('parameter-input-rules.values[0].outputKey');
  await key.fill('');
  await key.pressSequentially('Unpaid', { delay: 40 });
  await expect.poll(() => optionTexts(page, 'options.fallbackOutput')).toEqual(['None (default)', 'Extra Output', 'Output Unpaid']);
  await page.waitForTimeout(800);
  expect(requests.length).toBeLessThanOrEqual(3);
  expect(JSON.parse(new URL(requests.at(-1)!).searchParams.get('currentNodeParameters')!).rules.values[0].outputKey).toBe('Unpaid');

  // Choosing from the loaded options stores the value; the Extra Output shows its rename field.
  await select.selectOption({ label: 'Extra Output' });
  expect(((await params(page, 'Switch')).options as Record<string, unknown>).fallbackOutput).toBe('extra');
  await page.getByTestId('collection-add-options').selectOption({ label: 'Rename Fallback Output' });
  await expect(page.getByTestId('parameter-input-options.renameFallbackOutput')).toHaveAttribute('placeholder', 'e.g. Fallback');
  await closeNdv(page);

  // Loaded with an issue: the server's refusal, in the spec's words, under the input.
  await openNdv(page, 'Deep Switch');
  const deepSelect = page.getByTestId('parameter-input-options.fallbackOutput');
  await expect(deepSelect).toHaveAttribute('data-options-state', 'issue');
  const issue = page.getByTestId('remote-options-issue-options.fallbackOutput');
  await expect(issue).toContainText(`${ISSUE_PREFIX}query/currentNodeParameters is nested more than 64 levels deep"`);
  await expect(deepSelect).toBeEnabled();
  await page.getByTestId('parameter-options.fallbackOutput').scrollIntoViewIfNeeded();
  await shot(page, 'params-03-remote-issue');
  // Retry asks again (and is refused again: the parameters did not change).
  const before = requests.length;
  await issue.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => requests.length).toBe(before + 1);
  await expect(issue).toBeVisible();
  await closeNdv(page);
  await page.unroute('**/rest/node-parameter-options?**');
});

test("Merge: 'Use Data of Input' follows the number of inputs", async ({ page }) => {
  await openNew(page, {
    name: `Merge inputs ${Date.now()}`,
    nodes: [n('Trigger', TYPES.trigger, [240, 300]), n('Merge', 'n8n-nodes-base.merge', [460, 300], { mode: 'chooseBranch', numberInputs: 3 }, 3)],
    connections: links([['Trigger', 'Merge']]),
  });
  await openNdv(page, 'Merge');
  const use = page.getByTestId('parameter-input-useDataOfInput');
  await expect(use).toHaveAttribute('data-options-state', 'loaded');
  expect(await optionTexts(page, 'useDataOfInput')).toEqual(['1', '2', '3']);
  await page.getByTestId('parameter-input-numberInputs').selectOption({ label: '5' });
  await expect.poll(() => optionTexts(page, 'useDataOfInput')).toEqual(['1', '2', '3', '4', '5']);
  await use.selectOption({ label: '4' });
  expect((await params(page, 'Merge')).useDataOfInput).toBe(4);
  await shot(page, 'params-04-merge-inputs');
  await closeNdv(page);
});

test('Execute Workflow: the workflow picker lists and searches this user’s workflows; By ID and By URL', async ({ page }) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const made: Record<string, string> = {};
  for (const name of [`Invoices ${tag}`, `Reports ${tag}`]) {
    const res = await page.request.post(`${baseUrl()}rest/workflows`, { data: { name, nodes: [n('Start', 'n8n-nodes-base.executeWorkflowTrigger', [240, 300], {}, 1)], connections: {}, settings: {} } });
    expect(res.status()).toBe(200);
    made[name] = (await res.json()).data.id;
  }
  await openNew(page, {
    name: `Caller ${tag}`,
    nodes: [n('Trigger', TYPES.trigger, [240, 300]), n('Execute Workflow', 'n8n-nodes-base.executeWorkflow', [460, 300], { source: 'database', workflowId: '' }, 1.3)],
    connections: links([['Trigger', 'Execute Workflow']]),
  });
  await openNdv(page, 'Execute Workflow');
  // The hidden 'operation' parameter never shows; Workflow Inputs wait for a chosen workflow.
  await expect(page.getByTestId('parameter-operation')).toHaveCount(0);
  await expect(page.getByTestId('parameter-workflowInputs')).toHaveCount(0);
  await expect(page.getByTestId('rl-mode-workflowId')).toHaveValue('list');
  await expect(page.getByTestId('rl-list-toggle-workflowId')).toHaveText('Select a workflow…');
  await shot(page, 'params-05-locator-empty');

  await page.getByTestId('rl-list-toggle-workflowId').click();
  const results = page.getByTestId('rl-dropdown-workflowId').getByRole('option');
  await expect(results.filter({ hasText: `Invoices ${tag}` })).toHaveCount(1);
  await expect(results.filter({ hasText: `Reports ${tag}` })).toHaveCount(1);
  await shot(page, 'params-06-locator-list');
  await page.getByTestId('rl-search-workflowId').fill(`invoices ${tag}`);
  await expect(results).toHaveText([`Invoices ${tag}`]);
  await shot(page, 'params-07-locator-search');
  await page.getByTestId('rl-search-workflowId').fill(`nothing like ${tag}`);
  await expect(page.getByTestId('rl-dropdown-workflowId')).toContainText(`Nothing found for “nothing like ${tag}”`);
  // The keyboard: arrows from the search into the results, Enter chooses, Escape closes.
  await page.getByTestId('rl-search-workflowId').fill(`reports ${tag}`);
  await expect(results).toHaveText([`Reports ${tag}`]);
  await page.keyboard.press('ArrowDown');
  await expect(results.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('rl-list-toggle-workflowId')).toHaveText(`Reports ${tag}`);
  await expect(page.getByTestId('rl-dropdown-workflowId')).toHaveCount(0);
  await page.getByTestId('rl-list-toggle-workflowId').click();
  await expect(page.getByTestId('rl-search-workflowId')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('rl-dropdown-workflowId')).toHaveCount(0);
  await expect(page.getByTestId('ndv')).toBeVisible();
  // A click elsewhere closes it too.
  await page.getByTestId('rl-list-toggle-workflowId').click();
  await page.getByTestId('parameter-mode').click();
  await expect(page.getByTestId('rl-dropdown-workflowId')).toHaveCount(0);

  await page.getByTestId('rl-list-toggle-workflowId').click();
  await page.getByTestId('rl-search-workflowId').fill(`invoices ${tag}`);
  await results.filter({ hasText: `Invoices ${tag}` }).click();
  await expect(page.getByTestId('rl-list-toggle-workflowId')).toHaveText(`Invoices ${tag}`);
  const id = made[`Invoices ${tag}`]!;
  expect((await params(page, 'Execute Workflow')).workflowId).toEqual({ __rl: true, mode: 'list', value: id, cachedResultName: `Invoices ${tag}`, cachedResultUrl: `/workflow/${id}` });
  await expect(page.getByTestId('parameter-workflowInputs')).toHaveCount(1);
  await shot(page, 'params-08-locator-chosen');

  // By ID keeps the chosen id; By URL starts empty and checks what is typed.
  await page.getByTestId('rl-mode-workflowId').selectOption('id');
  await expect(page.getByTestId('rl-value-workflowId')).toHaveValue(id);
  await page.getByTestId('rl-mode-workflowId').selectOption('url');
  await expect(page.getByTestId('rl-value-workflowId')).toHaveValue('');
  await page.getByTestId('rl-value-workflowId').fill('http://localhost:5678/');
  await expect(page.getByTestId('parameter-workflowId')).toContainText('Not a workflow URL');
  await shot(page, 'params-09-locator-url-invalid');
  await page.getByTestId('rl-value-workflowId').fill(`${baseUrl()}workflow/${id}`);
  await expect(page.getByTestId('parameter-workflowId')).not.toContainText('Not a workflow URL');
  expect((await params(page, 'Execute Workflow')).workflowId).toEqual({ __rl: true, mode: 'url', value: `${baseUrl()}workflow/${id}` });

  // Expression: the locator keeps its mode and its value becomes the expression; Fixed takes it back.
  await page.getByTestId('parameter-expression-workflowId').click();
  await expect.poll(async () => (await params(page, 'Execute Workflow')).workflowId).toEqual({ __rl: true, mode: 'url', value: `=${baseUrl()}workflow/${id}` });
  await expect(page.getByTestId('rl-mode-workflowId')).toHaveValue('url');
  await expect(page.getByTestId('rl-value-workflowId')).toHaveCount(0);
  await shot(page, 'params-09b-locator-expression');
  await page.getByTestId('parameter-workflowId').getByRole('button', { name: 'Fixed' }).click();
  await expect.poll(async () => (await params(page, 'Execute Workflow')).workflowId).toEqual({ __rl: true, mode: 'url', value: `${baseUrl()}workflow/${id}` });
  await expect(page.getByTestId('rl-value-workflowId')).toHaveValue(`${baseUrl()}workflow/${id}`);
  await closeNdv(page);
});

test('input types and their rules on real nodes', async ({ page }) => {
  test.setTimeout(180_000);
  await openNew(page, {
    name: `Parameter types ${Date.now()}`,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      n('Wait', 'n8n-nodes-base.wait', [460, 300], { resume: 'timeInterval', amount: 1, unit: 'hours' }, 1.1),
      n('Wait Until', 'n8n-nodes-base.wait', [460, 500], { resume: 'specificTime' }, 1.1),
      n('Webhook', 'n8n-nodes-base.webhook', [240, 700], { path: 'params-e2e', multipleMethods: true, httpMethod: ['GET', 'POST'] }, 2),
      n('Switch', 'n8n-nodes-base.switch', [680, 300], { mode: 'rules', rules: { values: [rule('First'), rule('Second')] } }, 3.2),
      n('Cron', 'n8n-nodes-base.cron', [240, 900], {}, 1),
      n('Crypto', 'n8n-nodes-base.crypto', [680, 500], { action: 'hmac' }, 1),
      n('Email', 'n8n-nodes-base.emailSend', [680, 700], {}, 1),
    ],
    connections: links([
      ['Trigger', 'Wait'],
      ['Trigger', 'Wait Until'],
      ['Wait', 'Switch'],
      ['Trigger', 'Crypto'],
      ['Trigger', 'Email'],
    ]),
  });

  // number: min 0, two decimals; an invalid entry is explained and not stored.
  await openNdv(page, 'Wait');
  const amount = page.getByTestId('parameter-input-amount');
  await amount.fill('-1');
  await expect(page.getByTestId('parameter-amount')).toContainText('Must be at least 0');
  await shot(page, 'params-10-number-min');
  await amount.fill('1.234');
  await expect(page.getByTestId('parameter-amount')).toContainText('At most 2 decimal places');
  expect((await params(page, 'Wait')).amount).toBe(1);
  await amount.fill('2.5');
  await expect(page.getByTestId('parameter-amount')).not.toContainText('decimal places');
  expect((await params(page, 'Wait')).amount).toBe(2.5);
  await closeNdv(page);

  // dateTime: the shortcuts Today, Yesterday, A week ago.
  await openNdv(page, 'Wait Until');
  const shortcuts = page.getByTestId('parameter-dateTime').getByRole('group', { name: 'Date shortcuts' }).getByRole('button');
  await expect(shortcuts).toHaveText(['Today', 'Yesterday', 'A week ago']);
  await shortcuts.filter({ hasText: 'Yesterday' }).click();
  const expected = await page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() - 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  const stored = (await params(page, 'Wait Until')).dateTime as string;
  expect(stored).toMatch(new RegExp(`^${expected}T\\d{2}:\\d{2}:\\d{2}$`));
  await expect(page.getByTestId('parameter-input-dateTime')).toHaveValue(stored);
  await shot(page, 'params-11-datetime-shortcuts');
  await closeNdv(page);

  // multiOptions: a checkbox per method, the value a list.
  await openNdv(page, 'Webhook');
  const methods = page.getByTestId('parameter-input-httpMethod');
  await expect(methods.getByRole('checkbox', { name: 'GET' })).toBeChecked();
  await methods.getByText('PUT', { exact: true }).click();
  expect((await params(page, 'Webhook')).httpMethod).toEqual(['GET', 'POST', 'PUT']);
  await methods.scrollIntoViewIfNeeded();
  await shot(page, 'params-12-multioptions');
  await closeNdv(page);

  // fixedCollection, sortable: rules move up and down (their order is the outputs' order).
  await openNdv(page, 'Switch');
  await expect(page.getByTestId('fixed-collection-up-rules.values[0]')).toBeDisabled();
  await page.getByTestId('fixed-collection-down-rules.values[0]').click();
  const order = ((await params(page, 'Switch')).rules as { values: Array<{ outputKey: string }> }).values.map((r) => r.outputKey);
  expect(order).toEqual(['Second', 'First']);
  await expect(page.getByTestId('parameter-input-rules.values[0].outputKey')).toHaveValue('Second');
  await page.getByTestId('fixed-collection-entry-rules.values[1]').scrollIntoViewIfNeeded();
  await shot(page, 'params-13-sortable');
  await closeNdv(page);

  // multipleValueButtonText and a notice.
  await openNdv(page, 'Cron');
  await expect(page.getByTestId('ndv-parameters').getByRole('note')).toContainText('This workflow will run on the schedule you define here');
  await page.getByTestId('fixed-collection-add-triggerTimes').click();
  await expect(page.getByTestId('fixed-collection-add-triggerTimes')).toHaveText('Add Time');
  await shot(page, 'params-14-button-text-notice');
  await closeNdv(page);

  // password hides its text.
  await openNdv(page, 'Crypto');
  await expect(page.getByTestId('parameter-input-secret')).toHaveAttribute('type', 'password');
  await page.getByTestId('parameter-input-secret').fill('s3cret');
  expect((await params(page, 'Crypto')).secret).toBe('s3cret');
  await shot(page, 'params-15-password');
  await closeNdv(page);

  // rows: a text area of that many rows.
  await openNdv(page, 'Email');
  await expect(page.getByTestId('parameter-input-text')).toHaveAttribute('rows', '5');
  await shot(page, 'params-16-rows');

  // color (the Settings tab's Node Color, without alpha): rgb(…) is stored as #rrggbb; the
  // picker and the swatch follow; what is not a colour is said and not stored.
  await page.getByTestId('ndv-tab-settings').click();
  const colorText = page.getByTestId('color-text-color');
  await colorText.fill('rgb(16, 32, 48)');
  await colorText.press('Enter');
  await expect(colorText).toHaveValue('#102030');
  await expect(page.getByTestId('color-picker-color')).toHaveValue('#102030');
  const color = () => page.evaluate(() => (window as unknown as { __switchyard: { workflow: { nodeByName(n: string): { settings: { color?: string } } } } }).__switchyard.workflow.nodeByName('Email').settings.color);
  expect(await color()).toBe('#102030');
  await colorText.fill('not a colour');
  await expect(page.getByTestId('color-text-color')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Not a colour: use #rrggbb or rgb(r, g, b)')).toBeVisible();
  await colorText.scrollIntoViewIfNeeded();
  await shot(page, 'params-17-color');
  await colorText.blur();
  expect(await color()).toBe('#102030');
  await closeNdv(page);
});
