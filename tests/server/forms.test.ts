// Hosted forms against a real server: Form Trigger pages at /form/<path> (active workflow) and
// /form-test/<path> (editor listening), real urlencoded and multipart submissions (files become
// binary), server-side checks with the form shown again, CSRF refusals, Basic Auth, the response
// modes, and multi-step forms through Form nodes at /form-waiting/<executionId>.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { live, node, openPush, setNode, workflow, chain, type Live } from './triggerHelpers.ts';
import type { INode } from '../../src/model/workflow.ts';

let t: Live;
beforeAll(async () => {
  t = await live({}, { testWebhookTimeoutMs: 5000 });
});
afterAll(async () => {
  await t.dispose();
});

let seq = 0;
function trigger(parameters: Record<string, unknown>, typeVersion = 2.2, extra: Partial<INode> = {}): INode {
  return { id: `ft${++seq}`, name: 'Form', type: 'n8n-nodes-base.formTrigger', typeVersion, position: [0, 0], webhookId: `form-hook-${seq}`, parameters: { options: {}, ...parameters }, ...extra };
}

const opts = (...o: string[]) => ({ values: o.map((option) => ({ option })) });
const allFields = {
  values: [
    { fieldLabel: 'Name', fieldType: 'text', requiredField: true, placeholder: 'Your name' },
    { fieldLabel: 'Email', fieldType: 'email', requiredField: true },
    { fieldLabel: 'Age', fieldType: 'number' },
    { fieldLabel: 'Secret', fieldType: 'password' },
    { fieldLabel: 'Message', fieldType: 'textarea' },
    { fieldLabel: 'Birthday', fieldType: 'date' },
    { fieldLabel: 'Plan', fieldType: 'dropdown', fieldOptions: opts('Free', 'Pro') },
    { fieldLabel: 'Colours', fieldType: 'dropdown', multiselect: true, fieldOptions: opts('Red', 'Green', 'Blue') },
    { fieldLabel: 'Toppings', fieldType: 'checkbox', fieldOptions: opts('Cheese', 'Ham', 'Olives'), limitSelection: 'range', minSelections: 1, maxSelections: 2 },
    { fieldLabel: 'Size', fieldType: 'radio', fieldOptions: opts('S', 'M', 'L') },
    { fieldType: 'hiddenField', fieldName: 'source', fieldValue: 'web' },
    { fieldType: 'html', html: '<p>Read <a href="https://example.com/terms" onclick="x()">the terms</a><script>alert(1)</script></p>', elementName: 'terms' },
  ],
};

/** A browser-like client: keeps the form cookie, reads the page's token. */
class Browser {
  cookie = '';
  async get(path: string, headers: Record<string, string> = {}) {
    const r = await fetch(`${t.url}${path}`, { headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers }, redirect: 'manual' });
    const set = r.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0];
    const html = await r.text();
    return { r, html, token: /name="_csrf" value="([^"]+)"/.exec(html)?.[1] };
  }
  async post(path: string, body: URLSearchParams | FormData, headers: Record<string, string> = {}) {
    const r = await fetch(`${t.url}${path}`, { method: 'POST', body, headers: { ...(this.cookie ? { cookie: this.cookie } : {}), origin: t.url.replace(/\/$/, ''), ...headers }, redirect: 'manual' });
    return { r, html: await r.text() };
  }
}

function form(token: string | undefined, pairs: Array<[string, string]>): URLSearchParams {
  const p = new URLSearchParams();
  if (token) p.append('_csrf', token);
  for (const [k, v] of pairs) p.append(k, v);
  return p;
}

async function lastExecution(workflowId: string, status = 'success') {
  return t.until(async () => {
    const list = (await t.api('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`)).body.data.results;
    const e = list[0] && (await t.api('GET', `/executions/${list[0].id}`)).body.data;
    return e?.status === status ? e : undefined;
  });
}

async function byId(id: string, status = 'success') {
  return t.until(async () => {
    const e = (await t.api('GET', `/executions/${id}`)).body.data;
    return e?.status === status ? e : undefined;
  });
}

const valid: Array<[string, string]> = [
  ['field-0', '  Ada Lovelace  '],
  ['field-1', 'ada@example.com'],
  ['field-2', '36'],
  ['field-3', 'p4ss word'],
  ['field-4', 'line one\nline two'],
  ['field-5', '1815-12-10'],
  ['field-6', 'Pro'],
  ['field-7', 'Red'],
  ['field-7', 'Blue'],
  ['field-8', 'Cheese'],
  ['field-8', 'Olives'],
  ['field-9', 'M'],
  ['field-10', 'web'],
];

describe('Form Trigger, production', () => {
  it('serves an accessible page with every field type, under a nonce CSP and without external resources', async () => {
    const wf = await t.activate(workflow('Page', [trigger({ path: 'page', formTitle: 'Contact <us>', formDescription: 'We answer <b>fast</b>\\nPromise.<img src="x" onerror="alert(1)">', formFields: allFields, options: { buttonLabel: 'Send it' } })]));
    expect(wf.active).toBe(true);
    const b = new Browser();
    const { r, html, token } = await b.get('form/page');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = r.headers.get('content-security-policy')!;
    expect(csp).toMatch(/default-src 'none'; style-src 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("form-action 'self'");
    expect(html).toContain(`nonce="${/nonce-([^']+)/.exec(csp)![1]}"`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(b.cookie).toBe(`sy_form_csrf=${token}`);
    expect(r.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Lax/);
    // Escaped title, sanitized description with n8n's literal \n as a line break.
    expect(html).toContain('<h1>Contact &lt;us&gt;</h1>');
    expect(html).toContain('We answer <b>fast</b><br>Promise.');
    expect(html).not.toMatch(/<script|onerror|onclick|src="x"/);
    expect(html).not.toMatch(/(src|href)="https?:\/\/(?!example\.com\/terms)/);
    expect(html).toContain('<a href="https://example.com/terms" rel="noopener noreferrer">the terms</a>');
    // Controls, labels and required markers.
    expect(html).toContain('<label for="field-0">Name<span class="req" aria-hidden="true">*</span></label><input type="text" id="field-0" name="field-0" value="" placeholder="Your name" required aria-required="true">');
    expect(html).toMatch(/<input type="email" id="field-1" name="field-1"[^>]* required/);
    expect(html).toMatch(/<input type="number" id="field-2"/);
    expect(html).toMatch(/<input type="password" id="field-3"/);
    expect(html).toMatch(/<textarea id="field-4"/);
    expect(html).toMatch(/<input type="date" id="field-5"/);
    expect(html).toMatch(/<select id="field-6" name="field-6"><option value="">Select an option…<\/option><option value="Free">Free<\/option>/);
    expect(html).toMatch(/<fieldset class="field"><legend>Colours<\/legend><label class="choice" for="option0_field-7"><input type="checkbox"/);
    expect(html).toContain('<p class="hint" id="hint-field-8">Choose 1 to 2.</p>');
    expect(html).toMatch(/<input type="radio" id="option2_field-9" name="field-9" value="L">/);
    expect(html).toContain('<input type="hidden" name="field-10" value="web">');
    expect(html).toContain('enctype="application/x-www-form-urlencoded"');
    expect(html).toContain('<button type="submit">Send it</button>');
    expect(html).toContain('Form automated with Switchyard');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it('a urlencoded submission becomes the item: keys are the labels, values typed, submittedAt and formMode', async () => {
    const wf = await t.activate(workflow('Submit', [trigger({ path: 'submit', formTitle: 'Order', formFields: allFields, options: { respondWithOptions: { values: { respondWith: 'text', formSubmittedText: 'Thanks, we got it' } } } }), setNode('After', { who: '={{ $json.Name }}' })], undefined, { timezone: 'Asia/Tokyo' }));
    const b = new Browser();
    const { token } = await b.get('form/submit?ref=newsletter');
    const before = Date.now();
    const { r, html } = await b.post('form/submit?ref=newsletter', form(token, valid));
    expect(r.status).toBe(200);
    expect(html).toContain('<h1>Form submitted</h1>');
    expect(html).toContain('<p>Thanks, we got it</p>');
    const e = await lastExecution(wf.id);
    const json = e.data.resultData.runData.Form[0].data.main[0][0].json;
    expect(json).toMatchObject({
      Name: 'Ada Lovelace',
      Email: 'ada@example.com',
      Age: 36,
      Secret: 'p4ss word',
      Message: 'line one\nline two',
      Birthday: '1815-12-10',
      Plan: 'Pro',
      Colours: ['Red', 'Blue'],
      Toppings: ['Cheese', 'Olives'],
      Size: 'M',
      source: 'web',
      terms: expect.stringContaining('the terms'),
      formMode: 'production',
      formQueryParameters: { ref: 'newsletter' },
    });
    expect(Object.keys(json)).not.toContain('_csrf');
    // v2.2 and later: submittedAt in the workflow's time zone.
    expect(json.submittedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+09:00$/);
    expect(Date.parse(json.submittedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(e.data.resultData.runData.After[0].data.main[0][0].json.who).toBe('Ada Lovelace');
    expect(e.mode).toBe('webhook');
  });

  it('a multipart submission with files: uploads become binary named after the field, their metadata the JSON value', async () => {
    const fields = {
      values: [
        { fieldLabel: 'Name', fieldType: 'text', requiredField: true },
        { fieldLabel: 'Attachments', fieldType: 'file', multipleFiles: true, acceptFileTypes: '.txt, .csv' },
        { fieldLabel: 'Photo ID', fieldType: 'file', multipleFiles: false, requiredField: true },
      ],
    };
    const wf = await t.activate(workflow('Files', [trigger({ path: 'files', formTitle: 'Upload', formFields: fields })]));
    const b = new Browser();
    const { html: page, token } = await b.get('form/files');
    expect(page).toContain('enctype="multipart/form-data"');
    expect(page).toMatch(/<input type="file" id="field-1" name="field-1" multiple accept="\.txt,\.csv"/);
    const fd = new FormData();
    fd.append('_csrf', token!);
    fd.append('field-0', 'Grace');
    fd.append('field-1', new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), 'table.csv');
    fd.append('field-1', new Blob(['hello'], { type: 'text/plain' }), 'note.txt');
    const big = Buffer.alloc(300_000, 7);
    fd.append('field-2', new Blob([big], { type: 'image/png' }), 'id card.png');
    const { r } = await b.post('form/files', fd);
    expect(r.status).toBe(200);
    const e = await lastExecution(wf.id);
    const item = e.data.resultData.runData.Form[0].data.main[0][0];
    expect(item.json.Name).toBe('Grace');
    expect(item.json.Attachments).toEqual([
      { filename: 'table.csv', mimetype: 'text/csv', size: 8 },
      { filename: 'note.txt', mimetype: 'text/plain', size: 5 },
    ]);
    expect(item.json['Photo ID']).toEqual({ filename: 'id card.png', mimetype: 'image/png', size: 300_000 });
    expect(Object.keys(item.binary).sort()).toEqual(['Attachments_0', 'Attachments_1', 'Photo_ID']);
    expect(item.binary.Attachments_1).toMatchObject({ mimeType: 'text/plain', fileName: 'note.txt', fileExtension: 'txt' });
    const text = item.binary.Attachments_1.data ? Buffer.from(item.binary.Attachments_1.data, 'base64').toString() : undefined;
    expect(text).toBe('hello');
    // The large one is in the binary store: read back through the REST binary endpoint or the store.
    const photo = item.binary.Photo_ID;
    const bytes = photo.id ? Buffer.from(await t.s.server.context.binaryStore.read(photo.id)) : Buffer.from(photo.data, 'base64');
    expect(bytes.equals(big)).toBe(true);

    // Refusals: wrong file type, two files in a single-file field, missing required file.
    const { token: t2 } = await b.get('form/files');
    const bad = new FormData();
    bad.append('_csrf', t2!);
    bad.append('field-0', 'Grace');
    bad.append('field-1', new Blob(['MZ'], { type: 'application/octet-stream' }), 'run.exe');
    bad.append('field-2', new Blob(['1']), 'a.png');
    bad.append('field-2', new Blob(['2']), 'b.png');
    const refused = await b.post('form/files', bad);
    expect(refused.r.status).toBe(422);
    expect(refused.html).toContain('The file &quot;run.exe&quot; is not an accepted type (accepted: .txt, .csv)');
    expect(refused.html).toContain('Only one file is allowed here (2 were sent)');
    const none = new FormData();
    none.append('_csrf', t2!);
    none.append('field-0', 'Grace');
    none.append('field-2', new Blob([]), '');
    const missing = await b.post('form/files', none);
    expect(missing.r.status).toBe(422);
    expect(missing.html).toContain('Choose a file to upload');
  });

  it('refuses bad values on the server and shows the form again with the messages and what was sent', async () => {
    const wf = await t.activate(workflow('Checks', [trigger({ path: 'checks', formTitle: 'Checks', formFields: allFields })]));
    const b = new Browser();
    const { token } = await b.get('form/checks');
    const sent = form(token, [
      ['field-0', '   '],
      ['field-1', 'not-an-email'],
      ['field-2', '12abc'],
      ['field-5', '2024-02-30'],
      ['field-6', 'Gold'],
      ['field-7', 'Red'],
      ['field-7', 'Purple'],
      ['field-8', 'Cheese'],
      ['field-8', 'Ham'],
      ['field-8', 'Olives'],
      ['field-9', 'XL'],
      ['field-4', 'kept text <b>'],
    ]);
    const { r, html } = await b.post('form/checks', sent);
    expect(r.status).toBe(422);
    expect(html).toContain('<div class="error-summary" role="alert"');
    expect(html).toContain('<p class="field-error" id="error-field-0">This field is required</p>');
    expect(html).toMatch(/id="field-0"[^>]*aria-invalid="true" aria-describedby="error-field-0"/);
    expect(html).toContain('Enter a valid email address, like name@example.com');
    expect(html).toContain('<p class="field-error" id="error-field-2">Enter a number</p>');
    expect(html).toContain('Enter a date as YYYY-MM-DD');
    expect(html).toContain('&quot;Gold&quot; is not one of the options');
    expect(html).toContain('&quot;Purple&quot; is not one of the options');
    expect(html).toContain('Choose between 1 and 2 options');
    expect(html).toContain('&quot;XL&quot; is not one of the options');
    // What was sent is shown again (escaped), so only the wrong answers need fixing.
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('>kept text &lt;b&gt;</textarea>');
    expect(html).toMatch(/value="Cheese" checked/);
    // No run started.
    const list = (await t.api('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: wf.id }))}`)).body.data.results;
    expect(list).toHaveLength(0);
    // Too long a text.
    const long = await b.post('form/checks', form(token, [...valid.filter(([k]) => k !== 'field-0'), ['field-0', 'x'.repeat(10_001)]]));
    expect(long.r.status).toBe(422);
    expect(long.html).toContain('This field takes at most 10,000 characters (10,001 were sent)');
  });

  it('refuses cross-site posts (no token, wrong token, foreign Origin), other content types and unknown forms', async () => {
    await t.activate(workflow('Csrf', [trigger({ path: 'csrf', formTitle: 'Csrf', formFields: { values: [{ fieldLabel: 'Name', fieldType: 'text' }] } })]));
    const b = new Browser();
    const { token } = await b.get('form/csrf');
    const noToken = await b.post('form/csrf', form(undefined, [['field-0', 'x']]));
    expect(noToken.r.status).toBe(403);
    expect(noToken.html).toContain('Your session for this form has expired or cookies are blocked.');
    expect(noToken.html).toContain('value="x"');
    const wrongToken = await b.post('form/csrf', form('A'.repeat(32), [['field-0', 'x']]));
    expect(wrongToken.r.status).toBe(403);
    const noCookie = await fetch(`${t.url}form/csrf`, { method: 'POST', body: form(token, [['field-0', 'x']]), redirect: 'manual' });
    expect(noCookie.status).toBe(403);
    const foreign = await b.post('form/csrf', form(token, [['field-0', 'x']]), { origin: 'https://evil.example' });
    expect(foreign.r.status).toBe(403);
    expect(foreign.html).toContain('The form was sent from another site.');
    const json = await b.post('form/csrf', new URLSearchParams(), { 'content-type': 'application/json' });
    expect(json.r.status).toBe(415);
    const ok = await b.post('form/csrf', form(token, [['field-0', 'x']]));
    expect(ok.r.status).toBe(200);
    const unknown = await b.get('form/no-such-form');
    expect(unknown.r.status).toBe(404);
    expect(unknown.html).toContain('must be active');
    const put = await fetch(`${t.url}form/csrf`, { method: 'PUT' });
    expect(put.status).toBe(404);
  });

  it('Basic Auth: the page and the submission need the credential', async () => {
    const cred = await t.api('POST', '/credentials', { name: 'Form login', type: 'httpBasicAuth', data: { user: 'ann', password: 's3cret' } });
    expect(cred.status).toBe(200);
    await t.activate(workflow('Auth', [trigger({ path: 'auth', authentication: 'basicAuth', formTitle: 'Private', formFields: { values: [{ fieldLabel: 'Name', fieldType: 'text' }] } }, 2.2, { credentials: { httpBasicAuth: { id: cred.body.data.id, name: 'Form login' } } })]));
    const b = new Browser();
    const none = await b.get('form/auth');
    expect(none.r.status).toBe(401);
    expect(none.r.headers.get('www-authenticate')).toBe('Basic realm="Enter credentials"');
    const wrong = await b.get('form/auth', { authorization: `Basic ${Buffer.from('ann:nope').toString('base64')}` });
    expect(wrong.r.status).toBe(401);
    const auth = { authorization: `Basic ${Buffer.from('ann:s3cret').toString('base64')}` };
    const ok = await b.get('form/auth', auth);
    expect(ok.r.status).toBe(200);
    expect((await b.post('form/auth', form(ok.token, [['field-0', 'x']]))).r.status).toBe(401);
    expect((await b.post('form/auth', form(ok.token, [['field-0', 'x']]), auth)).r.status).toBe(200);
  });

  it('Respond When: workflow finishes (completion after the run, error page when it fails), redirect, Respond to Webhook', async () => {
    const fields = { values: [{ fieldLabel: 'Name', fieldType: 'text' }] };
    const slow = node('Slow', 'n8n-nodes-base.wait', 1.1, { resume: 'timeInterval', amount: 0.6, unit: 'seconds' });
    await t.activate(workflow('Last', [trigger({ path: 'last', responseMode: 'lastNode', formTitle: 'Last', formFields: fields, options: { respondWithOptions: { values: { respondWith: 'redirect', redirectUrl: 'https://example.com/thanks?a=1&b=2' } } } }), slow]));
    const b = new Browser();
    let { token } = await b.get('form/last');
    const t0 = Date.now();
    const last = await b.post('form/last', form(token, [['field-0', 'x']]));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(550);
    expect(last.r.status).toBe(200);
    expect(last.html).toContain('<meta http-equiv="refresh" content="0;url=https://example.com/thanks?a=1&amp;b=2">');

    await t.activate(workflow('Fails', [trigger({ path: 'fails', responseMode: 'lastNode', formTitle: 'Fails', formFields: fields }), node('Boom', 'n8n-nodes-base.code', 2, { jsCode: "throw new Error('nope')" })]));
    ({ token } = await b.get('form/fails'));
    const failed = await b.post('form/fails', form(token, [['field-0', 'x']]));
    expect(failed.r.status).toBe(500);
    expect(failed.html).toContain('Problem submitting response');

    const respond = node('Respond', 'n8n-nodes-base.respondToWebhook', 1.1, { respondWith: 'json', responseBody: '={{ JSON.stringify({ formSubmittedText: "Hello " + $json.Name }) }}' });
    await t.activate(workflow('Respond', [trigger({ path: 'respond', responseMode: 'responseNode', formTitle: 'Respond', formFields: fields }, 2.1), respond]));
    ({ token } = await b.get('form/respond'));
    const responded = await b.post('form/respond', form(token, [['field-0', 'Bo']]));
    expect(responded.r.status).toBe(200);
    expect(responded.html).toContain('<p>Hello Bo</p>');
  });

  it('v2.2+: the Form Path is an option (as n8n stores it); without one the webhook id is the path', async () => {
    await t.activate(workflow('Opt path', [trigger({ formTitle: 'Opt', formFields: { values: [{ fieldLabel: 'A' }] }, options: { path: 'from-options' } }, 2.2)]));
    expect((await new Browser().get('form/from-options')).r.status).toBe(200);
    await t.activate(workflow('Id path', [trigger({ formTitle: 'Id', formFields: { values: [{ fieldLabel: 'A' }] } }, 2.5, { webhookId: 'b7e2c9d4-form' })]));
    expect((await new Browser().get('form/b7e2c9d4-form')).r.status).toBe(200);
  });

  it('version 1: the form lives at <webhookId>/n8n-form and also answers under /webhook/', async () => {
    const wf = await t.activate(workflow('V1', [trigger({ formTitle: 'Old', formFields: { values: [{ fieldLabel: 'Count', fieldType: 'number', requiredField: true }] }, responseMode: 'onReceived', options: { formSubmittedText: 'Old thanks' } }, 1, { webhookId: 'v1-form-id' })]));
    const b = new Browser();
    const { r, token } = await b.get('form/v1-form-id/n8n-form');
    expect(r.status).toBe(200);
    expect((await b.get('webhook/v1-form-id/n8n-form')).r.status).toBe(200);
    const sent = await b.post('form/v1-form-id/n8n-form', form(token, [['field-0', '7.5']]));
    expect(sent.html).toContain('Old thanks');
    const e = await lastExecution(wf.id);
    expect(e.data.resultData.runData.Form[0].data.main[0][0].json).toMatchObject({ Count: 7.5, formMode: 'production' });
    // v1: submittedAt in UTC.
    expect(e.data.resultData.runData.Form[0].data.main[0][0].json.submittedAt).toMatch(/(Z|\+00:00)$/);
  });
});

describe('Form Trigger, test mode', () => {
  it('/form-test/<path> shows the form while the editor listens; one submission runs it in manual mode', async () => {
    const wf = (await t.api('POST', '/workflows', workflow('Test form', [trigger({ path: 'try-me', formTitle: 'Try', formFields: { values: [{ fieldLabel: 'Name', fieldType: 'text' }] } }), setNode('Set', { hi: '={{ $json.Name }}' })]))).body.data;
    const b = new Browser();
    expect((await b.get('form-test/try-me')).r.status).toBe(404);
    const push = await openPush(t.url, 'editor-form');
    const run = await t.api('POST', '/workflows/run', { workflowData: wf }, { 'push-ref': 'editor-form' });
    expect(run.body.data).toEqual({ waitingForWebhook: true });
    const page = await b.get('form-test/try-me');
    expect(page.r.status).toBe(200);
    expect(page.html).toContain('This is the test version of the form');
    // Showing the page again does not use up the listening.
    expect((await b.get('form-test/try-me')).r.status).toBe(200);
    const sent = await b.post('form-test/try-me', form(page.token, [['field-0', 'Tess']]));
    expect(sent.r.status).toBe(200);
    const received = (await push.until((m) => m.type === 'testWebhookReceived')) as { data: { executionId: string } };
    push.close();
    const e = await byId(received.data.executionId);
    expect(e.mode).toBe('manual');
    expect(e.data.resultData.runData.Form[0].data.main[0][0].json).toMatchObject({ Name: 'Tess', formMode: 'test' });
    expect(e.data.resultData.runData.Set[0].data.main[0][0].json.hi).toBe('Tess');
    const again = await b.post('form-test/try-me', form(page.token, [['field-0', 'Tess']]));
    expect(again.r.status).toBe(404);
  });
});

describe('Form Trigger, test mode with a next page', () => {
  it('the manual run parks at the Form node and resumes from its /form-waiting page', async () => {
    const start = trigger({ path: 'try-steps', formTitle: 'Try steps', formFields: { values: [{ fieldLabel: 'A' }] } }, 2.3);
    const page = node('Next', 'n8n-nodes-base.form', 1, { operation: 'page', formFields: { values: [{ fieldLabel: 'B', fieldType: 'number' }] } });
    const wf = (await t.api('POST', '/workflows', workflow('Test steps', [start, page]))).body.data;
    expect((await t.api('POST', '/workflows/run', { workflowData: wf })).body.data).toEqual({ waitingForWebhook: true });
    const b = new Browser();
    const p1 = await b.get('form-test/try-steps');
    const s1 = await b.post('form-test/try-steps', form(p1.token, [['field-0', 'x']]));
    expect(s1.r.status).toBe(303);
    const next = s1.r.headers.get('location')!.slice(1);
    const p2 = await b.get(next);
    expect(p2.r.status).toBe(200);
    expect(p2.html).toContain('This is the test version of the form');
    const s2 = await b.post(next, form(p2.token, [['field-0', '4']]));
    expect(s2.r.status).toBe(200);
    expect(s2.html).toContain('Your response has been recorded');
    const e = await byId(next.split('/').pop()!);
    expect(e.mode).toBe('manual');
    expect(e.data.resultData.runData.Next[0].data.main[0][0].json).toMatchObject({ B: 4, formMode: 'test' });
  });
});

describe('Form node: multi-step forms', () => {
  it('trigger → next page → ending: 303 to /form-waiting/<id>, each page checked, the run ends after the ending is shown', async () => {
    const step1 = trigger({ path: 'steps', formTitle: 'Step one', formFields: { values: [{ fieldLabel: 'Name', fieldType: 'text', requiredField: true }] } }, 2.3);
    const step2 = node('Page 2', 'n8n-nodes-base.form', 1, {
      operation: 'page',
      formFields: { values: [{ fieldLabel: 'Team', fieldType: 'radio', fieldOptions: opts('Red', 'Blue'), requiredField: true }, { fieldLabel: 'Greeting', fieldType: 'text', placeholder: '={{ "Hello " + $json.Name }}' }] },
      options: { formTitle: '={{ "Step two for " + $json.Name }}', formDescription: '={{ "Come back at " + $execution.resumeFormUrl }}', buttonLabel: 'Next' },
    });
    const step3 = node('Page 3', 'n8n-nodes-base.form', 1, { operation: 'page', defineForm: 'json', jsonOutput: '[{"fieldLabel":"Rating","fieldType":"number","requiredField":true}]' });
    const end = node('End', 'n8n-nodes-base.form', 1, { operation: 'completion', respondWith: 'text', completionTitle: 'All done', completionMessage: '={{ "Thanks, team " + $("Page 2").item.json.Team }}' });
    const after = setNode('After', { summary: '={{ $("Form").item.json.Name + "/" + $("Page 2").item.json.Team + "/" + $("Page 3").item.json.Rating }}' });
    const wf = await t.activate(workflow('Steps', [step1, step2, step3, end, after], chain(step1, step2, step3, end, after)));
    const b = new Browser();
    const p1 = await b.get('form/steps');
    const s1 = await b.post('form/steps', form(p1.token, [['field-0', 'Ann']]));
    expect(s1.r.status).toBe(303);
    const next = s1.r.headers.get('location')!;
    expect(next).toMatch(/^\/form-waiting\/\d+$/);
    const id = next.split('/').pop()!;

    const p2 = await b.get(next.slice(1));
    expect(p2.r.status).toBe(200);
    expect(p2.html).toContain('<h1>Step two for Ann</h1>');
    expect(p2.html).toContain(`Come back at ${t.url}form-waiting/${id}<`);
    expect(p2.html).toContain('placeholder="Hello Ann"');
    expect(p2.html).toContain(`action="/form-waiting/${id}"`);
    expect(p2.html).toContain('<button type="submit">Next</button>');
    const missing = await b.post(next.slice(1), form(p2.token, [['field-1', 'x']]));
    expect(missing.r.status).toBe(422);
    expect(missing.html).toContain('Choose an option');
    expect((await t.api('GET', `/executions/${id}`)).body.data.status).toBe('waiting');
    const s2 = await b.post(next.slice(1), form(p2.token, [['field-0', 'Blue'], ['field-1', 'hey']]));
    expect(s2.r.status).toBe(303);
    expect(s2.r.headers.get('location')).toBe(next);

    const p3 = await b.get(next.slice(1));
    expect(p3.html).toMatch(/<input type="number" id="field-0"/);
    const s3 = await b.post(next.slice(1), form(p3.token, [['field-0', '5']]));
    expect(s3.r.status).toBe(303);

    const done = await b.get(next.slice(1));
    expect(done.r.status).toBe(200);
    expect(done.html).toContain('<h1>All done</h1>');
    expect(done.html).toContain('Thanks, team Blue');
    const e = await lastExecution(wf.id);
    const out = (name: string) => e.data.resultData.runData[name][0].data.main[0][0].json;
    expect(out('Page 2')).toMatchObject({ Team: 'Blue', Greeting: 'hey', formMode: 'production' });
    expect(out('Page 3')).toMatchObject({ Rating: 5 });
    expect(out('After').summary).toBe('Ann/Blue/5');
    // Afterwards the address says the form was sent (a finished run keeps no page state); it cannot be sent twice.
    const reload = await b.get(next.slice(1));
    expect(reload.r.status).toBe(200);
    expect(reload.html).toContain('This form has been submitted already.');
    expect((await b.post(next.slice(1), form(p3.token, [['field-0', '5']]))).r.status).toBe(200);
    expect((await t.api('GET', `/executions/${id}`)).body.data.data.resultData.runData['Page 3']).toHaveLength(1);
    expect((await b.get('form-waiting/99999999')).r.status).toBe(404);
    expect((await b.get('form-waiting/abc')).r.status).toBe(404);
  });

  it('Limit Wait Time: a page nobody submits lets the run go on with its input when the time is up', async () => {
    const start = trigger({ path: 'timeout', formTitle: 'T', formFields: { values: [{ fieldLabel: 'A' }] } }, 2.3);
    const page = node('Later', 'n8n-nodes-base.form', 1, { operation: 'page', formFields: { values: [{ fieldLabel: 'B' }] }, limitWaitTime: true, limitType: 'afterTimeInterval', resumeAmount: 0.02, resumeUnit: 'minutes' });
    const after = setNode('After', { a: '={{ $json.A }}' });
    const wf = await t.activate(workflow('Timeout', [start, page, after]));
    const b = new Browser();
    const p = await b.get('form/timeout');
    const s1 = await b.post('form/timeout', form(p.token, [['field-0', 'first']]));
    expect(s1.r.status).toBe(303);
    const id = s1.r.headers.get('location')!.split('/').pop()!;
    const waiting = (await t.api('GET', `/executions/${id}`)).body.data;
    expect(waiting.status).toBe('waiting');
    expect(Date.parse(waiting.waitTill) - Date.now()).toBeLessThan(1300);
    const e = await byId(id);
    expect(e.data.resultData.runData.After[0].data.main[0][0].json.a).toBe('first');
    expect(e.workflowId).toBe(wf.id);
  });

  it('an ending may return the uploaded file or show sanitized HTML', async () => {
    const start = trigger({ path: 'give-back', formTitle: 'Give back', formFields: { values: [{ fieldLabel: 'Doc', fieldType: 'file', multipleFiles: false, requiredField: true }] } }, 2.3);
    const end = node('End', 'n8n-nodes-base.form', 1, { operation: 'completion', respondWith: 'returnBinary', inputDataFieldName: 'Doc', completionTitle: 'Here it is' });
    const wf = await t.activate(workflow('Give back', [start, end]));
    const b = new Browser();
    const p = await b.get('form/give-back');
    const fd = new FormData();
    fd.append('_csrf', p.token!);
    fd.append('field-0', new Blob(['report body'], { type: 'text/plain' }), 'report q1 ü.txt');
    const s1 = await b.post('form/give-back', fd);
    expect(s1.r.status).toBe(303);
    const file = await fetch(`${t.url}${s1.r.headers.get('location')!.slice(1)}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="report q1 _.txt"; filename*=UTF-8''report%20q1%20%C3%BC.txt`);
    expect(file.headers.get('content-security-policy')).toBe('sandbox');
    expect(await file.text()).toBe('report body');
    // The UTF-8 file name arrives intact (multipart parameters are read as UTF-8).
    const e = await lastExecution(wf.id);
    expect(e.data.resultData.runData.Form[0].data.main[0][0].binary.Doc.fileName).toBe('report q1 ü.txt');

    const start2 = trigger({ path: 'show-text', formTitle: 'Show', formFields: { values: [{ fieldLabel: 'A' }] } }, 2.3);
    const text = node('End', 'n8n-nodes-base.form', 1, { operation: 'completion', respondWith: 'showText', responseText: '=<h2>Thanks {{ $json.A }}</h2><script>steal()</script><p onmouseover="x">bye</p>' });
    await t.activate(workflow('Show text', [start2, text]));
    const p2 = await b.get('form/show-text');
    const s2 = await b.post('form/show-text', form(p2.token, [['field-0', '<i>Al</i>']]));
    const shown = await b.get(s2.r.headers.get('location')!.slice(1));
    expect(shown.html).toContain('<h2>Thanks <i>Al</i></h2><p>bye</p>');
    expect(shown.html).not.toMatch(/steal|onmouseover/);
  });

  it('a Form node without a Form Trigger before it fails with a clear error; an ending may redirect', async () => {
    const manual = node('Start', 'n8n-nodes-base.manualTrigger', 1);
    const page = node('Page', 'n8n-nodes-base.form', 1, { operation: 'page', formFields: { values: [{ fieldLabel: 'A' }] } });
    const wf = (await t.api('POST', '/workflows', workflow('No trigger', [manual, page]))).body.data;
    const run = await t.api('POST', '/workflows/run', { workflowData: wf });
    expect(run.status).toBe(200);
    const e = await byId(run.body.data.executionId, 'error');
    expect(e.data.resultData.error.message).toBe('Form Trigger node must be set before this node');

    const start = trigger({ path: 'redir', formTitle: 'R', formFields: { values: [{ fieldLabel: 'A' }] } }, 2.3);
    const end = node('End', 'n8n-nodes-base.form', 1, { operation: 'completion', respondWith: 'redirect', redirectUrl: 'https://example.com/done' });
    await t.activate(workflow('Redirect end', [start, end]));
    const b = new Browser();
    const p = await b.get('form/redir');
    const s = await b.post('form/redir', form(p.token, [['field-0', 'x']]));
    expect(s.r.status).toBe(303);
    const shown = await b.get(s.r.headers.get('location')!.slice(1));
    expect(shown.html).toContain('<meta http-equiv="refresh" content="0;url=https://example.com/done">');
  });
});
