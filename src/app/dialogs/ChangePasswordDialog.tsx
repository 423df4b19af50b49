// Modal 'changePassword' (spec 002 §2, §5, §8; 460px): current password, new password with the
// default rules, re-entered. 'Password updated' on success, 'Problem changing the password' else.
import { observer } from 'mobx-react-lite';
import { useRef, useState, type FormEvent } from 'react';
import { useStores } from '../stores/context.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import { changePasswordErrors, hasErrors } from '../auth/forms.ts';
import { NewPasswordFields } from '../auth/PasswordFields.tsx';
import { FormField } from '../ui/FormField.tsx';
import { DialogFormActions, DialogFrame } from './DialogFrame.tsx';

export const ChangePasswordDialog = observer(function ChangePasswordDialog() {
  const { ui } = useStores();
  // Closed = unmounted: every opening starts with empty fields.
  if (!ui.modals.isOpen('changePassword')) return null;
  return <ChangePasswordForm />;
});

function ChangePasswordForm() {
  const { ui, users } = useStores();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errors = changePasswordErrors({ currentPassword, password, password2 });
  const close = () => !busy && ui.modals.close('changePassword');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (busy || hasErrors(errors)) return;
    setBusy(true);
    try {
      await users.updateMyPassword({ currentPassword, newPassword: password });
      ui.toasts.success('Password updated');
      ui.modals.close('changePassword');
    } catch (err) {
      if (!isSessionEnded(err)) ui.toasts.error('Problem changing the password', errorMessage(err), false);
      setBusy(false);
      // The busy submit button had the focus: give it back to the dialog (Escape, typing again).
      formRef.current?.querySelector<HTMLInputElement>('input[name="currentPassword"]')?.focus();
    }
  };

  return (
    <DialogFrame title="Change password" busy={busy} onClose={close} testId="change-password-dialog">
      <form ref={formRef} className="dialog-form" onSubmit={submit} noValidate data-testid="change-password-dialog-form">
        <FormField
          label="Current password"
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
          error={errors.currentPassword}
          showError={attempted}
          autoFocus
          required
          testId="change-password-current"
        />
        <NewPasswordFields
          name="newPassword"
          password={password}
          password2={password2}
          onPassword={setPassword}
          onPassword2={setPassword2}
          errors={errors}
          showError={attempted}
          testId="change-password-dialog"
        />
        <DialogFormActions busy={busy} onCancel={close} label="Change password" busyLabel="Changing…" testId="change-password-dialog-submit" />
      </form>
    </DialogFrame>
  );
}
