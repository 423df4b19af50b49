// The editor's side of surveys and prompts (issue 17): what the survey sends, the value survey's
// positive threshold, who is asked the survey, and who may open Settings → Feedback.
import { describe, expect, it } from 'vitest';
import { surveyPayload } from '../../src/app/prompts/PersonalizationModal.tsx';
import { isPositive, NEGATIVE_TITLE, POSITIVE_TITLE } from '../../src/app/prompts/ValueSurveyDrawer.tsx';
import { needsSurvey } from '../../src/app/prompts/flow.ts';
import { mayAccess } from '../../src/app/routes/access.ts';
import { checkSurveyAnswers, hasAnswers, surveyIntro } from '../../src/model/survey.ts';
import type { RootStore } from '../../src/app/stores/RootStore.ts';

describe('personalization survey payload', () => {
  it('sends v3 with only the questions shown, trimmed, empty ones left out; the server accepts it', () => {
    const now = new Date('2026-12-02T10:00:00Z');
    const p = surveyPayload({ companyType: 'personal', automationGoal: 'hr', companySize: '<20', usageModes: [], companyIndustryExtended: ['it-industry'] }, '0.1.0', now);
    expect(p).toEqual({ version: 'v3', personalization_survey_submitted_at: '2026-12-02T10:00:00.000Z', personalization_survey_n8n_version: '0.1.0', companyType: 'personal' });
    expect(checkSurveyAnswers(p).ok).toBe(true);
    const q = surveyPayload({ companyType: 'saas', automationGoal: 'other', otherAutomationGoal: '  Logistics  ' }, '0.1.0', now);
    expect(q).toMatchObject({ automationGoal: 'other', otherAutomationGoal: 'Logistics' });
    expect(checkSurveyAnswers(q).ok).toBe(true);
    expect(hasAnswers(surveyPayload({}, '0.1.0', now))).toBe(false);
  });
});

describe('personalization survey intro', () => {
  it('counts the questions the answers show, as they change', () => {
    expect(surveyIntro({})).toBe('Four quick questions, all optional.');
    expect(surveyIntro({ companyType: 'personal' })).toBe('Two quick questions, all optional.');
    expect(surveyIntro({ companyType: 'other' })).toBe('Five quick questions, all optional.');
    expect(surveyIntro({ companyType: 'saas', automationGoal: 'sales-marketing' })).toBe('Five quick questions, all optional.');
    // 'Other' texts sit inside their question: they add no question.
    expect(surveyIntro({ companyType: 'other', companyIndustryExtended: ['other'], automationGoal: 'sales-marketing', automationGoalSm: ['other'] })).toBe('Six quick questions, all optional.');
  });
});

describe('value survey', () => {
  it('above 7 is positive, and the email step says so', () => {
    expect([7, 8, 10].map(isPositive)).toEqual([false, true, true]);
    expect(POSITIVE_TITLE).toMatch(/^Great to hear!/);
    expect(NEGATIVE_TITLE).toMatch(/^Thanks for your feedback!/);
  });
});

describe('who is asked and who reads the answers', () => {
  const root = (role: string, answers: unknown, enabled = true, isPending = false) =>
    ({ settings: { settings: { personalizationSurveyEnabled: enabled } }, users: { currentUser: { globalRole: { name: role }, personalizationAnswers: answers, isPending } } }) as unknown as RootStore;
  it('the survey: signed-in owners and members without answers, when enabled', () => {
    expect(needsSurvey(root('owner', null))).toBe(true);
    expect(needsSurvey(root('member', null))).toBe(true);
    expect(needsSurvey(root('member', { version: 'v3' }))).toBe(false);
    expect(needsSurvey(root('default', null))).toBe(false);
    expect(needsSurvey(root('owner', null, false))).toBe(false);
    expect(needsSurvey(root('member', null, true, true))).toBe(false);
  });
  it('Settings → Feedback: the owner and the default user', () => {
    const s = { userManagement: { enabled: true, showSetupOnFirstLoad: false, smtpSetup: false }, publicApi: { enabled: true, latestVersion: 1, path: 'api' } } as never;
    expect(mayAccess('FeedbackSettings', { globalRole: { name: 'owner' } }, s)).toBe(true);
    expect(mayAccess('FeedbackSettings', { globalRole: { name: 'default' } }, s)).toBe(true);
    expect(mayAccess('FeedbackSettings', { globalRole: { name: 'member' } }, s)).toBe(false);
    expect(mayAccess('FeedbackSettings', undefined, s)).toBe(false);
  });
});
