// Active workflows (spec 001 §4.6): activating registers the workflow's production webhooks and
// starts its schedules; deactivating removes them. A failed activation is kept with its time and
// message for GET /active/error/{id}. On start, every workflow marked active is activated again;
// one that fails stays marked active (the editor shows its warning) but does not run.
// A workflow whose activated part has node issues (nodeIssues.ts, as in the editor) is refused:
// checked here once, so production webhook calls and schedule ticks do not check again.
import type { INode, IWorkflowBase } from '../../model/workflow.ts';
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
}

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
}

export class ActiveWorkflows {
  readonly registry = new WebhookRegistry<ProductionTarget>();
  readonly #d: ActiveWorkflowsDeps;
  readonly #stops = new Map<string, Array<() => void>>();
  readonly #errors = new Map<string, ActivationError>();

  constructor(deps: ActiveWorkflowsDeps) {
    this.#d = deps;
  }

  /** Activates every workflow marked active; failures are stored, not thrown. */
  async init(): Promise<void> {
    for (const id of await this.#d.workflows.activeIds()) {
      const wf = await this.#d.workflows.get(id);
      if (!wf) continue;
      try {
        this.activate(this.prepare(wf));
      } catch (e) {
        this.#d.log.warn({ workflowId: id, err: (e as Error).message }, 'workflow marked active could not be activated');
      }
    }
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
      const webhooks = workflowWebhooks(workflow);
      const timezone = workflowTimezone(workflow, this.#d.timezone);
      const timers: Prepared['timers'] = [];
      for (const node of workflow.nodes) {
        if (node.disabled || !SCHEDULE_NODE_TYPES.has(node.type)) continue;
        for (const timer of triggerTimers(node, `${workflow.id}:${node.id ?? node.name}`, timezone)) timers.push({ node, timer });
      }
      if (webhooks.length === 0 && timers.length === 0) {
        throw new WorkflowActivationError(`Workflow "${workflow.name}" (${workflow.id}) has no node to start the workflow - at least one trigger, poller or webhook node is required`);
      }
      if (!options.nodeIssuesChecked) this.#checkNodeIssues(workflow, [...webhooks.map((h) => h.node.name), ...timers.map((t) => t.node.name)]);
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
      return { workflow, webhooks, timers };
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

  /** Registers what prepare() checked, replacing an earlier activation of the same workflow. */
  activate(p: Prepared): void {
    const { workflow } = p;
    this.#remove(workflow.id);
    for (const h of p.webhooks) this.registry.add(h, { workflowId: workflow.id, workflow, node: h.node, settings: h.settings });
    const stops: Array<() => void> = [];
    for (const { node, timer } of p.timers) {
      stops.push(this.#d.scheduler.start(timer.spec, (at) => this.#fire(workflow, node, timer, at)));
    }
    this.#stops.set(workflow.id, stops);
    this.#errors.delete(workflow.id);
    this.#tell({ type: 'workflowActivated', data: { workflowId: workflow.id } });
  }

  deactivate(id: string): boolean {
    const was = this.#remove(id);
    this.#errors.delete(id);
    if (was) this.#tell({ type: 'workflowDeactivated', data: { workflowId: id } });
    return was;
  }

  /** Tells the editors of the workflow's owner and of those who see every workflow. */
  #tell(message: { type: 'workflowActivated' | 'workflowDeactivated'; data: { workflowId: string } }): void {
    void this.#d.workflows.ownerOf(message.data.workflowId).then(
      (owner) => this.#d.push.broadcast(message, owner ?? null),
      () => this.#d.push.broadcast(message, null),
    );
  }

  close(): void {
    for (const id of [...this.#stops.keys()]) this.#remove(id);
  }

  #remove(id: string): boolean {
    const stops = this.#stops.get(id);
    this.registry.removeWhere((t) => t.workflowId === id);
    for (const stop of stops ?? []) stop();
    this.#stops.delete(id);
    return stops !== undefined;
  }

  #fire(workflow: IWorkflowDb, node: INode, timer: TriggerTimer, at: number): void {
    const json = timer.item(at);
    if (!json) return;
    this.#d.executions
      .start({ workflow, workflowId: workflow.id, mode: 'trigger', startNode: node.name, triggerItems: [{ json }], workflowIsImmutable: true })
      .catch((err: unknown) => this.#d.log.warn({ workflowId: workflow.id, node: node.name, err: (err as Error).message }, 'scheduled run could not start'));
  }
}
