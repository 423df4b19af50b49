// SigninView (/signin, spec 000 §2): email and password. On success the guard follows the
// redirect value (only one starting with '/'), else the homepage.
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useStores } from '../stores/context.ts';
import { errorMessage } from '../api/errors.ts';
import { FormField } from '../ui/FormField.tsx';
import { AuthLayout, Notice } from './AuthLayout.tsx';
import { hasErrors, signinErrors } from './forms.ts';

export const SigninView = observer(function SigninView() {
  const { users } = useStores();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const errors = signinErrors({ email, password });
  // A deliberate sign-out led here without a way back; a page asked for from now on gets one.
  useEffect(() => users.clearSignedOut(), [users]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (busy || hasErrors(errors)) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await users.login({ email: email.trim(), password });
      // Signed in: the guard moves on from this page.
    } catch (err) {
      setProblem(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Sign in" testId="signin">
      <form onSubmit={submit} noValidate data-testid="signin-form">
        {problem && (
          <Notice kind="error" title="Problem logging in" testId="signin-error">
            {problem}
          </Notice>
        )}
        <FormField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} showError={attempted} autoFocus required testId="signin-email" />
        <FormField label="Password" type="password" name="password" autoComplete="current-password" value={password} onChange={setPassword} error={errors.password} showError={attempted} required testId="signin-password" />
        <button type="submit" className="btn btn-primary btn-large auth-submit" disabled={busy} data-testid="signin-submit">
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <div className="auth-links">
          <Link href="/forgot-password" data-testid="signin-forgot">
            Forgot my password
          </Link>
        </div>
      </form>
    </AuthLayout>
  );
});
