// Modal 'changePassword' (spec 002 §2, §5, §8; 460px): current password, new password with the
// default rules, re-entered. 'Password updated' on success, 'Problem changing the password' else.
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { PASSWORD_RULES_TEXT } from '../../model/users.ts';
import { useStores } from '../stores/context.ts';
import { errorMessage } from '../api/errors.ts';
import { changePasswordErrors, hasErrors } from '../auth/forms.ts';
import { FormField } from '../ui/FormField.tsx';
import './dialogs.css';

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
      ui.toasts.error('Problem changing the password', errorMessage(err), false);
      setBusy(false);
    }
  };

  return (
    <ModalOverlay className="dialog-overlay" isOpen isDismissable={!busy} onOpenChange={(o) => !o && close()}>
      <Modal className="dialog" style={{ width: 460 }}>
        <Dialog className="dialog-content" aria-label="Change password" data-testid="change-password-dialog">
          <Heading slot="title" className="dialog-title">
            Change password
          </Heading>
          <form className="dialog-form" onSubmit={submit} noValidate data-testid="change-password-dialog-form">
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
            <FormField
              label="New password"
              type="password"
              name="newPassword"
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              error={errors.password}
              showError={attempted}
              hint={PASSWORD_RULES_TEXT}
              required
              testId="change-password-dialog-new"
            />
            <FormField
              label="Re-enter new password"
              type="password"
              name="newPassword2"
              autoComplete="new-password"
              value={password2}
              onChange={setPassword2}
              error={errors.password2}
              showError={attempted}
              required
              testId="change-password-dialog-repeat"
            />
            <div className="dialog-actions">
              <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy} data-testid="change-password-dialog-submit">
                {busy ? 'Changing…' : 'Change password'}
              </button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
