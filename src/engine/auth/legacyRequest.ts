// n8n's legacy request options (request-promise's: uri, form, json, simple,
// resolveWithFullResponse, encoding null) mapped onto the engine's HTTP options, so
// requestWithAuthentication answers as n8n's does: the body (parsed with json: true), or the
// full response; a status >= 400 fails unless simple is false.
import type { AuthenticatedRequestOptions, HttpResponse, LegacyRequestOptions } from '../../nodes/types.ts';
import { setHeader } from './request.ts';

export function legacyToHttpOptions(options: LegacyRequestOptions): AuthenticatedRequestOptions {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  let body = options.body;
  if (options.form) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(options.form)) if (v !== undefined) form.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
    body = form.toString();
    setHeader(headers, 'content-type', 'application/x-www-form-urlencoded');
  } else if (options.json && body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array)) {
    body = JSON.stringify(body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  }
  const auth = options.auth ? { username: options.auth.username ?? options.auth.user ?? '', password: options.auth.password ?? options.auth.pass ?? '' } : undefined;
  return {
    url: options.uri ?? options.url ?? '',
    baseURL: options.baseURL,
    method: options.method ?? 'GET',
    headers,
    qs: options.qs,
    body,
    json: options.json,
    encoding: options.encoding === null ? 'arraybuffer' : undefined,
    timeout: options.timeout,
    ignoreHttpStatusErrors: options.simple === false,
    followRedirects: options.followRedirect,
    auth,
  };
}

export function legacyResult(options: LegacyRequestOptions, response: HttpResponse): unknown {
  return options.resolveWithFullResponse ? response : response.body;
}
