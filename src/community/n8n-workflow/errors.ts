// n8n-workflow's error classes as node packages use them. The package host turns a thrown one
// into the engine's NodeOperationError / NodeApiError (src/nodes/types.ts) with the same
// message, description, HTTP code and item index.
import { STATUS_CODE_MESSAGES } from '../../model/n8nConventions.ts';

type Json = Record<string, unknown>;
interface NodeLike {
  name?: string;
  type?: string;
}

export class ApplicationError extends Error {
  level: string;
  tags: Record<string, unknown>;
  extra?: Record<string, unknown>;
  constructor(message: string, options: { level?: string; tags?: Record<string, unknown>; extra?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApplicationError';
    this.level = options.level ?? 'error';
    this.tags = options.tags ?? {};
    this.extra = options.extra;
  }
}

export class UserError extends ApplicationError {
  constructor(message: string, options: { level?: string; extra?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, { level: 'info', ...options });
    this.name = 'UserError';
  }
}
export class OperationalError extends ApplicationError {
  constructor(message: string, options: { level?: string; extra?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, { level: 'warning', ...options });
    this.name = 'OperationalError';
  }
}
export class UnexpectedError extends ApplicationError {
  constructor(message: string, options: { level?: string; extra?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, options);
    this.name = 'UnexpectedError';
  }
}

export interface NodeErrorOptions {
  message?: string;
  description?: string | null;
  itemIndex?: number;
  runIndex?: number;
  level?: string;
  type?: string;
  functionality?: string;
}

/** n8n's NodeError: an error about a node, with a description and the item it failed on. */
export abstract class NodeError extends Error {
  node: NodeLike | undefined;
  description: string | null | undefined;
  context: { itemIndex?: number; runIndex?: number; [key: string]: unknown } = {};
  timestamp = Date.now();
  level = 'error';
  constructor(node: NodeLike | undefined, error: Error | Json | string) {
    super(typeof error === 'string' ? error : typeof (error as Error).message === 'string' ? (error as Error).message : '');
    this.node = node;
    if (error instanceof Error && error.stack) this.stack = error.stack;
  }
  protected apply(options: NodeErrorOptions): void {
    if (options.message) this.message = options.message;
    if (options.description !== undefined) this.description = options.description;
    if (options.itemIndex !== undefined) this.context.itemIndex = options.itemIndex;
    if (options.runIndex !== undefined) this.context.runIndex = options.runIndex;
    if (options.level) this.level = options.level;
  }
}

export class NodeOperationError extends NodeError {
  type?: string;
  constructor(node: NodeLike | undefined, error: Error | Json | string, options: NodeErrorOptions = {}) {
    super(node, error);
    this.name = 'NodeOperationError';
    if (error instanceof NodeOperationError) {
      this.description = error.description;
      this.context = { ...error.context };
    }
    this.type = options.type;
    this.apply(options);
  }
}

/** The first message-like text in an API's error answer (n8n looks through the same keys). */
function findMessage(value: unknown, depth = 0): string | undefined {
  if (depth > 4 || value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value || undefined;
  if (Array.isArray(value)) {
    const parts = value.map((v) => findMessage(v, depth + 1)).filter((v): v is string => !!v);
    return parts.length ? parts.join(' | ') : undefined;
  }
  if (typeof value !== 'object') return undefined;
  const o = value as Json;
  for (const key of ['message', 'Message', 'msg', 'messages', 'description', 'Description', 'error_description', 'detail', 'details', 'title', 'error', 'errors', 'Error', 'errorMessage', 'statusText', 'body', 'data']) {
    if (key in o) {
      const found = findMessage(o[key], depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** n8n's NodeApiError: a remote API's failure, its message standardised by HTTP status. */
export class NodeApiError extends NodeError {
  httpCode: string | null = null;
  constructor(node: NodeLike | undefined, errorResponse: Json | Error, options: NodeErrorOptions & { httpCode?: string; parseXml?: boolean; messageMapping?: Record<string, string> } = {}) {
    super(node, errorResponse as Json);
    this.name = 'NodeApiError';
    const r = errorResponse as Json & { response?: { status?: number; data?: unknown } };
    const code = options.httpCode ?? r.httpCode ?? r.statusCode ?? r.status ?? r.response?.status ?? (typeof r.code === 'number' ? r.code : undefined);
    this.httpCode = code === undefined || code === null ? null : String(code);
    const fromBody = findMessage(r.response?.data) ?? findMessage(r.error) ?? findMessage(r.body) ?? findMessage(r.message);
    const standard = this.httpCode ? (STATUS_CODE_MESSAGES[this.httpCode] ?? STATUS_CODE_MESSAGES[`${this.httpCode[0]}XX`]) : undefined;
    this.message = options.message ?? standard ?? fromBody ?? 'UNKNOWN ERROR - check the detailed error for more information';
    this.description = options.description ?? (fromBody && fromBody !== this.message ? fromBody : undefined);
    if (options.messageMapping && fromBody) {
      for (const [needle, replacement] of Object.entries(options.messageMapping)) if (fromBody.includes(needle)) this.message = replacement;
    }
    this.apply({ ...options, message: undefined, description: undefined });
  }
}

export class NodeSSLError extends Error {
  constructor(cause: Error) {
    super('SSL Issue: consider using the \'Ignore SSL issues\' option', { cause });
    this.name = 'NodeSSLError';
  }
}
export class WorkflowOperationError extends Error {
  node?: NodeLike;
  description?: string;
  constructor(message: string, node?: NodeLike, description?: string) {
    super(message);
    this.name = 'WorkflowOperationError';
    this.node = node;
    this.description = description;
  }
}
export class ExpressionError extends Error {
  description?: string;
  constructor(message: string, options: { description?: string } = {}) {
    super(message);
    this.name = 'ExpressionError';
    this.description = options.description;
  }
}
export class TriggerCloseError extends ApplicationError {
  readonly node: NodeLike;
  constructor(node: NodeLike, options: { cause?: unknown; level?: string } = {}) {
    super('Trigger Close Failed', options);
    this.name = 'TriggerCloseError';
    this.node = node;
  }
}

/** Anything thrown, as an Error. */
export function ensureError(error: unknown): Error {
  if (error instanceof Error) return error;
  return new Error('Error that was not an instance of Error was thrown', { cause: error });
}
