// Modal 'personalization' (spec 002 §2, §3, §4): the v3 survey with its conditional questions,
// then a thanks view with Get started. Empty answers only close it; the answers are kept on the
// user (POST /me/survey), after which the onboarding call may be offered (flow.ts).
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useStores } from '../stores/context.ts';
import { errorMessage } from '../api/errors.ts';
import { submitSurvey } from '../api/prompts.ts';
import {
  AUTOMATION_GOALS,
  COMPANY_SIZES,
  COMPANY_TYPES,
  hasAnswers,
  INDUSTRIES,
  MAX_SURVEY_TEXT,
  SALES_MARKETING_GOALS,
  SURVEY_VERSION,
  surveyIntro,
  USAGE_MODES,
  visibleQuestions,
  type Option,
  type SurveyAnswers,
} from '../../model/survey.ts';
import { offerOnboardingCall } from './flow.ts';
import './prompts.css';

type Draft = Omit<SurveyAnswers, 'version' | 'personalization_survey_submitted_at' | 'personalization_survey_n8n_version'>;

function Question({ label, children }: { label: string; children: ReactNode }) {
  return (
    <fieldset className="survey-question">
      <legend>{label}</legend>
      {children}
    </fieldset>
  );
}

function Select({ name, options, value, onChange }: { name: string; options: Option[]; value: string | null | undefined; onChange: (v: string | null) => void }) {
  return (
    <select className="input" name={name} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} data-testid={`survey-${name}`}>
      <option value="">Select…</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

function Checks({ name, options, value, onChange }: { name: string; options: Option[]; value: string[] | null | undefined; onChange: (v: string[]) => void }) {
  const chosen = value ?? [];
  return (
    <div className="survey-checks" data-testid={`survey-${name}`}>
      {options.map((o) => (
        <label key={o.value} className="survey-check">
          <input type="checkbox" checked={chosen.includes(o.value)} onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((x) => x !== o.value))} />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

function Text({ name, value, onChange }: { name: string; value: string | null | undefined; onChange: (v: string) => void }) {
  return <input className="input" name={name} maxLength={MAX_SURVEY_TEXT} placeholder="Please specify" value={value ?? ''} onChange={(e) => onChange(e.target.value)} data-testid={`survey-${name}`} />;
}

/** The answers to send: only the questions shown, empty ones left out. */
export function surveyPayload(draft: Draft, version: string, now = new Date()): SurveyAnswers {
  const shown = visibleQuestions(draft);
  const out: SurveyAnswers = { version: SURVEY_VERSION, personalization_survey_submitted_at: now.toISOString(), personalization_survey_n8n_version: version };
  for (const [k, v] of Object.entries(draft) as Array<[keyof Draft, unknown]>) {
    if (!shown.has(k)) continue;
    const value = typeof v === 'string' ? v.trim() : v;
    if (value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    (out as unknown as Record<string, unknown>)[k] = value;
  }
  return out;
}

export const PersonalizationModal = observer(function PersonalizationModal() {
  const root = useStores();
  const { ui } = root;
  if (!ui.modals.isOpen('personalization')) return null;
  return <SurveyForm />;
});

const SurveyForm = observer(function SurveyForm() {
  const root = useStores();
  const { ui, users, settings } = root;
  const [draft, setDraft] = useState<Draft>({});
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const shown = visibleQuestions(draft);
  const close = () => !busy && ui.modals.close('personalization');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const answers = surveyPayload(draft, settings.version);
    setBusy(true);
    try {
      await submitSurvey(answers);
      const me = users.currentUser;
      if (me) users.setCurrentUser({ ...me, personalizationAnswers: answers as unknown as Record<string, unknown> });
      void offerOnboardingCall(root, answers as unknown as Record<string, unknown>);
      if (!hasAnswers(answers)) ui.modals.close('personalization');
      else setSubmitted(true);
    } catch (err) {
      ui.toasts.error('Error while submitting results', errorMessage(err), false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalOverlay className="dialog-overlay" isOpen isDismissable={!busy} onOpenChange={(o) => !o && close()}>
      <Modal className="dialog" style={{ width: 540 }}>
        <Dialog className="dialog-content" aria-label="Customize Switchyard to you" data-testid="personalization-modal">
          {submitted ? (
            <div className="survey-thanks" data-testid="personalization-thanks">
              <Heading slot="title" className="dialog-title">
                Thanks!
              </Heading>
              <p>Your answers help us make Switchyard work better for people like you.</p>
              <div className="dialog-actions">
                <button type="button" className="btn btn-primary" onClick={() => ui.modals.close('personalization')} autoFocus data-testid="personalization-get-started">
                  Get started
                </button>
              </div>
            </div>
          ) : (
            <form onSubmit={submit} className="survey-form" noValidate>
              <Heading slot="title" className="dialog-title">
                Customize Switchyard to you
              </Heading>
              <p className="survey-intro" data-testid="survey-intro">{surveyIntro(draft)} The answers stay on this instance: its owner can read them.</p>
              <Question label="What best describes your company?">
                <Select name="companyType" options={COMPANY_TYPES} value={draft.companyType} onChange={(v) => set('companyType', v)} />
              </Question>
              {shown.has('companyIndustryExtended') && (
                <Question label="Which industries is your company in?">
                  <Checks name="companyIndustryExtended" options={INDUSTRIES} value={draft.companyIndustryExtended} onChange={(v) => set('companyIndustryExtended', v)} />
                  {shown.has('otherCompanyIndustryExtended') && <Text name="otherCompanyIndustryExtended" value={draft.otherCompanyIndustryExtended?.[0]} onChange={(v) => set('otherCompanyIndustryExtended', v ? [v] : [])} />}
                </Question>
              )}
              {shown.has('automationGoal') && (
                <Question label="Which role or team will you automate for?">
                  <Select name="automationGoal" options={AUTOMATION_GOALS} value={draft.automationGoal} onChange={(v) => set('automationGoal', v)} />
                  {shown.has('otherAutomationGoal') && <Text name="otherAutomationGoal" value={draft.otherAutomationGoal} onChange={(v) => set('otherAutomationGoal', v)} />}
                </Question>
              )}
              {shown.has('automationGoalSm') && (
                <Question label="What do you want to automate in sales and marketing?">
                  <Checks name="automationGoalSm" options={SALES_MARKETING_GOALS} value={draft.automationGoalSm} onChange={(v) => set('automationGoalSm', v)} />
                  {shown.has('automationGoalSmOther') && <Text name="automationGoalSmOther" value={draft.automationGoalSmOther} onChange={(v) => set('automationGoalSmOther', v)} />}
                </Question>
              )}
              <Question label="Will you do any of these?">
                <Checks name="usageModes" options={USAGE_MODES} value={draft.usageModes} onChange={(v) => set('usageModes', v)} />
              </Question>
              {shown.has('companySize') && (
                <Question label="How big is your company?">
                  <Select name="companySize" options={COMPANY_SIZES} value={draft.companySize} onChange={(v) => set('companySize', v)} />
                </Question>
              )}
              <div className="dialog-actions">
                <button type="submit" className="btn btn-primary" disabled={busy} data-testid="personalization-submit">
                  {busy ? 'Saving…' : 'Continue'}
                </button>
              </div>
            </form>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});
