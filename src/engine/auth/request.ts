// The request an authentication scheme works on, and the small merges every scheme shares:
// a header set whatever its case, query parameters that replace same-named ones already in the
// URL, body fields merged into whatever body the caller built (object, JSON text, form text,
// URLSearchParams or FormData), a base URL joined as n8n (axios) joins it, Basic credentials
// written as the Authorization header.
import type { AuthenticatedRequestOptions, HttpRequestOptions } from '../../nodes/types.ts';

/** n8n's IHttpRequestOptions as the auth helpers take it: our options plus baseURL and auth. */
export type AuthRequestOptions = AuthenticatedRequestOptions;

export function setHeader(headers: Record<string, string>, name: string, value: string): void {
  const lower = name.toLowerCase();
  for (const key of Object.keys(headers)) if (key.toLowerCase() === lower) delete headers[key];
  headers[name] = value;
}

export function getHeader(headers: Record<string, string> | undefined, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers ?? {})) if (key.toLowerCase() === lower) return value;
  return undefined;
}

/** axios' combineURLs: a relative url is appended to baseURL with exactly one slash between. */
export function joinBaseUrl(baseURL: string | undefined, url: string): string {
  if (!baseURL || /^[a-z][a-z\d+.-]*:\/\//i.test(url)) return url;
  if (!url) return baseURL;
  return `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/**
 * The URL with `qs` written into it, as the engine's HTTP client writes it (arrays repeat the
 * key, objects as JSON). Digest signs the request-target, so the final URL is fixed here.
 */
export function urlWithQuery(url: string, qs: Record<string, unknown> | undefined): string {
  if (!qs || !Object.keys(qs).length) return url;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url; // the HTTP client reports the invalid URL
  }
  for (const [k, v] of Object.entries(qs)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const x of v) u.searchParams.append(k, String(x));
    else u.searchParams.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return u.toString();
}

/** Query parameters a credential sets: they replace same-named ones, in `qs` or in the URL. */
export function setQuery(options: AuthRequestOptions, values: Record<string, string>): void {
  const names = Object.keys(values);
  if (!names.length) return;
  try {
    const u = new URL(options.url);
    let changed = false;
    for (const name of names) {
      if (u.searchParams.has(name)) {
        u.searchParams.delete(name);
        changed = true;
      }
    }
    if (changed) options.url = u.toString();
  } catch {
    // A relative or invalid URL: nothing in it to replace.
  }
  options.qs = { ...(options.qs ?? {}), ...values };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);
}

/** Thrown when a credential's body fields cannot go into the request's kind of body. */
export class BodyMergeError extends Error {}

/** Body fields a credential adds: merged into the body the caller built, credential fields win. */
export function mergeBody(options: AuthRequestOptions, values: Record<string, unknown>): void {
  if (!Object.keys(values).length) return;
  const body = options.body;
  const headers = (options.headers ??= {});
  const contentType = (getHeader(headers, 'content-type') ?? '').toLowerCase();
  if (body === undefined || body === null || body === '') {
    options.body = { ...values };
    return;
  }
  if (isPlainObject(body)) {
    options.body = { ...body, ...values };
    return;
  }
  if (body instanceof URLSearchParams) {
    for (const [k, v] of Object.entries(values)) body.set(k, String(v));
    return;
  }
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    for (const [k, v] of Object.entries(values)) body.set(k, String(v));
    return;
  }
  if (typeof body === 'string') {
    if (contentType.includes('application/x-www-form-urlencoded')) {
      const params = new URLSearchParams(body);
      for (const [k, v] of Object.entries(values)) params.set(k, String(v));
      options.body = params.toString();
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    if (isPlainObject(parsed)) {
      options.body = JSON.stringify({ ...parsed, ...values });
      return;
    }
  }
  throw new BodyMergeError('the request body is not a JSON object or form fields, so the credential\'s body fields cannot be added to it');
}

/** `auth` becomes the Authorization header (UTF-8, as axios writes it). */
export function applyBasicAuth(options: AuthRequestOptions): void {
  if (!options.auth) return;
  const { username = '', password = '' } = options.auth;
  setHeader((options.headers ??= {}), 'Authorization', `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`);
  delete options.auth;
}

/** What the engine's HTTP client takes: base URL joined, query written into the URL, auth as a header. */
export function finalOptions(options: AuthRequestOptions): HttpRequestOptions {
  const out: AuthRequestOptions = { ...options, headers: { ...(options.headers ?? {}) } };
  applyBasicAuth(out);
  out.url = urlWithQuery(joinBaseUrl(out.baseURL, out.url), out.qs);
  delete out.baseURL;
  delete out.qs;
  return out;
}
