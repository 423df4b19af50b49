// Running and stopping (spec 001 §4.4, §5): preflight (push connection, node issues, a start
// node), the run request, and the stop with its recovery.
import { IN_PROGRESS_EXECUTION_ID, STICKY_NODE_TYPE } from '../../model/constants.ts';
import { buildGraph, findStartNode, parentNodes } from '../../model/graph.ts';
import { partialRunPlan } from './partialRun.ts';
import { runWorkflow as postRun, stopExecution, getExecution } from '../api/executions.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import { deleteTestWebhook } from '../api/testWebhooks.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { cleanNode } from './savePayload.ts';
import { runIssueLines } from '../stores/issuesSync.ts';
import { saveWorkflow } from './saveWorkflow.ts';
import { pinEditStore } from '../editor/ndv/pin/pinEditStore.ts';

export const NO_PUSH_CONNECTION = 'There is no active connection to the server. It is probably down.';

export interface RunOptions {
  /** A new workflow saved before its run (it has webhook nodes) got this id: update the URL. */
  onCreated?: (id: string) => void;
  /** Run up to this node only (the NDV's "Execute node"). */
  destinationNode?: string;
}

export async function runWorkflow(root: RootStore, options: RunOptions = {}): Promise<void> {
  const { workflow, run, ui, push, nodeTypes } = root;
  if (ui.readOnly) {
    ui.toasts.error('Could not execute', 'This view is read-only.');
    return;
  }
  if (run.running) return;
  if (!push.active) {
    ui.toasts.show({ kind: 'error', title: 'Workflow could not be executed', message: NO_PUSH_CONNECTION, persistent: true });
    return;
  }
  // Executing a node with pinned data asks to unpin it first (spec 001 §4.3).
  if (options.destinationNode && workflow.pinData[options.destinationNode] && !(await pinEditStore(root).confirmUnpinAndExecute(options.destinationNode))) return;
  const wf = workflow.toWorkflow();
  const destination = options.destinationNode;
  const graph = buildGraph(wf.nodes, wf.connections);
  const willRun = destination ? new Set([...parentNodes(graph, destination), destination]) : undefined;
  const lines = runIssueLines(root, willRun);
  if (lines.length) {
    run.setTitleState('error');
    ui.toasts.show({
      kind: 'error',
      title: 'Workflow has issues',
      message: `Please fix them before executing:\n${lines.join('\n')}`,
      persistent: true,
    });
    return;
  }
  const runnable = wf.nodes.filter((n) => n.type !== STICKY_NODE_TYPE && (!willRun || willRun.has(n.name)));
  if (!findStartNode(runnable, { isTrigger: (t, v) => nodeTypes.isTrigger(t, v) })) {
    ui.toasts.show({
      kind: 'error',
      title: 'Workflow could not be executed',
      message: runnable.length ? 'There is no trigger node to start from. Add one, e.g. "Manual Trigger".' : 'The workflow has no nodes yet.',
      persistent: true,
    });
    return;
  }
  // Test webhooks are registered for a stored workflow: a new one with webhook nodes is saved first.
  if (!workflow.isSaved && wf.nodes.some((n) => nodeTypes.get(n.type, n.typeVersion)?.webhooks?.length)) {
    const saved = await saveWorkflow(root);
    if (!saved) return;
    if (saved.created) options.onCreated?.(saved.id);
  }
  // A parent whose parameters changed since its run (stale) runs again, with what follows it.
  const plan = destination ? partialRunPlan(graph, workflow.runData, destination, (name) => !!workflow.nodeByName(name)?.stale) : undefined;
  if (plan) {
    run.start(workflow.runData ? { ...workflow.runData } : undefined);
  } else {
    run.start();
    workflow.clearExecution();
  }
  try {
    const response = await postRun({
      workflowData: { ...wf, id: workflow.isSaved ? workflow.workflowId : undefined, nodes: wf.nodes.map(cleanNode) },
      pinData: wf.pinData,
      startNodes: plan?.runData ? plan.startNodes : [],
      runData: plan?.runData,
      destinationNode: destination,
    });
    if (run.activeExecutionId !== IN_PROGRESS_EXECUTION_ID) return;
    if (response.executionId) run.setExecutionId(response.executionId, !!response.waitingForWebhook);
    // The run starts at a webhook: it waits for a call of the test URL, which starts the
    // execution (testWebhookReceived / executionStarted carry its id).
    else if (response.waitingForWebhook) run.waitForWebhook(workflow.workflowId);
    else run.finish('idle');
  } catch (e) {
    run.finish('error');
    if (!isSessionEnded(e)) ui.toasts.show({ kind: 'error', title: 'Problem running workflow', message: `There was a problem executing the workflow: "${errorMessage(e)}"`, persistent: true });
  }
}

/** Stops listening for the test webhook call (spec 001 §4.4): DELETE /test-webhook/{workflowId}. */
export async function stopWaitingForWebhook(root: RootStore): Promise<void> {
  const { run, ui } = root;
  const workflowId = run.waitingWorkflowId;
  if (!workflowId || !run.awaitsCallOf(workflowId) || run.stopping) return;
  run.setStopping(true);
  try {
    await deleteTestWebhook(workflowId);
  } catch (e) {
    if (run.awaitsCallOf(workflowId)) run.setStopping(false);
    if (!isSessionEnded(e)) ui.toasts.error('Problem deleting test webhook', errorMessage(e));
    return;
  }
  // testWebhookDeleted may have ended the wait already; the call may also have come meanwhile.
  if (run.awaitsCallOf(workflowId)) run.finish('idle');
  else if (run.running) run.setStopping(false);
}

export async function stopRun(root: RootStore): Promise<void> {
  const { run, ui, workflow } = root;
  if (run.waitingForWebhook && run.activeExecutionId === undefined) return stopWaitingForWebhook(root);
  const id = run.activeExecutionId;
  if (!id || id === IN_PROGRESS_EXECUTION_ID || run.stopping) return;
  run.setStopping(true);
  try {
    await stopExecution(id);
  } catch (e) {
    // The execution may have finished on its own in the meantime: then the stop succeeded.
    const finished = await getExecution(id).then(
      (x) => x.finished || !!x.stoppedAt,
      () => false,
    );
    if (!finished) {
      run.setStopping(false);
      if (!isSessionEnded(e)) ui.toasts.error('Problem stopping execution', errorMessage(e));
      return;
    }
  }
  // The stop succeeded: say so (spec 001 §4.4) even when the run's canceled push message came
  // first and ended the run already (it leaves the message to the stop; the server pushes it as
  // soon as the run has ended, usually before the stop request answers).
  ui.toasts.success('Execution stopped', `The execution with the id ${id} got stopped!`);
  // Show what ran before the stop; the push message that follows is for a non-current execution.
  const execution = await getExecution(id).catch(() => undefined);
  if (run.activeExecutionId !== id) return;
  workflow.setRunData(execution?.data?.resultData.runData ?? workflow.runData, id);
  run.finish('idle');
}

export function clearExecutionData(root: RootStore): void {
  if (root.run.running) return;
  root.workflow.clearExecution();
  root.run.setTitleState('idle');
}
