// Modal 'valueSurvey' (spec 002 §2, §4, §5, §9): a drawer at the bottom with scores 0–10 ('Not
// likely' … 'Very likely'), then an email step titled by the score (above 7 is positive). Send
// keeps the email with the score, shows a 15 s thank-you and resets the form 1 s later. Closing
// before a score tells the service it was closed, so it does not ask again soon.
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { faXmark } from '@fortawesome/free-solid-svg-icons';
import { useStores } from '../stores/context.ts';
import { submitValueSurvey } from '../api/prompts.ts';
import { isValidEmail } from '../../model/survey.ts';
import { Icon } from '../ui/Icon.tsx';
import { promptsTarget } from './flow.ts';
import './prompts.css';

export const VALUE_SURVEY_TITLE = 'How likely are you to recommend Switchyard to a friend or colleague?';
export const POSITIVE_TITLE = 'Great to hear! Can we reach out to see how we can make the product even better for you?';
export const NEGATIVE_TITLE = "Thanks for your feedback! We'd love to understand how we can improve. Can we reach out?";
export const SUCCESS_TOAST_MS = 15_000;
export const RESET_AFTER_MS = 1000;

/** Spec 002 §9: above 7 counts as positive. */
export function isPositive(score: number): boolean {
  return score > 7;
}

export const ValueSurveyDrawer = observer(function ValueSurveyDrawer() {
  const root = useStores();
  const { ui } = root;
  const open = ui.modals.isOpen('valueSurvey');
  const [score, setScore] = useState<number | undefined>();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);
  if (!open && !sent) return null;

  const target = promptsTarget(root);
  const close = () => {
    // Closed before a score: the service hears it was closed.
    if (score === undefined && !sent && target) void submitValueSurvey(target, null).catch(() => undefined);
    ui.modals.close('valueSurvey');
    setScore(undefined);
    setEmail('');
  };
  const choose = (n: number) => {
    setScore(n);
    if (target) void submitValueSurvey(target, String(n)).catch(() => undefined);
  };
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (score === undefined || !isValidEmail(email) || !target) return;
    // Errors are swallowed (spec 002 §8): the thank-you shows either way.
    await submitValueSurvey(target, String(score), email.trim()).catch(() => undefined);
    ui.toasts.show({ kind: 'success', title: 'Thanks for your feedback', message: 'If you are open to it, we will be in touch.', duration: SUCCESS_TOAST_MS });
    setSent(true);
    ui.modals.close('valueSurvey');
    resetTimer.current = setTimeout(() => {
      setSent(false);
      setScore(undefined);
      setEmail('');
    }, RESET_AFTER_MS);
  };
  if (!open) return null;

  return (
    <div className="value-survey" role="dialog" aria-label="Value survey" data-testid="value-survey">
      <button type="button" className="btn btn-ghost btn-icon value-survey-close" onClick={close} aria-label="Close" data-testid="value-survey-close">
        <Icon icon={faXmark} />
      </button>
      {score === undefined ? (
        <>
          <h2 className="value-survey-title" data-testid="value-survey-title">
            {VALUE_SURVEY_TITLE}
          </h2>
          <div className="value-survey-scale">
            <div className="value-survey-scores">
              {Array.from({ length: 11 }, (_, n) => (
                <button key={n} type="button" className="btn value-survey-score" onClick={() => choose(n)} data-testid={`value-survey-score-${n}`}>
                  {n}
                </button>
              ))}
            </div>
            <div className="value-survey-labels">
              <span>Not likely</span>
              <span>Very likely</span>
            </div>
          </div>
        </>
      ) : (
        <form className="value-survey-email" onSubmit={send} noValidate>
          <h2 className="value-survey-title" data-testid="value-survey-title">
            {isPositive(score) ? POSITIVE_TITLE : NEGATIVE_TITLE}
          </h2>
          <div className="value-survey-row">
            <input className="input" type="email" placeholder="Your email address" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus data-testid="value-survey-email" />
            <button type="submit" className="btn btn-primary" disabled={!isValidEmail(email)} data-testid="value-survey-send">
              Send
            </button>
          </div>
        </form>
      )}
    </div>
  );
});
