// Modal 'workflowOpen' (spec 001 §4.8): filter by name, newest first, open on click
// (ctrl/meta click: new tab). Opening the current workflow just says so. The owner, whose list
// holds members' workflows too, sees whose each one is (workflowOwners.ts).
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useLocation } from 'wouter';
import type { IWorkflowListItem } from '../../model/api.ts';
import { getWorkflows } from '../api/workflows.ts';
import { errorMessage } from '../api/errors.ts';
import { basePath } from '../basePath.ts';
import { useStores } from '../stores/context.ts';
import { guardedNavigate } from '../navigation.ts';
import { ownerLabel, showsOwnerColumn } from './workflowOwners.ts';
import './dialogs.css';

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export const WorkflowOpenDialog = observer(function WorkflowOpenDialog() {
  const root = useStores();
  const { ui, workflow, users } = root;
  const open = ui.modals.isOpen('workflowOpen');
  const [, navigate] = useLocation();
  const [rows, setRows] = useState<IWorkflowListItem[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [filter, setFilter] = useState('');

  useEffect(() => {
    if (!open) return;
    setRows(undefined);
    setError(undefined);
    setFilter('');
    getWorkflows().then(setRows, (e) => setError(errorMessage(e)));
  }, [open]);

  const me = users.currentUser;
  const ownerColumn = showsOwnerColumn(rows ?? [], me);
  // The names come from GET /users (the owner may list users), fresh at each opening.
  const [usersFailed, setUsersFailed] = useState(false);
  useEffect(() => {
    if (!open || !ownerColumn) return;
    setUsersFailed(false);
    users.fetchUsers().catch(() => setUsersFailed(true));
  }, [open, ownerColumn, users]);
  const ownerOf = (r: IWorkflowListItem) => ownerLabel(r.ownerId, me?.id, { list: users.users, loaded: users.usersLoaded || usersFailed });

  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (rows ?? []).filter((r) => !f || r.name.toLowerCase().includes(f)).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }, [rows, filter]);

  const close = () => ui.modals.close('workflowOpen');
  const openRow = (row: IWorkflowListItem, newTab: boolean) => {
    if (newTab) {
      window.open(`${basePath}workflow/${encodeURIComponent(row.id)}`, '_blank', 'noopener');
      return;
    }
    if (row.id === workflow.workflowId) {
      ui.toasts.show({ kind: 'info', title: 'Already open', message: 'This is the workflow you are editing.', duration: 1500 });
      return;
    }
    close();
    void guardedNavigate(root, navigate, `/workflow/${row.id}`);
  };

  return (
    <ModalOverlay className="dialog-overlay" isOpen={open} isDismissable onOpenChange={(o) => !o && close()}>
      <Modal className="dialog" style={{ width: '80%', minWidth: 620, maxWidth: 960 }}>
        <Dialog className="dialog-content" aria-label="Open workflow">
          <div className="open-wf-head">
            <Heading slot="title" className="dialog-title">
              Open workflow
            </Heading>
            <input className="input open-wf-filter" placeholder="Search by name…" value={filter} onChange={(e) => setFilter(e.target.value)} aria-label="Search workflows by name" autoFocus />
          </div>
          {error && <div className="field-error">Problem loading workflows: {error}</div>}
          {!rows && !error && <div className="hint">Loading…</div>}
          {rows && shown.length === 0 && <div className="open-wf-empty">{rows.length === 0 ? 'No saved workflows yet. Save the one you are editing with Ctrl+S.' : 'No workflow matches this name.'}</div>}
          {shown.length > 0 && (
            <table className="open-wf-table">
              <thead>
                <tr>
                  <th>Name</th>
                  {ownerColumn && <th>Owner</th>}
                  <th>Created</th>
                  <th>Updated</th>
                  <th>Active</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <tr key={r.id} tabIndex={0} onClick={(e) => openRow(r, e.ctrlKey || e.metaKey)} onKeyDown={(e) => e.key === 'Enter' && openRow(r, e.ctrlKey || e.metaKey)}>
                    <td>
                      {r.name}
                      {r.tags.slice(0, 3).map((t) => (
                        <span key={t.id} className="tag" style={{ marginLeft: 6 }}>
                          {t.name}
                        </span>
                      ))}
                    </td>
                    {ownerColumn && <td data-testid="open-wf-owner">{ownerOf(r)}</td>}
                    <td>{formatDate(r.createdAt)}</td>
                    <td>{formatDate(r.updatedAt)}</td>
                    <td>{r.active ? 'Yes' : 'No'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});
