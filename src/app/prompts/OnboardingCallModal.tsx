// Modal 'onboardingCallSignup' (spec 002 §2, §4, §5): an email field with Cancel and Sign up.
// It closes only when nothing is on its way (okToClose); an invalid address says so; a failed
// sign-up shows an error toast and keeps what was typed.
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useStores } from '../stores/context.ts';
import { errorMessage } from '../api/errors.ts';
import { signupOnboardingCall, submitOnboardingPrompt } from '../api/prompts.ts';
import { isValidEmail } from '../../model/survey.ts';
import { DialogFrame } from '../dialogs/DialogFrame.tsx';
import { promptsTarget } from './flow.ts';
import './prompts.css';

export const OnboardingCallModal = observer(function OnboardingCallModal() {
  const { ui } = useStores();
  if (!ui.modals.isOpen('onboardingCallSignup')) return null;
  return <SignupForm />;
});

const SignupForm = observer(function SignupForm() {
  const root = useStores();
  const { ui, users } = root;
  const [email, setEmail] = useState(users.currentUser?.email ?? '');
  const [attempted, setAttempted] = useState(false);
  const [okToClose, setOkToClose] = useState(true);
  const valid = isValidEmail(email);
  const target = promptsTarget(root);

  const cancel = () => {
    if (!okToClose) return;
    if (target) void submitOnboardingPrompt(target, null).catch(() => undefined);
    ui.modals.close('onboardingCallSignup');
  };
  const signUp = async (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (!valid || !okToClose || !target) return;
    setOkToClose(false);
    try {
      await signupOnboardingCall(target, email.trim());
      ui.toasts.success('You are signed up', 'We will email you to find a time for the call.');
      ui.modals.close('onboardingCallSignup');
    } catch (err) {
      ui.toasts.error('Could not sign you up', errorMessage(err), false);
    } finally {
      setOkToClose(true);
    }
  };

  return (
    <DialogFrame title="Sign up for an onboarding call" busy={!okToClose} onClose={cancel} testId="onboarding-call-modal">
      <form className="dialog-form" onSubmit={signUp} noValidate>
        <p className="prompt-message">A 30-minute call to get your first workflows running. Where should we send the invitation?</p>
        <input className="input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus aria-label="Email" aria-invalid={attempted && !valid} data-testid="onboarding-call-email" />
        {attempted && !valid && (
          <p className="field-error" role="alert" data-testid="onboarding-call-email-error">
            Please enter a valid email address
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={cancel} disabled={!okToClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!okToClose} data-testid="onboarding-call-signup">
            {okToClose ? 'Sign up' : 'Signing up…'}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
});
