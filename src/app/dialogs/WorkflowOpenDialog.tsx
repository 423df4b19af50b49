// Modal 'workflowOpen' (spec 001 §4.8, §8, §9): filter by name and, when tags are enabled, by
// tags (every selected tag must be on the workflow); rows show up to 3 tags then '+N', created,
// updated (newest first by default; the headers sort) and an active toggle that switches the
// workflow through the server as the header's does. A row opens on click (ctrl/meta click: new
// tab); opening the current workflow just says so. The owner, whose list holds members'
// workflows too, sees whose each one is (workflowOwners.ts).
import { observer } from 'mobx-react-lite';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay, Switch } from 'react-aria-components';
import { useLocation } from 'wouter';
import { faTriangleExclamation, faXmark } from '@fortawesome/free-solid-svg-icons';
import type { IWorkflowListItem } from '../../model/api.ts';
import { getWorkflows } from '../api/workflows.ts';
import { TagsDropdown } from '../tags/TagsDropdown.tsx';
import { getActiveWorkflows, patchWorkflowActive } from '../api/active.ts';
import { errorMessage } from '../api/errors.ts';
import { basePath } from '../basePath.ts';
import { useStores } from '../stores/context.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { guardedNavigate } from '../navigation.ts';
import { Icon } from '../ui/Icon.tsx';
import { NOT_RUNNING_HINT, activationOf, couldNotBe, updateWorkflowActivation } from '../editor/header/activation.ts';
import { ownerLabel, showsOwnerColumn } from './workflowOwners.ts';
import { DEFAULT_SORT, filterRows, nextSort, rowTags, sortRows, type Sort, type SortKey } from './openListRows.ts';
import './dialogs.css';
import './openList.css';

export const PROBLEM_LOADING_WORKFLOWS = 'Problem loading workflows';
export const PROBLEM_LOADING_ACTIVE = 'Problem loading active workflows';

/** Rows drawn at first and added per step as the end of the list scrolls into view. */
export const OPEN_LIST_PAGE = 100;

// One formatter for every row (toLocaleString builds a new one per call: slow for thousands).
let dateFormat: Intl.DateTimeFormat | undefined;
function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateFormat.format(d);
}

/**
 * Switches a listed workflow active or inactive. The open one goes through the header's command
 * (issues checked, unsaved edits sent along, the activation modal); another one is a PATCH of
 * `active` alone, the server preparing it as for any save. Returns the state it ends in.
 */
async function setRowActive(root: RootStore, row: IWorkflowListItem, active: boolean): Promise<{ active: boolean; updatedAt?: string }> {
  const { workflow, ui } = root;
  if (workflow.isSaved && workflow.workflowId === row.id) {
    await updateWorkflowActivation(root, active);
    return { active: workflow.active };
  }
  try {
    const saved = await patchWorkflowActive(row.id, { active });
    if (saved.active) activationOf(root).setWorkflowActive(row.id);
    else activationOf(root).setWorkflowInactive(row.id);
    return { active: !!saved.active, updatedAt: saved.updatedAt };
  } catch (e) {
    // Not persistent: under the modal a toast cannot be closed until the modal is.
    ui.toasts.show({ kind: 'error', title: couldNotBe(active), message: errorMessage(e) });
    return { active: row.active };
  }
}

export const WorkflowOpenDialog = observer(function WorkflowOpenDialog() {
  const root = useStores();
  const { ui, workflow, users, settings } = root;
  const open = ui.modals.isOpen('workflowOpen');
  const [, navigate] = useLocation();
  const [rows, setRows] = useState<IWorkflowListItem[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [filter, setFilter] = useState('');
  const [tagFilter, setTagFilter] = useState<Set<string>>(new Set());
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [busyIds, setBusyIds] = useState<Set<string>>(new Set());
  const tagsEnabled = !settings.settings?.workflowTagsDisabled;
  const activation = activationOf(root);

  useEffect(() => {
    if (!open) return;
    setRows(undefined);
    setError(undefined);
    setFilter('');
    setTagFilter(new Set());
    setSort(DEFAULT_SORT);
    let live = true;
    getWorkflows().then(
      (r) => live && setRows(r),
      (e) => {
        if (!live) return;
        setError(errorMessage(e));
        ui.toasts.show({ kind: 'error', title: PROBLEM_LOADING_WORKFLOWS, message: errorMessage(e) });
      },
    );
    // Which workflows really run (a workflow marked active that does not shows the warning).
    getActiveWorkflows().then(
      (ids) => live && activation.setActiveList(ids),
      (e) => live && ui.toasts.show({ kind: 'error', title: PROBLEM_LOADING_ACTIVE, message: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [open, ui, activation, tagsEnabled]);

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

  const shown = useMemo(() => sortRows(filterRows(rows ?? [], filter, tagFilter), sort), [rows, filter, tagFilter, sort]);
  // Thousands of workflows: the first rows at once, more as the end of the list comes into view.
  const [limit, setLimit] = useState(OPEN_LIST_PAGE);
  useEffect(() => setLimit(OPEN_LIST_PAGE), [open, filter, tagFilter, sort]);
  const moreRef = useRef<HTMLButtonElement>(null);
  const hasMore = shown.length > limit;
  useEffect(() => {
    const el = moreRef.current;
    if (!hasMore || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setLimit((l) => l + OPEN_LIST_PAGE);
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, limit]);

  const close = () => ui.modals.close('workflowOpen');
  const openRow = (row: IWorkflowListItem, newTab: boolean) => {
    if (newTab) {
      window.open(`${basePath}workflow/${encodeURIComponent(row.id)}`, '_blank', 'noopener');
      return;
    }
    if (row.id === workflow.workflowId) {
      // Spec 001 §4.8: an error, shown for 1500 ms.
      ui.toasts.show({ kind: 'error', title: 'Already open', message: 'This is the workflow you are editing.', duration: 1500 });
      return;
    }
    close();
    void guardedNavigate(root, navigate, `/workflow/${row.id}`);
  };

  const toggleTag = (id: string) => {
    const next = new Set(tagFilter);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setTagFilter(next);
  };

  const switchActive = async (row: IWorkflowListItem, active: boolean) => {
    // In flight: ignored (the switch stays enabled so it keeps the focus, which the activation
    // message gives back to it when it closes).
    if (busyIds.has(row.id)) return;
    setBusyIds((s) => new Set(s).add(row.id));
    const result = await setRowActive(root, row, active);
    setRows((rs) => rs?.map((r) => (r.id === row.id ? { ...r, active: result.active, updatedAt: result.updatedAt ?? r.updatedAt } : r)));
    setBusyIds((s) => {
      const n = new Set(s);
      n.delete(row.id);
      return n;
    });
  };

  // The rows are memoised: their handlers come through a ref that is current at every render.
  const actions = useRef<RowActions>({ openRow, toggleTag, switchActive });
  actions.current = { openRow, toggleTag, switchActive };

  const sortHeader = (key: SortKey, label: string) => {
    const current = sort.key === key;
    return (
      <th aria-sort={current ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
        {/* The arrow is drawn by CSS (data-sort), so the header's text stays its label. */}
        <button type="button" className="open-wf-sort" data-sort={current ? (sort.descending ? 'desc' : 'asc') : undefined} onClick={() => setSort(nextSort(sort, key))} data-testid={`open-wf-sort-${key}`}>
          {label}
        </button>
      </th>
    );
  };

  const tagFilterIds = useMemo(() => [...tagFilter], [tagFilter]);
  const noMatchText = rows && rows.length === 0 ? 'No saved workflows yet. Save the one you are editing with Ctrl+S.' : tagFilter.size > 0 ? 'No workflow matches this name and these tags.' : 'No workflow matches this name.';

  return (
    <ModalOverlay className="dialog-overlay" isOpen={open} isDismissable onOpenChange={(o) => !o && close()}>
      <Modal className="dialog open-wf-modal" style={{ width: '80%', minWidth: 620 }}>
        <Dialog className="dialog-content" aria-label="Open workflow" data-testid="workflow-open-dialog">
          <div className="open-wf-head">
            <Heading slot="title" className="dialog-title">
              Open workflow
            </Heading>
            <div className="open-wf-filters">
              {tagsEnabled && (
                // The tags' picker of the header (spec 001 §4.8: all chosen tags must match); it fetches the tags.
                <TagsDropdown selected={tagFilterIds} onChange={(ids) => setTagFilter(new Set(ids))} label="Filter by tags" placeholder="Filter by tags" testId="open-wf-tag-filter" />
              )}
              <input className="input open-wf-filter" placeholder="Search by name…" value={filter} onChange={(e) => setFilter(e.target.value)} aria-label="Search workflows by name" autoFocus />
            </div>
          </div>
          {error && <div className="field-error">{PROBLEM_LOADING_WORKFLOWS}: {error}</div>}
          {!rows && !error && <div className="hint">Loading…</div>}
          {rows && shown.length === 0 && <div className="open-wf-empty">{noMatchText}</div>}
          {shown.length > 0 && (
            <table className="open-wf-table">
              <thead>
                <tr>
                  {sortHeader('name', 'Name')}
                  {ownerColumn && <th>Owner</th>}
                  {sortHeader('createdAt', 'Created')}
                  {sortHeader('updatedAt', 'Updated')}
                  <th className="open-wf-active-col">Active</th>
                </tr>
              </thead>
              <tbody>
                {shown.slice(0, limit).map((r) => (
                  <OpenListRow
                    key={r.id}
                    r={r}
                    tagsEnabled={tagsEnabled}
                    tagFilter={tagFilter}
                    owner={ownerColumn ? ownerOf(r) : undefined}
                    busy={busyIds.has(r.id)}
                    notRunning={r.active && activation.activeLoaded && !activation.activeIds.has(r.id)}
                    actions={actions}
                  />
                ))}
              </tbody>
            </table>
          )}
          {hasMore && (
            <button ref={moreRef} type="button" className="btn btn-ghost open-wf-more" onClick={() => setLimit((l) => l + OPEN_LIST_PAGE)} data-testid="open-wf-more">
              Showing {limit} of {shown.length} — show more
            </button>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});

interface RowActions {
  openRow: (row: IWorkflowListItem, newTab: boolean) => void;
  toggleTag: (id: string) => void;
  switchActive: (row: IWorkflowListItem, active: boolean) => Promise<void>;
}

interface OpenListRowProps {
  r: IWorkflowListItem;
  tagsEnabled: boolean;
  tagFilter: ReadonlySet<string>;
  /** The Owner column's text, when the column is shown. */
  owner: string | undefined;
  busy: boolean;
  notRunning: boolean;
  actions: { current: RowActions };
}

/** One row; memoised, so drawing 100 more rows (or a switch's change) does not redraw the others. */
const OpenListRow = memo(function OpenListRow({ r, tagsEnabled, tagFilter, owner, busy, notRunning, actions }: OpenListRowProps) {
  const { shown: tags, more } = rowTags(r.tags);
  return (
    <tr tabIndex={0} data-testid="open-wf-row" data-workflow-id={r.id} onClick={(e) => actions.current.openRow(r, e.ctrlKey || e.metaKey)} onKeyDown={(e) => e.key === 'Enter' && e.target === e.currentTarget && actions.current.openRow(r, e.ctrlKey || e.metaKey)}>
      <td>
        <span className="open-wf-name">{r.name}</span>
        {tagsEnabled &&
          tags.map((t) => (
            <button
              key={t.id}
              type="button"
              className={tagFilter.has(t.id) ? 'tag open-wf-row-tag open-wf-row-tag-on' : 'tag open-wf-row-tag'}
              title={tagFilter.has(t.id) ? `Remove ${t.name} from the filter` : `Filter by ${t.name}`}
              onClick={(e) => {
                e.stopPropagation();
                actions.current.toggleTag(t.id);
              }}
              data-testid="open-wf-row-tag"
            >
              {t.name}
            </button>
          ))}
        {tagsEnabled && more > 0 && (
          <span className="tag open-wf-row-more" title={r.tags.slice(3).map((t) => t.name).join(', ')} data-testid="open-wf-row-more">
            +{more}
          </span>
        )}
      </td>
      {owner !== undefined && <td data-testid="open-wf-owner">{owner}</td>}
      <td className="open-wf-date">{formatDate(r.createdAt)}</td>
      <td className="open-wf-date">{formatDate(r.updatedAt)}</td>
      {/* The switch is not a click on the row. */}
      <td className="open-wf-active-col" onClick={(e) => e.stopPropagation()}>
        <span className="open-wf-active">
          {notRunning && (
            <span className="open-wf-not-running" title={NOT_RUNNING_HINT} aria-label={NOT_RUNNING_HINT} data-testid="open-wf-not-running">
              <Icon icon={faTriangleExclamation} />
            </span>
          )}
          <Switch
            className="switch"
            isSelected={r.active}
            aria-busy={busy || undefined}
            data-busy={busy || undefined}
            onChange={(v) => void actions.current.switchActive(r, v)}
            aria-label={`${r.active ? 'Deactivate' : 'Activate'} ${r.name}`}
            data-testid="open-wf-active-switch"
          >
            <span className="switch-track" />
          </Switch>
        </span>
      </td>
    </tr>
  );
});
