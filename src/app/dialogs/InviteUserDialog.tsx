// Modal 'inviteUser' (spec 002 §2, §5, §8; 460px): comma separated addresses ('Name <email>'
// entries count by their address), role Member only. Partial failure: a success toast for the
// invitations sent and an error toast for the rest. An invitation that could not be mailed
// shows its sign-up link here so the owner can pass it on.
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { faCopy } from '@fortawesome/free-solid-svg-icons';
import type { InviteResult } from '../../model/api.ts';
import { useStores } from '../stores/context.ts';
import { splitInviteResults } from '../stores/UsersStore.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import { INVITE_ERROR_PAUSE_MS, inviteButtonLabel, inviteFieldError, parseInviteField } from '../auth/forms.ts';
import { Icon } from '../ui/Icon.tsx';
import { copyWithToast } from '../ui/copyWithToast.ts';
import { DialogFormActions, DialogFrame } from './DialogFrame.tsx';
import '../ui/forms.css';

export const INVITE_ERROR = 'Could not invite users';

export const InviteUserDialog = observer(function InviteUserDialog() {
  const { ui } = useStores();
  if (!ui.modals.isOpen('inviteUser')) return null;
  return <InviteForm />;
});

function InviteForm() {
  const { ui, users } = useStores();
  const id = useId();
  const [text, setText] = useState('');
  const [attempted, setAttempted] = useState(false);
  /** The text when the field was last left or typing paused: what the message judges. */
  const [settledText, setSettledText] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [links, setLinks] = useState<InviteResult[] | undefined>();
  const parsed = parseInviteField(text);
  const count = parsed.emails?.length ?? 0;
  // The entries' problem once the typing settled (left, or a pause), not at every keystroke.
  const error = inviteFieldError(text, { settledText, attempted });
  const close = () => !busy && ui.modals.close('inviteUser');

  useEffect(() => {
    if (settledText === text) return;
    const timer = setTimeout(() => setSettledText(text), INVITE_ERROR_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, settledText]);

  const onChange = (value: string) => {
    setText(value);
    // A message already shown follows the typing (until the entries are valid) instead of flickering.
    if (error) setSettledText(value);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setAttempted(true);
    if (busy || !parsed.emails) return;
    setBusy(true);
    try {
      const results = await users.inviteUsers(parsed.emails);
      const { emailed, notEmailed, failed } = splitInviteResults(results);
      if (emailed.length) ui.toasts.success('Users invited', `An invite email was sent to ${emailed.map((r) => r.user.email).join(', ')}`);
      if (notEmailed.length) ui.toasts.show({ kind: 'warning', title: 'Invited without email', message: `No email was sent to ${notEmailed.map((r) => r.user.email).join(', ')}: send them their sign-up link.` });
      if (failed.length) ui.toasts.error(INVITE_ERROR, failed.map((r) => `${r.user.email}: ${r.error}`).join('\n'), false);
      const withLinks = results.filter((r) => !r.user.emailSent && r.user.inviteAcceptUrl);
      setBusy(false);
      if (withLinks.length) setLinks(withLinks);
      else if (!failed.length) ui.modals.close('inviteUser');
      else setText(failed.map((r) => r.user.email).join(', '));
    } catch (err) {
      if (!isSessionEnded(err)) ui.toasts.error(INVITE_ERROR, errorMessage(err), false);
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter invites; Shift+Enter starts a new line.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const copy = (url: string) => copyWithToast(ui.toasts, url, { title: 'Invite link copied' }, 'Could not copy the invite link');

  return (
    <DialogFrame title="Invite users" busy={busy} onClose={close} testId="invite-dialog">
      {links ? (
        <div className="dialog-form" data-testid="invite-links">
          <p className="dialog-text" style={{ margin: 0 }}>
            These invitations were not emailed. Copy each sign-up link and send it to its person:
          </p>
          <ul className="invite-links">
            {links.map((r) => (
              <li key={r.user.id} data-testid="invite-link">
                <div className="invite-link-email">{r.user.email}</div>
                <div className="invite-link-row">
                  <code className="dialog-url invite-link-url">{r.user.inviteAcceptUrl}</code>
                  <button type="button" className="btn btn-s" onClick={() => void copy(r.user.inviteAcceptUrl!)} aria-label={`Copy the sign-up link for ${r.user.email}`}>
                    <Icon icon={faCopy} />
                    Copy
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={() => ui.modals.close('inviteUser')} autoFocus data-testid="invite-done">
              Done
            </button>
          </div>
        </div>
      ) : (
        <form className="dialog-form" onSubmit={submit} noValidate data-testid="invite-form">
          <div className="form-field">
            <label className="form-label" htmlFor={`${id}-emails`}>
              New user email addresses
            </label>
            <textarea
              id={`${id}-emails`}
              className="textarea"
              rows={3}
              value={text}
              onChange={(e) => onChange(e.target.value)}
              onBlur={() => setSettledText(text)}
              onKeyDown={onKeyDown}
              placeholder="ada@example.com, Grace Hopper <grace@example.com>"
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-emails-note`}
              data-testid="invite-emails"
            />
            {error ? (
              <div className="field-error" id={`${id}-emails-note`} role="alert" data-testid="invite-error">
                {error}
              </div>
            ) : (
              <div className="hint form-hint" id={`${id}-emails-note`}>
                Separate addresses with commas. Each invited user gets an email with a link to set up their account.
              </div>
            )}
          </div>
          <div className="form-field">
            <label className="form-label" htmlFor={`${id}-role`}>
              Role
            </label>
            {/* Invited users are always members (spec 000 §6). */}
            <select id={`${id}-role`} className="select" value="member" onChange={() => undefined} data-testid="invite-role">
              <option value="member">Member</option>
            </select>
          </div>
          <DialogFormActions busy={busy} onCancel={close} label={inviteButtonLabel(count)} busyLabel="Inviting…" disabled={count === 0} testId="invite-submit" />
        </form>
      )}
    </DialogFrame>
  );
}
