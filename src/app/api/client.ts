// The one place that talks HTTP: base `${basePath}rest`, the push-ref header, `{ data }`
// unwrapping and typed errors. The per-resource files hold one function per call.
import { PUSH_REF_HEADER, type ApiErrorBody } from '../../model/api.ts';
import { restBase } from '../basePath.ts';
import { ApiError, NetworkError } from './errors.ts';
import { notifyUnauthorized } from './unauthorized.ts';
import { fetchOrEarly } from './early.ts';

/** Identifies this tab's push stream; manual executions report to it. */
export const pushRef: string = globalThis.crypto.randomUUID();

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * A 401 is this call's own answer (wrong password, not signed in yet), not a lost session:
   * the unauthorized hook is not called. Set by the sign-in, setup, sign-up and password pages.
   */
  authFlow?: boolean;
  /** More headers (a wall screen's `authorization: Bearer <wall token>`). */
  headers?: Record<string, string>;
}

function url(path: string, query?: Query): string {
  let u = `${restBase}${path}`;
  if (query) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) q.set(k, String(v));
    const s = q.toString();
    if (s) u += `?${s}`;
  }
  return u;
}

function isErrorBody(v: unknown): v is ApiErrorBody {
  return typeof v === 'object' && v !== null && typeof (v as ApiErrorBody).message === 'string';
}

export async function request<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, [PUSH_REF_HEADER]: pushRef, accept: 'application/json' };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    const init: RequestInit = { method, headers, body, credentials: 'same-origin', signal: options.signal };
    // A GET asked as index.html started is taken from there, unless this call adds headers; any
    // other method drops what was asked early (it may change the answers).
    res = await (method !== 'GET' || !options.headers ? fetchOrEarly(url(path, options.query), init) : fetch(url(path, options.query), init));
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new NetworkError(e);
  }
  // The session is gone (signed out elsewhere, password changed, user deleted).
  if (res.status === 401 && !options.authFlow) notifyUnauthorized();
  const text = await res.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      if (!res.ok) throw new ApiError(`${res.status} ${res.statusText || 'Request failed'}`, res.status);
      throw new ApiError(`The server answered ${method} ${path} with something that is not JSON`, res.status);
    }
  }
  if (!res.ok) {
    if (isErrorBody(parsed)) throw new ApiError(parsed.message, res.status, parsed.code, parsed.hint);
    throw new ApiError(`${res.status} ${res.statusText || 'Request failed'}`, res.status);
  }
  if (parsed && typeof parsed === 'object' && 'data' in parsed) return (parsed as { data: T }).data;
  return parsed as T;
}

/** The full URL of a REST path with its query (for EventSource, which cannot use request()). */
export function restUrl(path: string, query?: Query): string {
  return url(path, query);
}

/** URL of the push stream for this tab. */
export function pushUrl(): string {
  return url('/push', { pushRef });
}
