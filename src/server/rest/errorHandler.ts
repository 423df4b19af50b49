// The one place errors become HTTP answers: `{ code, message, hint? }` with the status.
// Validation, not-found, conflict and too-large map to 4xx; anything unexpected is logged and
// answered 500 without internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../model/api.ts';
import { HttpError, WorkflowHasIssuesError } from '../errors.ts';
import { TooManyRequestsError } from '../auth/rateLimit.ts';
import { workflowTooLargeMessage } from '../../model/validateWorkflow.ts';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const CONTEXT_NAMES: Record<string, string> = { querystring: 'query', body: 'body', params: 'params', headers: 'headers' };

/** 'body/nodes/0/name must be string' — the most specific of Ajv's errors, naming the field. */
export function formatValidationErrors(errors: AjvError[], context: string): string {
  const ctx = CONTEXT_NAMES[context] ?? context;
  // Deepest path first: inside an anyOf the branch errors say more than "must match a schema".
  const sorted = [...errors].sort((a, b) => b.instancePath.split('/').length - a.instancePath.split('/').length);
  const e = sorted.find((x) => x.keyword !== 'anyOf' && x.keyword !== 'oneOf') ?? sorted[0];
  if (!e) return `${ctx} is invalid`;
  const path = `${ctx}${e.instancePath}`;
  switch (e.keyword) {
    case 'required':
      return `${path}/${String(e.params.missingProperty)} is required`;
    case 'additionalProperties':
      return `${path} must not have the property "${String(e.params.additionalProperty)}"`;
    case 'enum':
      return `${path} must be one of: ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${path} ${e.message ?? 'is invalid'}`;
  }
}

/**
 * Sets the error handler of `app` (and the plugins below it). `shape` turns the REST error body
 * into what is sent: the public API answers n8n's `{ message }`.
 */
export function registerErrorHandler(app: FastifyInstance, limits: { bodyLimit: number }, shape: (body: ApiErrorBody) => unknown = (body) => body): void {
  function send(reply: FastifyReply, status: number, message: string, hint?: string, issues?: Record<string, string[]>): void {
    const body: ApiErrorBody = { code: status, message };
    if (hint) body.hint = hint;
    if (issues) body.issues = issues;
    void reply.status(status).type('application/json; charset=utf-8').send(shape(body));
  }

  app.setErrorHandler((error: FastifyError & { validation?: AjvError[]; validationContext?: string }, request: FastifyRequest, reply: FastifyReply) => {
    if (error.validation) {
      return send(reply, 400, formatValidationErrors(error.validation, error.validationContext ?? 'body'));
    }
    if (error instanceof HttpError) {
      // A limited caller learns when to try again (RFC 9110 Retry-After, in seconds).
      if (error instanceof TooManyRequestsError) void reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, error.statusCode, error.message, error.hint, error instanceof WorkflowHasIssuesError ? error.issues : undefined);
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        if (request.routeOptions.config?.workflowBody) {
          // Refused on the declared length, or as soon as more arrived: never read to the end.
          const limit = request.routeOptions.bodyLimit ?? limits.bodyLimit;
          const declared = Number(request.headers['content-length']);
          return send(reply, 413, workflowTooLargeMessage(Number.isFinite(declared) && declared > limit ? declared : undefined, limit), 'Move large pinned data out of the workflow.');
        }
        return send(
          reply,
          413,
          `Request body is too large: the limit is ${limits.bodyLimit} bytes (${(limits.bodyLimit / 1024 / 1024).toFixed(0)} MB)`,
          'Workflows may be at most 12 MB; move large pinned data out of the workflow, or raise SWITCHYARD_PAYLOAD_SIZE_MAX.',
        );
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, `Request body is not valid JSON: ${error.message}`);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, `Unsupported content type ${JSON.stringify(request.headers['content-type'] ?? '')}: send application/json`);
      // PostgreSQL's 'invalid byte sequence for encoding "UTF8": 0x00': its text columns cannot
      // hold U+0000 (SQLite's can). JSON columns are unaffected (JSON writes it as \u0000).
      case '22021':
        if (/0x00/.test(error.message)) return send(reply, 400, 'The text holds the character U+0000 (NUL), which the database (PostgreSQL) cannot store in a name or other text field', 'Remove the NUL character and send it again.');
    }
    // Other client errors Fastify raises (bad content length, invalid JSON from the parser).
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, error.message);
    }
    request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
    return send(reply, 500, 'Internal server error; the server log has the details');
  });
}
