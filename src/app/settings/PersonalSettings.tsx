// PersonalSettings (/settings/personal, spec 000 §2): first and last name (max 32) and email;
// Save only when something changed and all is valid, a field's error shown as soon as it was
// changed. A new email needs the current password (asked for only then). The password changes
// in its own modal.
import { observer } from 'mobx-react-lite';
import { useRef, useState, type FormEvent } from 'react';
import { useStores } from '../stores/context.ts';
import { displayName } from '../stores/UsersStore.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import { isCurrentPasswordProblem, personalCanSave, personalEmailChanged, personalErrors, personalPayload, personalShowErrors, type PersonalForm } from '../auth/forms.ts';
import { NameFields } from '../auth/NameFields.tsx';
import { FormField } from '../ui/FormField.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import { CheckboxField } from '../ui/CheckboxField.tsx';
import { SettingsLayout, SettingsSection } from './SettingsLayout.tsx';

export const PERSONAL_SETTINGS_UPDATED = 'Personal settings updated';
const UPDATE_FAILED = 'Could not update personal settings';

export const PersonalSettings = observer(function PersonalSettings() {
  const { users, ui } = useStores();
  const me = users.currentUser;
  const [form, setForm] = useState<PersonalForm>(() => ({ firstName: me?.firstName ?? '', lastName: me?.lastName ?? '', email: me?.email ?? '', currentPassword: '' }));
  const [busy, setBusy] = useState(false);
  const [optInBusy, setOptInBusy] = useState(false);
  /** The server's refusal of the current password (wrong, missing), shown under that field. */
  const [passwordProblem, setPasswordProblem] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  if (!me) return null;

  /** Saves one change of the account, busy meanwhile, and says how it went (false: refused). */
  const update = async (setWorking: (working: boolean) => void, send: () => Promise<unknown>): Promise<boolean> => {
    setWorking(true);
    try {
      await send();
      ui.toasts.success(PERSONAL_SETTINGS_UPDATED);
      return true;
    } catch (err) {
      if (isSessionEnded(err)) return false;
      const message = errorMessage(err);
      if (isCurrentPasswordProblem(message)) {
        setPasswordProblem(message);
        formRef.current?.querySelector<HTMLInputElement>('input[name="currentPassword"]')?.focus();
      } else {
        ui.toasts.error(UPDATE_FAILED, message, false);
      }
      return false;
    } finally {
      setWorking(false);
    }
  };
  // The agree box of setup / sign-up, changed here on its own (saved at once).
  const setOptIn = (updatesOptIn: boolean) =>
    update(setOptInBusy, () => users.updateMe({ firstName: me.firstName ?? '', lastName: me.lastName ?? '', email: me.email ?? '', settings: { updatesOptIn } }));
  const errors = personalErrors(form, me);
  const show = personalShowErrors(form, me);
  const emailChanged = personalEmailChanged(form, me);
  const canSave = !busy && personalCanSave(form, me);
  const set = (k: keyof PersonalForm) => (v: string) => {
    if (k === 'currentPassword') setPasswordProblem(undefined);
    setForm((f) => ({ ...f, [k]: v }));
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSave) return;
    await update(setBusy, async () => {
      const saved = await users.updateMe(personalPayload(form, me));
      // The password is not kept once it was used.
      setForm({ firstName: saved.firstName ?? '', lastName: saved.lastName ?? '', email: saved.email ?? '', currentPassword: '' });
    });
  };

  return (
    <SettingsLayout title="Personal settings" testId="personal-settings">
      <div className="settings-profile">
        <Avatar user={me} size={48} />
        <div>
          <div className="settings-profile-name" data-testid="personal-name">
            {displayName(me)}
          </div>
          <div className="hint">{me.globalRole.name === 'owner' ? 'Owner' : 'Member'}</div>
        </div>
      </div>
      <SettingsSection id="personal-basic" title="Basic information">
        <form ref={formRef} className="settings-form" onSubmit={save} noValidate data-testid="personal-form">
          <div className="settings-row">
            <NameFields firstName={form.firstName} lastName={form.lastName} onFirstName={set('firstName')} onLastName={set('lastName')} errors={errors} showError={show} testId="personal" />
          </div>
          <FormField label="Email" type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} showError={show.email} required testId="personal-email" />
          {emailChanged && (
            <FormField
              label="Current password"
              type="password"
              name="currentPassword"
              autoComplete="current-password"
              value={form.currentPassword ?? ''}
              onChange={set('currentPassword')}
              error={passwordProblem}
              showError={!!passwordProblem}
              hint="Changing the email needs your current password: whoever holds the address can reset the password."
              required
              testId="personal-current-password"
            />
          )}
          <div className="settings-form-actions">
            <button type="submit" className="btn btn-primary" disabled={!canSave} data-testid="personal-save">
              {busy ? 'Saving…' : 'Save'}
            </button>
          </div>
        </form>
      </SettingsSection>
      <SettingsSection id="personal-emails" title="Emails">
        <CheckboxField isSelected={me.settings?.updatesOptIn === true} onChange={(v) => void setOptIn(v)} isDisabled={optInBusy} testId="personal-updates-opt-in">
          I want to receive security and product updates
        </CheckboxField>
      </SettingsSection>
      <SettingsSection id="personal-security" title="Security">
        <p className="settings-section-text">Changing your password signs you out everywhere else.</p>
        <button type="button" className="settings-link-button" onClick={() => ui.modals.open('changePassword')} data-testid="personal-change-password">
          Change password
        </button>
      </SettingsSection>
    </SettingsLayout>
  );
});
