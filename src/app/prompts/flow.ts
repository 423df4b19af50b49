// When the surveys and prompts show (spec 002 §4; issue 17): the personalization survey for a
// signed-in user without answers; after a save, the prompt the prompts service asks for (contact
// or value survey, one at a time); after the survey, the onboarding call offer as a toast.
import { action, makeObservable, observable, observableRef } from 'mobx';
import type { RootStore } from '../stores/RootStore.ts';
import { getOnboardingPrompt, getPrompts, type PromptsTarget } from '../api/prompts.ts';

/** The first onboarding toast waits this long after the survey (n8n waits 5 minutes; the spec leaves it open). */
export const FIRST_ONBOARDING_TOAST_DELAY_MS = 4000;
/** Later ones (spec 002 §9). */
export const LATER_ONBOARDING_TOAST_DELAY_MS = 1000;
/** n8n's ONBOARDING_PROMPT_TIMEBOX: the offer is for a user's first 14 days. */
export const ONBOARDING_DAYS = 14;

export const CONTACT_DEFAULT = { title: 'Stay in the loop', message: 'Leave an address to hear about new features and workflows like yours.' };

/** What the contact prompt says (the service may word it). */
export class PromptsStore {
  contact = CONTACT_DEFAULT;
  /** The survey was offered in this session (closing it does not bring it back before a reload). */
  surveyOffered = false;
  /** The onboarding call was asked for in this session (once per page load, as n8n's editor asks). */
  onboardingAsked = false;

  constructor() {
    makeObservable(this, { contact: observableRef, surveyOffered: observable, setContact: action, markSurveyOffered: action });
  }

  setContact(title?: string, message?: string): void {
    this.contact = { title: title?.slice(0, 200) || CONTACT_DEFAULT.title, message: message?.slice(0, 1000) || CONTACT_DEFAULT.message };
  }

  markSurveyOffered(): void {
    this.surveyOffered = true;
  }
}

export function promptsTarget(root: RootStore): PromptsTarget | undefined {
  const s = root.settings.settings;
  const user = root.users.currentUser;
  if (!s || !user) return undefined;
  return { prompts: s.prompts, instanceId: s.instanceId, user };
}

export function needsSurvey(root: RootStore): boolean {
  const user = root.users.currentUser;
  return !!root.settings.settings?.personalizationSurveyEnabled && !!user && user.globalRole.name !== 'default' && !user.isPending && !user.personalizationAnswers;
}

/** After a save: the prompt the service asks for, if any; its errors are ignored (spec 002 §8). */
export async function askAfterSave(root: RootStore): Promise<void> {
  const t = promptsTarget(root);
  if (!t?.prompts.enabled || root.modalOpen()) return;
  try {
    const p = await getPrompts(t);
    if (root.modalOpen()) return;
    if (p.showContactPrompt) {
      root.prompts.setContact(p.title, p.message);
      root.ui.modals.open('contactPrompt');
    } else if (p.showValueSurvey) root.ui.modals.open('valueSurvey');
  } catch {
    // Prompts are optional: a service that does not answer asks nothing.
  }
}

/**
 * After the survey, and on a later page load of a user who answered it: the onboarding call
 * offer, as a toast that opens its modal. The service decides whether to offer (a user's first
 * 14 days, at most 3 toasts, never after an answer).
 */
export async function offerOnboardingCall(root: RootStore, answers: Record<string, unknown>): Promise<void> {
  root.prompts.onboardingAsked = true;
  const t = promptsTarget(root);
  const user = root.users.currentUser;
  if (!t || !user || !root.settings.settings?.onboardingCallPromptEnabled) return;
  if ((Date.now() - Date.parse(user.createdAt)) / 86_400_000 > ONBOARDING_DAYS) return;
  try {
    const prompt = await getOnboardingPrompt(t, user.globalRole.name === 'owner', answers);
    if (!prompt.title || !prompt.description) return;
    const delay = (prompt.toast_sequence_number ?? 1) <= 1 ? FIRST_ONBOARDING_TOAST_DELAY_MS : LATER_ONBOARDING_TOAST_DELAY_MS;
    setTimeout(() => {
      if (root.users.currentUser?.id !== user.id) return;
      root.ui.toasts.show({ kind: 'info', title: prompt.title!, message: prompt.description, duration: 30_000, onClick: () => root.ui.modals.open('onboardingCallSignup') });
    }, delay);
  } catch {
    // As above: no offer.
  }
}
