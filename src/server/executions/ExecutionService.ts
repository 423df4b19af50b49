// Runs workflows in this process through the engine and keeps track of them: the active ones
// (for /executions-current and stop), their timeouts, saving according to the workflow's
// settings and the instance defaults, and the push messages to the editor that started them.
import { readPinData, readWorkflow } from '../../model/readWorkflow.ts';
import type {
  ExecutionError,
  ExecutionStatus,
  IExecution,
  IExecutionSummary,
  INodeExecutionData,
  IRunData,
  IRunExecutionData,
  ISourceData,
  ITaskDataConnections,
  RelatedExecution,
  WorkflowExecuteMode,
} from '../../model/execution.ts';
import type { IDataObject, INode, IPinData, IWorkflowBase } from '../../model/workflow.ts';
import type { StopExecutionResponse } from '../../model/api.ts';
import type { ExecuteCommandSettings, NodeTypeRegistry, WebhookResponse } from '../../nodes/types.ts';
import type { BinaryDataStore, IRun, RunOptions, SubExecutionRequest, SubExecutionStarted } from '../../engine/types.ts';
import type { ProcessedDataStore } from '../../engine/deduplication.ts';
import type { ExecutionsRepository } from '../db/repositories/executions.ts';
import type { ProcessedDataRepository } from '../db/repositories/processedData.ts';
import type { ExecutionIdAllocator } from '../db/repositories/executionIds.ts';
import type { WorkflowsRepository } from '../db/repositories/workflows.ts';
import type { PushHub } from '../push/PushHub.ts';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../errors.ts';
import { mightSave, resolveSavePolicy, resolveTimeoutSeconds, shouldSave, type InstanceExecutionDefaults, type SavePolicy } from './policy.ts';
import { estimateJsonCharsSliced, RECENT_EXECUTIONS_MAX, RECENT_EXECUTIONS_MAX_CHARS, RecentExecutions } from './RecentExecutions.ts';
import { executionFinishedMessage, nodeExecuteAfterMessage } from './pushMessages.ts';
import { ReleasingMap } from './releasingMap.ts';
import type { ExecutionObserver, RunTracker } from '../wall/WallAggregator.ts';

export type RunWorkflowFn = (options: RunOptions) => Promise<IRun>;

export interface ExecutionServiceLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const unsavedProcessedData: ProcessedDataStore = {
  get: () => Promise.reject(new Error('Deduplication history needs a saved workflow: save the workflow, then run it again')),
  set: () => Promise.reject(new Error('Deduplication history needs a saved workflow: save the workflow, then run it again')),
  delete: () => Promise.reject(new Error('Deduplication history needs a saved workflow: save the workflow, then run it again')),
};

export interface ExecutionServiceDeps {
  runWorkflow: RunWorkflowFn;
  nodeTypes: NodeTypeRegistry;
  executions: ExecutionsRepository;
  workflows: WorkflowsRepository;
  ids: ExecutionIdAllocator;
  push: PushHub;
  defaults: InstanceExecutionDefaults & { timezone: string };
  log: ExecutionServiceLogger;
  /** After a stop or timeout, how long the engine gets to wind down before we finish for it. */
  stopGraceMs?: number;
  /** Large binary data goes here instead of into the run data. */
  binaryStore?: BinaryDataStore;
  /** Credentials nodes may ask for, among those of `runAs` (whose run it is). */
  getCredentials?: (type: string, node: INode, runAs: string | null) => Promise<IDataObject>;
  /** Stores a node's OAuth credential's new token data (null: 'reconnect'), among those of `runAs`. */
  updateOAuthTokenData?: (type: string, node: INode, tokenData: IDataObject | null, runAs: string | null) => Promise<void>;
  /** Whose a stored workflow is (runs of it use that user's credentials and workflows). */
  ownerOf?: (workflowId: string) => Promise<string | null | undefined>;
  /** Folders file nodes may use (SWITCHYARD_FILE_ACCESS_ROOTS); none = file access disabled. */
  fileAccessRoots?: string[];
  /** Folders file nodes may never use, even inside a root: the instance's data folder. */
  fileAccessBlocked?: string[];
  /** Execute Command's settings (SWITCHYARD_EXECUTE_COMMAND_*); absent = disabled. */
  executeCommand?: ExecuteCommandSettings;
  /** $execution.resumeUrl of an execution. */
  resumeUrl?: (executionId: string) => string;
  /** Deduplication history (table processed_data); without it the engine keeps it in memory. */
  processedData?: ProcessedDataRepository;
  /** How often executions the database refused are written again (default 30 s). */
  unsavedRetryMs?: number;
  /** Queue mode: starts it accepts run on a worker instead (src/server/queue). */
  queue?: ExecutionDispatcher;
  /** Told of every run this process runs and its nodes (the wall's live state, issue 18). */
  observer?: ExecutionObserver;
}

/** A start handed to the queue: everything the worker needs, as JSON. */
export interface QueuedRun {
  request: Omit<StartExecution, 'onResponse' | 'parentSignal' | 'parentExecution' | 'failure' | 'resume' | 'executionId'>;
  resume?: IExecution;
  runAs: string | null;
}

/** Queue mode's side of the service: where accepted starts go, and what runs elsewhere. */
export interface ExecutionDispatcher {
  accepts(req: StartExecution): boolean;
  /** The row exists ('new', or the claimed waiting one): queues the run; `done` settles when it ends. */
  enqueue(id: string, run: QueuedRun, onResponse: StartExecution['onResponse']): Promise<{ done: Promise<IExecution> }>;
  /** Summaries of executions running in other processes. */
  listCurrent(): Array<{ summary: IExecutionSummary; runAs: string | null }>;
  isActive(id: string): boolean;
  /** Stops one running or queued elsewhere; undefined when it is not known there. */
  stop(id: string): Promise<StopExecutionResponse | undefined>;
}

/** Told about every execution that ended (saved or not): error workflows, retries, wait tracking. */
export type ExecutionListener = (execution: IExecution, info: { pushRef?: string; saved: boolean; runAs: string | null }) => void;

export interface StartExecution {
  workflow: IWorkflowBase;
  /** Id of the stored workflow this run belongs to; null for an unsaved one. */
  workflowId: string | null;
  mode: WorkflowExecuteMode;
  /** Editor to report progress to. */
  pushRef?: string;
  runData?: IRunData;
  pinData?: IPinData;
  startNodes?: Array<{ name: string; sourceData?: ISourceData | null }>;
  destinationNode?: string;
  triggerItems?: INodeExecutionData[];
  /** All inputs of the start node (a webhook with one output per HTTP method). */
  triggerData?: ITaskDataConnections;
  /** Node to start from when the workflow has several triggers (the webhook that was called). */
  startNode?: string;
  retryOf?: string;
  /** An id from reserveId(), when it had to be known before the start (webhook binary data). */
  executionId?: string;
  /** Resume this waiting execution (same id and row) from its saved state. */
  resume?: IExecution;
  /** Respond to Webhook's answer. */
  onResponse?: (response: WebhookResponse) => void;
  /**
   * Whose run it is: the user whose credentials and stored workflows it may use and who sees it.
   * Default: the stored workflow's owner (the resumed execution's user); an unsaved workflow's
   * manual run must name the user who started it.
   */
  runAs?: string | null;
  /** The workflow object is never changed (active workflows): the engine may reuse its graph. */
  workflowIsImmutable?: boolean;
  /**
   * A run that failed before it began (a poll that threw, n8n's createErrorExecution): recorded
   * as failed with this error on `startNode`, without running the engine.
   */
  failure?: Error;
  /** Its row exists already (queue mode: the worker runs a queued execution). */
  recorded?: boolean;
  /** A sub-workflow's execution (mode 'integrated'): the run that started it … */
  parentExecution?: RelatedExecution;
  /** … whose stop or timeout stops this one too … */
  parentSignal?: AbortSignal;
  /** … and how deep it is nested. */
  subWorkflowDepth?: number;
}

type StopReason = 'stopped' | 'timeout' | 'shutdown';

interface ActiveExecution {
  id: string;
  mode: WorkflowExecuteMode;
  workflowId: string | null;
  workflowName: string;
  workflow: IWorkflowBase;
  startedAt: string;
  retryOf?: string;
  pushRef?: string;
  /** Whose run it is (see StartExecution.runAs). */
  runAs: string | null;
  policy: SavePolicy;
  controller: AbortController;
  /** Called by #abort after the controller (the forced-finish wait; no listener on the signal). */
  onAbort?: () => void;
  stopReason?: StopReason;
  timeoutSeconds?: number;
  /** A row exists in the database (the start was recorded). */
  recorded: boolean;
  /** Latest run data reported by the engine, for GET while running and for a forced finish. */
  runData: IRunExecutionData;
  /** The engine's run has ended (or was given up on). */
  settled: boolean;
  done: Promise<IExecution>;
  /** The wall's tracker of this run (production runs of stored workflows). */
  tracker?: RunTracker;
}

/** Running executions at once; more are refused rather than slowing every one down. */
export const MAX_ACTIVE_EXECUTIONS = 1000;
const DEFAULT_STOP_GRACE_MS = 5000;

export class ExecutionService {
  readonly #d: ExecutionServiceDeps;
  /** Running executions (a ReleasingMap: see there why not a Map). */
  readonly #active = new ReleasingMap<string, ActiveExecution>();
  /** Ids whose start is being recorded (not yet in #active): a stop must not take them for orphans. */
  readonly #starting = new Set<string>();
  readonly recent = new RecentExecutions();
  /** Whose the recent manual executions are (RecentExecutions keeps only the execution). */
  readonly #recentUsers = new Map<string, string | null>();
  readonly #listeners = new Set<ExecutionListener>();
  readonly #startListeners = new Set<(mode: string) => void>();
  /** Workflows Execute Workflow loaded from the store: their sub-executions carry the workflow id. */
  readonly #loaded = new WeakSet<IWorkflowBase>();
  /** Settings without 'DEFAULT' entries, per workflow object (webhooks run the same one often). */
  readonly #normalised = new WeakMap<IWorkflowBase, IWorkflowBase>();
  #shuttingDown = false;
  #shutdownTimeoutMs = 0;

  constructor(deps: ExecutionServiceDeps) {
    this.#d = deps;
  }

  get activeCount(): number {
    return this.#active.size;
  }

  get shuttingDown(): boolean {
    return this.#shuttingDown;
  }

  /** Called when an execution starts (not when a waiting one resumes), with its mode. */
  onStarted(listener: (mode: string) => void): () => void {
    this.#startListeners.add(listener);
    return () => this.#startListeners.delete(listener);
  }

  onFinished(listener: ExecutionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** An execution id for a start that needs it early (binary data of a webhook request). */
  reserveId(): Promise<string> {
    return this.#d.ids.next();
  }

  /** Starts a run in the background and returns its id at once; `done` settles when it ends. */
  /**
   * Why a start now would be refused (503), or undefined. A caller that must not use up anything
   * on a refused start (a test webhook's one listen, a waiting execution's claim) asks this first;
   * start asks it too, synchronously, so a check right before start cannot go stale.
   */
  refusal(): ServiceUnavailableError | undefined {
    if (this.#shuttingDown) return new ServiceUnavailableError('The server is shutting down; no new executions are started');
    if (this.#active.size >= MAX_ACTIVE_EXECUTIONS) {
      return new ServiceUnavailableError(`Too many executions are running (${MAX_ACTIVE_EXECUTIONS}); try again when some have finished`);
    }
    return undefined;
  }

  async start(req: StartExecution): Promise<{ executionId: string; done: Promise<IExecution> }> {
    const refused = this.refusal();
    if (refused) throw refused;
    let workflow = this.#normalised.get(req.workflow);
    if (!workflow) {
      workflow = normaliseWorkflow(req.workflow);
      this.#normalised.set(req.workflow, workflow);
    }
    const resume = req.resume;
    const id = resume?.id ?? req.executionId ?? (await this.#d.ids.next());
    const runAs = req.runAs !== undefined ? req.runAs : await this.runAsOf(req.workflowId, resume?.id);
    if (this.#d.queue?.accepts(req)) return this.#enqueue(id, workflow, runAs, req);
    const policy = resolveSavePolicy(workflow.settings, this.#d.defaults);
    const a: ActiveExecution = {
      id,
      mode: resume?.mode ?? req.mode,
      workflowId: req.workflowId,
      workflowName: workflow.name,
      workflow,
      startedAt: resume?.startedAt ?? new Date().toISOString(),
      retryOf: resume?.retryOf ?? req.retryOf,
      pushRef: req.pushRef,
      runAs,
      policy,
      controller: new AbortController(),
      timeoutSeconds: resolveTimeoutSeconds(workflow.settings, this.#d.defaults),
      recorded: resume !== undefined || req.recorded === true,
      runData: resume?.data ?? { resultData: { runData: {} } },
      settled: false,
      done: undefined as unknown as Promise<IExecution>,
    };
    if (!resume && (mightSave(policy, req.mode) || req.recorded)) {
      this.#starting.add(id);
      await this.#d.executions.insertRunning({
        id,
        workflowId: a.workflowId,
        workflowName: a.workflowName,
        mode: a.mode,
        startedAt: a.startedAt,
        retryOf: a.retryOf,
        workflowData: workflow,
        data: a.runData,
        userId: a.workflowId ? null : a.runAs,
      }).finally(() => this.#starting.delete(id));
      a.recorded = true;
    }
    this.#active.set(id, a);
    a.tracker = this.#d.observer?.runStarted(id, a.workflowId, a.mode, resume !== undefined);
    if (!resume) {
      for (const listener of this.#startListeners) {
        try {
          listener(a.mode);
        } catch (err) {
          this.#d.log.error({ err, executionId: id }, 'an execution start listener failed');
        }
      }
    }
    if (a.pushRef) this.#pushTo(a, {
      type: 'executionStarted',
      data: { executionId: id, mode: a.mode, startedAt: a.startedAt, workflowId: a.workflowId ?? undefined, workflowName: a.workflowName, retryOf: a.retryOf },
    });
    // Begin on the next turn so the caller (an HTTP handler) can answer with the id first.
    a.done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.#run(a, req));
    const parentSignal = req.parentSignal;
    if (parentSignal) {
      const stop = () => this.#abort(a, 'stopped');
      if (parentSignal.aborted) stop();
      else {
        parentSignal.addEventListener('abort', stop, { once: true });
        void a.done.finally(() => parentSignal.removeEventListener('abort', stop));
      }
    }
    return { executionId: id, done: a.done };
  }

  /**
   * Queue mode: records the execution ('new'; a resumed one is already stored, claimed) and hands
   * it to the queue. Every queued execution has a row, whatever its save settings say: the worker
   * finds it there, and deletes it at the end when it is not to be kept.
   */
  async #enqueue(id: string, workflow: IWorkflowBase, runAs: string | null, req: StartExecution): Promise<{ executionId: string; done: Promise<IExecution> }> {
    const resume = req.resume;
    if (!resume) {
      this.#starting.add(id);
      try {
        await this.#d.executions.insertRunning(
          { id, workflowId: req.workflowId, workflowName: workflow.name, mode: req.mode, startedAt: new Date().toISOString(), retryOf: req.retryOf, workflowData: workflow, data: { resultData: { runData: {} } }, userId: req.workflowId ? null : runAs },
          'new',
        );
      } finally {
        this.#starting.delete(id);
      }
    }
    const { onResponse, parentSignal: _s, parentExecution: _p, failure: _f, resume: _r, executionId: _e, ...request } = req;
    const { done } = await this.#d.queue!.enqueue(id, { request: { ...request, workflow }, resume, runAs }, onResponse);
    return { executionId: id, done };
  }

  /** Summaries of the running executions, optionally of one workflow and of one user's runs. */
  listCurrent(workflowId?: string, userId?: string): IExecutionSummary[] {
    const out: IExecutionSummary[] = [];
    for (const a of this.#active.values()) {
      if ((workflowId === undefined || a.workflowId === workflowId) && (userId === undefined || a.runAs === userId)) out.push(runningSummary(a));
    }
    for (const r of this.#d.queue?.listCurrent() ?? []) {
      if (this.#active.has(r.summary.id)) continue;
      if ((workflowId === undefined || r.summary.workflowId === workflowId) && (userId === undefined || r.runAs === userId)) out.push(r.summary);
    }
    return out.sort((x, y) => Number(y.id) - Number(x.id));
  }

  /** A running execution as it is now, or a finished manual one still held in memory. */
  getLive(id: string): IExecution | undefined {
    const a = this.#active.get(id);
    if (a) return { ...runningSummary(a), workflowData: a.workflow, data: a.runData };
    const u = this.#unsaved.get(id);
    if (u && !u.deleteOnly) return u.execution;
    return this.recent.get(id);
  }

  isActive(id: string): boolean {
    return this.#active.has(id) || this.#d.queue?.isActive(id) === true;
  }

  /** The engine is still working on it (its run data can change); an active one that settled is being saved. */
  isRunning(id: string): boolean {
    const a = this.#active.get(id);
    return a !== undefined && !a.settled;
  }

  /**
   * Whose run an execution is: running, recently finished in memory, or stored. undefined when
   * no such execution is known.
   */
  async userOf(id: string): Promise<string | null | undefined> {
    const a = this.#active.get(id);
    if (a) return a.runAs;
    const recent = this.#recentUsers.get(id);
    if (recent !== undefined && this.recent.get(id)) return recent;
    return this.#d.executions.userOf(id);
  }

  /**
   * A user was deleted (DELETE /users/{id}): the finished runs held in memory follow their stored
   * rows — to the user they were transferred to, or gone with the user's data.
   */
  userDeleted(userId: string, transferTo?: string): void {
    for (const [id, user] of this.#recentUsers) {
      if (user !== userId) continue;
      if (transferTo) {
        this.#recentUsers.set(id, transferTo);
      } else {
        this.#recentUsers.delete(id);
        this.recent.delete(id);
      }
    }
  }

  /** Whose a finished manual run still held in memory is; undefined when it is not held (or running). */
  recentUserOf(id: string): string | null | undefined {
    if (this.#active.has(id) || !this.recent.get(id)) return undefined;
    return this.#recentUsers.get(id);
  }

  /** Whose a run of this stored workflow (or resumed execution) is: see StartExecution.runAs. */
  async runAsOf(workflowId: string | null, resumeId: string | undefined): Promise<string | null> {
    if (resumeId) {
      const stored = await this.#d.executions.userOf(resumeId);
      if (stored !== undefined) return stored;
    }
    if (workflowId && this.#d.ownerOf) return (await this.#d.ownerOf(workflowId)) ?? null;
    return null;
  }

  /** Stops a running execution (or cancels a waiting one) and answers once it has ended. */
  async stop(id: string): Promise<StopExecutionResponse> {
    const a = this.#active.get(id);
    if (a) {
      this.#abort(a, 'stopped');
      const e = await a.done;
      return { mode: e.mode, startedAt: e.startedAt, stoppedAt: e.stoppedAt ?? undefined, finished: e.finished, status: e.status };
    }
    const unsaved = this.unsavedSummary(id);
    if (unsaved) throw new ConflictError(`Execution ${id} has already finished (status: ${unsaved.status})`);
    const remote = await this.#d.queue?.stop(id);
    if (remote) return remote;
    const stored = await this.#d.executions.summary(id);
    if (!stored) {
      if (this.recent.get(id)) throw new ConflictError(`Execution ${id} has already finished`);
      throw new NotFoundError(`Execution ${id} could not be found`);
    }
    if (stored.status === 'waiting' && (await this.#d.executions.cancelWaiting(id))) {
      const e = (await this.#d.executions.summary(id))!;
      return { mode: e.mode, startedAt: e.startedAt, stoppedAt: e.stoppedAt ?? undefined, finished: false, status: 'canceled' };
    }
    // Stored as running but run by nothing here (the start of a resumed execution that failed,
    // an interrupted write): stopping it marks it canceled, as a stop of a running one would.
    if ((stored.status === 'running' || stored.status === 'new') && !this.#active.has(id) && !this.#starting.has(id) && !this.#d.queue?.isActive(id)) {
      if (await this.#d.executions.cancelOrphan(id, 'The execution was stopped: no process was running it any more')) {
        const e = (await this.#d.executions.summary(id))!;
        return { mode: e.mode, startedAt: e.startedAt, stoppedAt: e.stoppedAt ?? undefined, finished: false, status: 'canceled' };
      }
    }
    throw new ConflictError(`Execution ${id} has already finished (status: ${stored.status})`);
  }

  /**
   * Shutdown: let running executions finish for up to `timeoutMs`, then cancel the rest and wait
   * for them to be saved (bounded by the stop grace).
   */
  async shutdown(timeoutMs: number): Promise<void> {
    this.#shuttingDown = true;
    this.#shutdownTimeoutMs = timeoutMs;
    await this.#settle(timeoutMs);
    for (const a of this.#active.values()) this.#abort(a, 'shutdown');
    await this.#settle((this.#d.stopGraceMs ?? DEFAULT_STOP_GRACE_MS) + 1000);
    // A last try for the ended executions the database refused (else the next start marks them crashed).
    if (this.#unsaved.size > 0) await this.retryUnsaved();
    if (this.#unsavedTimer) clearInterval(this.#unsavedTimer);
    this.#unsavedTimer = undefined;
  }

  /** Waits until no execution is active (including ones that were still starting) or `ms` pass. */
  async #settle(ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.#active.size > 0 && Date.now() < deadline) {
      const pending = [...this.#active.values()].map((a) => a.done.catch(() => undefined));
      await Promise.race([Promise.all(pending), delay(deadline - Date.now())]);
    }
  }

  /**
   * A stored workflow for Execute Workflow; a missing one fails with n8n's message, and so does
   * another user's (n8n's default caller policy: workflows of the same owner).
   */
  async #loadWorkflow(id: string, runAs: string | null): Promise<IWorkflowBase> {
    const found = id ? await this.#d.workflows.getWithOwner(id) : undefined;
    if (!found || (this.#d.ownerOf && found.ownerId !== runAs)) throw new Error('Workflow does not exist.');
    this.#loaded.add(found.workflow);
    return found.workflow;
  }

  /**
   * Execute Workflow's child run: an execution like any other (id, active list, stop, timeout,
   * the child workflow's save settings) in mode 'integrated', linked to its parent in the run
   * data (`parentExecution`; the parent's node gets `metadata.subExecution`).
   */
  readonly #startSubExecution = async (r: SubExecutionRequest): Promise<SubExecutionStarted> => {
    const stored = this.#loaded.has(r.workflow) && r.workflow.id ? String(r.workflow.id) : null;
    const parent = r.parentExecution ? this.#active.get(r.parentExecution.executionId) : undefined;
    const { executionId, done } = await this.start({
      workflow: r.workflow,
      workflowId: stored,
      // The child runs as its parent: the same user's credentials.
      runAs: parent ? parent.runAs : null,
      mode: 'integrated',
      triggerItems: r.triggerItems,
      startNode: r.startNode,
      parentExecution: r.parentExecution,
      parentSignal: r.signal,
      subWorkflowDepth: r.subWorkflowDepth,
    });
    return { executionId, done: done.then((e) => e.data) };
  };

  #abort(a: ActiveExecution, reason: StopReason): void {
    if (a.controller.signal.aborted) return;
    a.stopReason = reason;
    a.controller.abort(new Error(reason === 'timeout' ? 'Execution timed out' : 'Execution was stopped'));
    a.onAbort?.();
  }

  #pushTo(a: ActiveExecution, message: Parameters<PushHub['send']>[1]): void {
    if (a.pushRef) this.#d.push.send(a.pushRef, message);
  }

  async #run(a: ActiveExecution, req: StartExecution): Promise<IExecution> {
    const timeoutAt = a.timeoutSeconds !== undefined ? Date.now() + a.timeoutSeconds * 1000 : undefined;
    // Our own timer as well as the engine's timeoutAt: a node that ignores its abort signal
    // still gets the execution finished (see the grace race below).
    const timer = timeoutAt !== undefined ? setTimeout(() => this.#abort(a, 'timeout'), timeoutAt - Date.now()) : undefined;
    const staticData = (a.workflow.staticData ?? {}) as IDataObject;
    let run: IRun;
    try {
      if (req.failure) {
        const node = req.startNode;
        const e = req.failure as Error & { description?: string };
        if (node) {
          const error = { name: e.name, message: e.message, description: e.description, timestamp: Date.now() };
          a.runData.resultData.runData[node] = [{ startTime: Date.now(), executionTime: 0, executionStatus: 'error', error, source: [] } as never];
          a.runData.resultData.lastNodeExecuted = node;
        }
        throw req.failure;
      }
      const engineRun = this.#d.runWorkflow({
        workflow: a.workflow,
        nodeTypes: this.#d.nodeTypes,
        mode: a.mode,
        executionId: a.id,
        triggerItems: req.triggerItems,
        triggerData: req.triggerData,
        startNode: req.startNode,
        resumeFrom: req.resume?.data,
        runData: req.runData,
        startNodes: req.startNodes,
        destinationNode: req.destinationNode,
        // Pinned data stands in for real data only in runs from the editor (n8n's rule).
        pinData: a.mode === 'manual' ? (readPinData(req.pinData) ?? a.workflow.pinData) : undefined,
        signal: a.controller.signal,
        timeoutAt,
        timezone: this.#d.defaults.timezone,
        staticData,
        workflowIsImmutable: req.workflowIsImmutable === true,
        binaryStore: this.#d.binaryStore,
        getCredentials: this.#d.getCredentials ? (type, node) => this.#d.getCredentials!(type, node, a.runAs) : undefined,
        updateOAuthTokenData: this.#d.updateOAuthTokenData ? (type, node, tokenData) => this.#d.updateOAuthTokenData!(type, node, tokenData, a.runAs) : undefined,
        // Every server run passes here (manual, trigger, webhook, retry, error workflow, resume);
        // sub-workflows inherit the engine options, these folders included.
        fileAccessRoots: this.#d.fileAccessRoots,
        fileAccessBlocked: this.#d.fileAccessBlocked,
        executeCommand: this.#d.executeCommand,
        additionalKeys: this.#d.resumeUrl ? { resumeUrl: this.#d.resumeUrl(a.id) } : undefined,
        // Execute Workflow with the source "Database" (a workflow id).
        loadWorkflow: (id) => this.#loadWorkflow(id, a.runAs),
        // Remove Duplicates' history across executions, every mode recording (manual runs too, as
        // n8n): the stored workflow's rows; an unsaved workflow has none to keep.
        processedDataStore: this.#d.processedData ? (a.workflowId ? this.#d.processedData.forWorkflow(a.workflowId) : unsavedProcessedData) : undefined,
        // … whose runs are executions of their own (mode 'integrated', saved per the child's settings).
        startSubExecution: this.#startSubExecution,
        parentExecution: req.parentExecution ?? req.resume?.data.parentExecution,
        subWorkflowDepth: req.subWorkflowDepth,
        hooks: {
          sendResponse: req.onResponse ? (_nodeName, response) => req.onResponse?.(response) : undefined,
          // Code nodes' console and package nodes' sendMessageToUI, to the editor that ran it.
          sendMessageToUI: (nodeName, message) => {
            if (!a.pushRef) return;
            const line = message as { level?: unknown; message?: unknown } | null;
            const fromConsole = typeof line === 'object' && line !== null && typeof line.level === 'string' && 'message' in line;
            this.#pushTo(a, {
              type: 'sendConsoleMessage',
              data: { source: `[Node: "${nodeName}"]`, messages: [fromConsole ? line.message : message], ...(fromConsole ? { level: line.level as string } : {}) },
            });
          },
          nodeExecuteBefore: (nodeName) => {
            a.tracker?.nodeBefore(nodeName);
            this.#pushTo(a, { type: 'nodeExecuteBefore', data: { executionId: a.id, nodeName } });
          },
          nodeExecuteAfter: async (nodeName, taskData, runExecutionData) => {
            a.tracker?.nodeAfter(nodeName, taskData);
            a.runData = runExecutionData;
            if (a.pushRef) this.#d.push.send(a.pushRef, nodeExecuteAfterMessage(a.id, nodeName, taskData));
            if (a.recorded && a.policy.progress) {
              await this.#d.executions.saveProgress(a.id, runExecutionData).catch((err: unknown) => {
                this.#d.log.error({ err, executionId: a.id }, 'could not save execution progress');
              });
            }
          },
        },
      });
      run = await this.#withForcedFinish(a, engineRun);
    } catch (error) {
      run = failedRun(a, error);
    } finally {
      a.settled = true;
      if (timer) clearTimeout(timer);
    }
    const { execution, saved } = await this.#persist(a, this.#toExecution(a, run), staticData);
    if (a.mode === 'manual') {
      this.recent.put(execution, await estimateJsonCharsSliced(execution.data, RECENT_EXECUTIONS_MAX_CHARS));
      this.#recentUsers.set(a.id, a.runAs);
      if (this.#recentUsers.size > 4 * RECENT_EXECUTIONS_MAX) this.#recentUsers.delete(this.#recentUsers.keys().next().value as string);
    }
    this.#active.delete(a.id);
    a.tracker?.finished(execution);
    if (execution.status === 'waiting') this.#pushTo(a, { type: 'executionWaiting', data: { executionId: a.id, waitTill: execution.waitTill ?? undefined } });
    if (a.pushRef) this.#pushTo(a, executionFinishedMessage(a.id, execution.status, execution.data, a.workflowId));
    for (const listener of this.#listeners) {
      try {
        listener(execution, { pushRef: a.pushRef, saved, runAs: a.runAs });
      } catch (err) {
        this.#d.log.error({ err, executionId: a.id }, 'an execution listener failed');
      }
    }
    return execution;
  }

  /**
   * The engine's run, or a canceled run when the engine has not ended `stopGraceMs` after an
   * abort (#abort calls it: a listener on the signal, even one removed when the engine ended,
   * kept each webhook run's data reachable from old-space garbage, promoted and copied by
   * young-generation GCs under load).
   */
  #withForcedFinish(a: ActiveExecution, engineRun: Promise<IRun>): Promise<IRun> {
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const onAbort = () => {
        timer = setTimeout(() => {
          if (a.settled) return;
          this.#d.log.warn({ executionId: a.id }, 'engine did not stop in time; finishing the execution without it');
          resolve({
            data: a.runData,
            mode: a.mode,
            finished: false,
            status: 'canceled',
            startedAt: new Date(a.startedAt),
            stoppedAt: new Date(),
          });
        }, this.#d.stopGraceMs ?? DEFAULT_STOP_GRACE_MS);
        timer.unref();
      };
      if (a.controller.signal.aborted) onAbort();
      else a.onAbort = onAbort;
      const ended = () => {
        a.onAbort = undefined;
        if (timer) clearTimeout(timer);
      };
      engineRun.then(
        (run) => {
          ended();
          resolve(run);
        },
        (error: unknown) => {
          ended();
          reject(error);
        },
      );
    });
  }

  #toExecution(a: ActiveExecution, run: IRun): IExecution {
    let status: ExecutionStatus = run.status;
    const data = run.data ?? a.runData;
    if (a.stopReason && status !== 'success') {
      status = 'canceled';
      // Our timer may beat the engine's own: say why it was canceled either way.
      const error = data.resultData.error;
      if (a.stopReason === 'timeout' && (!error || error.name === 'ExecutionCancelledError')) {
        data.resultData.error = {
          name: 'ExecutionCancelledError',
          message: `The execution was canceled because it timed out (after ${a.timeoutSeconds} seconds)`,
          timestamp: Date.now(),
        };
      }
      if (a.stopReason === 'shutdown' && (!error || error.name === 'ExecutionCancelledError')) {
        data.resultData.error = {
          name: 'ExecutionCancelledError',
          message: `The execution was canceled because the server shut down: it was still running ${this.#shutdownTimeoutMs / 1000} seconds after the shutdown began (SWITCHYARD_GRACEFUL_SHUTDOWN_TIMEOUT)`,
          timestamp: Date.now(),
        };
      }
    }
    if (status === 'running' || status === 'new') status = run.finished ? 'success' : 'error';
    return {
      id: a.id,
      finished: status === 'success',
      mode: a.mode,
      status,
      startedAt: a.startedAt,
      stoppedAt: (run.stoppedAt ?? new Date()).toISOString(),
      workflowId: a.workflowId,
      workflowName: a.workflowName,
      retryOf: a.retryOf ?? null,
      retrySuccessId: null,
      waitTill: run.waitTill ? run.waitTill.toISOString() : null,
      workflowData: a.workflow,
      data,
    };
  }

  /**
   * Saves the ended execution (or deletes its start record when the settings say not to keep
   * it). Every execution reaches a final state: when its data cannot be saved (it cannot be
   * serialised — nested too deep, too large for a string — or the database refuses it), it is
   * saved as an error without its run data, with a message that says why; when even that fails,
   * it is kept in memory as failed and written again later (#retryUnsaved). Returns the
   * execution as it now stands, and whether it was saved.
   */
  async #persist(a: ActiveExecution, e: IExecution, staticData: IDataObject): Promise<{ execution: IExecution; saved: boolean }> {
    let execution = e;
    let saved = false;
    if (shouldSave(a.policy, a.mode, e.status)) {
      try {
        await this.#d.executions.saveFinished(e, a.workflowId ? null : a.runAs);
        saved = true;
      } catch (err) {
        this.#d.log.error({ err, executionId: a.id }, 'could not save the execution data; saving it as failed without its data');
        execution = unsavableExecution(e, err);
        try {
          await this.#d.executions.saveFinished(execution, a.workflowId ? null : a.runAs);
          saved = true;
        } catch (err2) {
          this.#d.log.error({ err: err2, executionId: a.id }, 'could not save the failed execution either; it is written again later');
          this.#keepUnsaved({ execution, userId: a.workflowId ? null : a.runAs, runAs: a.runAs, recorded: a.recorded });
        }
      }
    } else if (a.recorded) {
      try {
        await this.#d.executions.delete(a.id);
      } catch (err) {
        // Its start record says 'running': it must not stay so.
        this.#d.log.error({ err, executionId: a.id }, 'could not delete the start record of an execution not to be kept');
        this.#keepUnsaved({ execution: unsavableExecution(e, err), userId: a.workflowId ? null : a.runAs, runAs: a.runAs, recorded: true, deleteOnly: true });
      }
    }
    // Triggers keep state in static data; manual runs must not change what production sees.
    if (a.mode !== 'manual' && a.workflowId && staticData.__dataChanged) {
      delete staticData.__dataChanged;
      await this.#d.workflows.saveStaticData(a.workflowId, staticData).catch((err: unknown) => {
        this.#d.log.error({ err, workflowId: a.workflowId }, 'could not save static data');
      });
    }
    return { execution, saved };
  }

  /** Ended executions the database refused, written again every UNSAVED_RETRY_MS. */
  readonly #unsaved = new Map<string, UnsavedExecution>();
  #unsavedTimer: NodeJS.Timeout | undefined;

  #keepUnsaved(u: UnsavedExecution): void {
    this.#unsaved.set(u.execution.id, u);
    while (this.#unsaved.size > UNSAVED_MAX) this.#unsaved.delete(this.#unsaved.keys().next().value as string);
    if (!this.#unsavedTimer) {
      this.#unsavedTimer = setInterval(() => void this.retryUnsaved(), this.#d.unsavedRetryMs ?? UNSAVED_RETRY_MS);
      this.#unsavedTimer.unref();
    }
  }

  /** Writes the executions kept in memory again; returns how many are still unsaved. */
  async retryUnsaved(): Promise<number> {
    for (const [id, u] of [...this.#unsaved]) {
      try {
        if (u.deleteOnly) await this.#d.executions.delete(id);
        else await this.#d.executions.saveFinished(u.execution, u.userId);
        if (this.#unsaved.get(id) === u) this.#unsaved.delete(id);
      } catch (err) {
        this.#d.log.warn({ err, executionId: id }, 'the failed execution could still not be saved');
      }
    }
    if (this.#unsaved.size === 0 && this.#unsavedTimer) {
      clearInterval(this.#unsavedTimer);
      this.#unsavedTimer = undefined;
    }
    return this.#unsaved.size;
  }

  /** An ended execution the database has not taken yet (its row may still say 'running'). */
  unsavedSummary(id: string): (IExecutionSummary & { errorMessage?: string }) | undefined {
    const u = this.#unsaved.get(id);
    if (!u || u.deleteOnly) return undefined;
    const { workflowData: _w, data, ...summary } = u.execution;
    const errorMessage = data.resultData.error?.message;
    return errorMessage ? { ...summary, errorMessage } : summary;
  }

  /** An ended execution the database has not taken yet, whole (retry reads it). */
  unsavedExecution(id: string): IExecution | undefined {
    const u = this.#unsaved.get(id);
    return u && !u.deleteOnly ? u.execution : undefined;
  }

  /** Forgets an ended execution kept in memory (it was deleted); true when there was one. */
  forgetUnsaved(id: string): boolean {
    return this.#unsaved.delete(id);
  }

  /** Ids of the executions running now (or starting): they are not deleted. */
  activeIds(): Set<string> {
    return new Set([...this.#active.keys(), ...this.#starting, ...(this.#d.queue?.listCurrent().map((r) => r.summary.id) ?? [])]);
  }
}

interface UnsavedExecution {
  execution: IExecution;
  /** The row's userId (null for a stored workflow's run). */
  userId: string | null;
  runAs: string | null;
  recorded: boolean;
  /** Not to be kept: only its start record must go. */
  deleteOnly?: boolean;
}

const UNSAVED_RETRY_MS = 30_000;
const UNSAVED_MAX = 10_000;

/**
 * The execution as saved when its data cannot be: status error, the run data left out (the
 * workflow snapshot stays), and an error saying why, for the executions list and the editor.
 */
export function unsavableExecution(e: IExecution, err: unknown): IExecution {
  const message = `The execution data could not be saved: ${describeSaveError(err)}`;
  const error: ExecutionError = { name: 'ExecutionSaveError', message, timestamp: Date.now() };
  const lastNodeExecuted = e.data?.resultData?.lastNodeExecuted;
  return {
    ...e,
    status: 'error',
    finished: false,
    waitTill: null,
    data: { resultData: { runData: {}, error, ...(typeof lastNodeExecuted === 'string' ? { lastNodeExecuted } : {}) } },
  };
}

function describeSaveError(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  if (/Maximum call stack size exceeded/i.test(m)) return 'its data is nested too deeply to be stored (for example a request body with thousands of nested levels)';
  if (/Invalid string length/i.test(m)) return 'its data is too large to be stored';
  if (/too big|SQLITE_TOOBIG/i.test(m)) return 'its data is larger than the database accepts';
  return `the database refused it (${m.slice(0, 300)})`;
}

function runningSummary(a: ActiveExecution): IExecutionSummary {
  return {
    id: a.id,
    finished: false,
    mode: a.mode,
    status: 'running',
    startedAt: a.startedAt,
    stoppedAt: null,
    workflowId: a.workflowId,
    workflowName: a.workflowName,
    retryOf: a.retryOf ?? null,
    retrySuccessId: null,
    waitTill: null,
  };
}

/**
 * The workflow as the engine should see it: n8n's older forms read as n8n reads them
 * (readWorkflow.ts: credentials by name, unwrapped pinned items, nulls), and 'DEFAULT' settings
 * mean "not set".
 */
function normaliseWorkflow(stored: IWorkflowBase): IWorkflowBase {
  const w = readWorkflow(stored);
  if (!w.settings) return w;
  const settings: IWorkflowBase['settings'] = {};
  for (const [k, v] of Object.entries(w.settings)) if (v !== 'DEFAULT') settings[k] = v;
  return { ...w, settings };
}

function failedRun(a: ActiveExecution, error: unknown): IRun {
  const err = error instanceof Error ? error : new Error(String(error));
  const executionError: ExecutionError = { message: err.message, name: err.name, stack: err.stack, timestamp: Date.now() };
  return {
    data: { ...a.runData, resultData: { ...a.runData.resultData, error: executionError } },
    mode: a.mode,
    finished: false,
    status: 'error',
    startedAt: new Date(a.startedAt),
    stoppedAt: new Date(),
    error: executionError,
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
