// The execute context a node receives (n8n's IExecuteFunctions): parameters with expressions
// resolved per item, input items, helpers, and the Code runner.
import type { IDataObject, INode, IWorkflowBase, IPinData } from '../model/workflow.ts';
import type {
  IBinaryData,
  INodeExecutionData,
  IPairedItemData,
  IRunExecutionData,
  ISourceData,
  ITaskDataConnections,
  ITaskDataConnectionsSource,
  WorkflowExecuteMode,
} from '../model/execution.ts';
import type { GraphIndex } from '../model/graph.ts';
import { DateTime } from 'luxon';
import { getPath } from '../model/parameters.ts';
import { createScopeFactory, type ProxyContext } from '../model/dataProxy.ts';
import { executionCustomData } from '../model/executionCustomData.ts';
import type { ExecuteCommandSettings, CodeRunner, ExecuteFunctions, ExecuteHelpers, FileAccess, GetParameterOptions, HttpRequestOptions, HttpResponse, WebhookResponse, SubWorkflowRequest, SubWorkflowResult } from '../nodes/types.ts';
import { NodeOperationError } from '../nodes/types.ts';
import { evaluateParameterValue, ParameterResolutionError } from './expressions.ts';
import { ParameterPrefetch } from './prefetch.ts';
import { isCheckedResult } from './offload/offloader.ts';
import { runCode } from './sandbox/runCode.ts';
import type { BinaryDataStore, EngineLimits } from './types.ts';
import { createDeduplicationHelpers, processMemoryStore, type ProcessedDataStore } from './deduplication.ts';
import { sendAuthenticated, type DigestCache } from './auth/index.ts';
import { legacyToHttpOptions, legacyResult } from './auth/legacyRequest.ts';

export interface ContextInit {
  workflow: IWorkflowBase;
  graph: GraphIndex;
  node: INode;
  resolvedParameters: IDataObject;
  mode: WorkflowExecuteMode;
  executionId: string;
  runIndex: number;
  runExecutionData: IRunExecutionData;
  inputData: ITaskDataConnections;
  connectionInputData: INodeExecutionData[];
  source: ITaskDataConnectionsSource | null;
  timezone: string;
  now: () => number;
  /** True when `now` is a fixed test clock rather than the real one. */
  fixedClock?: boolean;
  pinData?: IPinData;
  staticData: IDataObject;
  signal: AbortSignal;
  limits: EngineLimits;
  httpRequest: (options: HttpRequestOptions, signal: AbortSignal) => Promise<HttpResponse>;
  /** Disk access confined to the run's allowed folders. */
  files: FileAccess;
  onWait: (waitTill: Date) => void;
  onMessage?: (message: unknown) => void;
  onResponse?: (response: WebhookResponse) => void;
  additionalKeys?: IDataObject;
  binaryStore?: BinaryDataStore;
  getCredentials?: (type: string, node: INode) => Promise<IDataObject>;
  /** Stores a refreshed OAuth token of the node's credential (RunOptions.updateOAuthTokenData). */
  updateOAuthTokenData?: (type: string, node: INode, tokenData: IDataObject | null) => Promise<void>;
  executeSubWorkflow?: (request: SubWorkflowRequest) => Promise<SubWorkflowResult>;
  loadWorkflow?: (id: string) => Promise<IWorkflowBase>;
  hints: Array<{ message: string }>;
  /** Deduplication history; the process-wide memory store when absent. */
  processedDataStore?: ProcessedDataStore;
  /** Execute Command's settings (RunOptions.executeCommand). */
  executeCommand?: ExecuteCommandSettings;
}

/**
 * A node run's context, and `prefetch`, which evaluates the node's parameter expressions for its
 * input items ahead of its run (prefetch.ts). Returned side by side: a WeakMap from context to
 * prefetch, one entry per node run, cost the webhook path ~4× its p99 (its ephemeron entries
 * live until a full GC and keep each run's data from dying young).
 */
export function createNodeRunContext(init: ContextInit): { ctx: ExecuteFunctions; prefetch: () => Promise<void> } {
  const { node, connectionInputData } = init;
  let scopeFor: ((itemIndex: number) => Record<string, unknown>) | undefined;
  const proxy: ProxyContext = {
    workflow: { id: init.workflow.id, name: init.workflow.name, active: !!init.workflow.active },
    graph: init.graph,
    runExecutionData: init.runExecutionData,
    activeNodeName: node.name,
    runIndex: init.runIndex,
    connectionInputData,
    source: init.source,
    mode: init.mode,
    executionId: init.executionId,
    timezone: init.timezone,
    now: init.now,
    pinData: init.pinData,
    parameters: node.parameters as IDataObject,
    additional: init.additionalKeys,
    evaluate: (value, itemIndex) => evaluateParameterValue(value, (scopeFor ??= createScopeFactory(proxy))(itemIndex), init.limits, node.name),
  };
  const scope = (itemIndex: number) => (scopeFor ??= createScopeFactory(proxy))(itemIndex);
  // A one-off scope on top of the item's: extra keys (pagination's $response …) for one read only.
  const scopeWith = (itemIndex: number, keys: Record<string, unknown>) => {
    const extended = Object.create(scope(itemIndex)) as Record<string, unknown>;
    for (const [key, value] of Object.entries(keys)) {
      Object.defineProperty(extended, key, { value, enumerable: true, writable: false, configurable: false });
    }
    return extended;
  };

  // Requests authenticated by credential type (src/engine/auth); digest challenges are kept for
  // the rest of this node run.
  const digestCache: DigestCache = new Map();
  const sendWithCredentials = async (credentialsType: string, options: Parameters<ExecuteHelpers['httpRequestWithAuthentication']>[1], additional?: Parameters<ExecuteHelpers['httpRequestWithAuthentication']>[2]) => {
    const credentials = additional?.credentialsDecrypted?.data ?? (await ctx.getCredentials(credentialsType));
    // OAuth: a refreshed token is stored for the node's credential of this type (HTTP Request
    // passes that credential's data in, read per item).
    const update = init.updateOAuthTokenData;
    const storeOAuthTokenData = update ? (t: IDataObject | null) => update(credentialsType, node, t) : undefined;
    return sendAuthenticated(credentialsType, credentials, options, { node, limits: init.limits, digestCache, send: (o) => init.httpRequest(o, init.signal), storeOAuthTokenData, signal: init.signal });
  };

  const helpers: ExecuteHelpers = {
    httpRequest: async (options) => {
      const response = await init.httpRequest(options, init.signal);
      return options.returnFullResponse ? response : response.body;
    },
    async httpRequestWithAuthentication(credentialsType, options, additional) {
      const response = await sendWithCredentials(credentialsType, options, additional);
      return options.returnFullResponse ? response : response.body;
    },
    async requestWithAuthentication(credentialsType, options, additional) {
      return legacyResult(options, await sendWithCredentials(credentialsType, legacyToHttpOptions(options), additional));
    },
    returnJsonArray(data) {
      const list = Array.isArray(data) ? data : [data];
      return list.map((json) => (json && typeof json === 'object' && 'json' in json ? (json as unknown as INodeExecutionData) : { json }));
    },
    constructExecutionMetaData(items, { itemData }) {
      return items.map((item) => ({ ...item, pairedItem: itemData }));
    },
    async prepareBinaryData(data, fileName, mimeType) {
      const ext = fileName?.includes('.') ? fileName.split('.').pop() : undefined;
      const type = mimeType ?? 'application/octet-stream';
      const store = init.binaryStore;
      // Large files go to the store: the run data (and every save of it) keeps only a reference.
      const binary: IBinaryData =
        store && data.byteLength > store.inlineMaxBytes
          ? { id: await store.store(init.executionId, data, { mimeType: type, fileName }), mimeType: type, fileSize: formatSize(data.byteLength) }
          : { data: bytesToBase64(data), mimeType: type, fileSize: formatSize(data.byteLength) };
      if (fileName) binary.fileName = fileName;
      if (ext) binary.fileExtension = ext;
      return binary;
    },
    async getBinaryDataBuffer(itemIndex, propertyName) {
      const b = connectionInputData[itemIndex]?.binary?.[propertyName];
      if (b?.data === undefined && b?.id && init.binaryStore) return init.binaryStore.read(b.id);
      if (b?.data === undefined) throw new NodeOperationError(node, `No binary data "${propertyName}" on item ${itemIndex}`, { itemIndex });
      return base64ToBytes(b.data);
    },
    files: init.files,
    ...createDeduplicationHelpers(init.processedDataStore ?? processMemoryStore, init.workflow.id ?? undefined, node),
  };

  const code: CodeRunner = {
    runCode: (request) =>
      runCode({
        ...request,
        node,
        items: connectionInputData,
        scope,
        limits: init.limits,
        signal: init.signal,
        onConsole: init.mode === 'manual' ? init.onMessage : undefined,
        workflowStaticData: init.staticData,
        fixedClock: init.fixedClock,
      }),
  };

  const prefetch = new ParameterPrefetch();
  const ctx: ExecuteFunctions = {
    getNode: () => node,
    getWorkflow: () => ({ id: init.workflow.id, name: init.workflow.name, active: !!init.workflow.active }),
    getWorkflowData: () => init.workflow,
    getMode: () => init.mode,
    getExecutionId: () => init.executionId,
    getTimezone: () => init.timezone,
    getRunIndex: () => init.runIndex,
    getInputData: (inputIndex = 0) => (init.inputData.main?.[inputIndex] ?? []) as INodeExecutionData[],
    getInputSourceData: (inputIndex = 0): ISourceData | undefined => init.source?.main?.[inputIndex] ?? undefined,
    getNumberOfInputs: () => init.inputData.main?.length ?? 0,
    getNodeParameter(name: string, itemIndex: number, fallback?: unknown, options?: GetParameterOptions): unknown {
      // n8n reads the name with lodash get, so 'rules.values[2].conditions' reaches into lists.
      const path = name.replace(/\[(\d+)\]/g, '.$1');
      let value = getPath(init.resolvedParameters, path);
      if (value === undefined) value = fallback;
      if (value === undefined) throw new NodeOperationError(node, `Could not get parameter "${name}"`, { itemIndex });
      // Resolved parameters may be shared by runs (workflowIsImmutable): hand out a copy.
      if (options?.rawExpressions) return value !== null && typeof value === 'object' ? structuredClone(value) : value;
      let resolved: unknown;
      try {
        if (options?.additionalKeys) {
          resolved = evaluateParameterValue(value, scopeWith(itemIndex, options.additionalKeys), init.limits, node.name);
        } else {
          // Answers evaluated ahead with the loop free (prefetch.ts), else evaluated now.
          resolved = prefetch.empty
            ? evaluateParameterValue(value, scope(itemIndex), init.limits, node.name)
            : prefetch.resolveAt(init.resolvedParameters, path, value, itemIndex, (v) => evaluateParameterValue(v, scope(itemIndex), init.limits, node.name));
        }
      } catch (e) {
        throw toParameterError(node, name, itemIndex, init.runIndex, e);
      }
      cleanupParameterData(resolved);
      if (options?.extractValue && resolved && typeof resolved === 'object' && '__rl' in resolved) {
        resolved = (resolved as unknown as { value: unknown }).value;
      }
      return resolved;
    },
    evaluateExpression(expression: string, itemIndex: number, additionalKeys?: Record<string, unknown>) {
      const value = expression.startsWith('=') ? expression : `=${expression}`;
      return evaluateParameterValue(value, additionalKeys ? scopeWith(itemIndex, additionalKeys) : scope(itemIndex), init.limits, node.name);
    },
    continueOnFail: () => node.continueOnFail === true || node.onError === 'continueRegularOutput' || node.onError === 'continueErrorOutput',
    getWorkflowStaticData(type) {
      const key = type === 'global' ? 'global' : `node:${node.name}`;
      const data = (init.staticData[key] ??= {}) as IDataObject;
      return data;
    },
    executeSubWorkflow: init.executeSubWorkflow,
    loadWorkflow: init.loadWorkflow,
    executeCommandSettings: () => init.executeCommand,
    executionCustomData: () => executionCustomData(init.runExecutionData),
    getContext(type) {
      const executionData = (init.runExecutionData.executionData ??= { nodeExecutionStack: [], waitingExecution: {}, waitingExecutionSource: {} });
      const contextData = (executionData.contextData ??= {});
      const key = type === 'flow' ? 'flow' : `node:${node.name}`;
      return (contextData[key] ??= {}) as IDataObject;
    },
    async putExecutionToWait(waitTill: Date) {
      init.onWait(waitTill);
    },
    sendMessageToUI(message: unknown) {
      init.onMessage?.(message);
    },
    sendResponse(response: WebhookResponse) {
      init.onResponse?.(response);
    },
    async getCredentials(type: string) {
      if (!init.getCredentials) throw new NodeOperationError(node, `Node "${node.name}" has no credentials of type "${type}" available`);
      return init.getCredentials(type, node);
    },
    helpers,
    code,
    signal: init.signal,
    addHint(message: string) {
      init.hints.push({ message });
    },
  };
  return { ctx, prefetch: () => prefetch.fill(init.resolvedParameters, scope, connectionInputData.length, init.limits, node.name, init.signal) };
}

export function createExecuteContext(init: ContextInit): ExecuteFunctions {
  return createNodeRunContext(init).ctx;
}

/** Luxon dates nested in a parameter value become ISO strings (n8n's cleanupParameterData). */
function cleanupParameterData(value: unknown, depth = 0): void {
  if (value === null || typeof value !== 'object' || depth > 100) return;
  // From the expression worker without Luxon objects: nothing to convert (and large ones held the thread).
  if (isCheckedResult(value)) return;
  if (Array.isArray(value)) {
    for (const v of value) cleanupParameterData(v, depth + 1);
    return;
  }
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    if (v === null || typeof v !== 'object') continue;
    if (DateTime.isDateTime(v)) obj[key] = v.toString();
    else cleanupParameterData(v, depth + 1);
  }
}

function toParameterError(node: INode, parameter: string, itemIndex: number, runIndex: number, e: unknown): Error {
  if (e instanceof ParameterResolutionError || (e instanceof Error && e.name === 'ExpressionError')) {
    const err = e as Error & { description?: string; context?: Record<string, unknown> };
    const out = new NodeOperationError(node, err.message, { itemIndex, description: err.description });
    out.name = 'ExpressionError';
    out.context = { ...(err.context ?? {}), itemIndex, runIndex, parameter };
    return out;
  }
  return e instanceof Error ? e : new Error(String(e));
}

export function pairedItemFor(index: number): IPairedItemData {
  return { item: index };
}

function bytesToBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

function base64ToBytes(b64: string): Uint8Array {
  return new Uint8Array(Buffer.from(b64, 'base64'));
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
