// Errors as they are stored on a run and on the execution (plain, serialisable objects).
import type { INode } from '../model/workflow.ts';
import type { ExecutionError } from '../model/execution.ts';

export function serializeError(e: unknown, node?: INode): ExecutionError {
  const err = e instanceof Error ? e : new Error(typeof e === 'string' ? e : safeString(e));
  const extra = err as Error & {
    description?: string;
    httpCode?: string;
    context?: Record<string, unknown>;
    cause?: unknown;
  };
  const out: ExecutionError = {
    name: err.name || 'Error',
    message: err.message || 'Unknown error',
    timestamp: Date.now(),
    stack: err.stack,
  };
  if (extra.description !== undefined) out.description = extra.description;
  if (extra.httpCode !== undefined) out.httpCode = extra.httpCode;
  if (extra.context && Object.keys(extra.context).length) out.context = { ...extra.context };
  if (extra.cause !== undefined) out.cause = plainCause(extra.cause);
  if (node) out.node = { name: node.name, type: node.type, typeVersion: node.typeVersion };
  return out;
}

function plainCause(cause: unknown): unknown {
  if (cause instanceof Error) return { name: cause.name, message: cause.message };
  try {
    return JSON.parse(JSON.stringify(cause));
  } catch {
    return safeString(cause);
  }
}

function safeString(v: unknown): string {
  try {
    return String(v);
  } catch {
    return 'Unknown error';
  }
}

export function cancelledError(timedOut: boolean): ExecutionError {
  return {
    name: 'ExecutionCancelledError',
    message: timedOut ? 'The execution was canceled because it timed out' : 'The execution was canceled',
    timestamp: Date.now(),
  };
}
