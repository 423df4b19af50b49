// Loading what a route shows: a new workflow, a stored one, or a past execution (read-only).
import { DEFAULT_WORKFLOW_NAME } from '../../model/constants.ts';
import { getNewWorkflow, getWorkflow } from '../api/workflows.ts';
import { getExecution } from '../api/executions.ts';
import { deleteTestWebhook } from '../api/testWebhooks.ts';
import { ApiError, errorMessage, isSessionEnded } from '../api/errors.ts';
import type { RootStore } from '../stores/RootStore.ts';
import type { IExecution } from '../../model/execution.ts';
import type { IWorkflowDb } from '../../model/api.ts';
import { repairMessages } from '../../model/repairWorkflow.ts';

export function resetView(root: RootStore): void {
  root.ui.closeCreator();
  root.ui.closeNdv();
  root.ui.setLastClickPosition(); // a click in the last workflow means nothing here
  // A pending test webhook of the workflow being left stops listening (spec 001 §4.5).
  const waitingFor = root.run.waitingForWebhook ? root.run.waitingWorkflowId : undefined;
  if (waitingFor) deleteTestWebhook(waitingFor).catch(() => undefined);
  if (root.run.running) root.run.finish('idle');
  else root.run.setTitleState('idle');
}

/**
 * What loading repaired, and node types that are not installed (kept, marked, not runnable).
 * The repair notice stays until closed: on a slow machine a timed toast can be gone before the
 * canvas is drawn, and the user must learn that what they see differs from what is stored.
 * Opening does not mark the workflow unsaved; the stored copy changes only when the user saves.
 */
export function reportRepairs(root: RootStore, report: Parameters<typeof repairMessages>[0], readOnly = false): void {
  const lines = repairMessages(report);
  if (lines.length) {
    const after = readOnly ? 'The stored execution is unchanged.' : 'The stored workflow is unchanged until you save (Ctrl+S).';
    root.ui.toasts.show({ kind: 'warning', title: 'Workflow repaired', message: `${lines.join(' ')} ${after}`, persistent: true });
  }
  const { nodeTypes, workflow } = root;
  if (!nodeTypes.loaded) return;
  const unknown = new Set<string>();
  for (const n of workflow.nodes.values()) if (!nodeTypes.get(n.type, n.typeVersion)) unknown.add(`${n.type} (v${n.typeVersion})`);
  if (unknown.size) {
    root.ui.toasts.show({
      kind: 'warning',
      title: unknown.size === 1 ? 'Unknown node type' : 'Unknown node types',
      message: `${[...unknown].slice(0, 5).join(', ')}${unknown.size > 5 ? ` and ${unknown.size - 5} more` : ''} ${unknown.size === 1 ? 'is' : 'are'} not installed. These nodes are kept and marked; they cannot run.`,
    });
  }
}

export async function openNewWorkflow(root: RootStore): Promise<void> {
  resetView(root);
  root.ui.setReadOnly(false);
  root.workflow.load({ name: DEFAULT_WORKFLOW_NAME, active: false, nodes: [], connections: {}, settings: { executionOrder: 'v1' } });
  try {
    // The server picks a free default name ('My workflow 2', …).
    const { name } = await getNewWorkflow();
    if (!root.workflow.isSaved && !root.workflow.dirty) root.workflow.load({ ...root.workflow.toWorkflow(), name });
  } catch (e) {
    root.ui.toasts.show({ kind: 'warning', title: 'Could not get a workflow name', message: errorMessage(e) });
  }
}

/**
 * The GET of the workflow the page's address names, sent as the page starts (main.tsx) beside the
 * settings and sign-in checks instead of after them and the editor's code: the view takes it when
 * it opens that workflow soon after. A failed early answer (not signed in yet, …) is asked again
 * the normal way, so its errors are handled as any other.
 */
let early: { id: string; at: number; answer: Promise<IWorkflowDb> } | undefined;
const EARLY_FOR_MS = 15_000;

export function prefetchWorkflow(id: string): void {
  // A 401 here is not a lost session (authFlow): the sign-in check decides what the page shows.
  const answer = getWorkflow(id, { authFlow: true });
  answer.catch(() => undefined);
  early = { id, at: performance.now(), answer };
}

async function fetchWorkflow(id: string): Promise<IWorkflowDb> {
  const e = early;
  early = undefined;
  if (e && e.id === id && performance.now() - e.at < EARLY_FOR_MS) {
    try {
      return await e.answer;
    } catch {
      // asked again below
    }
  }
  return getWorkflow(id);
}

/** Loads a stored workflow; returns false when it does not exist or failed to load (a toast says why). */
export async function openWorkflow(root: RootStore, id: string): Promise<boolean> {
  resetView(root);
  root.ui.setReadOnly(false);
  try {
    const wf = await fetchWorkflow(id);
    reportRepairs(root, root.workflow.load(wf));
    return true;
  } catch (e) {
    const notFound = e instanceof ApiError && e.status === 404;
    if (!isSessionEnded(e)) root.ui.toasts.error('Problem loading workflow', notFound ? `Workflow with ID "${id}" could not be found` : errorMessage(e));
    return false;
  }
}

/** A past execution, read-only, with its run data on the nodes; undefined when it failed to load. */
export async function openExecution(root: RootStore, id: string): Promise<IExecution | undefined> {
  resetView(root);
  root.ui.setReadOnly(true, 'execution');
  try {
    const execution = await getExecution(id);
    reportRepairs(root, root.workflow.load({ ...execution.workflowData, id: execution.workflowId ?? execution.workflowData.id }), true);
    root.workflow.setRunData(execution.data?.resultData.runData ?? {}, execution.id, {
      waitTill: execution.waitTill ?? execution.data?.waitTill,
      lastNode: execution.data?.resultData.lastNodeExecuted,
      error: execution.data?.resultData.error,
    });
    return execution;
  } catch (e) {
    const notFound = e instanceof ApiError && e.status === 404;
    if (!isSessionEnded(e)) root.ui.toasts.error('Problem loading execution', notFound ? `Execution with ID "${id}" could not be found` : errorMessage(e));
    return undefined;
  }
}
