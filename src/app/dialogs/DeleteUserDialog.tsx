// Modal 'deleteUser' (spec 002 §2, §4, §8; 460px). A pending user is deleted after a plain
// confirmation. Otherwise one of two must be chosen: transfer their workflows and credentials to
// another signed-up user, or delete them after typing 'delete all data'.
import { observer } from 'mobx-react-lite';
import { useId, useState, type FormEvent } from 'react';
import { Radio, RadioGroup, Label } from 'react-aria-components';
import { DELETE_USER_CONFIRMATION, type PublicUser } from '../../model/users.ts';
import { useStores } from '../stores/context.ts';
import { displayName } from '../stores/UsersStore.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import { canDeleteUser, type DeleteOperation } from '../auth/forms.ts';
import { FormField } from '../ui/FormField.tsx';
import { DialogFormActions, DialogFrame } from './DialogFrame.tsx';
import '../ui/forms.css';

export const DELETE_USER_ERROR = 'Problem while deleting user';

export const DeleteUserDialog = observer(function DeleteUserDialog() {
  const { ui, users } = useStores();
  const state = ui.modals.state.get('deleteUser');
  if (!state?.open) return null;
  const user = users.userById(state.activeId);
  if (!user) return null;
  return <DeleteUserForm key={user.id} user={user} />;
});

const DeleteUserForm = observer(function DeleteUserForm({ user }: { user: PublicUser }) {
  const { ui, users } = useStores();
  const id = useId();
  const [operation, setOperation] = useState<DeleteOperation | undefined>();
  const [transferId, setTransferId] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const targets = users.transferTargets(user.id);
  const name = user.isPending ? user.email ?? user.id : displayName(user);
  const ok = canDeleteUser(user, { operation, transferId, confirmation });
  const close = () => !busy && ui.modals.close('deleteUser');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !ok) return;
    const transfer = !user.isPending && operation === 'transfer' ? users.userById(transferId) : undefined;
    setBusy(true);
    try {
      await users.deleteUser(user.id, transfer?.id);
      ui.toasts.success('User deleted', transfer ? `Data transferred to ${displayName(transfer)}` : undefined);
      ui.modals.close('deleteUser');
    } catch (err) {
      if (!isSessionEnded(err)) ui.toasts.error(DELETE_USER_ERROR, errorMessage(err), false);
      setBusy(false);
    }
  };

  return (
    <DialogFrame title={`Delete ${name}`} busy={busy} onClose={close} testId="delete-user-dialog">
      <form className="dialog-form" onSubmit={submit} noValidate data-testid="delete-user-form">
        {user.isPending ? (
          <p className="dialog-text" style={{ margin: 0 }}>
            Are you sure you want to delete this invited user? Their invitation link stops working.
          </p>
        ) : (
          <RadioGroup className="radio-group" value={operation ?? null} onChange={(v) => setOperation(v as DeleteOperation)} isDisabled={busy} data-testid="delete-user-operation">
            <Label className="form-label">What should we do with their data?</Label>
            <Radio className="radio" value="transfer" isDisabled={targets.length === 0} data-testid="delete-user-transfer">
              <span className="radio-dot" aria-hidden />
              Transfer their workflows and credentials to another user
            </Radio>
            {operation === 'transfer' && (
              <div className="form-field radio-detail">
                <label className="form-label" htmlFor={`${id}-target`}>
                  User to transfer to
                </label>
                <select id={`${id}-target`} className="select" value={transferId} onChange={(e) => setTransferId(e.target.value)} autoFocus data-testid="delete-user-transfer-target">
                  <option value="" disabled>
                    Select a user
                  </option>
                  {targets.map((t) => (
                    <option key={t.id} value={t.id}>
                      {displayName(t)}
                      {t.email && displayName(t) !== t.email ? ` (${t.email})` : ''}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <Radio className="radio" value="delete" data-testid="delete-user-delete">
              <span className="radio-dot" aria-hidden />
              Delete their workflows and credentials
            </Radio>
            {operation === 'delete' && (
              <div className="radio-detail">
                <FormField
                  label={`Type “${DELETE_USER_CONFIRMATION}” to confirm`}
                  name="confirmation"
                  value={confirmation}
                  onChange={setConfirmation}
                  placeholder={DELETE_USER_CONFIRMATION}
                  autoFocus
                  testId="delete-user-confirmation"
                />
              </div>
            )}
          </RadioGroup>
        )}
        <DialogFormActions busy={busy} onCancel={close} label="Delete" busyLabel="Deleting…" disabled={!ok} danger testId="delete-user-submit" />
      </form>
    </DialogFrame>
  );
});
