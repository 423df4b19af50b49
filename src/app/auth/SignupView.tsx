// SignupView (/signup?inviterId&inviteeId, spec 000 §2): the invitation is checked on load and
// names the inviter; the invitee sets names and a password and is signed in (the guard then
// goes to the homepage). A missing or bad invitation: an error toast, then sign-in.
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PASSWORD_RULES_TEXT } from '../../model/users.ts';
import { useStores } from '../stores/context.ts';
import { errorMessage } from '../api/errors.ts';
import { resolveSignupToken } from '../api/users.ts';
import { FormField } from '../ui/FormField.tsx';
import { CheckboxField } from '../ui/CheckboxField.tsx';
import { AuthLayout, Notice } from './AuthLayout.tsx';
import { hasErrors, signupErrors } from './forms.ts';

export const TOKEN_VALIDATION_ERROR = 'Issue validating invite token';
export const MISSING_TOKEN = 'Missing token';

export const SignupView = observer(function SignupView() {
  const { users, ui } = useStores();
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const inviterId = params.get('inviterId') ?? '';
  const inviteeId = params.get('inviteeId') ?? '';
  const [inviter, setInviter] = useState<{ firstName: string; lastName: string } | undefined>();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [agree, setAgree] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const errors = signupErrors({ firstName, lastName, password });

  useEffect(() => {
    if (!inviterId || !inviteeId) {
      ui.toasts.error(TOKEN_VALIDATION_ERROR, MISSING_TOKEN, false);
      navigate('/signin', { replace: true });
      return;
    }
    let cancelled = false;
    resolveSignupToken({ inviterId, inviteeId }).then(
      (r) => !cancelled && setInviter(r.inviter),
      (e: unknown) => {
        if (cancelled) return;
        ui.toasts.error(TOKEN_VALIDATION_ERROR, errorMessage(e), false);
        navigate('/signin', { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [inviterId, inviteeId]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (busy || !inviter || hasErrors(errors)) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await users.signup(inviteeId, { inviterId, firstName: firstName.trim(), lastName: lastName.trim(), password, agree });
    } catch (err) {
      setProblem(errorMessage(err));
      setBusy(false);
    }
  };

  const inviterName = inviter ? [inviter.firstName, inviter.lastName].filter(Boolean).join(' ') : '';
  return (
    <AuthLayout
      title="Set up your account"
      testId="signup"
      subtitle={inviter ? <span data-testid="signup-inviter">{inviterName || 'The owner'} has invited you to Switchyard. Set up your account to get started.</span> : undefined}
    >
      {!inviter ? (
        <div className="auth-loading" role="status">
          Checking your invitation…
        </div>
      ) : (
        <form onSubmit={submit} noValidate data-testid="signup-form">
          {problem && (
            <Notice kind="error" title="Problem setting up your account" testId="signup-error">
              {problem}
            </Notice>
          )}
          <div className="auth-row">
            <FormField label="First name" name="firstName" autoComplete="given-name" value={firstName} onChange={setFirstName} error={errors.firstName} showError={attempted} autoFocus required testId="signup-first-name" />
            <FormField label="Last name" name="lastName" autoComplete="family-name" value={lastName} onChange={setLastName} error={errors.lastName} showError={attempted} required testId="signup-last-name" />
          </div>
          <FormField
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            showError={attempted}
            hint={PASSWORD_RULES_TEXT}
            required
            testId="signup-password"
          />
          <CheckboxField isSelected={agree} onChange={setAgree} testId="signup-agree">
            I want to receive security and product updates
          </CheckboxField>
          <button type="submit" className="btn btn-primary btn-large auth-submit" disabled={busy} data-testid="signup-submit">
            {busy ? 'Setting up…' : 'Finish account setup'}
          </button>
        </form>
      )}
    </AuthLayout>
  );
});
