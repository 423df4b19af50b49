// ForgotMyPasswordView (/forgot-password, spec 000 §2): one email field and 'Send link'. The
// server answers the same whether the address has an account or not, so the page does too.
// Without SMTP only a notice (no button): no mail could be sent.
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Link } from 'wouter';
import { PASSWORD_RESET_TOKEN_TTL_MS } from '../../model/users.ts';
import { useStores } from '../stores/context.ts';
import { sendForgotPasswordEmail } from '../api/users.ts';
import { FormField } from '../ui/FormField.tsx';
import { AuthLayout, Notice } from './AuthLayout.tsx';
import { AuthSubmit, FormProblem } from './AuthFormParts.tsx';
import { forgotPasswordErrors, hasErrors } from './forms.ts';
import { useSubmit } from './useSubmit.ts';

export const SENDING_EMAIL_ERROR = 'Problem sending email';

export const ForgotMyPasswordView = observer(function ForgotMyPasswordView() {
  const { settings } = useStores();
  const smtp = settings.smtpSetup;
  const [email, setEmail] = useState('');
  const form = useSubmit();
  const [sentTo, setSentTo] = useState<string | undefined>();
  const errors = forgotPasswordErrors({ email });

  const submit = form.submit(!hasErrors(errors), async () => {
    await sendForgotPasswordEmail({ email: email.trim() });
    setSentTo(email.trim());
    form.setBusy(false);
  });

  const back = (
    <Link href="/signin" data-testid="forgot-back">
      Back to sign in
    </Link>
  );
  const minutes = Math.round(PASSWORD_RESET_TOKEN_TTL_MS / 60_000);

  return (
    <AuthLayout title="Recover password" testId="forgot-password" footer={back}>
      {!smtp ? (
        <div className="auth-form">
          <Notice kind="info" title="Password recovery by email is not available" testId="forgot-no-smtp">
            Switchyard cannot send email on this instance: no mail server (SMTP) is set up. Ask the owner of this instance to set one up with the SWITCHYARD_SMTP_* settings.
          </Notice>
        </div>
      ) : sentTo ? (
        <div className="auth-success">
          <Notice kind="success" title="Recovery email sent" testId="forgot-sent">
            If {sentTo} belongs to an account, a link to set a new password is on its way. It works once, for {minutes} minutes.
          </Notice>
        </div>
      ) : (
        <form onSubmit={submit} noValidate data-testid="forgot-form">
          <p className="auth-subtitle" style={{ margin: 0 }}>
            Enter the email address of your account and we will send you a link to set a new password.
          </p>
          <FormProblem title={SENDING_EMAIL_ERROR} problem={form.problem} testId="forgot-error" />
          <FormField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} showError={form.attempted} autoFocus required testId="forgot-email" />
          <AuthSubmit busy={form.busy} label="Send link" busyLabel="Sending…" testId="forgot-submit" />
        </form>
      )}
    </AuthLayout>
  );
});
