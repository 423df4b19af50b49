// Surveys and prompts end to end (spec 002 §2, §4, §5, §9; issue 17), on a server with them on
// and the instance as their store: the owner signs up and gets the personalization survey with
// its conditional questions, then the onboarding call offer as a toast; saves bring the value
// survey (3rd workflow) and, after 5 successful runs, the contact prompt once; the owner reads every answer in Settings →
// Feedback and downloads it as CSV. Also: the About dialog's instance id fits its box.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { startAccountServer, type AccountServer } from './accountServer.ts';
import { systemTimezone } from '../../src/server/config.ts';
import { toast, waitForCanvas } from './editing-helpers.ts';

const SHOTS = 'test-results/surveys';
mkdirSync(SHOTS, { recursive: true });

let server: AccountServer;
const OWNER = { email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner', password: 'OwnerPass1' };

test.beforeAll(async () => {
  server = await startAccountServer({ smtp: false, env: { SWITCHYARD_PERSONALIZATION_ENABLED: 'true', SWITCHYARD_PROMPTS_ENABLED: 'true', SWITCHYARD_ONBOARDING_CALL_PROMPT_ENABLED: 'true', SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL: 'true' } });
});
test.afterAll(async () => server?.stop());

async function saveNewWorkflow(page: Page, name: string): Promise<void> {
  await page.goto(`${server.url}workflow`);
  await waitForCanvas(page);
  await page.evaluate((n) => (window as unknown as { __switchyard: { workflow: { setName(n: string): void } } }).__switchyard.workflow.setName(n), name);
  await page.keyboard.press('Control+s');
  await expect(page).toHaveURL(/\/workflow\/[A-Za-z0-9]+$/);
}

/** Five successful runs of a stored workflow (kept: SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL). */
async function runFiveTimes(page: Page): Promise<void> {
  const headers = { origin: new URL(server.url).origin };
  const trigger = { id: 't', name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
  const created = await page.request.post(`${server.url}rest/workflows`, { data: { name: 'Runs', nodes: [trigger], connections: {} }, headers });
  const workflowData = (await created.json()).data;
  for (let i = 0; i < 5; i++) {
    const id = (await (await page.request.post(`${server.url}rest/workflows/run`, { data: { workflowData }, headers })).json()).data.executionId as string;
    await expect.poll(async () => (await (await page.request.get(`${server.url}rest/executions/${id}`)).json()).data?.status).toBe('success');
  }
}

test('survey, onboarding call, contact prompt, value survey, and the owner\'s feedback page', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Owner setup: the survey opens on the first page after it.
  await page.goto(`${server.url}setup`);
  await page.getByTestId('setup-email').fill(OWNER.email);
  await page.getByTestId('setup-first-name').fill(OWNER.firstName);
  await page.getByTestId('setup-last-name').fill(OWNER.lastName);
  await page.getByTestId('setup-password').fill(OWNER.password);
  await page.getByTestId('setup-submit').click();
  const survey = page.getByTestId('personalization-modal');
  await expect(survey).toBeVisible();
  await expect(survey.getByRole('heading', { name: 'Customize Switchyard to you' })).toBeVisible();

  // Not on a wall (a screen nobody sits at): the same user is asked nothing there; back in the
  // app, the survey opens again.
  await page.goto(`${server.url}wall`);
  await expect(page.getByTestId('wall-setup')).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(survey).toHaveCount(0);
  await page.goto(`${server.url}workflow`);
  await expect(survey).toBeVisible();

  // The intro counts the questions shown, whichever the answers show.
  const intro = survey.getByTestId('survey-intro');
  const questions = survey.locator('fieldset.survey-question');
  const introSays = async (word: string, n: number) => {
    await expect(questions).toHaveCount(n);
    await expect(intro).toHaveText(new RegExp(`^${word} quick questions, all optional\\.`));
  };
  await introSays('Four', 4);
  await survey.screenshot({ path: `${SHOTS}/survey-intro.png` });

  // Conditional questions: industries only for 'other'; no goal or size when not for work.
  await expect(page.getByTestId('survey-companyIndustryExtended')).toHaveCount(0);
  await page.getByTestId('survey-companyType').selectOption('personal');
  await expect(page.getByTestId('survey-automationGoal')).toHaveCount(0);
  await expect(page.getByTestId('survey-companySize')).toHaveCount(0);
  await introSays('Two', 2);
  await page.getByTestId('survey-companyType').selectOption('other');
  await introSays('Five', 5);
  await page.getByTestId('survey-companyIndustryExtended').getByLabel('Other (please specify)').check();
  await page.getByTestId('survey-otherCompanyIndustryExtended').fill('Shipping');
  await page.getByTestId('survey-companyIndustryExtended').getByLabel('Government').check();
  await page.getByTestId('survey-automationGoal').selectOption('sales-marketing');
  await page.getByTestId('survey-automationGoalSm').getByLabel('Reporting').check();
  await page.getByTestId('survey-automationGoalSm').getByLabel('Other (please specify)').check();
  await page.getByTestId('survey-automationGoalSmOther').fill('Partner portals');
  await page.getByTestId('survey-usageModes').getByLabel('Read, write or change files').check();
  await page.getByTestId('survey-companySize').selectOption('20-99');
  await introSays('Six', 6);
  await page.screenshot({ path: `${SHOTS}/survey.png` });
  const posted = page.waitForRequest((r) => r.url().endsWith('/rest/me/survey') && r.method() === 'POST');
  await page.getByTestId('personalization-submit').click();
  const body = (await posted).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ version: 'v3', companyType: 'other', companyIndustryExtended: ['other', 'government'], otherCompanyIndustryExtended: ['Shipping'], automationGoal: 'sales-marketing', automationGoalSm: ['reporting', 'other'], automationGoalSmOther: 'Partner portals', usageModes: ['manipulate-files'], companySize: '20-99' });
  await expect(page.getByTestId('personalization-thanks')).toBeVisible();
  await page.getByTestId('personalization-get-started').click();
  await expect(survey).toHaveCount(0);

  // The onboarding call offer follows as a toast; clicking it opens the sign-up modal.
  const offer = page.getByTestId('toast').filter({ hasText: 'Get a free onboarding call' });
  await expect(offer).toBeVisible({ timeout: 15_000 });
  // Missed (not clicked): the next page load offers it again (the service allows 3), sooner.
  const asked = page.waitForRequest((r) => r.url().includes('/prompts/onboarding') && r.method() === 'GET');
  await page.reload();
  await asked;
  await expect(offer).toBeVisible({ timeout: 10_000 });
  await offer.getByTestId('toast-action').click();
  const call = page.getByTestId('onboarding-call-modal');
  await expect(call).toBeVisible();
  await call.getByTestId('onboarding-call-email').fill('not-an-address');
  await call.getByTestId('onboarding-call-signup').click();
  await expect(call.getByTestId('onboarding-call-email-error')).toBeVisible();
  await call.getByTestId('onboarding-call-email').fill('olive+call@example.com');
  await page.screenshot({ path: `${SHOTS}/onboarding-call.png` });
  await call.getByTestId('onboarding-call-signup').click();
  await expect(toast(page, 'You are signed up')).toBeVisible();
  await expect(call).toHaveCount(0);

  // The survey does not come back (answers are kept on the user).
  await page.reload();
  await waitForCanvas(page);
  await expect(page.getByTestId('personalization-modal')).toHaveCount(0);

  // 1st and 2nd save: nothing (issue 17: the contact prompt waited for only 2 workflows).
  const contact = page.getByTestId('contact-prompt');
  await saveNewWorkflow(page, 'First');
  await saveNewWorkflow(page, 'Second');
  await page.waitForTimeout(500);
  await expect(contact).toHaveCount(0);

  // 3rd save: the value survey drawer; a 9 is positive; the email step; reset after sending.
  await saveNewWorkflow(page, 'Third');
  const drawer = page.getByTestId('value-survey');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('value-survey-title')).toHaveText('How likely are you to recommend Switchyard to a friend or colleague?');
  await expect(drawer.getByText('Not likely')).toBeVisible();
  await expect(drawer.getByText('Very likely')).toBeVisible();
  await expect(drawer.locator('[data-testid^="value-survey-score-"]')).toHaveCount(11);
  await page.screenshot({ path: `${SHOTS}/value-survey.png` });
  await drawer.getByTestId('value-survey-score-9').click();
  await expect(drawer.getByTestId('value-survey-title')).toHaveText(/^Great to hear!/);
  await expect(drawer.getByTestId('value-survey-send')).toBeDisabled();
  await drawer.getByTestId('value-survey-email').fill('olive+nps@example.com');
  await drawer.getByTestId('value-survey-send').click();
  await expect(toast(page, 'Thanks for your feedback')).toBeVisible();
  await expect(drawer).toHaveCount(0);

  // After 5 successful runs: the contact prompt, once, with the owner's address filled in.
  await runFiveTimes(page);
  await saveNewWorkflow(page, 'Fourth');
  await expect(contact).toBeVisible();
  await expect(contact.getByTestId('contact-prompt-email')).toHaveValue(OWNER.email);
  await page.screenshot({ path: `${SHOTS}/contact-prompt.png` });
  await contact.getByTestId('contact-prompt-email').fill('not an address');
  await expect(contact.getByTestId('contact-prompt-send')).toBeDisabled();
  await contact.getByTestId('contact-prompt-email').fill('olive+news@example.com');
  await expect(contact.getByTestId('contact-prompt-send')).toBeEnabled();
  await contact.getByTestId('contact-prompt-send').click();
  await expect(toast(page, 'Thanks!')).toBeVisible();
  await saveNewWorkflow(page, 'Fifth');
  await page.waitForTimeout(500);
  await expect(contact).toHaveCount(0);

  // The owner's feedback page and its CSV.
  await page.goto(`${server.url}settings/feedback`);
  const table = page.getByTestId('feedback-table');
  await expect(table).toBeVisible();
  await expect(table.getByTestId('feedback-row')).toHaveCount(4);
  await expect(table).toContainText('Personalization survey');
  await expect(table).toContainText('Company: Other');
  await expect(table).toContainText('score 9');
  await expect(table).toContainText('olive+nps@example.com');
  await expect(table).toContainText('olive+news@example.com');
  await expect(table).toContainText('signed up for a call');
  await page.screenshot({ path: `${SHOTS}/feedback.png`, fullPage: true });
  const downloading = page.waitForEvent('download');
  await page.getByTestId('feedback-csv').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('switchyard-feedback.csv');
  const csv = readFileSync((await file.path())!, 'utf8').trim().split('\r\n');
  expect(csv[0]).toBe('Date,Kind,User,User email,Email given,Answer');
  expect(csv.length).toBe(5);

  // About: the 64-character instance id stays inside the dialog.
  await page.getByTestId('settings-version').click();
  const id = page.getByTestId('about-instance-id');
  await expect(id).toHaveText(/^[0-9a-f]{64}$/);
  const dialog = (await page.locator('.dialog').boundingBox())!;
  const box = (await id.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(dialog.x + dialog.width);
  // The licence link opens the text this instance serves (LICENSE); the source-code row is
  // package.json's repository, or says it is not published.
  const licence = page.getByTestId('about-license').getByRole('link');
  await expect(licence).toHaveText('Proprietary, all rights reserved');
  const licenceText = await page.request.get(new URL((await licence.getAttribute('href'))!, page.url()).href);
  expect(licenceText.status()).toBe(200);
  expect(await licenceText.text()).toContain('All rights reserved');
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { repository?: unknown };
  // Without a repository (ours has none), the build's archive of the commit it was made from.
  const source = page.getByTestId('about-source').getByRole('link');
  if (pkg.repository) await expect(source).toBeVisible();
  else {
    await expect(source).toHaveText(/^Download \(tar\.gz, commit [0-9a-f]{12}\)$/);
    const archive = await page.request.get(new URL((await source.getAttribute('href'))!, page.url()).href);
    expect(archive.status()).toBe(200);
    const bytes = await archive.body();
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]); // gzip
    const tar = gunzipSync(bytes);
    expect(tar.includes(Buffer.from('switchyard/package.json'))).toBe(true);
  }
  // The time zone is the server machine's (SWITCHYARD_TIMEZONE unset), not n8n's New York.
  await expect(page.getByTestId('about-timezone')).toHaveText(systemTimezone(process.env));
  await page.screenshot({ path: `${SHOTS}/about.png` });
});

test.describe('another prompts service (SWITCHYARD_PROMPTS_URL)', () => {
  let service: Server;
  let other: AccountServer;
  const seen: Array<{ method: string; path: string; instance: string; user: string; cookie: string; body: string }> = [];

  test.beforeAll(async () => {
    service = createServer((req, res) => {
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, n8n-instance-id, n8n-user-id' };
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        seen.push({ method: req.method ?? '', path, instance: String(req.headers['n8n-instance-id'] ?? ''), user: String(req.headers['n8n-user-id'] ?? ''), cookie: String(req.headers.cookie ?? ''), body });
        const answer = path.endsWith('/prompts') ? { showContactPrompt: true, showValueSurvey: false, title: 'From the other service', message: 'Asked by a service of your own.' } : { updated: true };
        res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((r) => service.listen(0, '127.0.0.1', () => r()));
    const address = service.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/`;
    other = await startAccountServer({ smtp: false, env: { SWITCHYARD_PROMPTS_ENABLED: 'true', SWITCHYARD_PROMPTS_URL: url } });
    await fetch(`${other.url}rest/owner/skip-setup`, { method: 'POST', headers: { origin: new URL(other.url).origin } });
  });
  test.afterAll(async () => {
    await other?.stop();
    await new Promise((r) => service?.close(r));
  });

  test('asks it after a save with the instance and user ids, no cookies, and sends it the answer', async ({ page }) => {
    await page.goto(`${other.url}workflow`);
    await waitForCanvas(page);
    await page.keyboard.press('Control+s');
    const contact = page.getByTestId('contact-prompt');
    await expect(contact).toBeVisible();
    await expect(contact.getByRole('heading')).toHaveText('From the other service');
    await contact.getByTestId('contact-prompt-email').fill('dee@example.com');
    await contact.getByTestId('contact-prompt-send').click();
    await expect(toast(page, 'Thanks!')).toBeVisible();
    const settings = (await (await page.request.get(`${other.url}rest/settings`)).json()).data as { instanceId: string };
    const me = (await (await page.request.get(`${other.url}rest/me`)).json()).data as { id: string };
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /api/prompts', 'POST /api/prompt']);
    for (const s of seen) expect(s).toMatchObject({ instance: settings.instanceId, user: me.id, cookie: '' });
    expect(JSON.parse(seen[1]!.body)).toEqual({ email: 'dee@example.com' });
  });
});
