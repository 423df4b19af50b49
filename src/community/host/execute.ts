// `this` for a package's execute() (n8n's IExecuteFunctions), in the host. Parameters come
// resolved by the server (ResolvedParameters), so getNodeParameter answers here without a round
// trip; credentials, HTTP, binary data and waiting are calls back into the server, which runs
// them with the same code as built-in nodes.
import type { ExecutePayload, SerializedError } from '../protocol.ts';
import type { IDataObject } from '../../model/workflow.ts';
import type { INodeExecutionData, IPairedItemData } from '../../model/execution.ts';
import { NodeOperationError } from '../n8n-workflow/errors.ts';
import { LoggerProxy } from '../n8n-workflow/logger.ts';
import { evaluateForItem } from './expression.ts';

export interface HostChannel {
  call(method: string, args: unknown[]): Promise<unknown>;
  notify(method: string, args: unknown[]): void;
}

function pathGet(value: unknown, path: string[]): unknown {
  let v = value;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

function returnJsonArray(data: IDataObject | IDataObject[]): INodeExecutionData[] {
  const list = Array.isArray(data) ? data : [data];
  return list.map((json) => (json && typeof json === 'object' && 'json' in json ? (json as unknown as INodeExecutionData) : { json }));
}

/** n8n's normalizeItems: plain objects become items. */
function normalizeItems(items: unknown): INodeExecutionData[] {
  const list = (Array.isArray(items) ? items : [items]) as unknown[];
  if (list.every((i) => i && typeof i === 'object' && 'json' in (i as object))) return list as INodeExecutionData[];
  return list.map((json) => ({ json: json as IDataObject }));
}

export function createExecuteThis(payload: ExecutePayload, channel: HostChannel, signal: AbortSignal): Record<string, unknown> {
  const { node, parameters } = payload;
  function getNodeParameter(name: string, itemIndex: number, fallback?: unknown, options?: { extractValue?: boolean }): unknown {
    const [top, ...rest] = name.split('.');
    const failure = parameters.errors[top]?.[itemIndex] ?? parameters.errors[top]?.[0];
    if (failure) throw new NodeOperationError(node, failure.message, { description: failure.description, itemIndex });
    const base = top in parameters.perItem ? parameters.perItem[top][itemIndex] : parameters.shared[top];
    let value = rest.length ? pathGet(base, rest) : base;
    if (value === undefined) {
      if (arguments.length >= 3) return fallback;
      if (!(top in parameters.shared) && !(top in parameters.perItem)) throw new NodeOperationError(node, `Could not get parameter "${name}"`, { itemIndex });
      return undefined;
    }
    if (options?.extractValue && value && typeof value === 'object' && (value as { __rl?: boolean }).__rl) value = (value as { value: unknown }).value;
    return value;
  }
  const call = (method: string) => (...args: unknown[]) => channel.call(method, args);
  const helpers = {
    httpRequest: call('httpRequest'),
    httpRequestWithAuthentication: call('httpRequestWithAuthentication'),
    requestWithAuthentication: call('requestWithAuthentication'),
    request: call('request'),
    requestOAuth2: (credentialsType: string, options: unknown) => channel.call('requestWithAuthentication', [credentialsType, options]),
    requestOAuth1: (credentialsType: string, options: unknown) => channel.call('requestWithAuthentication', [credentialsType, options]),
    prepareBinaryData: (data: Buffer | Uint8Array, fileName?: string, mimeType?: string) => channel.call('prepareBinaryData', [data, fileName, mimeType]),
    getBinaryDataBuffer: (itemIndex: number, propertyName: string) => channel.call('getBinaryDataBuffer', [itemIndex, propertyName]).then((b) => Buffer.from(b as Uint8Array)),
    assertBinaryData(itemIndex: number, propertyName: string) {
      const binary = payload.inputs[0]?.[itemIndex]?.binary?.[propertyName];
      if (!binary) throw new NodeOperationError(node, `Expected binary data in the property "${propertyName}"`, { itemIndex, description: 'The item has no binary data of that name; check the input of the node' });
      return binary;
    },
    binaryToBuffer: async (body: Buffer | AsyncIterable<Uint8Array>) => {
      if (Buffer.isBuffer(body)) return body;
      const chunks: Uint8Array[] = [];
      for await (const c of body) chunks.push(c);
      return Buffer.concat(chunks);
    },
    binaryToString: async (body: Buffer, encoding: BufferEncoding = 'utf8') => Buffer.from(body).toString(encoding),
    returnJsonArray,
    normalizeItems,
    constructExecutionMetaData(items: INodeExecutionData[], { itemData }: { itemData: IPairedItemData | IPairedItemData[] }) {
      return items.map((item) => ({ ...item, pairedItem: itemData }));
    },
    copyInputItems(items: INodeExecutionData[], properties: string[]) {
      return items.map((item) => Object.fromEntries(properties.filter((p) => p in item.json).map((p) => [p, structuredClone(item.json[p])])));
    },
  };
  return {
    getNodeParameter,
    getInputData: (inputIndex = 0) => payload.inputs[inputIndex] ?? [],
    getNode: () => node,
    getWorkflow: () => payload.workflow,
    getMode: () => payload.mode,
    getExecutionId: () => payload.executionId,
    getTimezone: () => payload.timezone,
    getRunIndex: () => payload.runIndex,
    getInstanceBaseUrl: () => '',
    continueOnFail: () => payload.continueOnFail,
    getWorkflowStaticData: (type: 'global' | 'node') => payload.staticData[type === 'node' ? 'node' : 'global'],
    getCredentials: (type: string, itemIndex?: number) => channel.call('getCredentials', [type, itemIndex]),
    getNodeWebhookUrl: (name: string) => payload.webhookUrls[name],
    evaluateExpression: (expression: string, itemIndex = 0) => evaluateForItem(payload, expression, itemIndex),
    putExecutionToWait: (waitTill: Date) => channel.call('putExecutionToWait', [waitTill]),
    sendMessageToUI: (...args: unknown[]) => channel.notify('sendMessageToUI', args),
    getExecutionCancelSignal: () => signal,
    onExecutionCancellation: (handler: () => unknown) => signal.addEventListener('abort', () => void handler(), { once: true }),
    getParentNodes: () => [],
    getChildNodes: () => [],
    logger: LoggerProxy,
    helpers,
  };
}

/** A thrown value as the server recreates it (message, description, HTTP code, item). */
export function serializeError(e: unknown): SerializedError {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e) };
  const x = e as Error & { description?: string | null; httpCode?: string | null; context?: { itemIndex?: number } };
  return { name: x.name, message: x.message, description: x.description, httpCode: x.httpCode, itemIndex: x.context?.itemIndex, stack: x.stack };
}
