// SetupView (/setup, spec 000 §2 "Owner setup"): the default user becomes the owner. With
// workflows or credentials already there, the user confirms first (they become the owner's).
// Skipping asks too, and is offered only while the server may run without an owner (loopback).
// After setup: the homepage when setup was the first-load page, else the users settings.
import { observer } from 'mobx-react-lite';
import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useStores } from '../stores/context.ts';
import { getWorkflows } from '../api/workflows.ts';
import { getCredentials } from '../api/credentials.ts';
import { setupPending } from '../routes/access.ts';
import { FormField } from '../ui/FormField.tsx';
import { CheckboxField } from '../ui/CheckboxField.tsx';
import { ConfirmDialog } from '../dialogs/ConfirmDialog.tsx';
import { AuthLayout, Notice } from './AuthLayout.tsx';
import { AuthSubmit, FormProblem } from './AuthFormParts.tsx';
import { NameFields } from './NameFields.tsx';
import { NewPasswordField } from './PasswordFields.tsx';
import { existingDataSummary, hasErrors, setupErrors } from './forms.ts';
import { useSubmit } from './useSubmit.ts';

export const SETUP_ERROR = 'Problem setting up owner';

/** How much exists already; undefined when it cannot be read (the server may refuse before setup). */
async function existingData(): Promise<{ summary: string; one: boolean } | undefined> {
  try {
    const [workflows, credentials] = await Promise.all([getWorkflows(), getCredentials()]);
    const summary = existingDataSummary(workflows.length, credentials.length);
    return summary ? { summary, one: workflows.length + credentials.length === 1 } : undefined;
  } catch {
    return undefined;
  }
}

export const SetupView = observer(function SetupView() {
  const { users, settings } = useStores();
  const [, navigate] = useLocation();
  const um = settings.settings?.userManagement;
  // Decided when the page opens: setup forced on first load, or opened from the users page.
  const firstLoad = useRef(setupPending(settings.settings)).current;
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [agree, setAgree] = useState(false);
  const form = useSubmit();
  const { busy } = form;
  const [confirmData, setConfirmData] = useState<{ summary: string; one: boolean } | undefined>();
  const [confirmSkip, setConfirmSkip] = useState(false);
  const errors = setupErrors({ email, firstName, lastName, password });

  const createOwner = () =>
    form.run(async () => {
      const owner = await users.setupOwner({ email: email.trim(), firstName: firstName.trim(), lastName: lastName.trim(), password, agree });
      // Leave while still the default user (who may open both targets), then become the owner.
      settings.setUserManagement({ showSetupOnFirstLoad: false, setupRequired: false });
      navigate(firstLoad ? '/' : '/settings/users', { replace: true });
      users.setCurrentUser(owner);
      settings.load().catch(() => undefined);
    });

  // Existing data is asked about first; the last problem stays shown until the owner is sent.
  const submit = async (e: FormEvent) => {
    if (!form.tried(e, !hasErrors(errors))) return;
    form.setBusy(true);
    const existing = await existingData();
    if (existing) {
      form.setBusy(false);
      setConfirmData(existing);
      return;
    }
    await createOwner();
  };

  const skip = async () => {
    form.setBusy(true);
    // Spec 000 §7: errors of skip-setup are ignored (the page goes on either way).
    await users.skipOwnerSetup().catch(() => undefined);
    settings.setUserManagement({ showSetupOnFirstLoad: false });
    settings.load().catch(() => undefined);
    setConfirmSkip(false);
    navigate('/', { replace: true });
  };

  return (
    <AuthLayout title="Set up owner account" testId="setup" wide subtitle="The owner account can invite others, and nobody can use Switchyard without signing in.">
      <form onSubmit={submit} noValidate data-testid="setup-form">
        {um?.setupRequired && (
          <Notice kind="warning" title="An owner account is required" testId="setup-required">
            This instance listens on an address other machines can reach (not a loopback address), so it must have an owner account. Until it has one, Switchyard answers
            nothing but this page.
          </Notice>
        )}
        <FormProblem title={SETUP_ERROR} problem={form.problem} testId="setup-error" />
        <FormField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} showError={form.attempted} autoFocus required testId="setup-email" />
        <div className="auth-row">
          <NameFields firstName={firstName} lastName={lastName} onFirstName={setFirstName} onLastName={setLastName} errors={errors} showError={form.attempted} testId="setup" />
        </div>
        <NewPasswordField label="Password" name="password" value={password} onChange={setPassword} error={errors.password} showError={form.attempted} testId="setup-password" />
        <CheckboxField isSelected={agree} onChange={setAgree} testId="setup-agree">
          I want to receive security and product updates
        </CheckboxField>
        <AuthSubmit busy={busy} label="Next" busyLabel="Setting up…" testId="setup-submit" />
        {/* Skipping means something only on first load; opened from the users page, leaving is enough. */}
        {firstLoad && um?.canSkipSetup && (
          <div className="auth-secondary">
            <button type="button" className="btn btn-ghost" onClick={() => setConfirmSkip(true)} disabled={busy} data-testid="setup-skip">
              Skip setup
            </button>
          </div>
        )}
      </form>
      <ConfirmDialog
        open={confirmData !== undefined}
        title="Set up owner account?"
        confirmLabel="Set up owner account"
        cancelLabel="Go back"
        busy={busy}
        onCancel={() => setConfirmData(undefined)}
        onConfirm={() => {
          setConfirmData(undefined);
          void createOwner();
        }}
        testId="setup-confirm-data"
      >
        This instance already has {confirmData?.summary}. {confirmData?.one ? 'It' : 'They'} will belong to the owner account you are creating; people you invite
        later will not see {confirmData?.one ? 'it' : 'them'}.
        {firstLoad && um?.canSkipSetup && ' To go on without an account instead, go back and skip setup.'}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmSkip}
        title="Skip owner account setup?"
        confirmLabel="Skip setup"
        cancelLabel="Go back"
        busy={busy}
        onCancel={() => setConfirmSkip(false)}
        onConfirm={() => void skip()}
        testId="setup-confirm-skip"
      >
        Without an owner account, anyone who can reach this instance uses it without signing in, and you cannot invite others. You can set up the owner account later
        from Settings › Users.
      </ConfirmDialog>
    </AuthLayout>
  );
});
