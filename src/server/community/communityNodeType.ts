// A community package's node type as the engine sees it: its description (type name prefixed
// with the package name, as n8n names community types) and an execute that runs the package's
// code in the package host. Parameters are resolved here, with the engine's own expression code,
// before the call: once when a parameter holds no expression, else per item. The host calls back
// for credentials, HTTP (authenticated as built-in nodes are), binary data and waiting.
import type { INodePropertyOption, INodeTypeDescription } from '../../model/nodeTypes.ts';
import type { IDataObject } from '../../model/workflow.ts';
import type { INodeExecutionData } from '../../model/execution.ts';
import type { ExecutePayload, LoadedNode, ResolvedParameters } from '../../community/protocol.ts';
import { NodeApiError, NodeOperationError, type ExecuteFunctions, type HttpRequestOptions, type LegacyRequestOptions, type ListSearchResult, type LoadOptionsFunctions, type NodeOutput, type NodeType } from '../../nodes/types.ts';
import { legacyResult, legacyToHttpOptions } from '../../engine/auth/legacyRequest.ts';
import { PackageHostError, type PackageHost } from './PackageHost.ts';
import { runDeclarative, type RoutingHooks } from './routing.ts';
import { needsPackageAuth, plainOptions, sendWithPackageAuth } from './packageAuth.ts';
import { communityTriggerParts, withPollTimes } from './communityTriggers.ts';
import { awaitSlowWork } from '../../model/expressions/defer.ts';

function hasExpression(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.startsWith('=');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  return Object.values(value).some((v) => hasExpression(v, depth + 1));
}

export function resolveParameters(ctx: ExecuteFunctions, description: INodeTypeDescription, itemCount: number): ResolvedParameters {
  const out: ResolvedParameters = { shared: {}, perItem: {}, errors: {} };
  const node = ctx.getNode();
  const names = new Set([...description.properties.map((p) => p.name), ...Object.keys(node.parameters ?? {})]);
  for (const name of names) {
    const raw = (node.parameters as IDataObject | undefined)?.[name];
    const perItem = hasExpression(raw);
    const count = perItem ? Math.max(itemCount, 1) : 1;
    const values: unknown[] = [];
    for (let i = 0; i < count; i++) {
      try {
        values.push(ctx.getNodeParameter(name, i, undefined));
      } catch (e) {
        values.push(undefined);
        // A parameter the node does not have is no failure: the node gets its own fallback.
        if ((e as Error).message.startsWith('Could not get parameter')) continue;
        (out.errors[name] ??= [])[i] = { message: (e as Error).message, description: (e as { description?: string }).description };
      }
    }
    if (perItem) out.perItem[name] = values;
    else if (values[0] !== undefined) out.shared[name] = values[0] as IDataObject[string];
  }
  return out;
}

/** The host's calls back during a run, answered with the engine's context of the node. */
export function callsFor(ctx: ExecuteFunctions, host?: PackageHost): (method: string, args: unknown[]) => Promise<unknown> {
  return async (method, args) => {
    const a = args as [never, never, never, never];
    switch (method) {
      case 'getCredentials':
        return ctx.getCredentials(a[0]);
      case 'httpRequest':
        return ctx.helpers.httpRequest(plainOptions(a[0]));
      case 'httpRequestWithAuthentication':
        if (host && needsPackageAuth(a[0])) return sendWithPackageAuth(host, ctx, a[0], a[1]);
        return ctx.helpers.httpRequestWithAuthentication(a[0], a[1], a[2]);
      case 'requestWithAuthentication': {
        if (!host || !needsPackageAuth(a[0])) return ctx.helpers.requestWithAuthentication(a[0], a[1], a[2]);
        const options = a[1] as LegacyRequestOptions;
        const response = await sendWithPackageAuth(host, ctx, a[0], { ...legacyToHttpOptions(options), returnFullResponse: true });
        return legacyResult(options, response as never);
      }
      case 'request': {
        const options = a[0] as LegacyRequestOptions;
        const response = await ctx.helpers.httpRequest({ ...plainOptions(legacyToHttpOptions(options)), returnFullResponse: true });
        return legacyResult(options, response as never);
      }
      case 'prepareBinaryData':
        return ctx.helpers.prepareBinaryData(new Uint8Array(a[0] as Uint8Array), a[1], a[2]);
      case 'getBinaryDataBuffer':
        return ctx.helpers.getBinaryDataBuffer(a[0], a[1]);
      case 'putExecutionToWait':
        return ctx.putExecutionToWait(new Date(a[0] as Date));
      default:
        throw new Error(`${method} is not offered to community nodes`);
    }
  };
}

/** The package's error as the engine's: a NodeApiError stays one (HTTP code, description, item). */
export function toNodeError(ctx: ExecuteFunctions, e: unknown): Error {
  const node = ctx.getNode();
  if (!(e instanceof PackageHostError)) return new NodeOperationError(node, (e as Error).message);
  if (e.name === 'NodeApiError') return new NodeApiError(node, e.message, { httpCode: e.httpCode ?? undefined, description: e.description ?? undefined, itemIndex: e.itemIndex });
  return new NodeOperationError(node, e.message, { description: e.description ?? undefined, itemIndex: e.itemIndex });
}

export function checkOutput(ctx: ExecuteFunctions, output: unknown): NodeOutput {
  if (output === null || output === undefined) return null;
  if (!Array.isArray(output) || !output.every((o) => o === null || Array.isArray(o))) {
    throw new NodeOperationError(ctx.getNode(), 'The node returned data in a shape that is not a list of outputs, each a list of items');
  }
  return (output as Array<unknown[] | null>).map((list) =>
    list === null ? [] : list.map((item) => (item && typeof item === 'object' && 'json' in item ? (item as INodeExecutionData) : { json: (item ?? {}) as IDataObject })),
  );
}

/**
 * A package's loadOptions and listSearch methods (GET /rest/node-parameter-options), run in the
 * host with the editor's current parameters. Their credentials and HTTP are answered by the
 * node's execute functions on those parameters and the credentials chosen in the editor (the
 * caller's own, as in a run); other calls back are refused.
 */
function hostMethods(host: PackageHost, type: string, methods: LoadedNode['methods']): NonNullable<NodeType['methods']> {
  const ALLOWED = new Set(['getCredentials', 'httpRequest', 'httpRequestWithAuthentication', 'requestWithAuthentication', 'request']);
  const callsOf = (ctx: LoadOptionsFunctions) => {
    let answer: ReturnType<typeof callsFor> | undefined;
    return async (method: string, args: unknown[]) => {
      const exec = ALLOWED.has(method) ? ctx.nodeContext?.() : undefined;
      if (!exec) throw new Error(`${method} is not available to a community package's option lists`);
      answer ??= callsFor(exec, host);
      return answer(method, args);
    };
  };
  const ask = async (ctx: LoadOptionsFunctions, method: string, search: boolean, filter?: string, paginationToken?: string) => {
    // The host answers with the newest version's methods when this one is not known to it.
    const version = 0;
    return host.request({ kind: 'loadOptions', type, version, method, search, parameters: ctx.getCurrentNodeParameters(), filter, paginationToken }, `options of ${type}`, { onCall: callsOf(ctx) });
  };
  return {
    loadOptions: Object.fromEntries(methods.loadOptions.map((m) => [m, async (ctx: LoadOptionsFunctions) => (await ask(ctx, m, false)) as INodePropertyOption[]])),
    listSearch: Object.fromEntries(methods.listSearch.map((m) => [m, async (ctx: LoadOptionsFunctions, filter?: string, token?: string) => (await ask(ctx, m, true, filter, token)) as ListSearchResult])),
  };
}

/** Package code inside a declarative node's routing runs in the host, `this` being the item's. */
function routingHooks(host: PackageHost, ctx: ExecuteFunctions, description: INodeTypeDescription, type: string): RoutingHooks {
  let payload: ExecutePayload | undefined;
  const calls = callsFor(ctx, host);
  const n = ctx.getNode();
  return {
    async callFunction(ref, itemIndex, args, onCall) {
      const items = ctx.getInputData(0);
      payload ??= {
        node: n,
        inputs: [],
        parameters: await awaitSlowWork(() => resolveParameters(ctx, description, items.length)),
        mode: ctx.getMode(),
        executionId: ctx.getExecutionId(),
        workflow: ctx.getWorkflow(),
        runIndex: ctx.getRunIndex(),
        continueOnFail: ctx.continueOnFail(),
        timezone: ctx.getTimezone(),
        staticData: { global: ctx.getWorkflowStaticData('global'), node: ctx.getWorkflowStaticData('node') },
        webhookUrls: {},
      };
      // Only the item's own input and parameters cross (sparse lists keep the indexes).
      const one: INodeExecutionData[] = [];
      one[itemIndex] = items[itemIndex] ?? { json: {} };
      const perItem: Record<string, unknown[]> = {};
      for (const [name, values] of Object.entries(payload.parameters.perItem)) {
        const list: unknown[] = [];
        list[itemIndex] = values[itemIndex];
        perItem[name] = list;
      }
      const forItem: ExecutePayload = { ...payload, inputs: [one], parameters: { ...payload.parameters, perItem } };
      try {
        return await host.request({ kind: 'function', fn: ref.$hostFunction, payload: forItem, itemIndex, args }, `node "${n.name}" (${type})`, {
          onCall: (method, a) => onCall?.(method, a) ?? calls(method, a as never),
          signal: ctx.signal,
        });
      } catch (e) {
        throw toNodeError(ctx, e);
      }
    },
    sendAuthenticated: (credentialType, options) => (needsPackageAuth(credentialType) ? sendWithPackageAuth(host, ctx, credentialType, options as never) : undefined),
  };
}

export function communityNodeTypes(packageName: string, loaded: LoadedNode[], host: PackageHost, iconUrl: (type: string) => string): NodeType[] {
  const out: NodeType[] = [];
  for (const node of loaded) {
    node.descriptions.forEach((raw, index) => {
      const kinds = node.kinds[index];
      const type = `${packageName}.${raw.name}`;
      let description: INodeTypeDescription = { ...raw, name: type, ...(node.iconPath ? { iconUrl: iconUrl(type) } : {}) };
      if (kinds.poll) description = withPollTimes({ ...description, polling: true } as INodeTypeDescription);
      const trigger = kinds.trigger || kinds.poll || kinds.webhook || (description.group ?? []).includes('trigger');
      const nodeType: NodeType = { description, kind: trigger ? 'trigger' : 'regular' };
      // trigger, poll and webhook nodes start runs (communityTriggers.ts).
      if (!kinds.execute && (kinds.trigger || kinds.poll || kinds.webhook)) Object.assign(nodeType, communityTriggerParts(host, type, description, raw, kinds));
      if (kinds.execute) {
        nodeType.execute = async (ctx) => {
          const inputs = Array.from({ length: Math.max(ctx.getNumberOfInputs(), 1) }, (_, i) => ctx.getInputData(i));
          const n = ctx.getNode();
          const payload: ExecutePayload = {
            node: n,
            inputs,
            parameters: await awaitSlowWork(() => resolveParameters(ctx, description, inputs[0]?.length ?? 0)),
            mode: ctx.getMode(),
            executionId: ctx.getExecutionId(),
            workflow: ctx.getWorkflow(),
            runIndex: ctx.getRunIndex(),
            continueOnFail: ctx.continueOnFail(),
            timezone: ctx.getTimezone(),
            staticData: { global: ctx.getWorkflowStaticData('global'), node: ctx.getWorkflowStaticData('node') },
            webhookUrls: {},
          };
          let result: { output: unknown; staticData: ExecutePayload['staticData'] };
          try {
            result = (await host.request({ kind: 'execute', type, version: n.typeVersion, payload }, `node "${n.name}" (${type})`, {
              onCall: callsFor(ctx, host),
              onNotify: (method, args) => {
                if (method === 'sendMessageToUI') ctx.sendMessageToUI(args.length === 1 ? args[0] : args);
              },
              signal: ctx.signal,
            })) as typeof result;
          } catch (e) {
            throw toNodeError(ctx, e);
          }
          // Static data the node changed is kept as n8n keeps it (saved with an active workflow).
          for (const which of ['global', 'node'] as const) {
            const target = ctx.getWorkflowStaticData(which);
            for (const key of Object.keys(target)) delete target[key];
            Object.assign(target, result.staticData[which]);
          }
          return checkOutput(ctx, result.output);
        };
      } else if (kinds.declarative) {
        nodeType.execute = (ctx) => runDeclarative(ctx, description, routingHooks(host, ctx, description, type));
      }
      if (node.methods.loadOptions.length || node.methods.listSearch.length) nodeType.methods = hostMethods(host, type, node.methods);
      out.push(nodeType);
    });
  }
  return out;
}
