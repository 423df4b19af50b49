// SignupView (/signup?inviterId&inviteeId, spec 000 §2): the invitation is checked on load and
// names the inviter and the invited address (the account's email); the invitee sets names and a
// password and is signed in (the guard then goes to the homepage). Names are not prefilled from
// an invitation's 'Name <email>' (spec 002 §5: only the address is used). A missing or bad
// invitation: an error toast, then sign-in.
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { useStores } from '../stores/context.ts';
import { errorMessage } from '../api/errors.ts';
import { resolveSignupToken } from '../api/users.ts';
import { CheckboxField } from '../ui/CheckboxField.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { AuthSubmit, FormProblem } from './AuthFormParts.tsx';
import { NameFields } from './NameFields.tsx';
import { NewPasswordField } from './PasswordFields.tsx';
import { hasErrors, signupErrors } from './forms.ts';
import { useLinkCheck } from './useLinkCheck.ts';
import { useSubmit } from './useSubmit.ts';

export const TOKEN_VALIDATION_ERROR = 'Issue validating invite token';
export const MISSING_TOKEN = 'Missing token';

export const SignupView = observer(function SignupView() {
  const { users } = useStores();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const inviterId = params.get('inviterId') ?? '';
  const inviteeId = params.get('inviteeId') ?? '';
  const invitation = useLinkCheck({
    title: TOKEN_VALIDATION_ERROR,
    missing: !inviterId || !inviteeId ? MISSING_TOKEN : undefined,
    resolve: () => resolveSignupToken({ inviterId, inviteeId }),
    refused: errorMessage,
    ids: [inviterId, inviteeId],
  })?.answer;
  const inviter = invitation?.inviter;
  const inviteeEmail = invitation?.invitee?.email;
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [agree, setAgree] = useState(false);
  const form = useSubmit();
  const errors = signupErrors({ firstName, lastName, password });

  const submit = form.submit(!!inviter && !hasErrors(errors), () =>
    users.signup(inviteeId, { inviterId, firstName: firstName.trim(), lastName: lastName.trim(), password, agree }),
  );

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
          <FormProblem title="Problem setting up your account" problem={form.problem} testId="signup-error" />
          {inviteeEmail && (
            <div className="auth-account" data-testid="signup-invitee">
              Your account: <strong>{inviteeEmail}</strong>
            </div>
          )}
          <div className="auth-row">
            <NameFields
              firstName={firstName}
              lastName={lastName}
              onFirstName={setFirstName}
              onLastName={setLastName}
              errors={errors}
              showError={form.attempted}
              autoFocus
              testId="signup"
            />
          </div>
          <NewPasswordField label="Password" name="password" value={password} onChange={setPassword} error={errors.password} showError={form.attempted} testId="signup-password" />
          <CheckboxField isSelected={agree} onChange={setAgree} testId="signup-agree">
            I want to receive security and product updates
          </CheckboxField>
          <AuthSubmit busy={form.busy} label="Finish account setup" busyLabel="Setting up…" testId="signup-submit" />
        </form>
      )}
    </AuthLayout>
  );
});
