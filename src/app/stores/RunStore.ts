// Workflow-running state (spec 001 §4.4): the execution in flight, waiting-for-webhook, and
// the page title's idle / executing / error state.
import { action, computed, makeObservable, observable } from 'mobx';
import { IN_PROGRESS_EXECUTION_ID } from '../../model/constants.ts';
import type { IRunData } from '../../model/execution.ts';

export type TitleState = 'idle' | 'executing' | 'error';

export class RunStore {
  /**
   * IN_PROGRESS_EXECUTION_ID while the run request is in flight, then the real id. Undefined
   * while waiting for a test webhook call: the execution starts (and gets its id) with the call.
   */
  activeExecutionId: string | undefined = undefined;
  /** The run listens for a test webhook call of `waitingWorkflowId` (spec 001 §2.4, §4.10). */
  waitingForWebhook = false;
  waitingWorkflowId: string | undefined = undefined;
  titleState: TitleState = 'idle';
  /** A stop request is in flight. */
  stopping = false;
  /** Run data shown before a partial run; the partial run's result is laid over it. */
  partialBase: IRunData | undefined = undefined;

  constructor() {
    makeObservable(this, {
      activeExecutionId: observable,
      waitingForWebhook: observable,
      waitingWorkflowId: observable,
      titleState: observable,
      stopping: observable,
      partialBase: false,
      running: computed,
      start: action,
      setExecutionId: action,
      waitForWebhook: action,
      adoptExecution: action,
      finish: action,
      setTitleState: action,
      setWaitingForWebhook: action,
      setStopping: action,
    });
  }

  /** A run is in flight, or waits for its test webhook call. */
  get running(): boolean {
    return this.activeExecutionId !== undefined || this.waitingForWebhook;
  }

  /** The run request is about to be sent: an in-progress placeholder until the server answers. */
  start(partialBase?: IRunData): void {
    this.partialBase = partialBase;
    this.activeExecutionId = IN_PROGRESS_EXECUTION_ID;
    this.titleState = 'executing';
    this.waitingForWebhook = false;
    this.waitingWorkflowId = undefined;
  }

  setExecutionId(id: string, waitingForWebhook = false): void {
    this.activeExecutionId = id;
    this.waitingForWebhook = waitingForWebhook;
  }

  /** The server answered { waitingForWebhook: true } without an execution id: listen for the call. */
  waitForWebhook(workflowId: string): void {
    this.activeExecutionId = undefined;
    this.waitingForWebhook = true;
    this.waitingWorkflowId = workflowId;
  }

  /** Waiting for this workflow's test webhook call, without an execution yet. */
  awaitsCallOf(workflowId: string | undefined): boolean {
    return !!workflowId && this.waitingForWebhook && this.activeExecutionId === undefined && this.waitingWorkflowId === workflowId;
  }

  /**
   * The test webhook was called and its execution started (testWebhookReceived /
   * executionStarted): that execution is the run now. `inFlight` also accepts a call that
   * arrives before the run response. False when the run was not waiting for it.
   */
  adoptExecution(workflowId: string | undefined, executionId: string, inFlight = false): boolean {
    const pending = inFlight && this.activeExecutionId === IN_PROGRESS_EXECUTION_ID;
    if (!pending && !this.awaitsCallOf(workflowId)) return false;
    this.activeExecutionId = executionId;
    this.waitingForWebhook = false;
    this.waitingWorkflowId = undefined;
    return true;
  }

  finish(titleState: TitleState): void {
    this.partialBase = undefined;
    this.activeExecutionId = undefined;
    this.waitingForWebhook = false;
    this.waitingWorkflowId = undefined;
    this.stopping = false;
    this.titleState = titleState;
  }

  setTitleState(s: TitleState): void {
    this.titleState = s;
  }

  setWaitingForWebhook(w: boolean): void {
    this.waitingForWebhook = w;
  }

  setStopping(s: boolean): void {
    this.stopping = s;
  }
}
