// The session ended while the editor held unsaved work (RootStore.sessionEnded): sign in again
// over the editor instead of leaving it. The same user keeps everything as it was (a save that
// was refused is saved again by the user: the header still says unsaved); another account, or
// 'Sign in as someone else', drops the work after a confirm. Not dismissable: it must be answered.
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { PublicUser } from '../../model/users.ts';
import { useStores } from '../stores/context.ts';
import { signsInAsAnother } from '../stores/sessionEnd.ts';
import { FormProblem } from '../auth/AuthFormParts.tsx';
import { hasErrors, signinErrors } from '../auth/forms.ts';
import { useSubmit } from '../auth/useSubmit.ts';
import { FormField } from '../ui/FormField.tsx';
import { DialogFrame } from './DialogFrame.tsx';

export const SESSION_ENDED_TITLE = 'Your session ended';

export const SessionEndedDialog = observer(function SessionEndedDialog() {
  const { users } = useStores();
  // Mounted per lost session: every opening starts with an empty password.
  if (!users.sessionLost || !users.currentUser) return null;
  return <SessionEndedForm user={users.currentUser} />;
});

/** The question before unsaved work is dropped: another account typed, or 'Sign in as someone else'. */
type Confirm = { kind: 'other-account'; email: string } | { kind: 'leave' };

const SessionEndedForm = observer(function SessionEndedForm({ user }: { user: PublicUser }) {
  const root = useStores();
  const { ui, workflow } = root;
  const [, navigate] = useLocation();
  const [email, setEmail] = useState(user.email ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState<Confirm | undefined>();
  const form = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = signinErrors({ email, password });
  // The password field takes the focus once the dialog is there: over another open dialog the
  // dialog itself would keep it (autoFocus alone loses to the other dialog's focus scope).
  // So does a refused sign-in: the busy submit button had it, and the page body must not.
  useEffect(() => {
    if (confirm) return;
    const frame = requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [confirm, form.problem]);
  const workflowName = workflow.name.trim() || 'this workflow';

  const signIn = () =>
    form.run(async () => {
      const outcome = await root.signInAgain({ email: email.trim(), password });
      if (outcome === 'resume') {
        ui.toasts.success('Signed in again', 'Your unsaved changes are still here.');
      } else {
        navigate('/', { replace: true });
        ui.toasts.show({ kind: 'info', title: 'Unsaved changes discarded', message: `Signed in as ${email.trim()}.` });
      }
    });

  const submit = (e: FormEvent) => {
    if (!form.tried(e, !hasErrors(errors))) return;
    if (signsInAsAnother(user.email, email)) setConfirm({ kind: 'other-account', email: email.trim() });
    else void signIn();
  };

  if (confirm) {
    const other = confirm.kind === 'other-account';
    return (
      <DialogFrame title={other ? `Sign in as ${confirm.email}?` : 'Discard your unsaved changes?'} onClose={() => setConfirm(undefined)} dismissable={false} role="alertdialog" testId="session-ended-confirm">
        <p className="dialog-text">
          {other ? `That is not the account whose session ended (${user.email}). ` : ''}
          The unsaved changes to “{workflowName}” will be lost{other ? ', and the editor opens a new workflow.' : ', and you go to the sign-in page.'}
        </p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={() => setConfirm(undefined)} data-testid="session-ended-confirm-back">
            Back
          </button>
          <button
            type="button"
            className="btn btn-danger"
            autoFocus
            onClick={() => {
              setConfirm(undefined);
              if (other) void signIn();
              else root.abandonSession();
            }}
            data-testid="session-ended-confirm-discard"
          >
            {other ? 'Discard changes and sign in' : 'Discard changes'}
          </button>
        </div>
      </DialogFrame>
    );
  }

  return (
    <DialogFrame title={SESSION_ENDED_TITLE} busy={form.busy} onClose={() => undefined} dismissable={false} testId="session-ended-dialog">
      <p className="dialog-text session-ended-text">
        Sign in again to keep working. Your unsaved changes to “{workflowName}” stay here until you do.
      </p>
      <form ref={formRef} className="dialog-form session-ended-form" onSubmit={submit} noValidate data-testid="session-ended-form">
        <FormProblem title="Problem logging in" problem={form.problem} testId="session-ended-error" />
        <FormField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} showError={form.attempted} required testId="session-ended-email" />
        <FormField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          showError={form.attempted}
          autoFocus
          required
          testId="session-ended-password"
        />
        <div className="dialog-actions session-ended-actions">
          <button type="button" className="btn btn-ghost" onClick={() => setConfirm({ kind: 'leave' })} disabled={form.busy} data-testid="session-ended-other">
            Sign in as someone else
          </button>
          <button type="submit" className="btn btn-primary" disabled={form.busy} data-testid="session-ended-submit">
            {form.busy ? 'Signing in…' : 'Sign in'}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
});
