// ChangePasswordView (/change-password?token&userId, spec 000 §2): the recovery link is checked
// on load (invalid, expired or used: an error toast, then sign-in); a new password entered twice.
// Success signs nobody in: sign-in with a 'Password updated' toast.
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { PASSWORD_RULES_TEXT } from '../../model/users.ts';
import { useStores } from '../stores/context.ts';
import { errorMessage } from '../api/errors.ts';
import { changePasswordWithToken, resolvePasswordToken } from '../api/users.ts';
import { FormField } from '../ui/FormField.tsx';
import { AuthLayout, Notice } from './AuthLayout.tsx';
import { hasErrors, newPasswordErrors } from './forms.ts';

export const CHANGE_PASSWORD_ERROR = 'Problem changing the password';
export const PASSWORD_UPDATED = 'Password updated';
export const INVALID_LINK = 'Invalid password reset link';

export const ChangePasswordView = observer(function ChangePasswordView() {
  const { ui } = useStores();
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const token = params.get('token') ?? '';
  const userId = params.get('userId') ?? '';
  const [valid, setValid] = useState(false);
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const errors = newPasswordErrors({ password, password2 });

  useEffect(() => {
    if (!token || !userId) {
      ui.toasts.error(INVALID_LINK, !token ? 'Missing token' : 'Missing user ID', false);
      navigate('/signin', { replace: true });
      return;
    }
    let cancelled = false;
    resolvePasswordToken({ token, userId }).then(
      () => !cancelled && setValid(true),
      (e: unknown) => {
        if (cancelled) return;
        ui.toasts.error(INVALID_LINK, `${errorMessage(e)}\nAsk for a new link with “Forgot my password”.`, false);
        navigate('/signin', { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, userId]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (busy || !valid || hasErrors(errors)) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await changePasswordWithToken({ token, userId, password });
      ui.toasts.success(PASSWORD_UPDATED, 'You can now sign in with your new password.');
      navigate('/signin', { replace: true });
    } catch (err) {
      setProblem(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Change password"
      testId="change-password"
      footer={
        <Link href="/signin" data-testid="change-password-signin">
          Back to sign in
        </Link>
      }
    >
      {!valid ? (
        <div className="auth-loading" role="status">
          Checking the link…
        </div>
      ) : (
        <form onSubmit={submit} noValidate data-testid="change-password-form">
          {problem && (
            <Notice kind="error" title={CHANGE_PASSWORD_ERROR} testId="change-password-error">
              {problem}
            </Notice>
          )}
          <FormField
            label="New password"
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            showError={attempted}
            hint={PASSWORD_RULES_TEXT}
            autoFocus
            required
            testId="change-password-new"
          />
          <FormField
            label="Re-enter new password"
            type="password"
            name="password2"
            autoComplete="new-password"
            value={password2}
            onChange={setPassword2}
            error={errors.password2}
            showError={attempted}
            required
            testId="change-password-repeat"
          />
          <button type="submit" className="btn btn-primary btn-large auth-submit" disabled={busy} data-testid="change-password-submit">
            {busy ? 'Changing…' : 'Change password'}
          </button>
        </form>
      )}
    </AuthLayout>
  );
});
