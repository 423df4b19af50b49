// Webhook answers for each response mode, as n8n builds them: 'onReceived' (a fixed message, a
// custom text or nothing), 'lastNode' (first item's JSON, all items, first item's binary or
// nothing, from the last node that ran) and 'responseNode' (what Respond to Webhook sent).
import { jsonLargerThan } from '../push/jsonSize.ts';
import { SLICED_REPLY_CHARS, stringifySlicedBytes } from '../slicedJson.ts';
import type { FastifyReply } from 'fastify';
import type { IExecution, ITaskData } from '../../model/execution.ts';
import type { WebhookResponse } from '../../nodes/types.ts';
import type { WebhookSettings } from '../../nodes/Webhook/settings.ts';
import { getPath } from '../../nodes/shared/path.ts';

export interface WebhookReply {
  statusCode: number;
  headers: Record<string, string>;
  /** undefined = no body; string/bytes as they are; anything else as JSON. */
  body: unknown;
}

/** Browsers treat webhook answers as untrusted pages (n8n's sandbox CSP). */
const SANDBOX_CSP =
  'sandbox allow-downloads allow-forms allow-modals allow-orientation-lock allow-pointer-lock allow-popups allow-presentation allow-scripts allow-top-navigation allow-top-navigation-by-user-activation allow-top-navigation-to-custom-protocols';

const WORKFLOW_STARTED = '{"message":"Workflow was started"}';

export function onReceivedReply(s: WebhookSettings): WebhookReply {
  if (s.responseData === 'noData') return { statusCode: s.responseCode, headers: s.responseHeaders, body: undefined };
  if (s.onReceivedData !== undefined) return { statusCode: s.responseCode, headers: s.responseHeaders, body: s.onReceivedData };
  return { statusCode: s.responseCode, headers: s.responseHeaders, body: PREBUILT };
}

/** Marks the default answer, already serialised once. */
const PREBUILT = Symbol('workflow-started');

export function errorReply(statusCode: number, message: string, hint?: string): WebhookReply {
  return { statusCode, headers: {}, body: hint ? { code: statusCode, message, hint } : { code: statusCode, message } };
}

function lastTask(e: IExecution): ITaskData | undefined {
  const name = e.data.resultData.lastNodeExecuted;
  const runs = name ? e.data.resultData.runData[name] : undefined;
  return runs?.[runs.length - 1];
}

function failed(e: IExecution): boolean {
  return e.status === 'error' || e.status === 'canceled' || e.status === 'crashed' || !!e.data.resultData.error || !!lastTask(e)?.error;
}

export async function lastNodeReply(e: IExecution, s: WebhookSettings, readBinary: (id: string) => Promise<Uint8Array>): Promise<WebhookReply> {
  if (failed(e)) return { statusCode: 500, headers: {}, body: { message: 'Error in workflow' } };
  const task = lastTask(e);
  const headers = { ...s.responseHeaders };
  if (!task) return { statusCode: s.responseCode, headers, body: { message: 'Workflow executed successfully but the last node did not return any data' } };
  const first = task.data?.main?.[0];
  switch (s.responseData) {
    case 'noData':
      return { statusCode: s.responseCode, headers, body: undefined };
    case 'allEntries':
      return { statusCode: s.responseCode, headers, body: (first ?? []).map((i) => i.json) };
    case 'firstEntryBinary': {
      const item = first?.[0];
      if (!item) return { statusCode: 500, headers: {}, body: { message: 'No item was found to return' } };
      const binary = item.binary?.[s.responseBinaryPropertyName];
      if (!binary) return { statusCode: 500, headers: {}, body: { message: `The binary property '${s.responseBinaryPropertyName}' which should be returned does not exist` } };
      const bytes = binary.id ? await readBinary(binary.id) : Buffer.from(binary.data ?? '', 'base64');
      headers['content-type'] = binary.mimeType;
      return { statusCode: s.responseCode, headers, body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    }
    default: {
      const item = first?.[0];
      if (!item) return { statusCode: 500, headers: {}, body: { message: 'No item to return was found' } };
      if (s.responseContentType) headers['content-type'] = s.responseContentType;
      return { statusCode: s.responseCode, headers, body: s.responsePropertyName ? getPath(item.json, s.responsePropertyName) : item.json };
    }
  }
}

/** After the run, for 'responseNode' when Respond to Webhook never ran. */
export function noResponseNodeReply(e: IExecution, s: WebhookSettings): WebhookReply {
  if (failed(e)) return { statusCode: 500, headers: {}, body: { message: 'Error in workflow' } };
  return { statusCode: s.responseCode, headers: s.responseHeaders, body: undefined };
}

export function responseNodeReply(r: WebhookResponse, s: WebhookSettings): WebhookReply {
  return { statusCode: r.statusCode, headers: { ...s.responseHeaders, ...r.headers }, body: r.body };
}

export function sendReply(reply: FastifyReply, r: WebhookReply): void | Promise<void> {
  reply.status(r.statusCode);
  for (const [k, v] of Object.entries(r.headers)) reply.header(k, v);
  const body = r.body;
  if (body === PREBUILT) {
    reply.type('application/json; charset=utf-8').send(WORKFLOW_STARTED);
    return;
  }
  if (body === undefined || body === null) {
    reply.send();
    return;
  }
  if (body instanceof Uint8Array) {
    if (!reply.hasHeader('content-type')) reply.type('application/octet-stream');
    reply.header('content-security-policy', SANDBOX_CSP).send(Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    return;
  }
  if (typeof body === 'string') {
    if (!reply.hasHeader('content-type')) reply.type('text/html; charset=utf-8');
    reply.header('content-security-policy', SANDBOX_CSP).send(body);
    return;
  }
  if (!reply.hasHeader('content-type')) reply.type('application/json; charset=utf-8');
  if (!jsonLargerThan(body, SLICED_REPLY_CHARS)) {
    reply.send(JSON.stringify(body));
    return;
  }
  return stringifySlicedBytes(body).then((bytes) => {
    reply.send(bytes);
  });
}
