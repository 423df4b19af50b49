// Code and JSON parameters in monaco (issue 11), against the real server: the editor bundle is
// loaded only when a code parameter opens (none of it in the main bundle), the Code node's
// JavaScript with n8n's completions ($input members, $json fields of the real input, node names
// in $('…')) and syntax errors as inline markers, a JSON parameter (HTTP Request body) with JSON
// highlighting and its parse error marked, Python shown as Python.
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

async function closeNdv(page: Page): Promise<void> {
  await page.getByTestId('ndv-close').click();
  await expect(page.getByTestId('ndv')).toHaveCount(0);
}

test('Code node in monaco: completions from the real input, syntax errors marked; JSON body; Python', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const monacoRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/assets/monaco/')) monacoRequests.push(r.url());
  });
  await openNew(page, {
    name: `Code editors ${Date.now()}`,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      n('Customers', TYPES.noOp, [460, 300]),
      n('Code', 'n8n-nodes-base.code', [680, 300], { jsCode: 'return $input.all();' }, 2),
      n('Python', 'n8n-nodes-base.code', [680, 480], { language: 'python', pythonCode: 'return _input.all()' }, 2),
      n('Legacy', 'n8n-nodes-base.function', [460, 480], { functionCode: 'return items;' }),
      n('Request', 'n8n-nodes-base.httpRequest', [900, 300], { url: 'http://127.0.0.1:9/', sendBody: true, contentType: 'json', specifyBody: 'json', jsonBody: '{\n  "id": 1\n}', options: {} }, 4.2),
    ],
    connections: links([
      ['Trigger', 'Customers'],
      ['Customers', 'Code'],
      ['Customers', 'Python'],
      ['Code', 'Request'],
    ]),
    pinData: { Customers: [{ json: { customerId: 7, email: 'ada@example.com', plan: { tier: 'pro' } } }] },
  });
  // The main bundle carries none of monaco: nothing of it is fetched before a code parameter opens.
  expect(monacoRequests).toEqual([]);
  const mainJs = await page.evaluate(async () => {
    const src = [...document.querySelectorAll('script[src]')].map((s) => (s as HTMLScriptElement).src).find((s) => /main\.js/.test(s))!;
    return (await fetch(src)).text();
  });
  // (The '.monaco-editor' class name appears in the main bundle's keyboard routing; its code does not.)
  expect(mainJs).not.toContain('MonacoEnvironment');
  expect(mainJs).not.toContain('registerCompletionItemProvider');

  await openNdv(page, 'Code');
  const code = page.getByTestId('parameter-input-jsCode');
  await expect(code).toHaveAttribute('data-state', 'ready');
  await expect(code).toHaveAttribute('data-language', 'javascript');
  expect(monacoRequests.some((u) => u.endsWith('code-editor.js'))).toBe(true);
  const lines = code.locator('.monaco-editor .view-lines');
  await expect(lines).toContainText('return $input.all();');

  // Completions: $input members.
  await code.locator('.monaco-editor').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('const first = $input.');
  const suggest = page.locator('.suggest-widget.visible');
  await expect(suggest).toBeVisible();
  await expect(suggest.locator('.monaco-list-row')).toContainText(['item', 'all()', 'first()', 'last()']);
  await shot(page, 'code-01-completions-input');
  await page.keyboard.type('fir');
  await page.keyboard.press('Enter');
  await page.keyboard.type(';\nconst mail = $json.');
  await expect(suggest).toBeVisible();
  // Fields of the real input item (Customers' pinned data).
  await expect(suggest.locator('.monaco-list-row')).toContainText(['customerId', 'email', 'plan']);
  await shot(page, 'code-02-completions-json-fields');
  await page.keyboard.type('ema');
  await page.keyboard.press('Enter');
  await page.keyboard.type(";\nconst other = $('");
  await expect(suggest).toBeVisible();
  await expect(suggest.locator('.monaco-list-row')).toContainText(['Customers', 'Trigger']);
  await page.keyboard.press('Escape');
  await page.keyboard.type("Customers').first().json;\nreturn [{ json: { mail } }];");
  await expect
    .poll(() => param(page, 'Code', 'jsCode'))
    .toBe("const first = $input.first();\nconst mail = $json.email;\nconst other = $('Customers').first().json;\nreturn [{ json: { mail } }];");
  await expect(code.getByTestId('code-lint-error')).toHaveCount(0);

  // A syntax error: marked in the editor and said under it.
  await page.keyboard.type('\nconst = 1;');
  await expect(code.getByTestId('code-lint-error')).toHaveText(/^Syntax error: Unexpected token \(line 5, column 7\)$/);
  await expect(code.locator('.squiggly-error')).toHaveCount(1);
  await shot(page, 'code-03-syntax-error-marker');
  // Hovering the marker shows its message.
  const mark = (await code.locator('.squiggly-error').boundingBox())!;
  await page.mouse.move(mark.x + 2, mark.y + mark.height / 2);
  await page.mouse.move(mark.x + mark.width / 2, mark.y + mark.height / 2, { steps: 4 });
  await expect(page.locator('.monaco-hover').filter({ hasText: 'Unexpected token' })).toBeVisible();
  await shot(page, 'code-04-syntax-error-hover');
  // Removing the line removes the error.
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+End');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Backspace');
  await expect(code.getByTestId('code-lint-error')).toHaveCount(0);
  await expect(code.locator('.squiggly-error')).toHaveCount(0);
  await closeNdv(page);

  // A JSON parameter: the HTTP Request body.
  await openNdv(page, 'Request');
  const body = page.getByTestId('parameter-input-jsonBody');
  await expect(body).toHaveAttribute('data-state', 'ready');
  await expect(body).toHaveAttribute('data-language', 'json');
  await expect(body.locator('.view-lines')).toContainText('"id": 1');
  await body.locator('.monaco-editor').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  await page.keyboard.type(",\n\"name\": 'x'");
  await expect(body.getByTestId('code-lint-error')).toContainText('Invalid JSON:');
  await expect(body.getByTestId('code-lint-error')).toContainText('(line 3, column');
  await expect(body.locator('.squiggly-error')).toHaveCount(1);
  await shot(page, 'code-05-json-error-marker');
  expect(await param(page, 'Request', 'jsonBody')).toContain("\"name\": 'x'");
  await closeNdv(page);

  // Python code shows as Python.
  await openNdv(page, 'Python');
  const py = page.getByTestId('parameter-input-pythonCode');
  await expect(py).toHaveAttribute('data-state', 'ready');
  await expect(py).toHaveAttribute('data-language', 'python');
  await expect(py.locator('.view-lines')).toContainText('return _input.all()');
  // Highlighted as Python: 'return' is a keyword token, not plain text (mtk1).
  await expect(py.locator('.view-line span span').filter({ hasText: /^return$/ })).not.toHaveClass(/\bmtk1\b/);
  await shot(page, 'code-06-python');
  await closeNdv(page);

  // The legacy Function node's code is JavaScript in monaco too, checked the same way.
  await openNdv(page, 'Legacy');
  const legacy = page.getByTestId('parameter-input-functionCode');
  await expect(legacy).toHaveAttribute('data-state', 'ready');
  await expect(legacy).toHaveAttribute('data-language', 'javascript');
  await expect(legacy.locator('.view-lines')).toContainText('return items;');
  await legacy.locator('.monaco-editor').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' )');
  await expect(legacy.getByTestId('code-lint-error')).toHaveText(/^Syntax error: Unexpected token \(line 1, column 15\)$/);
  expect(errors).toEqual([]);
});

// Trial findings (issue 11): a syntax error reads the same in the editor, the run error, its stack
// and the banner above the parameters (same text, line and column); the editor grows with its
// wrapped lines up to a maximum, and the error sits above it, in view.
const DEEP = "'deep' } } } } } } } } } }";
const BROKEN = [
  'const out = [];',
  'for (let i = 0; i < 30; i++) {',
  `  out.push({ json: { name: 'person ' + i, age: 20 + i, address: { city: i % 2 ? 'London' : 'Paris', zip: '10' + i }, 'first name': 'P' + i, tags: ['a', 'b'], deep: { a: { b: { c: { d: { e: { f: { g: { h: { i: { j: { k: ${DEEP} } });`,
  '}',
  'return out;',
].join('\n');
const LONG = Array.from({ length: 60 }, (_, i) => `const v${i} = ${i};`).join('\n') + '\nreturn [{ json: { v: 1 } }];';

test('Code syntax error: one message in the editor, the run error, its stack and the banner; the editor fits its wrapped lines', async ({ page }) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openNew(page, {
    name: `Code errors ${Date.now()}`,
    nodes: [n('Trigger', TYPES.trigger, [240, 300]), n('Data', 'n8n-nodes-base.code', [460, 300], { jsCode: BROKEN }, 2), n('Long', 'n8n-nodes-base.code', [460, 480], { jsCode: LONG }, 2)],
    connections: links([
      ['Trigger', 'Data'],
      ['Trigger', 'Long'],
    ]),
  });
  await openNdv(page, 'Data');
  const code = page.getByTestId('parameter-input-jsCode');
  await expect(code).toHaveAttribute('data-state', 'ready');
  const lint = code.getByTestId('code-lint-error');
  await expect(lint).toHaveText(/^Syntax error: Unexpected token \(line 3, column \d+\)$/);
  const lintText = (await lint.textContent())!;
  const column = /column (\d+)/.exec(lintText)![1];
  // Above the editor and on screen.
  const host = code.getByTestId('code-input-monaco');
  expect((await lint.boundingBox())!.y).toBeLessThan((await host.boundingBox())!.y);
  await expect(lint).toBeInViewport();
  // Every rendered line of the code is inside the editor (the wrapped line 3 takes several rows):
  // nothing hidden behind an inner scroll.
  const hostBox = (await host.boundingBox())!;
  const last = code.locator('.view-line').filter({ hasText: 'return out;' });
  await expect(last).toBeVisible();
  const lastBox = (await last.boundingBox())!;
  expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(hostBox.y + hostBox.height);
  expect(hostBox.height).toBeGreaterThan(5 * 19 + 8 + 5 * 19); // more than the 5 text lines
  await shot(page, 'code-errors-01-lint-above');

  // The run error says the same, the stack points at the same line and column.
  await page.getByTestId('ndv-execute-node').click();
  await expect(page.getByTestId('run-error-message')).toHaveText(lintText);
  await page.getByTestId('run-error-details-toggle').click();
  await expect(page.getByTestId('run-error-stack')).toContainText(`at Code:3:${column}`);
  // The banner above the parameters names it too (not a bare 'Execution Error.').
  await expect(page.getByTestId('ndv-issues')).toHaveText(`Execution error: ${lintText}`);
  await shot(page, 'code-errors-02-run-error');
  await closeNdv(page);

  // Long code: the editor stops growing at its maximum (30 lines) and scrolls inside.
  await openNdv(page, 'Long');
  const long = page.getByTestId('parameter-input-jsCode');
  await expect(long).toHaveAttribute('data-state', 'ready');
  await expect.poll(async () => Math.round((await long.getByTestId('code-input-monaco').boundingBox())!.height)).toBe(30 * 19 + 8);
  await page.waitForTimeout(300); // the panel's opening fade
  await shot(page, 'code-errors-03-long-code');
  expect(errors).toEqual([]);
});
