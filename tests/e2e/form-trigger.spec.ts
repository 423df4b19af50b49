// Hosted forms in Chromium against the real server: an active workflow's Form Trigger page at
// /form/<path> is filled like a person would (text, email, number, date, dropdown, checkboxes,
// radio, textarea, a file), a server-side check (too many checkboxes) shows the form again with
// the message and the answers kept, the corrected form is sent, a Form node's next page follows,
// and the completion page appears. The run's output is read back over REST. Screenshots of the
// form (desktop and phone), the error state and the completion page go to test-results/forms.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { baseUrl, links, n, openNdv, waitForCanvas } from './editing-helpers.ts';

const SHOTS = 'test-results/forms';
mkdirSync(SHOTS, { recursive: true });

const opts = (...o: string[]) => ({ values: o.map((option) => ({ option })) });

function formWorkflow(path: string) {
  return {
    name: `Form ${path}`,
    settings: { executionOrder: 'v1' },
    nodes: [
      {
        ...n(
          'On form submission',
          'n8n-nodes-base.formTrigger',
          [240, 300],
          {
            formTitle: 'Book a workshop seat',
            formDescription: 'Tell us who you are and what you would like to learn. We answer within <b>two working days</b>.',
            formFields: {
              values: [
                { fieldLabel: 'Full name', fieldType: 'text', requiredField: true, placeholder: 'Ada Lovelace' },
                { fieldLabel: 'Email', fieldType: 'email', requiredField: true, placeholder: 'ada@example.com' },
                { fieldLabel: 'Seats', fieldType: 'number', requiredField: true, placeholder: '1' },
                { fieldLabel: 'Preferred date', fieldType: 'date' },
                { fieldLabel: 'Workshop', fieldType: 'dropdown', requiredField: true, fieldOptions: opts('Automation basics', 'Webhooks in depth', 'Forms and approvals') },
                { fieldLabel: 'Topics', fieldType: 'checkbox', fieldOptions: opts('Triggers', 'Expressions', 'Error handling'), limitSelection: 'range', minSelections: 1, maxSelections: 2 },
                { fieldLabel: 'Level', fieldType: 'radio', fieldOptions: opts('Beginner', 'Intermediate', 'Expert') },
                { fieldLabel: 'Anything else?', fieldType: 'textarea', placeholder: 'Accessibility needs, questions…' },
                { fieldLabel: 'CV', fieldType: 'file', multipleFiles: false, acceptFileTypes: '.txt, .pdf' },
              ],
            },
            responseMode: 'onReceived',
            // From v2.2 n8n keeps the Form Path among the options.
            options: { path, buttonLabel: 'Continue' },
          },
          2.3,
        ),
        webhookId: crypto.randomUUID(),
      },
      n(
        'Confirm',
        'n8n-nodes-base.form',
        [480, 300],
        { operation: 'page', formFields: { values: [{ fieldLabel: 'I agree to the terms', fieldType: 'checkbox', fieldOptions: opts('Yes'), requiredField: true }] }, options: { formTitle: '={{ "Almost done, " + $json["Full name"] }}', buttonLabel: 'Book my seat' } },
        1,
      ),
      n('Done', 'n8n-nodes-base.form', [720, 300], { operation: 'completion', respondWith: 'text', completionTitle: 'You are booked in', completionMessage: '={{ "See you at " + $("On form submission").item.json.Workshop + "." }}' }, 1),
    ],
    connections: links([
      ['On form submission', 'Confirm'],
      ['Confirm', 'Done'],
    ]),
  };
}

async function createActive(page: Page, wf: ReturnType<typeof formWorkflow>): Promise<string> {
  const res = await page.request.post(`${baseUrl()}rest/workflows`, { data: wf });
  expect(res.status(), await res.text()).toBe(200);
  const id = (await res.json()).data.id as string;
  const on = await page.request.patch(`${baseUrl()}rest/workflows/${id}`, { data: { active: true } });
  expect(on.status(), await on.text()).toBe(200);
  return id;
}

test('a production form is filled in Chromium, checked on the server, continued on a second page and completed', async ({ page, browser }) => {
  const path = `e2e-form-${Date.now()}`;
  const workflowId = await createActive(page, formWorkflow(path));

  // The editor shows the form's URLs in the trigger's details view; the test opens the production one.
  await page.goto(`${baseUrl()}workflow/${workflowId}`);
  await waitForCanvas(page);
  await openNdv(page, 'On form submission');
  const toggle = page.getByTestId('webhook-urls-toggle');
  await expect(toggle).toHaveText('Form URLs');
  await toggle.click();
  await expect(page.getByTestId('webhook-url')).toHaveText(`${baseUrl()}form-test/${path}`);
  await page.getByTestId('webhook-urls-production').click();
  const formUrl = (await page.getByTestId('webhook-url').innerText()).trim();
  expect(formUrl).toBe(`${baseUrl()}form/${path}`);
  await page.screenshot({ path: `${SHOTS}/00-editor-form-urls.png` });

  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content.Security.Policy/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(formUrl);
  await expect(page).toHaveTitle('Book a workshop seat');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a workshop seat');
  await page.screenshot({ path: `${SHOTS}/01-form.png`, fullPage: true });

  // Labels are wired to their controls: fill by accessible name.
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Seats').fill('2');
  await page.getByLabel('Preferred date').fill('2027-03-15');
  await page.getByLabel('Workshop').selectOption('Webhooks in depth');
  const topics = page.getByRole('group', { name: 'Topics' });
  for (const t of ['Triggers', 'Expressions', 'Error handling']) await topics.getByLabel(t).check();
  await page.getByRole('group', { name: 'Level' }).getByLabel('Intermediate').check();
  await page.getByLabel('Anything else?').fill('Step-free access, please.');
  const cv = `${SHOTS}/cv.txt`;
  writeFileSync(cv, 'Rear Admiral, COBOL, compilers.\n');
  await page.getByLabel('CV').setInputFiles(cv);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Three topics where at most two are allowed: the server says so and keeps the answers.
  const summary = page.getByRole('alert');
  await expect(summary).toContainText('Please fix the following');
  await expect(summary).toContainText('Topics: Choose between 1 and 2 options');
  await expect(page.getByLabel('Full name')).toHaveValue('Grace Hopper');
  await expect(page.getByLabel('Workshop')).toHaveValue('Webhooks in depth');
  await expect(topics).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${SHOTS}/02-error.png`, fullPage: true });

  await topics.getByLabel('Error handling').uncheck();
  await page.getByLabel('CV').setInputFiles(cv);
  await page.getByRole('button', { name: 'Continue' }).click();

  // The Form node's page, at /form-waiting/<executionId>.
  await expect(page).toHaveURL(/\/form-waiting\/\d+$/);
  const executionId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Almost done, Grace Hopper');
  await page.getByRole('group', { name: /I agree to the terms/ }).getByLabel('Yes').check();
  await page.getByRole('button', { name: 'Book my seat' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are booked in');
  await expect(page.getByRole('status')).toContainText('See you at Webhooks in depth.');
  await page.screenshot({ path: `${SHOTS}/03-completion.png`, fullPage: true });

  // The run: the trigger's item as n8n builds it, the upload as binary, the run finished.
  await expect
    .poll(async () => (await (await page.request.get(`${baseUrl()}rest/executions/${executionId}`)).json()).data.status, { timeout: 15_000 })
    .toBe('success');
  const e = (await (await page.request.get(`${baseUrl()}rest/executions/${executionId}`)).json()).data;
  expect(e.workflowId).toBe(workflowId);
  const item = e.data.resultData.runData['On form submission'][0].data.main[0][0];
  expect(item.json).toMatchObject({ 'Full name': 'Grace Hopper', Email: 'grace@example.com', Seats: 2, 'Preferred date': '2027-03-15', Workshop: 'Webhooks in depth', Topics: ['Triggers', 'Expressions'], Level: 'Intermediate', formMode: 'production' });
  expect(item.json.CV).toMatchObject({ filename: 'cv.txt', mimetype: 'text/plain' });
  expect(Buffer.from(item.binary.CV.data, 'base64').toString()).toBe('Rear Admiral, COBOL, compilers.\n');
  expect(e.data.resultData.runData.Confirm[0].data.main[0][0].json['I agree to the terms']).toEqual(['Yes']);

  // Nothing was loaded from elsewhere and the CSP refused nothing.
  const origin = new URL(baseUrl()).origin;
  expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
  // (The refused submission's 422 is the one expected console line.)
  expect(problems.filter((p) => !p.includes('status of 422'))).toEqual([]);

  // The same form on a phone.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await phone.goto(`${baseUrl()}form/${path}`);
  await expect(phone.getByRole('button', { name: 'Continue' })).toBeVisible();
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: `${SHOTS}/04-phone.png`, fullPage: true });
  await phone.close();
});
