// Workflow-running state (spec 001 §4.4): the execution in flight, waiting-for-webhook, and
// the page title's idle / executing / error state.
import { action, computed, makeObservable, observable } from 'mobx';
import { IN_PROGRESS_EXECUTION_ID } from '../../model/constants.ts';
import type { IRunData } from '../../model/execution.ts';

export type TitleState = 'idle' | 'executing' | 'error';

export class RunStore {
  /** IN_PROGRESS_EXECUTION_ID while the run request is in flight, then the real id. */
  activeExecutionId: string | undefined = undefined;
  waitingForWebhook = false;
  titleState: TitleState = 'idle';
  /** A stop request is in flight. */
  stopping = false;
  /** Run data shown before a partial run; the partial run's result is laid over it. */
  partialBase: IRunData | undefined = undefined;

  constructor() {
    makeObservable(this, {
      activeExecutionId: observable,
      waitingForWebhook: observable,
      titleState: observable,
      stopping: observable,
      partialBase: false,
      running: computed,
      start: action,
      setExecutionId: action,
      finish: action,
      setTitleState: action,
      setWaitingForWebhook: action,
      setStopping: action,
    });
  }

  get running(): boolean {
    return this.activeExecutionId !== undefined;
  }

  /** The run request is about to be sent: an in-progress placeholder until the server answers. */
  start(partialBase?: IRunData): void {
    this.partialBase = partialBase;
    this.activeExecutionId = IN_PROGRESS_EXECUTION_ID;
    this.titleState = 'executing';
    this.waitingForWebhook = false;
  }

  setExecutionId(id: string, waitingForWebhook = false): void {
    this.activeExecutionId = id;
    this.waitingForWebhook = waitingForWebhook;
  }

  finish(titleState: TitleState): void {
    this.partialBase = undefined;
    this.activeExecutionId = undefined;
    this.waitingForWebhook = false;
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
