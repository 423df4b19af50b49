// The prompts service (spec 002 §7 "Survey and prompts"; issue 17), served by the instance itself
// at <rest>/prompts-service/ with the calls n8n's editor makes to api.n8n.io, so the answers stay
// on the instance (table prompt_answers; the owner reads them in Settings → Feedback). Which
// prompt a user sees is decided here, from what the database knows (rules below, in the README).
// SWITCHYARD_PROMPTS_URL points the editor at another service speaking the same calls instead.
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { currentUser } from '../auth/requestAuth.ts';
import { BadRequestError } from '../errors.ts';
import { isValidEmail } from '../../model/survey.ts';
import type { PromptAnswer } from '../db/repositories/promptAnswers.ts';

export const PROMPTS_SERVICE_PATH = '/prompts-service';

/** The rules, in one place (README "Surveys and prompts"). */
export const PROMPT_RULES = {
  /** The contact prompt asks someone who uses the product: this many saved workflows… */
  contactAfterWorkflows: 3,
  /** …and this many successful runs of them. It asks once: closed or answered, never again. */
  contactAfterRuns: 5,
  /** The value survey asks once a user has saved this many workflows… */
  valueSurveyAfterWorkflows: 3,
  /** …not again for this long after a score… */
  valueSurveyRepeatDays: 180,
  /** …nor for this long after it was closed without one. */
  valueSurveyRetryDays: 30,
  /** Onboarding call toasts: only in a user's first days (n8n's ONBOARDING_PROMPT_TIMEBOX)… */
  onboardingDays: 14,
  /** …at most this many times, and never after the user answered it. */
  onboardingToasts: 3,
} as const;

const DAY = 86_400_000;
const EPOCH = new Date(0).toISOString();
const Email = Type.String({ maxLength: 254 });
const ContactBody = Type.Object({ email: Type.Union([Email, Type.Null()]) }, { additionalProperties: false });
const ValueSurveyBody = Type.Object({ value: Type.Union([Type.String({ maxLength: 2 }), Type.Null()]), email: Type.Optional(Email) }, { additionalProperties: false });
const OnboardingPromptBody = Type.Object({ email: Type.Union([Email, Type.Null()]) }, { additionalProperties: false });
const OnboardingSignupBody = Type.Object({ email: Email, agree: Type.Boolean() }, { additionalProperties: false });
const OnboardingQuery = Type.Object(
  { instance_id: Type.Optional(Type.String({ maxLength: 128 })), user_id: Type.Optional(Type.String({ maxLength: 128 })), is_owner: Type.Optional(Type.String({ maxLength: 8 })), survey_results: Type.Optional(Type.String({ maxLength: 8192 })) },
  { additionalProperties: false },
);

function checkEmail(email: string): string {
  if (!isValidEmail(email)) throw new BadRequestError('Please enter a valid email address');
  return email.trim();
}

const ageDays = (iso: string, now: number) => (now - Date.parse(iso)) / DAY;

/** Whether the contact prompt asks now: any answer (an address or a close) ends it. */
export function contactDue(workflows: number, successfulRuns: number, answers: PromptAnswer[]): boolean {
  return answers.length === 0 && workflows >= PROMPT_RULES.contactAfterWorkflows && successfulRuns >= PROMPT_RULES.contactAfterRuns;
}

export function valueSurveyDue(workflows: number, answers: PromptAnswer[], now = Date.now()): boolean {
  if (workflows < PROMPT_RULES.valueSurveyAfterWorkflows) return false;
  const scored = answers.find((a) => a.value !== null);
  if (scored && ageDays(scored.createdAt, now) < PROMPT_RULES.valueSurveyRepeatDays) return false;
  const last = answers[0];
  return !last || last.value !== null || ageDays(last.createdAt, now) >= PROMPT_RULES.valueSurveyRetryDays;
}

export function promptsServiceRoutes(ctx: ServerContext) {
  const { promptAnswers, workflows, executions } = ctx.repos;
  return async function promptsService(app: FastifyInstance): Promise<void> {
    app.get('/prompts', async (request) => {
      const user = currentUser(request);
      const count = await workflows.count({ ownerId: user.id });
      const [contact, value] = await Promise.all([promptAnswers.ofUser('contactPrompt', user.id), promptAnswers.ofUser('valueSurvey', user.id)]);
      // Runs are counted only when the other conditions hold (a capped count, but not free).
      const runs = contact.length === 0 && count >= PROMPT_RULES.contactAfterWorkflows ? (await executions.count({ userId: user.id, status: ['success'] })).count : 0;
      const showContactPrompt = ctx.config.promptsEnabled && contactDue(count, runs, contact);
      // Asked is answered (no address yet): whatever closes the prompt, it does not ask again.
      if (showContactPrompt) await promptAnswers.add('contactPrompt', user.id, null, null);
      // One prompt at a time: the value survey waits while the contact prompt asks.
      const showValueSurvey = ctx.config.promptsEnabled && !showContactPrompt && valueSurveyDue(count, value);
      return {
        showContactPrompt,
        showValueSurvey,
        title: 'You seem to like building workflows',
        message: 'Leave an address and we will tell you about new features and workflows like yours. Nothing else, and never to anyone else.',
      };
    });

    app.post<{ Body: Static<typeof ContactBody> }>('/prompt', { schema: { body: ContactBody } }, async (request) => {
      const user = currentUser(request);
      const email = request.body.email === null ? null : checkEmail(request.body.email);
      // The address completes the row the ask left; a close adds nothing to it.
      const asked = email === null ? (await promptAnswers.ofUser('contactPrompt', user.id)).length > 0 : await promptAnswers.addEmail('contactPrompt', user.id, email, EPOCH);
      if (!asked) await promptAnswers.add('contactPrompt', user.id, email, null);
      return { updated: true };
    });

    app.post<{ Body: Static<typeof ValueSurveyBody> }>('/value-survey', { schema: { body: ValueSurveyBody } }, async (request) => {
      const user = currentUser(request);
      const { value, email } = request.body;
      if (value !== null && !/^(10|[0-9])$/.test(value)) throw new BadRequestError('"value" must be a score from 0 to 10');
      if (email !== undefined) {
        const address = checkEmail(email);
        // The email step follows the score by seconds to minutes: it completes that answer.
        const since = new Date(Date.now() - DAY).toISOString();
        if (!(await promptAnswers.addEmail('valueSurvey', user.id, address, since))) await promptAnswers.add('valueSurvey', user.id, address, value);
        return { updated: true };
      }
      await promptAnswers.add('valueSurvey', user.id, null, value);
      return { updated: true };
    });

    app.get<{ Querystring: Static<typeof OnboardingQuery> }>('/prompts/onboarding', { schema: { querystring: OnboardingQuery } }, async (request) => {
      const user = currentUser(request);
      if (!ctx.config.onboardingCallPromptEnabled || ageDays(user.createdAt, Date.now()) > PROMPT_RULES.onboardingDays) return {};
      const [answered, shown] = await Promise.all([promptAnswers.ofUser('onboardingCall', user.id), promptAnswers.ofUser('onboardingToast', user.id)]);
      if (answered.length || shown.length >= PROMPT_RULES.onboardingToasts) return {};
      await promptAnswers.add('onboardingToast', user.id, null, null);
      return {
        title: 'Get a free onboarding call',
        description: 'A 30-minute call with someone who builds workflows every day: bring your use case and leave with it running. Click to sign up.',
        toast_sequence_number: shown.length + 1,
      };
    });

    app.post<{ Body: Static<typeof OnboardingPromptBody> }>('/prompts/onboarding', { schema: { body: OnboardingPromptBody } }, async (request) => {
      const user = currentUser(request);
      const email = request.body.email === null ? null : checkEmail(request.body.email);
      await promptAnswers.add('onboardingCall', user.id, email, { signedUp: false });
      return { updated: true };
    });

    app.post<{ Body: Static<typeof OnboardingSignupBody> }>('/accounts/onboarding', { schema: { body: OnboardingSignupBody } }, async (request) => {
      const user = currentUser(request);
      if (!request.body.agree) throw new BadRequestError('Agree to be contacted to sign up for a call');
      await promptAnswers.add('onboardingCall', user.id, checkEmail(request.body.email), { signedUp: true });
      return { updated: true };
    });
  };
}
