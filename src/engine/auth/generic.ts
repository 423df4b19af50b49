// A credential type's declared authentication (n8n's IAuthenticateGeneric): each key and value
// of headers / qs / body / auth may be an expression over $credentials ('=Bearer
// {{$credentials.token}}'), evaluated by the engine's expression evaluator (the one that runs a
// node's '={{ }}' parameters), then set on the request; a credential's value wins over the
// caller's same-named header, query parameter or body field, as in n8n's credentials helper.
import type { IAuthenticateGeneric } from '../../model/credentialTypes.ts';
import type { IDataObject } from '../../model/workflow.ts';
import type { EngineLimits } from '../types.ts';
import { evaluateParameterValue } from '../expressions.ts';
import { mergeBody, setHeader, setQuery, type AuthRequestOptions } from './request.ts';

export type ExpressionLimits = Pick<EngineLimits, 'expressionSteps'>;

/** n8n's resolveValue: a plain string stays, '=…' is evaluated with $credentials in scope. */
export function resolveCredentialValue(value: unknown, credentials: IDataObject, limits: ExpressionLimits): unknown {
  if (typeof value !== 'string' || !value.startsWith('=')) return value;
  return evaluateParameterValue(value, { $credentials: credentials }, limits);
}

function asText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Raised when a declared key resolves to nothing (Header Auth without a header name …). */
export class EmptyAuthKeyError extends Error {
  readonly where: 'headers' | 'qs' | 'body';
  constructor(where: 'headers' | 'qs' | 'body') {
    super(`empty ${where} name`);
    this.where = where;
  }
}

function resolveMap(map: Record<string, string> | string | undefined, credentials: IDataObject, limits: ExpressionLimits, where: 'headers' | 'qs' | 'body'): Record<string, string> {
  const out: Record<string, string> = {};
  // A whole map may be one expression ('={{ $credentials.a ? { X: … } : {} }}'), as packages write it.
  const resolved = typeof map === 'string' ? resolveCredentialValue(map, credentials, limits) : map;
  if (resolved === null || typeof resolved !== 'object') return out;
  for (const [key, value] of Object.entries(resolved as Record<string, string>)) {
    const name = asText(resolveCredentialValue(key, credentials, limits));
    if (!name) throw new EmptyAuthKeyError(where);
    out[name] = asText(resolveCredentialValue(value, credentials, limits));
  }
  return out;
}

/** Applies a generic `authenticate` declaration to the request (in place). */
export function applyGenericAuthenticate(authenticate: IAuthenticateGeneric, credentials: IDataObject, options: AuthRequestOptions, limits: ExpressionLimits): void {
  const { headers, qs, body, auth } = authenticate.properties;
  if (headers) {
    const resolved = resolveMap(headers, credentials, limits, 'headers');
    options.headers ??= {};
    for (const [name, value] of Object.entries(resolved)) setHeader(options.headers, name, value);
  }
  if (qs) setQuery(options, resolveMap(qs, credentials, limits, 'qs'));
  if (body) mergeBody(options, resolveMap(body, credentials, limits, 'body'));
  // auth too may be one expression, and may resolve to nothing (no Basic auth for this credential).
  const authValue = (typeof auth === 'string' ? resolveCredentialValue(auth, credentials, limits) : auth) as { username?: string; password?: string } | undefined | null;
  if (authValue && typeof authValue === 'object') {
    options.auth = {
      username: asText(resolveCredentialValue(authValue.username ?? '', credentials, limits)),
      password: asText(resolveCredentialValue(authValue.password ?? '', credentials, limits)),
    };
  }
}
