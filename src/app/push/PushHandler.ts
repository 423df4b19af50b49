// Applies push messages to the stores. Messages for an execution other than the current one
// are queued and retried (PUSH_QUEUED_RETRIES times, 20–25 ms apart): the run response that
// tells us the execution id can arrive after the first node messages.
import type { PushMessage } from '../../model/api.ts';
import type { IRunExecutionData } from '../../model/execution.ts';
import { IN_PROGRESS_EXECUTION_ID, PUSH_QUEUED_RETRIES } from '../../model/constants.ts';
import { getExecution } from '../api/executions.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { runErrorMessage } from './executionMessages.ts';

type ExecutionMessage = Extract<PushMessage, { data: { executionId: string } }>;

function executionIdOf(m: PushMessage): string | undefined {
  return m.type === 'nodeExecuteBefore' || m.type === 'nodeExecuteAfter' || m.type === 'executionFinished' || m.type === 'executionWaiting'
    ? m.data.executionId
    : undefined;
}

/** reloadNodeType / removeNodeType messages this close together cause one read of the types. */
const TYPES_RELOAD_DELAY_MS = 50;

function retryDelay(): number {
  return 20 + Math.random() * 5;
}

export class PushHandler {
  private readonly root: RootStore;
  private readonly queue: Array<{ message: ExecutionMessage; retries: number }> = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** waitTill of executions that pushed executionWaiting, for their executionFinished. */
  private readonly waitTill = new Map<string, string>();
  private typesTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(root: RootStore) {
    this.root = root;
  }

  receive = (message: PushMessage): void => {
    const id = executionIdOf(message);
    if (id === undefined) {
      this.handleGeneral(message);
      return;
    }
    if (this.queue.length > 0 || id !== this.root.run.activeExecutionId) {
      this.queue.push({ message: message as ExecutionMessage, retries: 0 });
      this.schedule(0);
      return;
    }
    this.handleExecution(message as ExecutionMessage);
  };

  private schedule(delay: number): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drain();
    }, delay);
  }

  /** Handles queued messages in order; the head waits until its execution is current or its retries run out. */
  private drain(): void {
    while (this.queue.length) {
      const head = this.queue[0];
      if (head.message.data.executionId === this.root.run.activeExecutionId) {
        this.queue.shift();
        this.handleExecution(head.message);
        continue;
      }
      // While the run request is in flight the message may well be ours: wait without counting.
      const pending = this.root.run.activeExecutionId === IN_PROGRESS_EXECUTION_ID;
      if (!pending && head.retries >= PUSH_QUEUED_RETRIES) {
        this.queue.shift();
        continue;
      }
      if (!pending) head.retries++;
      this.schedule(retryDelay());
      return;
    }
  }

  private handleGeneral(m: PushMessage): void {
    const { run, workflow } = this.root;
    switch (m.type) {
      case 'testWebhookReceived':
        // The call came: its execution (pushed next) is this run's. Sent before the execution
        // starts, so its node messages find the id current.
        if (m.data.workflowId !== workflow.workflowId) break;
        if (m.data.executionId) {
          if (!run.adoptExecution(m.data.workflowId, m.data.executionId, true)) run.setWaitingForWebhook(false);
        } else if (run.activeExecutionId !== undefined) {
          run.setWaitingForWebhook(false);
        }
        break;
      case 'testWebhookDeleted':
        // Stopped (DELETE /test-webhook/{id}) or timed out: nothing runs any more.
        if (m.data.workflowId !== workflow.workflowId || !run.waitingForWebhook) break;
        if (run.activeExecutionId === undefined) run.finish('idle');
        else run.setWaitingForWebhook(false);
        break;
      case 'reloadNodeType':
      case 'removeNodeType':
        // A package installed, updated or removed (here or in another tab): one message per node,
        // read once for all of them.
        this.scheduleTypesReload();
        break;
      case 'sendConsoleMessage': {
        // As n8n: a node's console output in the browser's developer console.
        const level = m.data.level === 'warn' || m.data.level === 'error' || m.data.level === 'info' || m.data.level === 'debug' ? m.data.level : 'log';
        console[level](m.data.source, ...m.data.messages);
        break;
      }
      case 'executionStarted':
        // A run waiting for its test webhook call takes the execution the call started. Executions
        // of other workflows matter only to an executions list, which subscribes itself.
        if (m.data.workflowId === workflow.workflowId && m.data.mode === 'manual') run.adoptExecution(m.data.workflowId, m.data.executionId);
        break;
      default:
        break;
    }
  }

  /**
   * Node types and credential types read again after a burst of reloadNodeType / removeNodeType
   * messages (one per node of the package): new nodes show in the node creator and their
   * credential types in the credential modals, without a page reload. The installed-packages
   * list follows too when it is shown (an install from another tab).
   */
  private scheduleTypesReload(): void {
    if (this.typesTimer !== undefined) return;
    this.typesTimer = setTimeout(() => {
      this.typesTimer = undefined;
      const { nodeTypes, credentials, communityPackages, ui } = this.root;
      const failed = (e: unknown) => !isSessionEnded(e) && ui.toasts.error('Problem loading node types', errorMessage(e));
      nodeTypes.load().catch(failed);
      if (credentials.typesLoaded) credentials.reloadTypes().catch(failed);
      if (communityPackages.loaded) communityPackages.fetchInstalled().catch(() => undefined);
    }, TYPES_RELOAD_DELAY_MS);
  }

  private handleExecution(m: ExecutionMessage): void {
    const { workflow, run } = this.root;
    switch (m.type) {
      case 'nodeExecuteBefore':
        workflow.setNodeStatus(m.data.nodeName, 'running');
        break;
      case 'nodeExecuteAfter':
        workflow.setNodeRun(m.data.nodeName, m.data.data, m.data.itemCount);
        break;
      case 'executionWaiting':
        // The run ended waiting (a Wait node): executionFinished follows and shows the wait text.
        run.setWaitingForWebhook(false);
        if (m.data.waitTill) this.waitTill.set(m.data.executionId, m.data.waitTill);
        break;
      case 'executionFinished':
        void this.finished(m.data.executionId, m.data.status, m.data.data);
        break;
    }
  }

  private async finished(executionId: string, status: string, pushed: IRunExecutionData | undefined): Promise<void> {
    const { workflow, run, ui } = this.root;
    let data = pushed;
    let waitTill: string | undefined = data?.waitTill ?? this.waitTill.get(executionId);
    this.waitTill.delete(executionId);
    if (!data) {
      // Too big to push: read it from the stored execution.
      try {
        const execution = await getExecution(executionId);
        data = execution.data;
        waitTill = execution.waitTill ?? data?.waitTill;
      } catch (e) {
        run.finish('error');
        ui.toasts.show({ kind: 'error', title: 'Problem loading execution', message: errorMessage(e), persistent: true });
        return;
      }
    }
    if (run.activeExecutionId !== executionId) return;
    // A partial run reports the nodes it ran (and the reused parents): other branches keep their data.
    workflow.setRunData({ ...(run.partialBase ?? {}), ...(data?.resultData.runData ?? {}) }, executionId, {
      waitTill,
      lastNode: data?.resultData.lastNodeExecuted,
      error: data?.resultData.error,
    });
    if (status === 'canceled') {
      // Stopped by the user: the stop already said so.
      run.finish('idle');
    } else if (status === 'waiting' || waitTill) {
      run.finish('idle');
      ui.toasts.show({ kind: 'info', title: 'Workflow started waiting', message: 'The execution continues when the wait is over.' });
    } else if (status !== 'success') {
      run.finish('error');
      ui.toasts.show({
        kind: 'error',
        title: 'Problem executing workflow',
        message: runErrorMessage(data?.resultData.error, data?.resultData.lastNodeExecuted),
        details: data?.resultData.error?.description ?? undefined,
        persistent: true,
      });
    } else {
      run.finish('idle');
      ui.toasts.show({ kind: 'success', title: 'Workflow executed successfully' });
    }
  }
}
