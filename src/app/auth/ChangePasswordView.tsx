// ChangePasswordView (/change-password?token&userId, spec 000 §2): the recovery link is checked
// on load (invalid, expired or used: an error toast, then sign-in); a new password entered twice.
// Success signs nobody in: sign-in with a 'Password updated' toast.
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useStores } from '../stores/context.ts';
import { errorMessage } from '../api/errors.ts';
import { changePasswordWithToken, resolvePasswordToken } from '../api/users.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { AuthSubmit, FormProblem } from './AuthFormParts.tsx';
import { NewPasswordFields } from './PasswordFields.tsx';
import { hasErrors, newPasswordErrors } from './forms.ts';
import { useLinkCheck } from './useLinkCheck.ts';
import { useSubmit } from './useSubmit.ts';

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
  const valid =
    useLinkCheck({
      title: INVALID_LINK,
      missing: !token ? 'Missing token' : !userId ? 'Missing user ID' : undefined,
      resolve: () => resolvePasswordToken({ token, userId }),
      refused: (e) => `${errorMessage(e)}\nAsk for a new link with “Forgot my password”.`,
      ids: [token, userId],
    }) !== undefined;
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const form = useSubmit();
  const errors = newPasswordErrors({ password, password2 });

  const submit = form.submit(valid && !hasErrors(errors), async () => {
    await changePasswordWithToken({ token, userId, password });
    ui.toasts.success(PASSWORD_UPDATED, 'You can now sign in with your new password.');
    navigate('/signin', { replace: true });
  });

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
          <FormProblem title={CHANGE_PASSWORD_ERROR} problem={form.problem} testId="change-password-error" />
          <NewPasswordFields
            name="password"
            password={password}
            password2={password2}
            onPassword={setPassword}
            onPassword2={setPassword2}
            errors={errors}
            showError={form.attempted}
            autoFocus
            testId="change-password"
          />
          <AuthSubmit busy={form.busy} label="Change password" busyLabel="Changing…" testId="change-password-submit" />
        </form>
      )}
    </AuthLayout>
  );
});
