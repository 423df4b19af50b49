// SigninView (/signin, spec 000 §2): email and password. On success the guard follows the
// redirect value (only one starting with '/'), else the homepage.
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useStores } from '../stores/context.ts';
import { FormField } from '../ui/FormField.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { AuthSubmit, FormProblem } from './AuthFormParts.tsx';
import { hasErrors, signinErrors } from './forms.ts';
import { useSubmit } from './useSubmit.ts';

export const SigninView = observer(function SigninView() {
  const { users } = useStores();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useSubmit();
  const errors = signinErrors({ email, password });
  // A deliberate sign-out led here without a way back; a page asked for from now on gets one.
  useEffect(() => users.clearSignedOut(), [users]);

  // Signed in: the guard moves on from this page.
  const submit = form.submit(!hasErrors(errors), () => users.login({ email: email.trim(), password }));

  return (
    <AuthLayout title="Sign in" testId="signin">
      <form onSubmit={submit} noValidate data-testid="signin-form">
        <FormProblem title="Problem logging in" problem={form.problem} testId="signin-error" />
        <FormField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} showError={form.attempted} autoFocus required testId="signin-email" />
        <FormField label="Password" type="password" name="password" autoComplete="current-password" value={password} onChange={setPassword} error={errors.password} showError={form.attempted} required testId="signin-password" />
        <AuthSubmit busy={form.busy} label="Sign in" busyLabel="Signing in…" testId="signin-submit" />
        <div className="auth-links">
          <Link href="/forgot-password" data-testid="signin-forgot">
            Forgot my password
          </Link>
        </div>
      </form>
    </AuthLayout>
  );
});
