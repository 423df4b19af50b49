// Modal 'contactPrompt' (spec 002 §2, §4, §5): the prompts service's title and message, an
// email field pre-filled with the signed-in user's address and Send (disabled until the address
// is valid); 'Thanks!' after it. Closed without one, the service hears so (a null email); it asks
// only once either way (issue 17).
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useStores } from '../stores/context.ts';
import { submitContactEmail } from '../api/prompts.ts';
import { isValidEmail } from '../../model/survey.ts';
import { DialogFrame } from '../dialogs/DialogFrame.tsx';
import { promptsTarget } from './flow.ts';
import './prompts.css';

export const ContactPromptModal = observer(function ContactPromptModal() {
  const { ui } = useStores();
  if (!ui.modals.isOpen('contactPrompt')) return null;
  return <ContactForm />;
});

const ContactForm = observer(function ContactForm() {
  const root = useStores();
  const { ui, prompts } = root;
  const [email, setEmail] = useState(() => root.users.currentUser?.email ?? '');
  const [busy, setBusy] = useState(false);
  const valid = isValidEmail(email);
  const target = promptsTarget(root);

  const close = () => {
    if (busy) return;
    if (target) void submitContactEmail(target, null).catch(() => undefined);
    ui.modals.close('contactPrompt');
  };
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy || !target) return;
    setBusy(true);
    // Errors are swallowed (spec 002 §8).
    await submitContactEmail(target, email.trim()).catch(() => undefined);
    ui.toasts.success('Thanks!', 'We will be in touch.');
    ui.modals.close('contactPrompt');
  };

  return (
    <DialogFrame title={prompts.contact.title} busy={busy} onClose={close} testId="contact-prompt">
      <form className="dialog-form" onSubmit={send} noValidate>
        <p className="prompt-message">{prompts.contact.message}</p>
        <input className="input" type="email" placeholder="Your email address" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus aria-label="Email" data-testid="contact-prompt-email" />
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
            Not now
          </button>
          <button type="submit" className="btn btn-primary" disabled={!valid || busy} data-testid="contact-prompt-send">
            Send
          </button>
        </div>
      </form>
    </DialogFrame>
  );
});
