// Redirects of an authenticated request are followed here, not by the HTTP client: a hop to
// another origin must not carry the credential. Such a hop keeps only the headers the caller set
// itself, less Authorization, Proxy-Authorization and Cookie (follow-redirects' rule, which n8n
// relies on); the credential's headers (Bearer, Private-Token, a Custom Auth header …) stay with
// the origin they were meant for. Same-origin hops keep everything. Method rules as the
// engine's client: 303, and 301/302 after POST, continue as GET without a body.
import type { HttpRequestOptions, HttpResponse } from '../../nodes/types.ts';
import { HttpRequestError } from '../http.ts';

const DROPPED_ACROSS_ORIGINS = new Set(['authorization', 'proxy-authorization', 'cookie']);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Wraps `send` so that redirects are followed with the rule above. `callerHeaders` are the
 * headers of the request before any credential was applied.
 */
export function followRedirectsSafely(
  send: (options: HttpRequestOptions) => Promise<HttpResponse>,
  callerHeaders: Record<string, string> | undefined,
): (options: HttpRequestOptions) => Promise<HttpResponse> {
  return async (options) => {
    const follow = options.followRedirects ?? true;
    if (!follow) return send(options);
    const max = options.maxRedirects ?? 20;
    const firstOrigin = originOf(options.url);
    let current: HttpRequestOptions = { ...options, followRedirects: false };
    for (let hops = 0; ; hops++) {
      const response = await send(current);
      const location = Object.entries(response.headers).find(([k]) => k.toLowerCase() === 'location')?.[1];
      if (response.statusCode < 300 || response.statusCode >= 400 || !location) return response;
      if (hops >= max) throw new HttpRequestError(`Maximum number of redirects exceeded (${max})`, 'ERR_FR_TOO_MANY_REDIRECTS');
      const url = new URL(location, current.url).toString();
      const next: HttpRequestOptions = { ...current, url };
      const method = (current.method ?? 'GET').toUpperCase();
      if (response.statusCode === 303 || ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')) {
        next.method = 'GET';
        next.body = undefined;
      }
      if (originOf(url) !== firstOrigin) {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(callerHeaders ?? {})) if (!DROPPED_ACROSS_ORIGINS.has(k.toLowerCase())) headers[k] = v;
        next.headers = headers;
      }
      current = next;
    }
  };
}
