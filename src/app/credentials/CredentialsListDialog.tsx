// Modal 'credentialsList' (spec 002 §2, §8, §9): the user's credentials in a table of name,
// type, created, updated and edit / delete; sortable (name ascending by default); the table
// scrolls inside 450 px. Add New opens the type picker; a row (or its pen) opens the edit
// modal over this one; delete asks first, then 'Credential deleted'. The list is read again at
// each opening, so credentials made or removed elsewhere show.
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { faPen, faPlus, faTrashCan, faXmark } from '@fortawesome/free-solid-svg-icons';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import { useStores } from '../stores/context.ts';
import { Icon } from '../ui/Icon.tsx';
import { ConfirmDialog } from '../dialogs/ConfirmDialog.tsx';
import { CredentialTypeIcon } from './CredentialTypeIcon.tsx';
import { CredentialSelectDialog } from './CredentialSelectDialog.tsx';
import { CredentialEditDialog } from './CredentialEditDialog.tsx';
import { deleteCredentialCommand, ERROR_LOADING_CREDENTIALS } from './credentialCommands.ts';
import {
  DEFAULT_CREDENTIAL_SORT,
  formatCredentialDate,
  nextCredentialSort,
  sortCredentialRows,
  type CredentialRow,
  type CredentialSort,
  type CredentialSortKey,
} from './credentialsListRows.ts';
import '../dialogs/dialogs.css';
import '../dialogs/openList.css';
import './credentials.css';

export const CredentialsListDialog = observer(function CredentialsListDialog() {
  const root = useStores();
  const { ui, credentials, users } = root;
  const open = ui.modals.isOpen('credentialsList');
  const [sort, setSort] = useState<CredentialSort>(DEFAULT_CREDENTIAL_SORT);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [toDelete, setToDelete] = useState<CredentialRow | undefined>();
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (!open) return;
    setSort(DEFAULT_CREDENTIAL_SORT);
    setError(undefined);
    setLoading(true);
    let live = true;
    credentials.load(true).then(
      () => live && setLoading(false),
      (e: unknown) => {
        if (!live) return;
        setLoading(false);
        setError(errorMessage(e));
        if (!isSessionEnded(e)) ui.toasts.error(ERROR_LOADING_CREDENTIALS, errorMessage(e), false);
      },
    );
    return () => {
      live = false;
    };
  }, [open, credentials, ui]);

  // The owner's list holds members' credentials too; this list is the user's own (as the selector's).
  const me = users.currentUser?.id;
  const rows = useMemo(() => {
    const mine = credentials.credentials.filter((c) => !me || c.ownerId === undefined || c.ownerId === null || c.ownerId === me);
    return sortCredentialRows(
      mine.map((c) => ({ ...c, typeName: credentials.type(c.type)?.displayName ?? c.type })),
      sort,
    );
  }, [credentials.credentials, credentials.typeByName, me, sort]);

  const close = () => ui.modals.close('credentialsList');
  const addNew = () => ui.modals.open('selectCredential');

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    await deleteCredentialCommand(root, toDelete.id, toDelete.name);
    setDeleting(false);
    setToDelete(undefined);
  };

  const header = (key: CredentialSortKey, label: string) => {
    const current = sort.key === key;
    return (
      <th aria-sort={current ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className="open-wf-sort" data-sort={current ? (sort.descending ? 'desc' : 'asc') : undefined} onClick={() => setSort(nextCredentialSort(sort, key))} data-testid={`credentials-sort-${key}`}>
          {label}
        </button>
      </th>
    );
  };

  const empty = credentials.loaded && !error && rows.length === 0;
  return (
    <ModalOverlay className="dialog-overlay" isOpen={open} isDismissable onOpenChange={(o) => !o && close()}>
        <Modal className="dialog cred-list-modal">
          <Dialog className="dialog-content" aria-label="Credentials" data-testid="credentials-list-dialog">
            <div className="cred-list-head">
              <div>
                <Heading slot="title" className="dialog-title">
                  Credentials
                </Heading>
                <div className="hint">Your saved credentials:</div>
              </div>
              <div className="cred-list-actions">
                <button type="button" className="btn btn-primary" onClick={addNew} data-testid="credentials-add-new">
                  <Icon icon={faPlus} /> Add New
                </button>
                <button type="button" className="btn btn-ghost btn-icon" onClick={close} aria-label="Close" data-testid="credentials-list-close">
                  <Icon icon={faXmark} />
                </button>
              </div>
            </div>
            {error && (
              <div className="field-error" role="alert">
                {ERROR_LOADING_CREDENTIALS}: {error}
              </div>
            )}
            {!credentials.loaded && loading && <div className="hint">Loading…</div>}
            {empty && (
              <div className="cred-list-empty" data-testid="credentials-list-empty">
                <strong>No credentials yet</strong>
                <p className="hint">Credentials let your workflows connect to apps and services: an API key, a login, an OAuth account.</p>
                <button type="button" className="btn btn-primary" onClick={addNew}>
                  Add first credential
                </button>
              </div>
            )}
            {rows.length > 0 && (
              <div className="cred-list-scroll" data-testid="credentials-list-scroll">
                <table className="open-wf-table cred-list-table">
                  <thead>
                    <tr>
                      {header('name', 'Name')}
                      {header('type', 'Type')}
                      {header('createdAt', 'Created')}
                      {header('updatedAt', 'Updated')}
                      <th className="cred-ops-col">Operations</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr
                        key={r.id}
                        tabIndex={0}
                        data-testid="credentials-row"
                        data-credential-id={r.id}
                        onClick={() => credentials.openEdit(r.id)}
                        onKeyDown={(e) => e.key === 'Enter' && e.target === e.currentTarget && credentials.openEdit(r.id)}
                      >
                        <td>
                          <span className="cred-list-name">{r.name}</span>
                          {r.oauth === 'reconnect' && (
                            <span className="cred-chip cred-chip-warn" title="The provider refused to refresh the access: connect the account again">
                              reconnect
                            </span>
                          )}
                          {r.oauth === 'notConnected' && <span className="cred-chip">not connected</span>}
                        </td>
                        <td>
                          <span className="cred-list-type">
                            <CredentialTypeIcon type={credentials.type(r.type)} size={20} />
                            {r.typeName}
                          </span>
                        </td>
                        <td className="open-wf-date">{formatCredentialDate(r.createdAt)}</td>
                        <td className="open-wf-date">{formatCredentialDate(r.updatedAt)}</td>
                        <td className="cred-ops-col" onClick={(e) => e.stopPropagation()}>
                          <button type="button" className="btn btn-ghost btn-icon" onClick={() => credentials.openEdit(r.id)} aria-label={`Edit credential ${r.name}`} title="Edit Credential" data-testid="credentials-row-edit">
                            <Icon icon={faPen} />
                          </button>
                          <button type="button" className="btn btn-ghost btn-icon" onClick={() => setToDelete(r)} aria-label={`Delete credential ${r.name}`} title="Delete Credential" data-testid="credentials-row-delete">
                            <Icon icon={faTrashCan} />
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {/* Over the list, inside its focus scope. */}
            <CredentialSelectDialog nested />
            <CredentialEditDialog nested />
              <ConfirmDialog
                open={!!toDelete}
                title="Delete Credential?"
                confirmLabel="Yes, delete"
                danger
                busy={deleting}
                onConfirm={() => void confirmDelete()}
                onCancel={() => setToDelete(undefined)}
                testId="credential-delete-dialog"
              >
                Are you sure you want to delete {toDelete?.name}? Workflows that use it will stop working until they get another credential.
              </ConfirmDialog>
          </Dialog>
        </Modal>
    </ModalOverlay>
  );
});
