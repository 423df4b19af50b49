// `this` for a package's trigger(), poll(), webhook() and webhookMethods (n8n's ITriggerFunctions,
// IPollFunctions, IWebhookFunctions, IHookFunctions), in the host. They share the execute
// context's helpers (credentials, HTTP and binary data are calls back into the server) but read
// parameters without an item index, as n8n's do. A trigger's emit crosses to the server, which
// starts a run with the data.
import type { ExecutePayload, RecordedResponse, TriggerPayload } from '../protocol.ts';
import type { IDataObject } from '../../model/workflow.ts';
import type { INodeExecutionData } from '../../model/execution.ts';
import { createExecuteThis, serializeError, type HostChannel } from './execute.ts';

function asExecutePayload(payload: TriggerPayload): ExecutePayload {
  return {
    node: payload.node,
    inputs: [],
    parameters: payload.parameters,
    mode: payload.mode,
    executionId: '',
    workflow: payload.workflow,
    runIndex: 0,
    continueOnFail: false,
    timezone: payload.timezone,
    staticData: payload.staticData,
    webhookUrls: payload.webhookUrls,
  };
}

/** What poll, trigger, webhook and hook functions have in common. */
function baseThis(payload: TriggerPayload, channel: HostChannel, signal: AbortSignal): Record<string, unknown> {
  const execute = createExecuteThis(asExecutePayload(payload), channel, signal);
  const byIndex = execute.getNodeParameter as (name: string, itemIndex: number, ...rest: unknown[]) => unknown;
  const { getInputData: _i, getRunIndex: _r, continueOnFail: _c, getExecutionId: _e, ...rest } = execute;
  void _i;
  void _r;
  void _c;
  void _e;
  return {
    ...rest,
    // n8n's trigger-side functions take no item index: (name, fallback?, options?).
    getNodeParameter(name: string, ...more: unknown[]) {
      return byIndex(name, 0, ...more);
    },
    getActivationMode: () => payload.activation,
    getNodeWebhookUrl: (name: string) => payload.webhookUrls[name],
    getWebhookName: () => payload.webhookName ?? 'default',
  };
}

export function createPollThis(payload: TriggerPayload, channel: HostChannel, signal: AbortSignal): Record<string, unknown> {
  return baseThis(payload, channel, signal);
}

export function createHookThis(payload: TriggerPayload, channel: HostChannel, signal: AbortSignal): Record<string, unknown> {
  const self = baseThis(payload, channel, signal);
  return {
    ...self,
    getWebhookDescription: (name: string) => ({ name, path: '', httpMethod: payload.request?.method ?? 'POST' }),
  };
}

export interface OpenTrigger {
  close?: () => unknown;
  manual?: () => unknown;
  crons: Map<number, () => unknown>;
  /** donePromises of emits whose runs have not ended yet. */
  dones: Map<number, Deferred>;
  abort: AbortController;
}

interface Deferred {
  promise: Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** n8n's createDeferredPromise. */
function createDeferredPromise(): Deferred {
  let resolve!: (v: unknown) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<unknown>((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
}

let nextCron = 1;
let nextDone = 1;

export function createTriggerThis(payload: TriggerPayload, channel: HostChannel, open: OpenTrigger): Record<string, unknown> {
  const self = baseThis(payload, channel, open.abort.signal);
  const helpers = self.helpers as Record<string, unknown>;
  return {
    ...self,
    // n8n's emit(data, responsePromise?, donePromise?): a donePromise settles when the run ends.
    emit(data: INodeExecutionData[][], _responsePromise?: unknown, donePromise?: Deferred) {
      if (open.abort.signal.aborted) return;
      let done: number | undefined;
      if (donePromise && typeof donePromise.resolve === 'function') {
        done = nextDone++;
        open.dones.set(done, donePromise);
      }
      channel.notify('emit', [data, payload.staticData, done]);
    },
    emitError(error: unknown) {
      if (open.abort.signal.aborted) return;
      channel.notify('emitError', [serializeError(error)]);
    },
    saveStaticData() {
      channel.notify('staticData', [payload.staticData]);
    },
    helpers: {
      ...helpers,
      createDeferredPromise,
      // n8n 1.x: registerCron(expression, onTick); newer: registerCron({ expression }, onTick).
      registerCron(cron: string | { expression: string }, onTick: () => unknown) {
        const id = nextCron++;
        open.crons.set(id, onTick);
        channel.notify('registerCron', [id, typeof cron === 'string' ? cron : cron.expression]);
      },
    },
  };
}

/** A stand-in for Express's response object: what the node sets is sent back to the server. */
export function recordingResponse(): { response: Record<string, unknown>; recorded: RecordedResponse } {
  const recorded: RecordedResponse = { statusCode: 200, headers: {}, ended: false };
  const response: Record<string, unknown> = {
    get headersSent() {
      return recorded.ended;
    },
    status(code: number) {
      recorded.statusCode = code;
      return response;
    },
    sendStatus(code: number) {
      recorded.statusCode = code;
      recorded.body = String(code);
      recorded.ended = true;
      return response;
    },
    setHeader(name: string, value: unknown) {
      recorded.headers[name.toLowerCase()] = String(value);
      return response;
    },
    header(name: string | Record<string, unknown>, value?: unknown) {
      if (typeof name === 'object') for (const [k, v] of Object.entries(name)) recorded.headers[k.toLowerCase()] = String(v);
      else recorded.headers[name.toLowerCase()] = String(value);
      return response;
    },
    set(name: string | Record<string, unknown>, value?: unknown) {
      return (response.header as (n: unknown, v?: unknown) => unknown)(name, value);
    },
    type(contentType: string) {
      recorded.headers['content-type'] = contentType.includes('/') ? contentType : contentType === 'json' ? 'application/json' : `text/${contentType}`;
      return response;
    },
    writeHead(code: number, headers?: Record<string, unknown>) {
      recorded.statusCode = code;
      for (const [k, v] of Object.entries(headers ?? {})) recorded.headers[k.toLowerCase()] = String(v);
      return response;
    },
    json(body: unknown) {
      recorded.headers['content-type'] ??= 'application/json; charset=utf-8';
      recorded.body = JSON.stringify(body);
      recorded.ended = true;
      return response;
    },
    send(body?: unknown) {
      if (body !== undefined && body !== null && typeof body === 'object' && !(body instanceof Uint8Array)) return (response.json as (b: unknown) => unknown)(body);
      recorded.body = typeof body === 'number' ? String(body) : body;
      recorded.ended = true;
      return response;
    },
    write(chunk: unknown) {
      const before = recorded.body === undefined ? '' : String(recorded.body);
      recorded.body = before + String(chunk);
      return true;
    },
    end(body?: unknown) {
      if (body !== undefined) (response.write as (c: unknown) => unknown)(body);
      recorded.ended = true;
      return response;
    },
    redirect(a: unknown, b?: unknown) {
      recorded.statusCode = typeof a === 'number' ? a : 302;
      recorded.headers.location = String(typeof a === 'number' ? b : a);
      recorded.ended = true;
      return response;
    },
  };
  return { response, recorded };
}

export function createWebhookThis(payload: TriggerPayload, channel: HostChannel, signal: AbortSignal, response: Record<string, unknown>): Record<string, unknown> {
  const self = baseThis(payload, channel, signal);
  const request = payload.request!;
  const headers = request.headers;
  const req = {
    method: request.method,
    url: request.url,
    originalUrl: request.url,
    headers,
    query: request.query,
    params: request.params,
    body: request.body,
    rawBody: Buffer.from(request.rawBody),
    ip: request.ip,
    get: (name: string) => headers[name.toLowerCase()],
    header: (name: string) => headers[name.toLowerCase()],
    contentType: String(headers['content-type'] ?? '').split(';')[0].trim(),
  };
  return {
    ...self,
    getRequestObject: () => req,
    getResponseObject: () => response,
    getBodyData: () => (request.body && typeof request.body === 'object' ? request.body : {}) as IDataObject,
    getHeaderData: () => headers,
    getQueryData: () => request.query,
    getParamsData: () => request.params,
  };
}
