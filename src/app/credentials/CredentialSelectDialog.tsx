// Modal 'selectCredential' (spec 002 §2): every credential type GET /credential-types answers,
// searchable by display or type name; ↑/↓ move the choice from the search box, Enter or
// Continue opens the edit modal in 'new' mode for it (a double click too).
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import { useStores } from '../stores/context.ts';
import { CredentialTypeIcon } from './CredentialTypeIcon.tsx';
import { filterCredentialTypes } from './credentialsListRows.ts';
import '../dialogs/dialogs.css';
import './credentials.css';

/**
 * `nested`: the instance inside the credentials list's dialog. Over the list, the picker and the
 * edit modal render inside it (react-aria keeps the focus in the list's scope otherwise).
 */
export const CredentialSelectDialog = observer(function CredentialSelectDialog({ nested = false }: { nested?: boolean }) {
  const { ui } = useStores();
  if (!ui.modals.isOpen('selectCredential') || ui.modals.isOpen('credentialsList') !== nested) return null;
  return <CredentialSelect />;
});

const CredentialSelect = observer(function CredentialSelect() {
  const { ui, credentials } = useStores();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // The dialog takes the focus as it opens (over another dialog it does so after autoFocus): the
  // search box takes it back once the dialog is up.
  useEffect(() => {
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  useEffect(() => {
    credentials.load().catch((e: unknown) => {
      setError(errorMessage(e));
      if (!isSessionEnded(e)) ui.toasts.error('Could not load credential types', errorMessage(e), false);
    });
  }, [credentials, ui]);

  const shown = useMemo(() => filterCredentialTypes(credentials.types, search), [credentials.types, search]);
  const current = shown.find((t) => t.name === chosen);

  // The chosen option stays in view while the keyboard moves it.
  useEffect(() => {
    if (!chosen) return;
    list.current?.querySelector(`[data-type="${CSS.escape(chosen)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [chosen]);

  const close = () => ui.modals.close('selectCredential');
  const proceed = (name = current?.name) => {
    if (!name) return;
    close();
    credentials.openNew(name);
  };

  const move = (delta: number) => {
    if (!shown.length) return;
    const i = current ? shown.indexOf(current) : -1;
    const next = i < 0 ? (delta > 0 ? 0 : shown.length - 1) : Math.min(shown.length - 1, Math.max(0, i + delta));
    setChosen(shown[next].name);
  };

  return (
    <ModalOverlay className="dialog-overlay" isOpen isDismissable onOpenChange={(o) => !o && close()}>
      <Modal className="dialog cred-select-modal">
        <Dialog className="dialog-content" aria-label="Add new credential" data-testid="credential-select-dialog">
          <Heading slot="title" className="dialog-title">
            Add new credential
          </Heading>
          <label className="cred-select-label" htmlFor="credential-type-search">
            Select an app or service to connect to
          </label>
          <input
            ref={input}
            id="credential-type-search"
            className="input"
            placeholder="Search for app..."
            value={search}
            autoFocus
            role="combobox"
            aria-expanded
            aria-controls="credential-type-list"
            aria-activedescendant={current ? `credential-type-${current.name}` : undefined}
            onChange={(e) => {
              setSearch(e.target.value);
              // The first match is the choice while typing, as a picker does.
              const first = filterCredentialTypes(credentials.types, e.target.value)[0];
              setChosen(e.target.value.trim() ? first?.name : undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                move(e.key === 'ArrowDown' ? 1 : -1);
              } else if (e.key === 'Enter') {
                e.preventDefault();
                proceed();
              }
            }}
            data-testid="credential-type-search"
          />
          <div ref={list} id="credential-type-list" className="cred-type-list" role="listbox" aria-label="Credential types" data-testid="credential-type-list">
            {error && <div className="field-error">{error}</div>}
            {!credentials.typesLoaded && !error && <div className="hint cred-type-none">Loading…</div>}
            {credentials.typesLoaded && shown.length === 0 && <div className="hint cred-type-none">No credential type matches “{search.trim()}”.</div>}
            {shown.map((t) => (
              <div
                key={t.name}
                id={`credential-type-${t.name}`}
                data-type={t.name}
                role="option"
                aria-selected={t.name === chosen}
                className={t.name === chosen ? 'cred-type-option selected' : 'cred-type-option'}
                onClick={() => setChosen(t.name)}
                onDoubleClick={() => proceed(t.name)}
                data-testid="credential-type-option"
              >
                <CredentialTypeIcon type={t} size={24} />
                <span className="cred-type-name">{t.displayName}</span>
              </div>
            ))}
          </div>
          <div className="dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={close}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" disabled={!current} onClick={() => proceed()} data-testid="credential-select-continue">
              Continue
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});
