// A credential type's declared connection test (n8n's ICredentialTestRequest): one request,
// its values evaluated over $credentials, authenticated as the type says, then n8n's verdict:
// a non-2xx answer fails (a matching responseCode rule gives its message, else the status
// text), a 2xx answer fails when a responseSuccessBody rule matches the body, anything else is
// 'Connection successful!'. The whole test, digest round-trip included, is bounded by one
// deadline; answers are read up to a size limit; no message carries a secret of the credential.
import type { ICredentialType, ICredentialTestRule } from '../../model/credentialTypes.ts';
import { secretProperties } from '../../model/credentialTypes.ts';
import type { IDataObject } from '../../model/workflow.ts';
import type { HttpRequestOptions, HttpResponse } from '../../nodes/types.ts';
import { evaluateParameterValue } from '../expressions.ts';
import { defaultHttpRequest } from '../http.ts';
import { DEFAULT_LIMITS } from '../types.ts';
import { sendAuthenticated, type AuthRequestOptions } from './index.ts';
import { finalOptions } from './request.ts';

export interface CredentialTestOutcome {
  status: 'OK' | 'Error';
  message: string;
}

/** Time the whole connection test may take. */
export const CREDENTIAL_TEST_TIMEOUT_MS = 15_000;
/** Bytes of the test response read at most. */
const CREDENTIAL_TEST_MAX_BYTES = 1024 * 1024;

/** Whether POST /credentials/test can test this type: it declares a test request, or is SMTP (connects). */
export function isCredentialTypeTestable(type: Pick<ICredentialType, 'name' | 'test'>): boolean {
  return !!type.test || type.name === 'smtp';
}

export interface CredentialTestOptions {
  timeoutMs?: number;
  /** The HTTP client (the engine's by default). */
  httpRequest?: (options: HttpRequestOptions, signal: AbortSignal) => Promise<HttpResponse>;
  /**
   * Authenticates the test request itself when the type's authentication is not declarative (a
   * community package's function authenticate); undefined = the engine authenticates it.
   */
  authenticate?: (credentials: IDataObject, request: AuthRequestOptions, signal: AbortSignal) => Promise<AuthRequestOptions | undefined>;
}

/** lodash get for a dotted key ('error', 'data.user.id'). */
function valueAt(data: unknown, key: string): unknown {
  let cur = data;
  for (const part of key.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Replaces every secret value of the credential in `text`. */
function redact(text: string, type: ICredentialType, credentials: IDataObject): string {
  const names = [...secretProperties(type), ...(type.name === 'httpCustomAuth' ? ['json'] : [])];
  let out = text;
  for (const name of names) {
    const v = credentials[name];
    if (typeof v === 'string' && v.length >= 3) out = out.split(v).join('**hidden**');
    if (typeof v === 'string' && v.length >= 3 && encodeURIComponent(v) !== v) out = out.split(encodeURIComponent(v)).join('**hidden**');
  }
  return out;
}

function statusVerdict(response: HttpResponse, rules: ICredentialTestRule[]): CredentialTestOutcome | undefined {
  const status = response.statusCode;
  if (status < 200 || status > 299) {
    for (const rule of rules) {
      if (rule.type === 'responseCode' && rule.properties.value === status) return { status: 'Error', message: rule.properties.message };
    }
    return { status: 'Error', message: response.statusMessage || `Received HTTP status code: ${status}` };
  }
  for (const rule of rules) {
    if (rule.type === 'responseSuccessBody' && valueAt(response.body, rule.properties.key) === rule.properties.value) {
      return { status: 'Error', message: rule.properties.message };
    }
  }
  return undefined;
}

/** Runs `type.test` with `credentials` (decrypted, defaults applied). The type must declare a test. */
export async function testCredentialByRequest(type: ICredentialType, credentials: IDataObject, options: CredentialTestOptions = {}): Promise<CredentialTestOutcome> {
  const test = type.test;
  if (!test) return { status: 'Error', message: `Credentials of type "${type.name}" have no connection test` };
  const timeoutMs = options.timeoutMs ?? CREDENTIAL_TEST_TIMEOUT_MS;
  const httpRequest = options.httpRequest ?? defaultHttpRequest;
  const limits = { expressionSteps: DEFAULT_LIMITS.expressionSteps };
  const deadline = AbortSignal.timeout(timeoutMs);
  const scope = { $credentials: credentials };
  const resolved = evaluateParameterValue(test.request, scope, limits) as Record<string, unknown>;
  const request: AuthRequestOptions = {
    baseURL: resolved.baseURL === undefined ? undefined : String(resolved.baseURL ?? ''),
    url: String(resolved.url ?? ''),
    method: String(resolved.method ?? 'GET').toUpperCase(),
    headers: Object.fromEntries(Object.entries((resolved.headers as Record<string, unknown>) ?? {}).map(([k, v]) => [k, String(v ?? '')])),
    qs: (resolved.qs as Record<string, unknown>) ?? undefined,
    body: resolved.body,
    timeout: timeoutMs,
    maxBytes: CREDENTIAL_TEST_MAX_BYTES,
    ignoreHttpStatusErrors: true,
    followRedirects: true,
  };
  try {
    const authenticated = options.authenticate ? await options.authenticate(credentials, request, deadline) : undefined;
    const response = authenticated
      ? await httpRequest(finalOptions(authenticated), deadline)
      : await sendAuthenticated(type.name, credentials, request, {
          limits,
          credentialType: (name) => (name === type.name ? type : undefined),
          send: (o) => httpRequest(o, deadline),
        });
    return statusVerdict(response, test.rules ?? []) ?? { status: 'OK', message: 'Connection successful!' };
  } catch (e) {
    if (deadline.aborted) return { status: 'Error', message: `The connection test timed out after ${Math.round(timeoutMs / 1000)} seconds without an answer` };
    const error = e as Error & { httpCode?: string };
    // n8n answers a connection failure with its code (ECONNREFUSED, ENOTFOUND …).
    if (error.httpCode && !/^\d{3}$/.test(error.httpCode)) return { status: 'Error', message: error.httpCode };
    return { status: 'Error', message: redact(error instanceof Error ? error.message : String(e), type, credentials) };
  }
}
