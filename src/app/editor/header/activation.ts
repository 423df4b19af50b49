// Activation of the open workflow (spec 001 §4.6): the active list from GET /active, the
// activation errors from GET /active/error/{id}, and the commands behind the header's Active
// toggle. One ActivationStore per RootStore (activationOf), so the stores stay as they are.
//
// Activating: issues block it before anything is saved; an unsaved workflow is created first;
// an already running one only says so; then PATCH /workflows/{id} with { active: true } (and
// the save payload when there are unsaved edits, so the server activates what the user sees and
// the dirty flag clears, §4.5). A server-side failure (4xx with its message) leaves it inactive.
import { action, makeObservable, observable, runInAction } from 'mobx';
import type { INode } from '../../../model/workflow.ts';
import { isTriggerType, type INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { MANUAL_TRIGGER_NODE_TYPE, STICKY_NODE_TYPE } from '../../../model/constants.ts';
import { getActivationError, getActiveWorkflows, patchWorkflowActive } from '../../api/active.ts';
import { errorMessage } from '../../api/errors.ts';
import { savePayload } from '../../commands/savePayload.ts';
import { saveWorkflow } from '../../commands/saveWorkflow.ts';
import { runIssueLines } from '../../stores/issuesSync.ts';
import type { RootStore } from '../../stores/RootStore.ts';

/** localStorage key of the "Don't show again" choice of the activation modal (spec §9: hide activation alert). */
export const HIDE_ACTIVATION_ALERT_KEY = 'switchyard.hideActivationAlert';
/** Width of the activation modal (spec §9). */
export const ACTIVATION_MODAL_WIDTH = 460;

// Texts (spec §4.6, §8; the rest follows n8n's catalogue).
export const WORKFLOW_IS_ACTIVE = 'Workflow is active';
export const PROBLEM_ACTIVATING = 'Problem activating workflow';
export const RESOLVE_ISSUES_FIRST = 'Please resolve outstanding issues before you activate it:';
export const SAVE_FIRST = 'Please save the workflow before you activate it.';
export const couldNotBe = (active: boolean) => `Workflow could not be ${active ? 'activated' : 'deactivated'}`;
export const NO_TRIGGER_NODES = 'This workflow has no trigger nodes that require activation';
export const NOT_RUNNING_HINT = 'The workflow is activated but could not be started. Click to display the error message.';
export const ACTIVATION_ERROR_PREFIX = 'The following error occurred on workflow activation:';
export const ACTIVATION_ERROR_UNKNOWN = 'Unknown error';
export const ACTIVATION_ERROR_FETCH_FAILED = 'Sorry, there was a problem requesting the error';

/**
 * Trigger types that active running does not start (they run manually, from another workflow or
 * on errors): a workflow with only these cannot be activated, as the server says.
 */
const NOT_ACTIVATABLE_TRIGGERS = new Set([MANUAL_TRIGGER_NODE_TYPE, 'n8n-nodes-base.errorTrigger', 'n8n-nodes-base.executeWorkflowTrigger', 'n8n-nodes-base.start']);

/** A node type activation starts: group trigger or schedule (the node creator's Trigger tab), or a webhook. */
export function isActivatableTrigger(type: string, description: INodeTypeDescription | undefined): boolean {
  if (NOT_ACTIVATABLE_TRIGGERS.has(type) || type === STICKY_NODE_TYPE || !description) return false;
  return isTriggerType(description) || !!description.webhooks?.length;
}

/** Enabled nodes that activation would start. */
export function activatableTriggers(root: RootStore): INode[] {
  const { workflow, nodeTypes } = root;
  const found: INode[] = [];
  for (const m of workflow.nodes.values()) {
    if (m.disabled || !isActivatableTrigger(m.type, nodeTypes.get(m.type, m.typeVersion))) continue;
    found.push(m.toJSON());
  }
  return found;
}

export class ActivationStore {
  /** Workflow ids the server runs actively (GET /active), kept current by the commands. */
  readonly activeIds = observable.set<string>();
  /** GET /active answered at least once. */
  activeLoaded = false;
  /** Workflow ids whose last activation failed on the server. */
  readonly failedIds = observable.set<string>();
  /** An activation or deactivation request is in flight. */
  updating = false;

  constructor() {
    makeObservable(this, {
      activeLoaded: observable,
      updating: observable,
      setActiveList: action,
      setWorkflowActive: action,
      setWorkflowInactive: action,
      setFailed: action,
      setUpdating: action,
    });
  }

  setActiveList(ids: string[]): void {
    this.activeIds.replace(ids);
    this.activeLoaded = true;
  }

  /** The active list switches a workflow active / inactive (spec §4.6). */
  setWorkflowActive(id: string): void {
    this.activeIds.add(id);
    this.failedIds.delete(id);
  }

  setWorkflowInactive(id: string): void {
    this.activeIds.delete(id);
    this.failedIds.delete(id);
  }

  setFailed(id: string, failed: boolean): void {
    if (failed) this.failedIds.add(id);
    else this.failedIds.delete(id);
  }

  setUpdating(updating: boolean): void {
    this.updating = updating;
  }

  /** Marked active but not running: not in the active list, or the server reports an activation error. */
  notRunning(root: RootStore): boolean {
    const { workflow } = root;
    if (!workflow.active || !workflow.isSaved) return false;
    const id = workflow.workflowId;
    return this.failedIds.has(id) || (this.activeLoaded && !this.activeIds.has(id));
  }

  /** The toggle is disabled while updating, or when the workflow is inactive and has no trigger node. */
  toggleDisabled(root: RootStore): boolean {
    if (this.updating || root.ui.saving || root.ui.readOnly) return true;
    return !root.workflow.active && activatableTriggers(root).length === 0;
  }
}

const stores = new WeakMap<RootStore, ActivationStore>();

export function activationOf(root: RootStore): ActivationStore {
  let s = stores.get(root);
  if (!s) stores.set(root, (s = new ActivationStore()));
  return s;
}

// ---- the don't-show-again flag ----

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function activationAlertHidden(): boolean {
  return storage()?.getItem(HIDE_ACTIVATION_ALERT_KEY) === 'true';
}

export function setActivationAlertHidden(hidden: boolean): void {
  const s = storage();
  if (!s) return;
  if (hidden) s.setItem(HIDE_ACTIVATION_ALERT_KEY, 'true');
  else s.removeItem(HIDE_ACTIVATION_ALERT_KEY);
}

// ---- commands ----

/** Reads the active list and, for a workflow marked active, its activation error. */
export async function refreshActivation(root: RootStore): Promise<void> {
  const store = activationOf(root);
  const { workflow } = root;
  try {
    store.setActiveList(await getActiveWorkflows());
  } catch (e) {
    root.ui.toasts.error('Problem loading active workflows', errorMessage(e), false);
    return;
  }
  if (!workflow.isSaved || !workflow.active) return;
  const id = workflow.workflowId;
  try {
    const data = await getActivationError(id);
    store.setFailed(id, !!data);
  } catch {
    // The warning then rests on the active list alone.
  }
}

export interface ActivationOptions {
  /** A new workflow saved before its activation got this id: update the URL. */
  onCreated?: (id: string) => void;
}

export type ActivationOutcome = 'activated' | 'deactivated' | 'already-active' | 'failed';

/** The toggle's command: activates or deactivates the open workflow. */
export async function updateWorkflowActivation(root: RootStore, newActive: boolean, options: ActivationOptions = {}): Promise<ActivationOutcome> {
  const store = activationOf(root);
  const { workflow, ui } = root;
  if (store.updating) return 'failed';
  if (ui.readOnly) {
    ui.toasts.error(couldNotBe(newActive), 'This view is read-only.');
    return 'failed';
  }
  store.setUpdating(true);
  try {
    if (newActive) {
      if (workflow.isSaved && store.activeIds.has(workflow.workflowId)) {
        // Activated elsewhere (another tab, the REST API): show it as it is.
        runInAction(() => (workflow.active = true));
        ui.toasts.show({ kind: 'success', title: WORKFLOW_IS_ACTIVE });
        return 'already-active';
      }
      const lines = runIssueLines(root);
      if (lines.length) {
        ui.toasts.show({ kind: 'error', title: PROBLEM_ACTIVATING, message: `${RESOLVE_ISSUES_FIRST}\n${lines.join('\n')}`, persistent: true });
        return 'failed';
      }
      if (!workflow.isSaved) {
        const saved = await saveWorkflow(root);
        if (!saved) {
          ui.toasts.error(PROBLEM_ACTIVATING, SAVE_FIRST);
          return 'failed';
        }
        if (saved.created) options.onCreated?.(saved.id);
      }
    } else if (!workflow.isSaved) {
      return 'deactivated';
    }
    const id = workflow.workflowId;
    // Unsaved edits go with the switch (the server activates what the editor shows).
    const body = workflow.dirty ? { ...savePayload(workflow), active: newActive } : { active: newActive };
    let saved;
    try {
      saved = await patchWorkflowActive(id, body);
    } catch (e) {
      ui.toasts.error(couldNotBe(newActive), errorMessage(e));
      if (newActive) store.setWorkflowInactive(id);
      return 'failed';
    }
    if (workflow.workflowId === id) {
      workflow.markSaved({ id, versionId: saved.versionId, name: saved.name, tags: saved.tags, active: !!saved.active });
    }
    if (saved.active) store.setWorkflowActive(id);
    else store.setWorkflowInactive(id);
    if (newActive && !activationAlertHidden()) ui.modals.open('activation');
    return saved.active ? 'activated' : 'deactivated';
  } finally {
    store.setUpdating(false);
  }
}

/** The warning icon: fetches the activation error and shows it (fallback texts when missing or failing). */
export async function showActivationError(root: RootStore): Promise<string> {
  const { workflow, ui } = root;
  let message: string;
  try {
    const data = await getActivationError(workflow.workflowId);
    const reason = data?.error?.message;
    message = reason ? `${ACTIVATION_ERROR_PREFIX}\n${reason}` : ACTIVATION_ERROR_UNKNOWN;
  } catch {
    message = ACTIVATION_ERROR_FETCH_FAILED;
  }
  ui.toasts.show({ kind: 'warning', title: PROBLEM_ACTIVATING, message, persistent: true });
  return message;
}
