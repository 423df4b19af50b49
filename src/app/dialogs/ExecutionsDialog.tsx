// Modal 'executions' (spec 001 §4.9, 80 % wide, §9): the saved executions of every workflow the
// user may see, newest first, with the running ones. Filters by workflow and status, an
// auto-refresh every 4000 ms (the newest 30), selection of rows or of everything matching the
// filter and its deletion, stop for running or waiting rows, retry (saved or original workflow)
// where the spec's rule allows, and open a stopped execution read-only (/execution/:id).
// The state lives in an ExecutionsListStore made at each opening and disposed at closing.
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Button, Dialog, Heading, Menu, MenuItem, MenuTrigger, Modal, ModalOverlay, Popover, Tooltip, TooltipTrigger } from 'react-aria-components';
import { useLocation } from 'wouter';
import { faArrowRotateRight, faArrowUpRightFromSquare, faStop, faTrash } from '@fortawesome/free-solid-svg-icons';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import type { IExecutionSummary } from '../../model/execution.ts';
import { deleteExecutions, getCurrentExecutions, getExecutions, retryExecution, stopExecution } from '../api/executions.ts';
import { getWorkflows } from '../api/workflows.ts';
import { isSessionEnded } from '../api/errors.ts';
import { basePath } from '../basePath.ts';
import { guardedNavigate } from '../navigation.ts';
import { useStores } from '../stores/context.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { Icon } from '../ui/Icon.tsx';
import { returnFocusToCanvas } from '../editor/canvas/canvasFocus.ts';
import { ExecutionsListStore, type ExecutionsApi } from '../executions/ExecutionsListStore.ts';
import {
  STATUS_FILTERS,
  STATUS_LABELS,
  canOpen,
  canRetry,
  canStop,
  executionStatus,
  formatRunningTime,
  runningMs,
  waitsIndefinitely,
  type ExecutionRow,
  type StatusFilter,
} from '../executions/executionRules.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import './dialogs.css';
import '../executions/executions.css';

export const EXECUTIONS_DIALOG_WIDTH = '80%';
export const UNSAVED_WORKFLOW_NAME = '[UNSAVED WORKFLOW]';

const api: ExecutionsApi = {
  list: (filter, page) => getExecutions(filter, page),
  current: (workflowId) => getCurrentExecutions(workflowId),
  remove: (body) => deleteExecutions(body),
  retry: (id, loadWorkflow) => retryExecution(id, loadWorkflow),
  stop: (id) => stopExecution(id),
  workflows: async () => (await getWorkflows()).map((w) => ({ id: w.id, name: w.name })),
};

export const ExecutionsDialog = observer(function ExecutionsDialog() {
  const root = useStores();
  const { ui } = root;
  const open = ui.modals.isOpen('executions');
  const [store, setStore] = useState<ExecutionsListStore | undefined>();

  useEffect(() => {
    if (!open) return;
    const s = new ExecutionsListStore(api, ui.toasts, { quiet: isSessionEnded });
    s.start();
    setStore(s);
    return () => {
      s.dispose();
      setStore(undefined);
      // As DialogFrame: closed over the editor, the keyboard goes back to the canvas.
      returnFocusToCanvas();
    };
  }, [open, ui]);

  const close = () => ui.modals.close('executions');
  return (
    <ModalOverlay className="dialog-overlay" isOpen={open} isDismissable onOpenChange={(o) => !o && close()}>
      <Modal className="dialog executions-dialog" style={{ width: EXECUTIONS_DIALOG_WIDTH }}>
        <Dialog className="dialog-content executions-content" aria-label="Workflow Executions" data-testid="executions-dialog">
          {store && <ExecutionsPanel store={store} root={root} onClose={close} />}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});

const ExecutionsPanel = observer(function ExecutionsPanel({ store, root, onClose }: { store: ExecutionsListStore; root: RootStore; onClose: () => void }) {
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);

  const latest = useRef({ root, navigate, onClose });
  latest.current = { root, navigate, onClose };
  // Stable, so an unchanged row's memoised view is not rendered again by a refresh.
  const openExecution = useCallback((row: IExecutionSummary, e: MouseEvent) => {
    if (e.ctrlKey || e.metaKey) {
      window.open(`${basePath}execution/${encodeURIComponent(row.id)}`, '_blank', 'noopener');
      return;
    }
    const { root, navigate, onClose } = latest.current;
    onClose();
    void guardedNavigate(root, navigate, `/execution/${row.id}`);
  }, []);

  const n = store.selectedCount;
  return (
    <>
      <div className="executions-head">
        <Heading slot="title" className="dialog-title executions-title">
          Workflow Executions <span className="executions-count" data-testid="executions-count">({store.title})</span>
        </Heading>
        <button type="button" className="btn btn-ghost btn-icon btn-s executions-close" aria-label="Close" onClick={onClose} data-testid="executions-close">
          ×
        </button>
      </div>
      <div className="executions-filters">
        <select
          className="select executions-filter-workflow"
          aria-label="Filter by workflow"
          value={store.workflowId ?? ''}
          onChange={(e) => store.setFilter({ workflowId: e.target.value || null })}
          data-testid="executions-filter-workflow"
        >
          <option value="">All Workflows</option>
          {store.workflows.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
        <select
          className="select executions-filter-status"
          aria-label="Filter by status"
          value={store.status}
          onChange={(e) => store.setFilter({ status: e.target.value as StatusFilter })}
          data-testid="executions-filter-status"
        >
          {STATUS_FILTERS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
        <span className="executions-spacer" />
        {n > 0 && (
          <span className="executions-selection" data-testid="executions-selection">
            {store.allMatching ? `All ${store.estimated ? '~' : ''}${n} selected` : `${n} selected`}
            <ActionIcon icon={faTrash} label="Delete selected" danger onPress={() => setConfirming(true)} disabled={store.deleting} testId="executions-delete-selected" />
          </span>
        )}
        <label className="executions-auto-refresh">
          <input type="checkbox" checked={store.autoRefresh} onChange={(e) => store.setAutoRefresh(e.target.checked)} data-testid="executions-auto-refresh" />
          Auto refresh
        </label>
      </div>
      <div className="executions-table-wrap">
        <table className="executions-table" data-testid="executions-table">
          <thead>
            <tr>
              <th className="executions-check">
                <SelectAll store={store} />
              </th>
              <th>Started At / ID</th>
              <th>Name</th>
              <th>Status</th>
              <th>Mode</th>
              <th>Running Time</th>
              <th className="executions-actions-head">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {store.rows.map((r) => (
              <ExecutionRowView key={r.id} row={r} store={store} onOpen={openExecution} />
            ))}
          </tbody>
        </table>
        {store.rows.length === 0 && (
          <div className="executions-empty" data-testid="executions-empty">
            {store.loading ? 'Loading…' : store.loadError ? `Problem loading executions: ${store.loadError}` : 'No executions found'}
          </div>
        )}
      </div>
      {store.hasMore && (
        <div className="executions-more">
          <button type="button" className="btn" onClick={() => void store.loadMore()} disabled={store.loadingMore} data-testid="executions-load-more">
            {store.loadingMore ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete executions?"
        confirmLabel="Delete"
        danger
        busy={store.deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void store.deleteSelected().then(() => setConfirming(false))}
        testId="executions-delete-confirm"
      >
        {store.allMatching
          ? `Are you sure that you want to delete all ${store.estimated ? '~' : ''}${n} executions matching the filter? ${store.status === 'waiting' ? 'Running executions are kept.' : 'Running and waiting executions are kept.'}`
          : `Are you sure that you want to delete the ${n} selected execution${n === 1 ? '' : 's'}?`}
      </ConfirmDialog>
    </>
  );
});

const SelectAll = observer(function SelectAll({ store }: { store: ExecutionsListStore }) {
  const ref = useRef<HTMLInputElement>(null);
  const state = store.selectState;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select all executions matching the filter"
      checked={state === 'all'}
      disabled={store.rows.length === 0}
      // From 'some' a click clears the selection (as n8n's indeterminate box does).
      onChange={() => store.setAll(state === 'none')}
      data-testid="executions-select-all"
      data-state={state}
    />
  );
});

function ActionIcon({ icon, label, onPress, disabled, danger, testId }: { icon: IconDefinition; label: string; onPress: (e: MouseEvent) => void; disabled?: boolean; danger?: boolean; testId: string }) {
  // A plain button: its click carries ctrl/meta (open in a new tab).
  return (
    <button type="button" className={`btn btn-ghost btn-icon btn-s${danger ? ' executions-danger' : ''}`} aria-label={label} title={label} disabled={disabled} onClick={onPress} data-testid={testId}>
      <Icon icon={icon} />
    </button>
  );
}

function modeText(mode: string): string {
  return mode ? mode[0]!.toUpperCase() + mode.slice(1) : '';
}

function formatStarted(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** The status and what it adds: until when a waiting row waits, why an error row stopped. */
function statusDetail(row: IExecutionSummary): string | undefined {
  const s = executionStatus(row);
  if (s === 'waiting') {
    if (waitsIndefinitely(row)) return 'indefinitely';
    const at = new Date(row.waitTill!);
    return Number.isNaN(at.getTime()) ? undefined : `until ${at.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' })}`;
  }
  if (s === 'error' && (row.status === 'canceled' || row.status === 'crashed')) return row.status;
  return undefined;
}

const ExecutionRowView = observer(function ExecutionRow({ row, store, onOpen }: { row: ExecutionRow; store: ExecutionsListStore; onOpen: (row: IExecutionSummary, e: MouseEvent) => void }) {
  const status = executionStatus(row);
  const busy = store.busy.get(row.id);
  const detail = statusDetail(row);
  return (
    <tr data-testid="executions-row" data-id={row.id} data-status={status} className={store.isSelected(row.id) ? 'is-selected' : undefined}>
      <td className="executions-check">
        <input
          type="checkbox"
          aria-label={`Select execution ${row.id}`}
          checked={store.isSelected(row.id)}
          disabled={store.allMatching}
          onChange={() => store.toggleRow(row.id)}
          data-testid="executions-row-check"
        />
      </td>
      <td>
        <div className="executions-started">{formatStarted(row.startedAt)}</div>
        <div className="executions-sub">
          ID: {row.id}
          {row.retryOf && <span> · Retry of {row.retryOf}</span>}
          {row.retrySuccessId && <span> · Success retry {row.retrySuccessId}</span>}
        </div>
      </td>
      <td className="executions-name">{row.workflowName || <span className="executions-sub">{UNSAVED_WORKFLOW_NAME}</span>}</td>
      <td>
        <span className={`executions-status executions-status-${status}`} data-testid="executions-status">
          {STATUS_LABELS[status]}
        </span>
        {detail && <div className="executions-sub" data-testid="executions-status-detail">{detail}</div>}
        {status === 'error' && row.errorMessage && (
          <div className="executions-sub executions-error-message" title={row.errorMessage} data-testid="executions-error-message">
            {row.errorMessage}
          </div>
        )}
      </td>
      <td>{modeText(row.mode)}</td>
      <td>
        <RunningTime row={row} store={store} />
      </td>
      <td className="executions-actions">
        {canStop(row) && <ActionIcon icon={faStop} label="Stop" onPress={() => void store.stop(row)} disabled={busy !== undefined} testId="executions-stop" />}
        {canRetry(row) && <RetryMenu row={row} store={store} disabled={busy !== undefined} />}
        {canOpen(row) && <ActionIcon icon={faArrowUpRightFromSquare} label="Open past execution" onPress={(e) => onOpen(row, e)} testId="executions-open" />}
        {busy && <span className="executions-sub executions-busy">{busy === 'stop' ? 'Stopping…' : 'Retrying…'}</span>}
      </td>
    </tr>
  );
});

/** Finished: its own time with milliseconds. Running: ticking with the dialog's 1 s clock. */
const RunningTime = observer(function RunningTime({ row, store }: { row: IExecutionSummary; store: ExecutionsListStore }) {
  const running = executionStatus(row) === 'running';
  const ms = runningMs(row, running ? store.now : Date.now());
  if (ms === undefined) return null;
  return <span data-testid="executions-running-time">{formatRunningTime(ms, !running)}</span>;
});

function RetryMenu({ row, store, disabled }: { row: IExecutionSummary; store: ExecutionsListStore; disabled: boolean }) {
  return (
    <MenuTrigger>
      <TooltipTrigger delay={400}>
        <Button className="btn btn-ghost btn-icon btn-s" aria-label="Retry execution" isDisabled={disabled} data-testid="executions-retry">
          <Icon icon={faArrowRotateRight} />
        </Button>
        <Tooltip placement="top" offset={6} className="tooltip">
          Retry execution
        </Tooltip>
      </TooltipTrigger>
      <Popover placement="bottom end" offset={4} className="menu-popover">
        <Menu className="menu" aria-label="Retry execution" onAction={(key) => void store.retry(row, key === 'saved')} data-testid="executions-retry-menu">
          <MenuItem id="saved" className="menu-item" textValue="Retry with currently saved workflow" data-testid="executions-retry-saved">
            <span className="menu-item-label">Retry with currently saved workflow</span>
          </MenuItem>
          <MenuItem id="original" className="menu-item" textValue="Retry with original workflow" data-testid="executions-retry-original">
            <span className="menu-item-label">Retry with original workflow</span>
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
