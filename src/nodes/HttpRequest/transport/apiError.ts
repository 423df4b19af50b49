// Errors from the remote side in n8n's words (NodeApiError): a message per HTTP status or
// connection error code, the response body as the description.
import type { INode } from '../../../model/workflow.ts';
import { NodeApiError } from '../../types.ts';
import { STATUS_CODE_MESSAGES } from '../../../model/n8nConventions.ts';


const CONNECTION_ERROR_MESSAGES: Record<string, string> = {
  ECONNREFUSED: 'The service refused the connection - perhaps it is offline',
  ECONNRESET: 'The connection to the server was closed unexpectedly, perhaps it is offline. You can retry the request immediately or wait and retry later.',
  ENOTFOUND: 'The connection cannot be established, this usually occurs due to an incorrect host (domain) value',
  ETIMEDOUT: "The connection timed out, consider setting the 'Retry on Fail' option in the node settings",
  ECONNABORTED: 'The connection was aborted, perhaps the server is offline',
  EHOSTUNREACH: 'The host is unreachable, perhaps the server is offline',
  EAI_AGAIN: "The connection timed out, consider setting the 'Retry on Fail' option in the node settings",
};

export function statusMessage(status: number): string {
  const code = String(status);
  if (STATUS_CODE_MESSAGES[code]) return STATUS_CODE_MESSAGES[code];
  if (code.startsWith('4')) return STATUS_CODE_MESSAGES['4XX'];
  if (code.startsWith('5')) return STATUS_CODE_MESSAGES['5XX'];
  return `Request failed with status code ${code}`;
}

/** What a failed request looked like, kept for items when the node continues on fail. */
export interface RequestFailure {
  /** "404 - <body>" for status errors, the transport's message otherwise. */
  message: string;
  httpCode?: string;
  body?: string;
}

export function statusFailure(status: number, bodyText: string): RequestFailure {
  return { message: `${status} - ${bodyText}`, httpCode: String(status), body: bodyText };
}

export function transportFailure(e: unknown): RequestFailure {
  const error = e as Error & { httpCode?: string; code?: string };
  return { message: error?.message ?? String(e), httpCode: error?.httpCode ?? error?.code };
}

export function toNodeApiError(node: INode, failure: RequestFailure, itemIndex: number): NodeApiError {
  const status = failure.httpCode && /^\d{3}$/.test(failure.httpCode) ? Number(failure.httpCode) : undefined;
  if (status !== undefined) {
    return new NodeApiError(node, statusMessage(status), { httpCode: failure.httpCode, description: failure.body || failure.message, itemIndex });
  }
  const known = failure.httpCode ? CONNECTION_ERROR_MESSAGES[failure.httpCode] : undefined;
  return new NodeApiError(node, known ?? failure.message, { httpCode: failure.httpCode, description: known ? failure.message : undefined, itemIndex });
}

/** The error an item carries when the node continues on fail. */
export function failureJson(failure: RequestFailure): Record<string, unknown> {
  const out: Record<string, unknown> = { message: failure.message, name: 'NodeApiError' };
  if (failure.httpCode) out.httpCode = failure.httpCode;
  if (failure.body !== undefined) out.description = failure.body;
  return out;
}
