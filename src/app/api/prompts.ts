// The personalization survey (POST /me/survey), the prompts service the settings name (ours at
// <rest>/prompts-service/, or another speaking n8n's calls: it gets the instance and user ids in
// headers, never cookies), and the owner's feedback (GET /prompt-answers).
import type { FeedbackRow, FrontendSettings } from '../../model/api.ts';
import type { PublicUser } from '../../model/users.ts';
import type { SurveyAnswers } from '../../model/survey.ts';
import { request } from './client.ts';
import { restBase } from '../basePath.ts';
import { ApiError, NetworkError } from './errors.ts';

export function submitSurvey(answers: SurveyAnswers): Promise<{ success: boolean }> {
  return request('POST', '/me/survey', { body: answers });
}

export function getFeedback(): Promise<FeedbackRow[]> {
  return request('GET', '/prompt-answers');
}

export const FEEDBACK_CSV_URL = `${restBase}/prompt-answers.csv`;

export interface PromptsAnswer {
  showContactPrompt?: boolean;
  showValueSurvey?: boolean;
  title?: string;
  message?: string;
}

export interface OnboardingPrompt {
  title?: string;
  description?: string;
  toast_sequence_number?: number;
}

export type PromptsTarget = Pick<FrontendSettings, 'prompts' | 'instanceId'> & { user: Pick<PublicUser, 'id'> };

const TIMEOUT_MS = 10_000;

async function call<T>(t: PromptsTarget, method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string>): Promise<T> {
  const base = new URL(t.prompts.url, window.location.origin);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const url = new URL(path, base);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  const own = url.origin === window.location.origin;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { accept: 'application/json', 'n8n-instance-id': t.instanceId, 'n8n-user-id': t.user.id, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: own ? 'same-origin' : 'omit',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    throw new NetworkError(e);
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    throw new ApiError(`The prompts service answered ${res.status} with something other than JSON`, res.status);
  }
  if (!res.ok) throw new ApiError(typeof (parsed as { message?: unknown }).message === 'string' ? (parsed as { message: string }).message : `The prompts service answered ${res.status}`, res.status);
  return (typeof parsed === 'object' && parsed !== null ? parsed : {}) as T;
}

export const getPrompts = (t: PromptsTarget) => call<PromptsAnswer>(t, 'GET', 'prompts');
export const submitContactEmail = (t: PromptsTarget, email: string | null) => call<{ updated?: boolean }>(t, 'POST', 'prompt', { email });
export const submitValueSurvey = (t: PromptsTarget, value: string | null, email?: string) => call<{ updated?: boolean }>(t, 'POST', 'value-survey', email === undefined ? { value } : { value, email });
export const getOnboardingPrompt = (t: PromptsTarget, isOwner: boolean, surveyResults: Record<string, unknown>) =>
  call<OnboardingPrompt>(t, 'GET', 'prompts/onboarding', undefined, { instance_id: t.instanceId, user_id: t.user.id, is_owner: String(isOwner), survey_results: JSON.stringify(surveyResults).slice(0, 4000) });
export const submitOnboardingPrompt = (t: PromptsTarget, email: string | null) => call<{ updated?: boolean }>(t, 'POST', 'prompts/onboarding', { email });
export const signupOnboardingCall = (t: PromptsTarget, email: string) => call<{ updated?: boolean }>(t, 'POST', 'accounts/onboarding', { email, agree: true });
