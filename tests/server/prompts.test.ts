// Surveys and prompts with the instance as their store (issue 17; spec 002 §3, §4, §7): the v3
// personalization answers checked and kept on the user, the prompts service's rules (contact from
// the 2nd workflow, value survey from the 3rd, onboarding toasts at most 3 in the first 14 days),
// the answers kept, and the owner's table and CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';
import { api, createWorkflow, runToEnd, setupOwner, type Account } from './accountHelpers.ts';
import { contactDue, valueSurveyDue, PROMPT_RULES } from '../../src/server/prompts/service.ts';
import { csvField } from '../../src/server/prompts/answers.ts';
import { checkSurveyAnswers, visibleQuestions } from '../../src/model/survey.ts';
import type { PromptAnswer } from '../../src/server/db/repositories/promptAnswers.ts';

const P = '/rest/prompts-service';
const day = 86_400_000;
const answer = (daysAgo: number, value: unknown, email: string | null = null): PromptAnswer => ({ id: 'x', kind: 'valueSurvey', userId: 'u', email, value, createdAt: new Date(Date.now() - daysAgo * day).toISOString() });

describe('survey answers (v3)', () => {
  it('conditional questions follow the answers', () => {
    expect([...visibleQuestions({})]).toEqual(['companyType', 'automationGoal', 'usageModes', 'companySize']);
    expect(visibleQuestions({ companyType: 'other', companyIndustryExtended: ['other'] }).has('otherCompanyIndustryExtended')).toBe(true);
    const personal = visibleQuestions({ companyType: 'personal', automationGoal: 'sales-marketing' });
    expect(personal.has('automationGoal') || personal.has('companySize') || personal.has('automationGoalSm')).toBe(false);
    expect(visibleQuestions({ automationGoal: 'sales-marketing', automationGoalSm: ['other'] }).has('automationGoalSmOther')).toBe(true);
    expect(visibleQuestions({ automationGoal: 'other' }).has('otherAutomationGoal')).toBe(true);
  });

  it('refuses a wrong version, unknown keys and values, long texts, and answers to hidden questions', () => {
    expect(checkSurveyAnswers({ version: 'v2' })).toEqual({ ok: false, error: '"version" must be "v3"' });
    expect(checkSurveyAnswers({ version: 'v3', role: 'x' })).toMatchObject({ ok: false, error: expect.stringContaining('"role" is not a question') });
    expect(checkSurveyAnswers({ version: 'v3', companyType: 'bank' })).toMatchObject({ ok: false, error: expect.stringContaining('not an answer to "companyType"') });
    expect(checkSurveyAnswers({ version: 'v3', automationGoal: 'other', otherAutomationGoal: 'x'.repeat(301) })).toMatchObject({ ok: false });
    expect(checkSurveyAnswers({ version: 'v3', companyType: 'saas', companyIndustryExtended: ['government'] })).toMatchObject({ ok: false, error: expect.stringContaining('does not apply') });
    expect(checkSurveyAnswers({ version: 'v3', companyType: 'other', companyIndustryExtended: ['government', 'other'], otherCompanyIndustryExtended: ['Shipping'], automationGoal: 'sales-marketing', automationGoalSm: ['reporting'], usageModes: ['manipulate-files'], companySize: '20-99' }).ok).toBe(true);
  });
});

describe('prompt rules', () => {
  it('contact (issue 17): after 3 workflows and 5 successful runs, once: never again after a close or an address', () => {
    const { contactAfterWorkflows: w, contactAfterRuns: r } = PROMPT_RULES;
    expect([w, r]).toEqual([3, 5]);
    expect(contactDue(1, 0, [])).toBe(false);
    expect(contactDue(2, 100, [])).toBe(false);
    expect(contactDue(50, r - 1, [])).toBe(false);
    expect(contactDue(w, r, [])).toBe(true);
    expect(contactDue(w, r, [answer(3, null)])).toBe(false);
    expect(contactDue(w, r, [answer(400, null)])).toBe(false);
    expect(contactDue(9, 99, [answer(400, null, 'a@b.co')])).toBe(false);
  });

  it('value survey: from the 3rd workflow, not within 180 days of a score nor 30 of a close', () => {
    expect(valueSurveyDue(2, [])).toBe(false);
    expect(valueSurveyDue(3, [])).toBe(true);
    expect(valueSurveyDue(3, [answer(10, '9')])).toBe(false);
    expect(valueSurveyDue(3, [answer(181, '9')])).toBe(true);
    expect(valueSurveyDue(3, [answer(5, null)])).toBe(false);
    expect(valueSurveyDue(3, [answer(31, null)])).toBe(true);
  });

  it('CSV fields are quoted and formulas defused', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });
});

describe('the prompts service and the owner\'s feedback', () => {
  let s: TestServer;
  let owner: Account;
  beforeAll(async () => {
    // Manual runs are kept, so that they count as the contact prompt's runs.
    s = await startServer({ SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL: 'true' });
    owner = await setupOwner(s);
  });
  afterAll(async () => s?.dispose());
  const as = (method: string, url: string, body?: unknown) => api(s, method, url, body, { cookie: owner.cookie });

  it('POST /me/survey keeps v3 answers on the user; bad ones are a 400 naming the field', async () => {
    const bad = await as('POST', '/rest/me/survey', { version: 'v3', companySize: 'huge' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('"companySize"');
    const good = { version: 'v3', personalization_survey_submitted_at: new Date().toISOString(), personalization_survey_n8n_version: '0.1.0', companyType: 'saas', automationGoal: 'engineering', usageModes: ['build-be-services'], companySize: '20-99' };
    expect((await as('POST', '/rest/me/survey', good)).status).toBe(200);
    expect((await as('GET', '/rest/me')).body.data.personalizationAnswers).toEqual(good);
  });

  it('asks for a rating after the 3rd workflow, for contact once 5 runs succeeded; keeps what was given', async () => {
    expect((await as('GET', `${P}/prompts`)).body).toMatchObject({ showContactPrompt: false, showValueSurvey: false });
    await createWorkflow(s, owner, 'one');
    await createWorkflow(s, owner, 'two');
    expect((await as('GET', `${P}/prompts`)).body).toMatchObject({ showContactPrompt: false, showValueSurvey: false });
    const third = await createWorkflow(s, owner, 'three');
    expect((await as('GET', `${P}/prompts`)).body).toMatchObject({ showContactPrompt: false, showValueSurvey: true });
    expect((await as('POST', `${P}/value-survey`, { value: '11' })).status).toBe(400);
    expect((await as('POST', `${P}/value-survey`, { value: '9' })).body).toEqual({ updated: true });
    expect((await as('POST', `${P}/value-survey`, { value: '9', email: 'olive+nps@example.com' })).body).toEqual({ updated: true });
    expect((await as('GET', `${P}/prompts`)).body).toMatchObject({ showValueSurvey: false });
    const stored = await s.server.context.repos.promptAnswers.ofUser('valueSurvey', owner.id);
    expect(stored.map((a) => [a.value, a.email])).toEqual([['9', 'olive+nps@example.com']]);
    for (let i = 0; i < PROMPT_RULES.contactAfterRuns; i++) {
      expect((await as('GET', `${P}/prompts`)).body.showContactPrompt).toBe(false);
      await runToEnd(s, owner, third);
    }
    expect((await as('GET', `${P}/prompts`)).body).toMatchObject({ showContactPrompt: true, showValueSurvey: false });
    expect((await as('POST', `${P}/prompt`, { email: 'not an address' })).status).toBe(400);
    expect((await as('POST', `${P}/prompt`, { email: 'olive@example.com' })).body).toEqual({ updated: true });
    expect((await as('GET', `${P}/prompts`)).body).toMatchObject({ showContactPrompt: false, showValueSurvey: false });
  }, 60_000);

  it('asked once, the contact prompt does not ask again, however it was closed', async () => {
    const other = await startServer({ SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL: 'true' });
    try {
      const o = await setupOwner(other);
      const ids = [await createWorkflow(other, o, 'a'), await createWorkflow(other, o, 'b'), await createWorkflow(other, o, 'c')];
      for (let i = 0; i < PROMPT_RULES.contactAfterRuns; i++) await runToEnd(other, o, ids[i % 3]!);
      const prompts = async () => (await api(other, 'GET', `${P}/prompts`, undefined, { cookie: o.cookie })).body;
      expect(await prompts()).toMatchObject({ showContactPrompt: true });
      // Asked once: closed by any means (even one that tells the service nothing), it is not asked again.
      expect(await prompts()).toMatchObject({ showContactPrompt: false });
      expect((await api(other, 'POST', `${P}/prompt`, { email: null }, { cookie: o.cookie })).body).toEqual({ updated: true });
      expect((await other.server.context.repos.promptAnswers.ofUser('contactPrompt', o.id)).map((a) => a.email)).toEqual([null]);
      await createWorkflow(other, o, 'd');
      await runToEnd(other, o, ids[0]!);
      expect(await prompts()).toMatchObject({ showContactPrompt: false });
    } finally {
      await other.dispose();
    }
  }, 60_000);

  it('onboarding toasts: at most 3, none after the user signed up', async () => {
    const seq: unknown[] = [];
    for (let i = 0; i < 4; i++) seq.push((await as('GET', `${P}/prompts/onboarding?is_owner=true`)).body.toast_sequence_number);
    expect(seq).toEqual([1, 2, 3, undefined]);
    expect((await as('POST', `${P}/accounts/onboarding`, { email: 'olive@example.com', agree: false })).status).toBe(400);
    expect((await as('POST', `${P}/accounts/onboarding`, { email: 'olive@example.com', agree: true })).body).toEqual({ updated: true });
  });

  it('the owner reads every answer as a table and as CSV', async () => {
    const rows = (await as('GET', '/rest/prompt-answers')).body.data as Array<{ kind: string; email: string; answer: string; userEmail: string }>;
    expect(rows.map((r) => r.kind).sort()).toEqual(['contactPrompt', 'onboardingCall', 'personalization', 'valueSurvey']);
    expect(rows.find((r) => r.kind === 'valueSurvey')).toMatchObject({ email: 'olive+nps@example.com', answer: 'score 9', userEmail: 'owner@example.com' });
    expect(rows.find((r) => r.kind === 'personalization')?.answer).toContain('Company: SaaS');
    expect(rows.find((r) => r.kind === 'onboardingCall')?.answer).toBe('signed up for a call');
    const csv = await as('GET', '/rest/prompt-answers.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toBe('Date,Kind,User,User email,Email given,Answer');
    expect(lines.length).toBe(5);
    expect(lines.some((l) => l.includes('olive+nps@example.com') && l.includes('score 9'))).toBe(true);
  });

  it('SWITCHYARD_PROMPTS_ENABLED=false: the service asks nothing', async () => {
    const off = await startServer({ SWITCHYARD_PROMPTS_ENABLED: 'false', SWITCHYARD_ONBOARDING_CALL_PROMPT_ENABLED: 'false' });
    try {
      const o = await setupOwner(off);
      for (const n of ['a', 'b', 'c']) await createWorkflow(off, o, n);
      expect((await api(off, 'GET', `${P}/prompts`, undefined, { cookie: o.cookie })).body).toMatchObject({ showContactPrompt: false, showValueSurvey: false });
      expect((await api(off, 'GET', `${P}/prompts/onboarding`, undefined, { cookie: o.cookie })).body).toEqual({});
      expect((await api(off, 'GET', '/rest/settings')).body.data).toMatchObject({ prompts: { enabled: false }, onboardingCallPromptEnabled: false });
    } finally {
      await off.dispose();
    }
  });
});
