// A community package's trigger, poll and webhook nodes, server side: what ActiveWorkflows and
// the webhook endpoints ask of them (NodeType.activate, NodeType.webhooks) and their test runs
// in the editor (execute in manual mode), each carried out by the package host:
// - trigger(): opened in the host and kept open (a host session); every emit starts a run, the
//   closeFunction runs on deactivation; in a test run the first emit is the node's output.
// - poll(): run once at activation (an error fails it, as in n8n) and then on the node's Poll
//   Times; a result other than null starts a run. Static data persists between polls.
// - webhook(): answers the calls of the node's webhooks (description.webhooks, under /webhook and
//   /webhook-test); webhookMethods register it with the remote service on activation.
import { cron, cronExpressions } from '../../nodes/Cron/Cron.node.ts';
import type { INodeProperties, INodeTypeDescription } from '../../model/nodeTypes.ts';
import type { IDataObject, INode } from '../../model/workflow.ts';
import type { INodeExecutionData, WorkflowExecuteMode } from '../../model/execution.ts';
import type { LoadedNode, RecordedResponse, TriggerPayload } from '../../community/protocol.ts';
import { NodeOperationError, type ExecuteFunctions, type NodeOutput, type NodeType, type NodeWebhookDescription, type NodeWebhooks } from '../../nodes/types.ts';
import { Scheduler } from '../triggers/Scheduler.ts';
import { WebhookConfigurationError } from '../webhooks/workflowWebhooks.ts';
import { OwnWebhookExpressionError, webhookDescriptionValue } from '../../model/ownWebhooks.ts';
import type { HostSession, PackageHost } from './PackageHost.ts';
import { callsFor, checkOutput, resolveParameters, toNodeError } from './communityNodeType.ts';
import { awaitSlowWork } from '../../model/expressions/defer.ts';

/** n8n adds 'Poll Times' to every polling node (its Cron node's trigger times, every minute by default). */
export function withPollTimes(description: INodeTypeDescription): INodeTypeDescription {
  if (description.properties.some((p) => p.name === 'pollTimes')) return description;
  const times = cron.description.properties.find((p) => p.name === 'triggerTimes');
  if (!times) return description;
  const pollTimes: INodeProperties = { ...times, displayName: 'Poll Times', name: 'pollTimes', description: 'Time at which polling should occur', placeholder: 'Add Poll Time', default: { item: [{ mode: 'everyMinute' }] } };
  return { ...description, properties: [pollTimes, ...description.properties] };
}

/** The cron expressions of a polling node's Poll Times (n8n's toCronExpression). */
export function pollCrons(node: INode, seed: string): string[] {
  const pollTimes = (node.parameters as IDataObject | undefined)?.pollTimes ?? { item: [{ mode: 'everyMinute' }] };
  return cronExpressions({ ...node, parameters: { triggerTimes: pollTimes } } as INode, seed);
}

/** The parameters are resolved with slow expressions awaited off the thread (awaitSlowWork). */
async function payloadOf(ctx: ExecuteFunctions, description: INodeTypeDescription, mode: WorkflowExecuteMode, activation: string, extra: Partial<TriggerPayload> = {}): Promise<TriggerPayload> {
  return {
    node: ctx.getNode(),
    parameters: await awaitSlowWork(() => resolveParameters(ctx, description, 1)),
    mode,
    activation,
    workflow: ctx.getWorkflow(),
    timezone: ctx.getTimezone(),
    staticData: { global: ctx.getWorkflowStaticData('global'), node: ctx.getWorkflowStaticData('node') },
    webhookUrls: {},
    ...extra,
  };
}

/** Static data the package changed, copied into the workflow's (as the execute path does). */
function keepStaticData(ctx: ExecuteFunctions, staticData: unknown): void {
  if (!staticData || typeof staticData !== 'object') return;
  const data = staticData as { global?: IDataObject; node?: IDataObject };
  for (const which of ['global', 'node'] as const) {
    const source = data[which];
    if (!source || typeof source !== 'object') continue;
    const target = ctx.getWorkflowStaticData(which);
    for (const key of Object.keys(target)) delete target[key];
    Object.assign(target, source);
  }
}

function emitted(ctx: ExecuteFunctions, data: unknown): INodeExecutionData[][] {
  return (checkOutput(ctx as never, data) ?? []) as INodeExecutionData[][];
}

/** A trigger session's handlers: emit, emitError, static data and crons registered in the host. */
function sessionHandlers(host: PackageHost, ctx: ExecuteFunctions, on: { emit(data: INodeExecutionData[][]): Promise<unknown> | void; error(e: Error): void; lost(why: string): void; saveStaticData?(): void }, scheduler: { schedule(cron: string, fire: () => void): () => void }, session: () => HostSession | undefined, stops: Array<() => void>) {
  return {
    onCall: callsFor(ctx as never, host),
    onNotify: (method: string, args: unknown[]) => {
      try {
        if (method === 'emit') {
          keepStaticData(ctx, args[1]);
          on.saveStaticData?.();
          const started = on.emit(emitted(ctx, args[0]));
          const done = args[2] as number | undefined;
          // An emit with a donePromise hears when its run ended (n8n's "acknowledge after the run").
          if (started) {
            started.then(
              (run) => done !== undefined && session()?.done(done, run),
              (e: Error) => done !== undefined && session()?.done(done, undefined, { name: e.name, message: e.message }),
            );
          }
        } else if (method === 'emitError') {
          const e = args[0] as { message?: string; description?: string };
          on.error(new NodeOperationError(ctx.getNode(), e?.message ?? 'The trigger reported an error', { description: e?.description }));
        } else if (method === 'staticData') {
          keepStaticData(ctx, { ...(args[0] as object) });
          on.saveStaticData?.();
        } else if (method === 'registerCron') {
          const [id, expression] = args as [number, string];
          stops.push(scheduler.schedule(String(expression), () => session()?.tick(id)));
        }
      } catch (e) {
        on.error(e as Error);
      }
    },
    onLost: (why: string) => on.lost(why),
  };
}

/** How long a trigger's closeFunction may take before the session is forgotten anyway. */
const CLOSE_TIMEOUT_MS = 10_000;

function closeSession(session: HostSession | undefined, what: string): Promise<void> {
  if (!session) return Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
    timer.unref();
  });
  const closed = session.request({ kind: 'closeTrigger', trigger: session.id }, `closing ${what}`).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([closed, late]).finally(() => {
    clearTimeout(timer);
    session.forget();
  });
}

const manualScheduler = new Scheduler();

export function communityTriggerParts(host: PackageHost, type: string, description: INodeTypeDescription, raw: INodeTypeDescription, kinds: LoadedNode['kinds'][number]): Partial<NodeType> {
  const what = (node: INode) => `trigger "${node.name}" (${type})`;
  const parts: Partial<NodeType> = {};
  if (kinds.trigger) {
    parts.activate = async (t) => {
      const node = t.ctx.getNode();
      const stops: Array<() => void> = [];
      let session: HostSession | undefined;
      let closed = false;
      const handlers = sessionHandlers(
        host,
        t.ctx,
        {
          emit: (data) => (closed ? Promise.reject(new Error('The trigger was closed')) : t.emit(data)),
          error: (e) => !closed && t.fail(e),
          lost: (why) => {
            for (const stop of stops.splice(0)) stop();
            if (!closed) t.fail(new Error(`the package host stopped: ${why}`));
          },
          saveStaticData: () => t.saveStaticData(),
        },
        { schedule: (cron, fire) => t.schedule(cron, fire) },
        () => session,
        stops,
      );
      try {
        session = await host.openSession({ kind: 'trigger', type, version: node.typeVersion, payload: await payloadOf(t.ctx, description, 'trigger', t.activation) }, what(node), handlers);
      } catch (e) {
        for (const stop of stops.splice(0)) stop();
        throw toNodeError(t.ctx as never, e);
      }
      return async () => {
        closed = true;
        for (const stop of stops.splice(0)) stop();
        await closeSession(session, what(node));
      };
    };
    // A test run in the editor: trigger() in manual mode; the first emit is the node's output.
    parts.execute = (ctx) =>
      new Promise<NodeOutput>((resolve, reject) => {
        const node = ctx.getNode();
        const stops: Array<() => void> = [];
        let session: HostSession | undefined;
        let settled = false;
        const finish = (settle: () => void) => {
          if (settled) return;
          settled = true;
          for (const stop of stops.splice(0)) stop();
          void closeSession(session, what(node));
          settle();
        };
        const handlers = sessionHandlers(
          host,
          ctx,
          {
            emit: (data) => finish(() => resolve(data)),
            error: (e) => finish(() => reject(e)),
            lost: (why) => finish(() => reject(new NodeOperationError(node, `The trigger stopped: ${why}`))),
          },
          { schedule: (cron, fire) => manualScheduler.start({ cron, timezone: ctx.getTimezone() }, fire) },
          () => session,
          stops,
        );
        ctx.signal.addEventListener('abort', () => finish(() => reject(new NodeOperationError(node, 'The test run was stopped before the trigger fired'))), { once: true });
        payloadOf(ctx, description, 'manual', 'manual').then((payload) => host.openSession({ kind: 'trigger', type, version: node.typeVersion, payload }, what(node), handlers)).then(
          (s) => {
            session = s;
            if (settled) return void closeSession(s, what(node));
            if ((s.value as { manual?: boolean } | undefined)?.manual) {
              s.request({ kind: 'manualTrigger', trigger: s.id }, what(node)).catch((e: unknown) => finish(() => reject(toNodeError(ctx as never, e))));
            }
          },
          (e: unknown) => finish(() => reject(toNodeError(ctx as never, e))),
        );
      });
  }
  if (kinds.poll) {
    const pollOnce = async (ctx: ExecuteFunctions, mode: WorkflowExecuteMode, activation: string): Promise<INodeExecutionData[][] | null> => {
      const node = ctx.getNode();
      let result: { output: unknown; staticData: unknown };
      try {
        result = (await host.request({ kind: 'poll', type, version: node.typeVersion, payload: await payloadOf(ctx, description, mode, activation) }, `poll of "${node.name}" (${type})`, { onCall: callsFor(ctx as never, host) })) as typeof result;
      } catch (e) {
        throw toNodeError(ctx as never, e);
      }
      keepStaticData(ctx, result.staticData);
      return result.output === null || result.output === undefined ? null : emitted(ctx, result.output);
    };
    parts.activate = async (t) => {
      const node = t.ctx.getNode();
      const crons = pollCrons(node, `${t.ctx.getWorkflow().id}:${node.id ?? node.name}`);
      // As n8n: one poll at once, so a node that cannot poll fails the activation.
      const first = await pollOnce(t.ctx, 'trigger', t.activation);
      t.saveStaticData();
      if (first) t.emit(first);
      let busy = false;
      const stops: Array<() => void> = [];
      try {
        for (const cron of crons) {
          stops.push(
            t.schedule(cron, () => {
              if (busy) return; // the last poll has not answered yet
              busy = true;
              pollOnce(t.ctx, 'trigger', 'activate')
                .then(
                  (data) => {
                    t.saveStaticData();
                    if (data) t.emit(data);
                  },
                  (e: Error) => t.warn(e),
                )
                .finally(() => (busy = false));
            }),
          );
        }
      } catch (e) {
        for (const stop of stops) stop();
        throw new NodeOperationError(node, `Invalid Poll Times: ${(e as Error).message}`);
      }
      return async () => {
        for (const stop of stops) stop();
      };
    };
    // A test run: one poll in manual mode (static data is not kept for production, as n8n).
    parts.execute = (ctx) => pollOnce(ctx, 'manual', 'manual');
  }
  if (kinds.webhook && (raw.webhooks ?? []).length) parts.webhooks = nodeWebhooks(host, type, description, raw);
  return parts;
}

/** A webhook description's field: a value, or `={{$parameter["x"]}}` read from the node. */
function descriptionValue(node: INode, description: INodeTypeDescription, field: string, value: unknown): unknown {
  try {
    return webhookDescriptionValue(node, description.properties, field, value);
  } catch (e) {
    if (e instanceof OwnWebhookExpressionError) throw new WebhookConfigurationError(e.message);
    throw e;
  }
}

function nodeWebhooks(host: PackageHost, type: string, description: INodeTypeDescription, raw: INodeTypeDescription): NodeWebhooks {
  const list = (node: INode): NodeWebhookDescription[] =>
    (raw.webhooks ?? []).map((w) => {
      const hook = w as unknown as Record<string, unknown>;
      const read = (field: string, fallback: unknown) => descriptionValue(node, description, field, hook[field]) ?? fallback;
      return {
        name: String(hook.name ?? 'default'),
        httpMethod: String(read('httpMethod', 'GET')).toUpperCase(),
        path: String(read('path', '')).replace(/^\/+|\/+$/g, ''),
        isFullPath: read('isFullPath', false) === true,
        responseMode: String(read('responseMode', 'onReceived')),
        responseCode: Number(read('responseCode', 200)) || 200,
        responseData: read('responseData', undefined) as string | undefined,
      };
    });
  return {
    list,
    async run(call) {
      const node = call.ctx.getNode();
      const payload = await payloadOf(call.ctx, description, call.mode, call.mode === 'manual' ? 'manual' : 'activate', { webhookUrls: call.urls, webhookName: call.webhook.name, request: call.request });
      let r: { result: { workflowData?: unknown; webhookResponse?: unknown; noWebhookResponse?: boolean }; response: RecordedResponse; staticData: unknown };
      try {
        r = (await host.request({ kind: 'webhook', type, version: node.typeVersion, payload }, `webhook of "${node.name}" (${type})`, { onCall: callsFor(call.ctx as never, host) })) as typeof r;
      } catch (e) {
        throw toNodeError(call.ctx as never, e);
      }
      keepStaticData(call.ctx, r.staticData);
      return {
        workflowData: r.result.workflowData === undefined || r.result.workflowData === null ? undefined : emitted(call.ctx, r.result.workflowData),
        webhookResponse: r.result.webhookResponse,
        noWebhookResponse: r.result.noWebhookResponse,
        response: r.response,
      };
    },
    async setup(call, method) {
      const node = call.ctx.getNode();
      const payload = await payloadOf(call.ctx, description, call.mode, call.activation, { webhookUrls: call.urls, webhookName: call.webhook.name });
      let r: { value: unknown; staticData: unknown; missing?: boolean };
      try {
        r = (await host.request({ kind: 'webhookMethod', type, version: node.typeVersion, method, payload }, `${method} of the webhook of "${node.name}" (${type})`, { onCall: callsFor(call.ctx as never, host) })) as typeof r;
      } catch (e) {
        throw toNodeError(call.ctx as never, e);
      }
      keepStaticData(call.ctx, r.staticData);
      return r.value === true || (r.value !== false && r.value !== undefined && r.value !== null);
    },
  };
}
