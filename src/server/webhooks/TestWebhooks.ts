// Test webhooks (/webhook-test/…): when the editor runs a workflow that starts with a webhook, its
// webhook URLs listen for one call, bound to the editor's pushRef. The call runs the workflow
// in manual mode with the request as input; the listening ends then, on DELETE
// /test-webhook/{id}, or after TEST_WEBHOOK_TIMEOUT_MS (the editor is told testWebhookDeleted).
import type { INode, IPinData, IWorkflowBase } from '../../model/workflow.ts';
import type { IRunData } from '../../model/execution.ts';
import type { WebhookSettings } from '../../nodes/Webhook/settings.ts';
import { parentNodes, buildGraph } from '../../model/graph.ts';
import type { PushHub } from '../push/PushHub.ts';
import { ConflictError } from '../errors.ts';
import { WebhookRegistry } from './WebhookRegistry.ts';
import { workflowWebhooks, type NodeWebhook } from './workflowWebhooks.ts';
import type { ExecuteFunctions, NodeType, NodeTypeRegistry } from '../../nodes/types.ts';

/** What test listens need for nodes whose webhooks register at a service (webhookMethods). */
export interface TestNodeHooks {
  nodeTypes: NodeTypeRegistry;
  /** The node's functions outside a run, as `runAs`'s (credentials). */
  context(workflow: IWorkflowBase, node: INode, type: NodeType, runAs: string | null | undefined): ExecuteFunctions;
  /** The test URL of a webhook path. */
  testUrl(path: string): string;
  log?(message: string): void;
}

export const TEST_WEBHOOK_TIMEOUT_MS = 2 * 60 * 1000;

export interface TestTarget {
  workflowId: string;
  workflow: IWorkflowBase;
  node: INode;
  settings: WebhookSettings;
  hook?: NodeWebhook['hook'];
  pushRef?: string;
  runData?: IRunData;
  pinData?: IPinData;
  destinationNode?: string;
  /** Whose run the call starts (the saved workflow's owner). */
  runAs?: string | null;
}

export interface ListenRequest {
  workflowId: string;
  workflow: IWorkflowBase;
  pushRef?: string;
  runData?: IRunData;
  pinData?: IPinData;
  destinationNode?: string;
  runAs?: string | null;
}

export class TestWebhooks {
  readonly registry = new WebhookRegistry<TestTarget>();
  readonly #timers = new Map<string, NodeJS.Timeout>();
  readonly #pushRefs = new Map<string, string | undefined>();
  /** What each listen was asked with, so a call refused before its run can listen again. */
  readonly #requests = new Map<string, ListenRequest>();
  readonly #push: PushHub;
  readonly #timeoutMs: number;
  readonly #nodeHooks: TestNodeHooks | undefined;
  /** Node webhooks of a listen that register at their service, and whether they were created. */
  readonly #setups = new Map<string, Array<{ hook: NodeWebhook; workflow: IWorkflowBase; runAs?: string | null; created: boolean }>>();

  /** `nodeHooks`: nodes with webhooks of their own (community webhook nodes) listen too. */
  constructor(push: PushHub, timeoutMs = TEST_WEBHOOK_TIMEOUT_MS, nodeHooks?: TestNodeHooks) {
    this.#push = push;
    this.#timeoutMs = timeoutMs;
    this.#nodeHooks = nodeHooks;
  }

  #setupCall(s: { hook: NodeWebhook; workflow: IWorkflowBase; runAs?: string | null }) {
    const { node, hook } = s.hook;
    const urls: Record<string, string> = { [hook!.webhook.name]: this.#nodeHooks!.testUrl(s.hook.path) };
    return { ctx: this.#nodeHooks!.context(s.workflow, node, hook!.type, s.runAs), webhook: hook!.webhook, mode: 'manual' as const, urls, activation: 'manual' };
  }

  /**
   * Registers the listen's node webhooks at their services (webhookMethods checkExists/create,
   * in manual mode with the test URL), as n8n does for a test run; when that fails the listen is
   * cancelled and the error thrown. They are deleted when the listen ends.
   */
  async setUpNodeHooks(workflowId: string): Promise<void> {
    const setups = this.#setups.get(workflowId) ?? [];
    for (const s of setups) {
      const setup = s.hook.hook!.type.webhooks!.setup!;
      const call = this.#setupCall(s);
      try {
        if (!(await setup(call, 'checkExists'))) {
          if (!(await setup(call, 'create'))) throw new Error(`The webhook of node "${s.hook.node.name}" could not be created at its service`);
          s.created = true;
        }
      } catch (e) {
        this.cancel(workflowId);
        throw e;
      }
      if (this.#setups.get(workflowId) !== setups) return; // the listen ended meanwhile
    }
  }

  /**
   * Registers the workflow's test webhooks when its run must wait for a call; false when it can
   * run at once (no webhook, or the webhook already has run or pinned data).
   */
  listen(r: ListenRequest): boolean {
    let only: Set<string> | undefined;
    if (r.destinationNode) {
      const g = buildGraph(r.workflow.nodes, r.workflow.connections ?? {});
      only = new Set([...parentNodes(g, r.destinationNode), r.destinationNode]);
    }
    const hooks = workflowWebhooks(r.workflow, only, this.#nodeHooks?.nodeTypes);
    if (hooks.length === 0) return false;
    if (hooks.some((h) => r.runData?.[h.node.name] || r.pinData?.[h.node.name])) return false;
    for (const h of hooks) {
      const holder = this.registry.holder(h);
      if (holder && holder.workflowId !== r.workflowId) {
        throw new ConflictError(`The URL path that the "${h.node.name}" node uses is already taken. Please change it to something else.`, `Another workflow (${holder.workflow.name}) is listening for a test call on ${h.method} ${h.path}.`);
      }
    }
    this.#remove(r.workflowId);
    for (const h of hooks) {
      this.registry.add(h, { workflowId: r.workflowId, workflow: r.workflow, node: h.node, settings: h.settings, hook: h.hook, pushRef: r.pushRef, runData: r.runData, pinData: r.pinData, destinationNode: r.destinationNode, runAs: r.runAs });
    }
    this.#pushRefs.set(r.workflowId, r.pushRef);
    this.#requests.set(r.workflowId, r);
    const setups = hooks.filter((h) => h.hook?.type.webhooks?.setup).map((hook) => ({ hook, workflow: r.workflow, runAs: r.runAs, created: false }));
    if (setups.length) this.#setups.set(r.workflowId, setups);
    const t = setTimeout(() => this.cancel(r.workflowId), this.#timeoutMs);
    t.unref();
    this.#timers.set(r.workflowId, t);
    return true;
  }

  /**
   * The target of a call; the workflow's test webhooks stop listening (one call per listen).
   * `restore` listens again as before when the call's run was refused before it started (503),
   * unless the editor listens anew meanwhile.
   */
  take(method: string, path: string): { target: TestTarget; params: Record<string, string>; restore: () => Promise<void> } | undefined {
    const m = this.registry.find(method, path);
    if (!m) return undefined;
    const workflowId = m.target.workflowId;
    const request = this.#requests.get(workflowId);
    this.#remove(workflowId);
    const restore = async () => {
      if (!request || this.#pushRefs.has(workflowId)) return;
      try {
        if (this.listen(request)) await this.setUpNodeHooks(workflowId);
      } catch (e) {
        this.#nodeHooks?.log?.(`the test webhook of workflow ${workflowId} could not listen again: ${(e as Error).message}`);
      }
    };
    return { target: m.target, params: m.params, restore };
  }

  isListening(workflowId: string): boolean {
    return this.#pushRefs.has(workflowId);
  }

  /** Stops listening for the workflow and tells its editor; false when nothing was listening. */
  cancel(workflowId: string): boolean {
    if (!this.#pushRefs.has(workflowId)) return false;
    const pushRef = this.#pushRefs.get(workflowId);
    this.#remove(workflowId);
    if (pushRef) this.#push.send(pushRef, { type: 'testWebhookDeleted', data: { workflowId } });
    return true;
  }

  close(): void {
    for (const t of this.#timers.values()) clearTimeout(t);
    this.#timers.clear();
  }

  #remove(workflowId: string): void {
    this.registry.removeWhere((t) => t.workflowId === workflowId);
    const t = this.#timers.get(workflowId);
    if (t) clearTimeout(t);
    this.#timers.delete(workflowId);
    this.#pushRefs.delete(workflowId);
    this.#requests.delete(workflowId);
    const setups = this.#setups.get(workflowId);
    this.#setups.delete(workflowId);
    for (const s of setups ?? []) {
      if (!s.created) continue;
      s.hook.hook!.type.webhooks!.setup!(this.#setupCall(s), 'delete').catch((e: Error) => this.#nodeHooks?.log?.(`the test webhook of node "${s.hook.node.name}" could not be deleted at its service: ${e.message}`));
    }
  }
}
