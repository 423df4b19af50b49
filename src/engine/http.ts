// Outbound HTTP for nodes: fetch with a time limit, a size limit and n8n's response shapes.
import { Agent } from 'undici';
import { readCappedBytes } from './readCapped.ts';
import type { HttpRequestOptions, HttpResponse } from '../nodes/types.ts';

const DEFAULT_TIMEOUT_MS = 300_000;
const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

/** Connections that accept any certificate, for requests with skipSslCertificateValidation only. */
let insecureAgent: Agent | undefined;

export class HttpRequestError extends Error {
  httpCode?: string;
  response?: HttpResponse;
  constructor(message: string, httpCode?: string, response?: HttpResponse) {
    super(message);
    this.name = 'NodeApiError';
    this.httpCode = httpCode;
    this.response = response;
  }
}

function buildUrl(url: string, qs?: Record<string, unknown>): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new HttpRequestError(`Invalid URL: ${url}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new HttpRequestError(`Unsupported protocol ${u.protocol} in URL ${url}`);
  for (const [k, v] of Object.entries(qs ?? {})) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const x of v) u.searchParams.append(k, String(x));
    else u.searchParams.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return u.toString();
}

/**
 * The URL as an error message may show it: without its query and user info, which can hold a
 * credential's secret (query auth, custom auth's qs); error messages are stored with the run.
 */
function urlForMessage(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}${u.search ? '?…' : ''}`;
}

/** The body, at most maxBytes (declared or received): more is refused, not read. */
function readLimited(res: Response, maxBytes: number): Promise<Uint8Array> {
  return readCappedBytes(res, maxBytes, () => new HttpRequestError(`Response is larger than the limit of ${maxBytes} bytes`));
}

/** Redirects are followed here rather than by fetch so callers can turn them off or cap them. */
async function fetchFollowing(url: string, init: RequestInit & { method: string }, options: HttpRequestOptions): Promise<Response> {
  const follow = options.followRedirects ?? true;
  const max = options.maxRedirects ?? 20;
  let current = url;
  let { method, body } = init;
  for (let hops = 0; ; hops++) {
    const res = await fetch(current, { ...init, method, body, redirect: 'manual' });
    const location = res.headers.get('location');
    if (!follow || res.status < 300 || res.status >= 400 || !location) return res;
    if (hops >= max) {
      await res.body?.cancel();
      throw new HttpRequestError(`Maximum number of redirects exceeded (${max})`, 'ERR_FR_TOO_MANY_REDIRECTS');
    }
    await res.body?.cancel();
    current = new URL(location, current).toString();
    // Browsers' and request's rule: 303, and 301/302 after POST, continue as GET without a body.
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
}

export async function defaultHttpRequest(options: HttpRequestOptions, signal: AbortSignal): Promise<HttpResponse> {
  const method = (options.method ?? 'GET').toUpperCase();
  const url = buildUrl(options.url, options.qs);
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  let body: BodyInit | undefined;
  if (options.body !== undefined && options.body !== null && method !== 'GET' && method !== 'HEAD') {
    if (typeof options.body === 'string' || options.body instanceof Uint8Array || options.body instanceof URLSearchParams || options.body instanceof FormData) {
      body = options.body as BodyInit;
    } else {
      body = JSON.stringify(options.body);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    }
  }
  const timeout = AbortSignal.timeout(options.timeout ?? DEFAULT_TIMEOUT_MS);
  let res: Response;
  try {
    const dispatcher = options.skipSslCertificateValidation ? (insecureAgent ??= new Agent({ connect: { rejectUnauthorized: false } })) : undefined;
    res = await fetchFollowing(url, { method, headers, body, signal: AbortSignal.any([signal, timeout]), ...(dispatcher ? { dispatcher } : {}) } as RequestInit & { method: string }, options);
  } catch (e) {
    if (e instanceof HttpRequestError) throw e;
    if (timeout.aborted) throw new HttpRequestError(`Request timed out after ${options.timeout ?? DEFAULT_TIMEOUT_MS} ms`, 'ETIMEDOUT');
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new HttpRequestError(`Request to ${urlForMessage(url)} failed: ${cause?.message ?? (e as Error).message}`, cause?.code);
  }
  const bytes = await readLimited(res, options.maxBytes ?? DEFAULT_MAX_BYTES);
  const responseHeaders: Record<string, string> = {};
  res.headers.forEach((v, k) => (responseHeaders[k] = v));
  let parsed: unknown;
  const contentType = responseHeaders['content-type'] ?? '';
  if (options.encoding === 'arraybuffer') parsed = bytes;
  else {
    const text = new TextDecoder().decode(bytes);
    if (options.encoding === 'text') parsed = text;
    else if (options.encoding === 'json' || contentType.includes('json') || options.json) {
      try {
        parsed = text === '' ? '' : JSON.parse(text);
      } catch {
        if (options.encoding === 'json') throw new HttpRequestError('Response body is not valid JSON');
        parsed = text;
      }
    } else parsed = text;
  }
  const response: HttpResponse = { statusCode: res.status, statusMessage: res.statusText, headers: responseHeaders, body: parsed };
  if (res.status >= 400 && !options.ignoreHttpStatusErrors) {
    const detail = typeof parsed === 'string' ? parsed.slice(0, 500) : JSON.stringify(parsed)?.slice(0, 500);
    throw new HttpRequestError(`${res.status} - ${detail ?? res.statusText}`, String(res.status), response);
  }
  return response;
}
