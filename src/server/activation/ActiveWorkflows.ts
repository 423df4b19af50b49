// Active workflows (spec 001 §4.6): activating registers the workflow's production webhooks and
// starts its schedules; deactivating removes them. A failed activation is kept with its time and
// message for GET /active/error/{id}. On start, every workflow marked active is activated again;
// one that fails stays marked active (the editor shows its warning) but does not run.
// A workflow whose activated part has node issues (nodeIssues.ts, as in the editor) is refused:
// checked here once, so production webhook calls and schedule ticks do not check again.
// Nodes that start runs by themselves (community trigger and poll nodes: NodeType.activate) are
// started here too, and webhook nodes with webhookMethods are registered with their service; a
// trigger that fails while active (its package host stopped, emitError) is started again, and
// after repeated failures the workflow is shown as failed to activate.
import type { IDataObject, INode, IWorkflowBase } from '../../model/workflow.ts';
import type { INodeExecutionData } from '../../model/execution.ts';
import type { NodeTriggerContext, NodeType, NodeTypeRegistry, NodeWebhookCall } from '../../nodes/types.ts';
import { nodeContext } from '../triggers/nodeContext.ts';
import { workflowTimezone } from '../../model/timezone.ts';
import type { IWorkflowDb } from '../../model/api.ts';
import type { WebhookSettings } from '../../nodes/Webhook/settings.ts';
import type { WorkflowsRepository } from '../db/repositories/workflows.ts';
import type { ExecutionService } from '../executions/ExecutionService.ts';
import type { PushHub } from '../push/PushHub.ts';
import type { NodeIssueCheck } from '../nodeIssueCheck.ts';
import { buildGraph } from '../../model/graph.ts';
import { readWorkflow } from '../../model/readWorkflow.ts';
import { nodesThatRun, workflowIssuesMessage } from '../../model/workflowIssues.ts';
import { WebhookRegistry } from '../webhooks/WebhookRegistry.ts';
import { workflowWebhooks, WebhookConfigurationError, type NodeWebhook } from '../webhooks/workflowWebhooks.ts';
import { Scheduler } from '../triggers/Scheduler.ts';
import { SCHEDULE_NODE_TYPES, triggerTimers, ScheduleConfigurationError, type TriggerTimer } from '../triggers/scheduleSources.ts';

export interface ProductionTarget {
  workflowId: string;
  workflow: IWorkflowBase;
  node: INode;
  settings: WebhookSettings;
  hook?: NodeWebhook['hook'];
}

export interface ActivationError {
  time: string;
  error: { message: string };
}

export class WorkflowActivationError extends Error {}

interface Prepared {
  workflow: IWorkflowDb;
  webhooks: NodeWebhook[];
  timers: Array<{ node: INode; timer: TriggerTimer }>;
  /** Nodes started through their type's activate (community trigger and poll nodes). */
  nodeTriggers: Array<{ node: INode; type: NodeType }>;
}

type ActivationMode = NodeTriggerContext['activation'];

/** How often a failing trigger is started again before its workflow is shown as failed. */
const MAX_REARMS = 5;
/** A trigger that ran this long counts as healthy again. */
const REARM_RESET_MS = 60_000;
/** How long the server's start waits for trigger nodes of active workflows to start. */
const INIT_WAIT_MS = 3_000;
/** How long one stop (a trigger's closeFunction, a webhook's deletion at its service) may take. */
const STOP_TIMEOUT_MS = 10_000;

export interface ActivationLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ActiveWorkflowsDeps {
  workflows: WorkflowsRepository;
  executions: ExecutionService;
  push: PushHub;
  scheduler: Scheduler;
  /** The node-issue check (nodeIssueCheck.ts). */
  nodeIssues: NodeIssueCheck;
  log: ActivationLogger;
  /** Instance time zone, for workflows without their own. */
  timezone: string;
  /** Node types: nodes whose type can activate or has webhooks of its own start through it. */
  nodeTypes?: NodeTypeRegistry;
  /** A node's credential among `runAs`'s (trigger nodes outside a run). */
  credentials?: (type: string, node: INode, runAs: string | null) => Promise<IDataObject>;
  updateOAuthTokenData?: (type: string, node: INode, tokenData: IDataObject | null, runAs: string | null) => Promise<void>;
  /** The production URL of a webhook path. */
  webhookUrl?: (path: string) => string;
  /** Wait before starting a failed trigger again (attempt 1, 2 …); default 1 s, doubling. */
  rearmDelayMs?: (attempt: number) => number;
  /** Queue mode: a workflow was activated or deactivated here (other processes follow). */
  onChange?: (workflowId: string, active: boolean) => void;
}

export class ActiveWorkflows {
  readonly registry = new WebhookRegistry<ProductionTarget>();
  readonly #d: ActiveWorkflowsDeps;
  readonly #stops = new Map<string, Array<() => void | Promise<void>>>();
  readonly #errors = new Map<string, ActivationError>();
  /** Activation generation per workflow: async starts that were overtaken close what they opened. */
  readonly #generation = new Map<string, number>();
  /** Async stops (trigger close functions, webhook deletion) still running, per workflow. */
  readonly #closing = new Map<string, Promise<void>>();
  readonly #rearms = new Map<string, { attempts: number; armedAt: number; timer?: NodeJS.Timeout }>();
  /** The workflow each activation registered (for restarting it when its node types change). */
  readonly #workflows = new Map<string, IWorkflowDb>();

  /**
   * Only production webhooks are registered, no schedules, pollers or trigger nodes: a webhook
   * process, or a main process that is not the leader (queue mode), so each trigger fires once.
   */
  #webhooksOnly = false;
  /** Applying a change another process made: not told on again. */
  #applyingRemote = false;

  constructor(deps: ActiveWorkflowsDeps) {
    this.#d = deps;
  }

  get webhooksOnly(): boolean {
    return this.#webhooksOnly;
  }

  /** Switches between webhooks only and everything; active workflows start again the new way. */
  async setWebhooksOnly(webhooksOnly: boolean): Promise<void> {
    if (webhooksOnly === this.#webhooksOnly) return;
    this.#webhooksOnly = webhooksOnly;
    await this.close();
    await this.init();
  }

  /** Another process activated (or deactivated) a workflow: follow it here. */
  async applyRemote(workflowId: string, active: boolean): Promise<void> {
    this.#applyingRemote = true;
    try {
      const stored = active ? await this.#d.workflows.get(workflowId) : undefined;
      if (stored?.active) await this.activate(this.prepare(stored, { nodeIssuesChecked: true }), 'update');
      else this.deactivate(workflowId);
    } catch (e) {
      this.#d.log.warn({ workflowId, err: (e as Error).message }, 'could not follow an activation made by another process');
    } finally {
      this.#applyingRemote = false;
    }
  }

  /** Activates every workflow marked active; failures are stored, not thrown. */
  async init(): Promise<void> {
    const starting: Array<Promise<void>> = [];
    for (const id of await this.#d.workflows.activeIds()) {
      const wf = await this.#d.workflows.get(id);
      if (!wf) continue;
      const failed = (e: unknown) => this.#d.log.warn({ workflowId: id, err: (e as Error).message }, 'workflow marked active could not be activated');
      try {
        // Webhooks and schedules are registered at once; trigger nodes that start slowly (a
        // package connecting to its service) start alongside, without holding the server's start.
        starting.push(this.activate(this.prepare(wf), 'init').catch(failed));
      } catch (e) {
        failed(e);
      }
    }
    // A little time for the quick ones, so a start right after this sees them running.
    await Promise.race([Promise.all(starting), new Promise((resolve) => setTimeout(resolve, INIT_WAIT_MS).unref())]);
  }

  activeIds(): string[] {
    return [...this.#stops.keys()];
  }

  isActive(id: string): boolean {
    return this.#stops.has(id);
  }

  errorOf(id: string): ActivationError | undefined {
    return this.#errors.get(id);
  }

  /**
   * Checks that the workflow can run actively (trigger nodes, valid webhooks and schedules, no
   * node issues downstream of them, no path another active workflow owns) without changing
   * anything. Throws WorkflowActivationError and records the error for the workflow.
   * `nodeIssuesChecked`: the same nodes already passed the issue check in this request.
   */
  prepare(stored: IWorkflowDb, options: { nodeIssuesChecked?: boolean } = {}): Prepared {
    // Stored as sent: older forms (credentials by name, nulls) are read as n8n reads them.
    const workflow = readWorkflow(stored);
    try {
      // A node whose type is not installed may be the trigger this instance cannot run, or a step
      // that would silently not happen: as n8n's editor, activation waits until none is left.
      if (!options.nodeIssuesChecked) {
        const unknown = this.#d.nodeIssues(workflow.nodes, { onlyTypeUnknown: true });
        if (Object.keys(unknown).length) throw new WorkflowActivationError(workflowIssuesMessage(unknown));
      }
      const webhooks = workflowWebhooks(workflow, undefined, this.#d.nodeTypes);
      const timezone = workflowTimezone(workflow, this.#d.timezone);
      const timers: Prepared['timers'] = [];
      for (const node of workflow.nodes) {
        if (node.disabled || !SCHEDULE_NODE_TYPES.has(node.type)) continue;
        for (const timer of triggerTimers(node, `${workflow.id}:${node.id ?? node.name}`, timezone)) timers.push({ node, timer });
      }
      const nodeTriggers: Prepared['nodeTriggers'] = [];
      for (const node of workflow.nodes) {
        const type = node.disabled ? undefined : this.#d.nodeTypes?.get(node.type, node.typeVersion);
        if (type?.activate) nodeTriggers.push({ node, type });
      }
      if (webhooks.length === 0 && timers.length === 0 && nodeTriggers.length === 0) {
        throw new WorkflowActivationError(`Workflow "${workflow.name}" (${workflow.id}) has no node to start the workflow - at least one trigger, poller or webhook node is required`);
      }
      if (!options.nodeIssuesChecked) this.#checkNodeIssues(workflow, [...webhooks.map((h) => h.node.name), ...timers.map((t) => t.node.name), ...nodeTriggers.map((t) => t.node.name)]);
      const seen = new Map<string, string>();
      for (const h of webhooks) {
        const key = `${h.method} ${h.path}`;
        const holder = this.registry.holder(h);
        if ((holder && holder.workflowId !== workflow.id) || (seen.has(key) && seen.get(key) !== h.node.name)) {
          const other = holder && holder.workflowId !== workflow.id ? ` by workflow "${holder.workflow.name}" (${holder.workflowId})` : ` by node "${seen.get(key)}"`;
          throw new WorkflowActivationError(`The URL path that the "${h.node.name}" node uses is already taken. Please change it to something else. (${h.method} ${h.path} is used${other})`);
        }
        seen.set(key, h.node.name);
      }
      return { workflow, webhooks, timers, nodeTriggers };
    } catch (e) {
      const error = e instanceof WebhookConfigurationError || e instanceof ScheduleConfigurationError || e instanceof WorkflowActivationError ? new WorkflowActivationError(e.message) : e;
      this.#errors.set(workflow.id, { time: new Date().toISOString(), error: { message: (error as Error).message } });
      throw error;
    }
  }

  /** Node issues of the activated triggers and everything downstream (pinned data does not count). */
  #checkNodeIssues(workflow: IWorkflowDb, starts: string[]): void {
    const scope = nodesThatRun(buildGraph(workflow.nodes, workflow.connections ?? {}), starts);
    const issues = this.#d.nodeIssues(workflow.nodes, { scope });
    if (Object.keys(issues).length) throw new WorkflowActivationError(workflowIssuesMessage(issues));
  }

  /**
   * Registers what prepare() checked, replacing an earlier activation of the same workflow, then
   * sets up node webhooks at their services and starts trigger and poll nodes. When one of those
   * fails, everything is taken down again, the error recorded and WorkflowActivationError thrown.
   */
  async activate(p: Prepared, activation: ActivationMode = 'activate'): Promise<void> {
    const { workflow } = p;
    const id = workflow.id;
    const generation = (this.#generation.get(id) ?? 0) + 1;
    this.#generation.set(id, generation);
    this.#remove(id);
    const current = () => this.#generation.get(id) === generation;
    this.#workflows.set(id, workflow);
    for (const h of p.webhooks) this.registry.add(h, { workflowId: id, workflow, node: h.node, settings: h.settings, hook: h.hook });
    const stops: Array<() => void | Promise<void>> = [];
    if (this.#webhooksOnly) {
      this.#stops.set(id, stops);
      this.#errors.delete(id);
      if (activation !== 'init') this.#changed(id, true);
      return;
    }
    for (const { node, timer } of p.timers) {
      stops.push(this.#d.scheduler.start(timer.spec, (at) => this.#fire(workflow, node, timer, at)));
    }
    this.#stops.set(id, stops);
    const async = p.nodeTriggers.length > 0 || p.webhooks.some((h) => h.hook?.type.webhooks?.setup);
    if (async) {
      // Close functions of an earlier activation first (a trigger holding a port or a session).
      await this.#closing.get(id);
      let failing: INode | undefined;
      try {
        for (const h of p.webhooks) {
          const setup = h.hook?.type.webhooks?.setup;
          if (!setup || !current()) continue;
          failing = h.node;
          const call = { ...this.#hookCall(workflow, h.node, h.hook!.type, h.hook!.webhook), activation };
          if (!(await setup(call, 'checkExists'))) {
            if (!(await setup(call, 'create'))) throw new Error(`The webhook of node "${h.node.name}" could not be created at its service`);
          }
          // Stored before the activation answers (the webhook id the service gave is in it).
          await this.#saveStaticData(workflow);
          stops.push(() => setup(call, 'delete').then(() => this.#saveStaticData(workflow)).catch((err: Error) => this.#d.log.warn({ workflowId: id, node: h.node.name, err: err.message }, 'the webhook could not be deleted at its service')));
        }
        for (const { node, type } of p.nodeTriggers) {
          if (!current()) break;
          failing = node;
          stops.push(await type.activate!(this.#triggerContext(workflow, node, type, activation, generation)));
        }
      } catch (e) {
        const message = `Node "${failing?.name}" could not be started: ${(e as Error).message}`;
        if (current()) {
          // Anything the failed start left behind reports to no one.
          this.#generation.set(id, generation + 1);
          this.#remove(id);
          this.#errors.set(id, { time: new Date().toISOString(), error: { message } });
        } else {
          void this.#stopAll(id, stops);
        }
        throw new WorkflowActivationError(message);
      }
      if (!current()) {
        // Deactivated (or activated again) meanwhile: what this activation opened goes.
        void this.#stopAll(id, stops);
        return;
      }
    }
    this.#errors.delete(id);
    const rearm = this.#rearms.get(id);
    if (rearm) rearm.armedAt = Date.now();
    this.#tell({ type: 'workflowActivated', data: { workflowId: id } });
    if (activation !== 'init') this.#changed(id, true);
  }

  #changed(id: string, active: boolean): void {
    if (this.#applyingRemote) return;
    try {
      this.#d.onChange?.(id, active);
    } catch (e) {
      this.#d.log.warn({ workflowId: id, err: (e as Error).message }, 'could not tell other processes of an activation');
    }
  }

  /** A node's own webhook, as its setup and call functions see it. */
  #hookCall(workflow: IWorkflowDb, node: INode, type: NodeType, webhook: NodeWebhookCall['webhook']): NodeWebhookCall {
    const ctx = this.#nodeContext(workflow, node, type);
    const urls: Record<string, string> = {};
    for (const w of type.webhooks?.list(node) ?? []) {
      const hook = workflowWebhooks({ ...workflow, nodes: [node] }, undefined, this.#d.nodeTypes).find((h) => h.hook?.webhook.name === w.name);
      if (hook) urls[w.name] = this.#d.webhookUrl?.(hook.path) ?? hook.path;
    }
    return { ctx, webhook, mode: 'webhook', urls };
  }

  #nodeContext(workflow: IWorkflowDb, node: INode, type: NodeType) {
    const owner = () => this.#d.workflows.ownerOf(workflow.id).then((o) => o ?? null);
    const credentials = this.#d.credentials;
    const update = this.#d.updateOAuthTokenData;
    return nodeContext({
      workflow,
      node,
      type,
      mode: 'trigger',
      timezone: workflowTimezone(workflow, this.#d.timezone),
      getCredentials: credentials ? async (t, n) => credentials(t, n, await owner()) : undefined,
      updateOAuthTokenData: update ? async (t, n, data) => update(t, n, data, await owner()) : undefined,
    });
  }

  #triggerContext(workflow: IWorkflowDb, node: INode, type: NodeType, activation: ActivationMode, generation: number): NodeTriggerContext {
    const id = workflow.id;
    const live = () => this.#generation.get(id) === generation;
    const timezone = workflowTimezone(workflow, this.#d.timezone);
    return {
      ctx: this.#nodeContext(workflow, node, type),
      activation,
      emit: async (data: INodeExecutionData[][]) => {
        if (!live() || !this.#stops.has(id)) throw new Error('The workflow is no longer active');
        let done;
        try {
          ({ done } = await this.#d.executions.start({ workflow, workflowId: id, mode: 'trigger', startNode: node.name, triggerData: { main: data }, workflowIsImmutable: true }));
        } catch (err) {
          this.#d.log.warn({ workflowId: id, node: node.name, err: (err as Error).message }, 'a run of a trigger could not start');
          throw err;
        }
        const e = await done;
        return { data: e.data, mode: e.mode, status: e.status, finished: e.finished, startedAt: e.startedAt, stoppedAt: e.stoppedAt };
      },
      fail: (error: Error) => {
        if (live()) this.#triggerFailed(workflow, node, error);
      },
      // A poll that threw: recorded as a failed execution of the node (n8n's createErrorExecution); polling goes on.
      warn: (error: Error) => {
        if (!live()) return;
        this.#d.log.warn({ workflowId: id, node: node.name, err: error.message }, 'a trigger of an active workflow failed; it keeps running');
        this.#d.executions
          .start({ workflow, workflowId: id, mode: 'trigger', startNode: node.name, failure: error, workflowIsImmutable: true })
          .catch((err: unknown) => this.#d.log.warn({ workflowId: id, node: node.name, err: (err as Error).message }, 'the failed poll could not be recorded'));
      },
      schedule: (cron: string, fire: () => void) => this.#d.scheduler.start({ cron, timezone }, () => fire()),
      saveStaticData: () => void this.#saveStaticData(workflow),
    };
  }

  readonly #savedStatic = new WeakMap<object, string>();

  /** Static data a trigger changed outside a run, stored when it differs from what was stored. */
  #saveStaticData(workflow: IWorkflowDb): Promise<void> {
    const data = workflow.staticData as IDataObject | undefined | null;
    if (!data) return Promise.resolve();
    const text = JSON.stringify(data);
    if (this.#savedStatic.get(data) === text) return Promise.resolve();
    this.#savedStatic.set(data, text);
    return this.#d.workflows.saveStaticData(workflow.id, data).catch((err: unknown) => this.#d.log.error({ err, workflowId: workflow.id }, 'could not save static data'));
  }

  /** A trigger stopped while active: its workflow is started again, or shown as failed after repeated failures. */
  #triggerFailed(workflow: IWorkflowDb, node: INode, error: Error): void {
    const id = workflow.id;
    this.#generation.set(id, (this.#generation.get(id) ?? 0) + 1);
    this.#remove(id);
    const now = Date.now();
    const state = this.#rearms.get(id) ?? { attempts: 0, armedAt: now };
    if (now - state.armedAt > REARM_RESET_MS) state.attempts = 0;
    state.attempts++;
    this.#rearms.set(id, state);
    const time = new Date().toISOString();
    if (state.attempts > MAX_REARMS) {
      this.#rearms.delete(id);
      const message = `The trigger of node "${node.name}" failed ${MAX_REARMS + 1} times and was not started again: ${error.message}`;
      this.#errors.set(id, { time, error: { message } });
      this.#d.log.error({ workflowId: id, node: node.name, err: error.message }, 'a trigger kept failing; the workflow is no longer running');
      this.#tell({ type: 'workflowDeactivated', data: { workflowId: id } });
      return;
    }
    this.#errors.set(id, { time, error: { message: `The trigger of node "${node.name}" failed and is being started again: ${error.message}` } });
    this.#d.log.warn({ workflowId: id, node: node.name, err: error.message, attempt: state.attempts }, 'a trigger failed; starting it again');
    const generation = this.#generation.get(id);
    const delay = this.#d.rearmDelayMs?.(state.attempts) ?? 1000 * 2 ** (state.attempts - 1);
    state.timer = setTimeout(() => {
      if (this.#generation.get(id) !== generation) return; // deactivated or activated meanwhile
      let prepared: Prepared;
      try {
        prepared = this.prepare(workflow, { nodeIssuesChecked: true });
      } catch (e) {
        return void this.#d.log.error({ workflowId: id, err: (e as Error).message }, 'a failed trigger could not be started again');
      }
      this.activate(prepared, 'init').catch((e: Error) => this.#triggerFailed(workflow, node, e));
    }, delay);
    state.timer.unref();
  }

  /**
   * Starts again the active workflows with a node whose type passes `test` (a community package
   * was updated or removed): the old triggers close, the new code starts; a workflow whose node
   * is gone stops, with the error kept for GET /active/error.
   */
  async restartUsing(test: (type: string) => boolean): Promise<void> {
    for (const id of [...this.#stops.keys()]) {
      const workflow = this.#workflows.get(id);
      if (!workflow?.nodes.some((n) => test(n.type))) continue;
      try {
        await this.activate(this.prepare(workflow, { nodeIssuesChecked: false }), 'update');
      } catch (e) {
        this.#generation.set(id, (this.#generation.get(id) ?? 0) + 1);
        if (this.#remove(id)) this.#tell({ type: 'workflowDeactivated', data: { workflowId: id } });
        this.#d.log.warn({ workflowId: id, err: (e as Error).message }, 'an active workflow could not be started again after its node types changed');
      }
    }
  }

  deactivate(id: string): boolean {
    this.#workflows.delete(id);
    this.#generation.set(id, (this.#generation.get(id) ?? 0) + 1);
    const rearm = this.#rearms.get(id);
    if (rearm) clearTimeout(rearm.timer);
    this.#rearms.delete(id);
    const was = this.#remove(id);
    this.#errors.delete(id);
    if (was) this.#tell({ type: 'workflowDeactivated', data: { workflowId: id } });
    if (was) this.#changed(id, false);
    return was;
  }

  /** Tells the editors of the workflow's owner and of those who see every workflow. */
  #tell(message: { type: 'workflowActivated' | 'workflowDeactivated'; data: { workflowId: string } }): void {
    void this.#d.workflows.ownerOf(message.data.workflowId).then(
      (owner) => this.#d.push.broadcast(message, owner ?? null),
      () => this.#d.push.broadcast(message, null),
    );
  }

  /** Stops everything; resolves when trigger close functions and webhook deletions have run. */
  close(): Promise<void> {
    for (const rearm of this.#rearms.values()) clearTimeout(rearm.timer);
    this.#rearms.clear();
    for (const id of [...this.#stops.keys()]) {
      this.#generation.set(id, (this.#generation.get(id) ?? 0) + 1);
      this.#remove(id);
    }
    return Promise.all([...this.#closing.values()]).then(() => undefined);
  }

  #remove(id: string): boolean {
    const stops = this.#stops.get(id);
    this.registry.removeWhere((t) => t.workflowId === id);
    this.#stops.delete(id);
    if (stops?.length) void this.#stopAll(id, stops);
    return stops !== undefined;
  }

  /** Runs stop functions (some async: trigger close functions, webhook deletion); errors are logged. */
  #stopAll(id: string, stops: Array<() => void | Promise<void>>): Promise<void> {
    const before = this.#closing.get(id);
    const done = (async () => {
      await before;
      for (const stop of stops.splice(0).reverse()) {
        let timer: NodeJS.Timeout | undefined;
        try {
          // A close function that never settles does not hold deactivation or shutdown.
          const late = new Promise<void>((resolve) => {
            timer = setTimeout(() => {
              this.#d.log.warn({ workflowId: id }, `a trigger did not stop within ${STOP_TIMEOUT_MS / 1000} seconds; going on without it`);
              resolve();
            }, STOP_TIMEOUT_MS);
          });
          await Promise.race([stop(), late]);
        } catch (err) {
          this.#d.log.warn({ workflowId: id, err: (err as Error).message }, 'a trigger could not be stopped cleanly');
        } finally {
          clearTimeout(timer);
        }
      }
    })();
    this.#closing.set(id, done);
    void done.finally(() => {
      if (this.#closing.get(id) === done) this.#closing.delete(id);
    });
    return done;
  }

  #fire(workflow: IWorkflowDb, node: INode, timer: TriggerTimer, at: number): void {
    const json = timer.item(at);
    if (!json) return;
    this.#d.executions
      .start({ workflow, workflowId: workflow.id, mode: 'trigger', startNode: node.name, triggerItems: [{ json }], workflowIsImmutable: true })
      .catch((err: unknown) => this.#d.log.warn({ workflowId: workflow.id, node: node.name, err: (err as Error).message }, 'scheduled run could not start'));
  }
}
