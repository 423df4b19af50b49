// Form fields and pages without a server: the field list as n8n stores it, the server-side
// checks of a submission, the sanitizer for author HTML and custom CSS, and the page markup.
import { describe, expect, it } from 'vitest';
import { checkSubmission, normalizeFields, fieldsFromJson, FormDefinitionError } from '../../src/nodes/Form/fields.ts';
import { renderCompletionPage, renderFormPage, safeRedirect, sanitizeCss, sanitizeHtml } from '../../src/nodes/Form/page.ts';

const opts = (...o: string[]) => ({ values: o.map((option) => ({ option })) });

describe('form fields', () => {
  it('keys: labels, field-<index> controls; v2.4+ uses Field Name; query prefills', () => {
    const raw = [{ fieldLabel: 'Your name', fieldName: 'name' }, { fieldType: 'hiddenField', fieldName: 'utm', fieldValue: 'x' }];
    expect(normalizeFields(raw, 2.3).map((f) => [f.key, f.name])).toEqual([
      ['field-0', 'Your name'],
      ['field-1', 'utm'],
    ]);
    expect(normalizeFields(raw, 2.4)[0].name).toBe('name');
    const withQuery = normalizeFields(raw, 2.3, { 'Your name': 'Ann', utm: 'mail' });
    expect(withQuery.map((f) => f.value)).toEqual(['Ann', 'mail']);
  });

  it('refuses broken definitions with clear messages', () => {
    expect(() => normalizeFields([{ fieldLabel: 'A', fieldType: 'slider' }], 2)).toThrow('Form field 1 has the unknown type "slider"');
    expect(() => normalizeFields([{ fieldLabel: 'A', fieldType: 'dropdown' }], 2)).toThrow('The field "A" has no options to choose from');
    expect(() => normalizeFields([{ fieldType: 'text' }], 2)).toThrow('Form field 1 has no label');
    expect(() => fieldsFromJson('{"a":1}')).toThrow(FormDefinitionError);
    expect(() => fieldsFromJson('[oops')).toThrow(/not valid JSON/);
    expect(() => normalizeFields(Array.from({ length: 201 }, () => ({ fieldLabel: 'x' })), 2)).toThrow('A form has at most 200 fields (this one has 201)');
  });

  it('types values as n8n does and reports each bad one', () => {
    const fields = normalizeFields(
      [
        { fieldLabel: 'N', fieldType: 'number' },
        { fieldLabel: 'D', fieldType: 'date', formatDate: 'dd/MM/yyyy' },
        { fieldLabel: 'M', fieldType: 'dropdown', multiselect: true, fieldOptions: opts('a', 'b') },
        { fieldLabel: 'C', fieldType: 'checkbox', fieldOptions: opts('a', 'b', 'c'), limitSelection: 'exact', numberOfSelections: 2 },
        { fieldLabel: 'R', fieldType: 'radio', fieldOptions: opts('x', 'y') },
        { fieldLabel: 'P', fieldType: 'password', requiredField: true },
      ],
      2.2,
    );
    const ok = checkSubmission(fields, { fields: { 'field-0': ' -1.5e2 ', 'field-1': '2024-02-29', 'field-2': '["a","b"]', 'field-3': ['c', 'a'], 'field-4': 'y', 'field-5': ' ' }, files: [] });
    expect(ok.errors).toEqual({});
    expect(ok.json).toEqual({ N: -150, D: '29/02/2024', M: ['a', 'b'], C: ['c', 'a'], R: 'y', P: ' ' });
    const empty = checkSubmission(fields, { fields: {}, files: [] });
    expect(empty.json).toMatchObject({ N: null, M: [], C: [], R: null });
    expect(empty.errors).toEqual({ 'field-5': 'This field is required' });
    const bad = checkSubmission(fields, { fields: { 'field-0': 'Infinity', 'field-1': '2023-02-29', 'field-2': ['a', 'a'], 'field-3': 'a', 'field-4': ['x', 'y'], 'field-5': 'p' }, files: [] });
    expect(bad.errors).toEqual({
      'field-0': 'Enter a number',
      'field-1': 'Enter a date as YYYY-MM-DD',
      'field-2': 'An option was chosen twice',
      'field-3': 'Choose exactly 2 options',
      'field-4': 'This field was sent more than once',
    });
  });
});

describe('form pages', () => {
  it('sanitizes author HTML: formatting and http(s) links stay; scripts, styles, handlers and controls go', () => {
    const html = sanitizeHtml('<h2 style="x">Hi</h2><script>bad()</script><style>p{}</style><p onclick="x">a <a href="javascript:alert(1)">j</a> <a href="https://ok.example/">ok</a></p><input name="steal"><iframe src="https://x"></iframe><img src="data:image/png;base64,AAAA" onerror="x"><!-- c --><custom>kept text</custom>');
    expect(html).toBe('<h2>Hi</h2><p>a <a rel="noopener noreferrer">j</a> <a href="https://ok.example/" rel="noopener noreferrer">ok</a></p><img src="data:image/png;base64,AAAA">kept text');
    expect(sanitizeCss('body{color:red}</style><script>x()</script>')).toBe('body{color:red}/style>script>x()/script>');
    expect(() => sanitizeHtml('x'.repeat(32 * 1024 + 1))).toThrow('The HTML of a form page is limited to 32,768 characters (this one has 32,769)');
    expect(sanitizeHtml('<b>same</b><script>x</script>')).toBe(sanitizeHtml('<b>same</b><script>x</script>'));
    expect(safeRedirect('javascript:alert(1)')).toBeUndefined();
    expect(safeRedirect(' https://example.com/a ')).toBe('https://example.com/a');
  });

  it('renders escaped values, the token, the nonce and accessible error wiring', () => {
    const fields = normalizeFields([{ fieldLabel: 'Name "<x>"', requiredField: true }], 2);
    const page = renderFormPage({ title: 'T<1>', descriptionHtml: '', fields, buttonLabel: 'Go', action: '/form/a?x=1&y=2', csrfToken: 'tok', testRun: false, appendAttribution: false, customCss: 'h1{color:red}', errors: { 'field-0': 'This field is required' }, values: { 'field-0': ['"><script>'] } }, 'NONCE');
    expect(page).toContain('<style nonce="NONCE">');
    expect(page).toContain('h1{color:red}');
    expect(page).toContain('<title>T&lt;1&gt;</title>');
    expect(page).toContain('action="/form/a?x=1&amp;y=2"');
    expect(page).toContain('<input type="hidden" name="_csrf" value="tok">');
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;"');
    expect(page).toContain('aria-invalid="true" aria-describedby="error-field-0"');
    expect(page).toContain('<a href="#field-0">Name &quot;&lt;x&gt;&quot;: This field is required</a>');
    expect(page).not.toContain('<script');
    expect(page).not.toContain('Form automated');
    const done = renderCompletionPage({ title: 'Done', redirectUrl: 'https://example.com/?a=1&b=2' }, 'N');
    expect(done).toContain('<meta http-equiv="refresh" content="0;url=https://example.com/?a=1&amp;b=2">');
  });
});
