// OAuth 1.0a request signing (RFC 5849 §3): every request carries an Authorization: OAuth header
// whose signature is an HMAC (SHA-1 by default, SHA-256 / SHA-512 as n8n's oAuth1Api offers) over
// the method, the base URI and every parameter — the URL's query, the request's qs, a form body's
// fields and the oauth_* protocol parameters. Used at request time (oAuth1Api credentials on HTTP
// Request) and by the server's connect flow (request token, access token).
import { createHmac, randomBytes } from 'node:crypto';

export type OAuth1SignatureMethod = 'HMAC-SHA1' | 'HMAC-SHA256' | 'HMAC-SHA512';

const HASH: Record<OAuth1SignatureMethod, string> = { 'HMAC-SHA1': 'sha1', 'HMAC-SHA256': 'sha256', 'HMAC-SHA512': 'sha512' };

export interface OAuth1Keys {
  consumerKey: string;
  consumerSecret: string;
  /** The request or access token (absent when asking for a request token). */
  token?: string;
  tokenSecret?: string;
  signatureMethod?: string;
}

export interface OAuth1Request {
  method: string;
  url: string;
  /** Query parameters added to the URL's own. */
  qs?: Record<string, unknown>;
  /** Fields of an application/x-www-form-urlencoded body (they are signed; JSON bodies are not). */
  form?: Record<string, unknown>;
}

/** RFC 3986 unreserved characters stay, everything else is %XX of its UTF-8 bytes (RFC 5849 §3.6). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function signatureMethodOf(value: unknown): OAuth1SignatureMethod {
  if (value === undefined || value === null || value === '') return 'HMAC-SHA1';
  if (value === 'HMAC-SHA1' || value === 'HMAC-SHA256' || value === 'HMAC-SHA512') return value;
  throw new Error(`OAuth1 signature method "${String(value)}" is not supported: use HMAC-SHA1, HMAC-SHA256 or HMAC-SHA512`);
}

function pairs(record: Record<string, unknown> | undefined): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(record ?? {})) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const x of v) out.push([k, String(x)]);
    else out.push([k, typeof v === 'object' ? JSON.stringify(v) : String(v)]);
  }
  return out;
}

/** RFC 5849 §3.4.1.2: scheme and host lower case, default port left out, no query or fragment. */
export function baseStringUri(url: URL): string {
  const scheme = url.protocol.toLowerCase();
  const defaultPort = (scheme === 'http:' && url.port === '80') || (scheme === 'https:' && url.port === '443') || url.port === '';
  return `${scheme}//${url.hostname.toLowerCase()}${defaultPort ? '' : `:${url.port}`}${url.pathname}`;
}

/** RFC 5849 §3.4.1: METHOD & base URI & normalised parameters, each percent-encoded. */
export function signatureBaseString(method: string, url: URL, params: Array<[string, string]>): string {
  const normalized = params
    .map(([k, v]) => [percentEncode(k), percentEncode(v)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return [method.toUpperCase(), percentEncode(baseStringUri(url)), percentEncode(normalized)].join('&');
}

/**
 * The Authorization header value for one request. `extra` carries protocol parameters of the
 * connect flow (oauth_callback, oauth_verifier); nonce and timestamp can be fixed (tests).
 */
export function oauth1Authorization(
  request: OAuth1Request,
  keys: OAuth1Keys,
  extra: Record<string, string> = {},
  fixed: { nonce?: string; timestamp?: string; omitVersion?: boolean } = {},
): string {
  const method = signatureMethodOf(keys.signatureMethod);
  const url = new URL(request.url);
  const protocol: Record<string, string> = {
    oauth_consumer_key: keys.consumerKey,
    oauth_nonce: fixed.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: method,
    oauth_timestamp: fixed.timestamp ?? String(Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
    ...extra,
  };
  // oauth_version is optional (§3.1); RFC 5849's own examples leave it out.
  if (fixed.omitVersion) delete protocol.oauth_version;
  if (keys.token) protocol.oauth_token = keys.token;
  const params: Array<[string, string]> = [...url.searchParams.entries(), ...pairs(request.qs), ...pairs(request.form), ...Object.entries(protocol)];
  const base = signatureBaseString(request.method, url, params);
  const key = `${percentEncode(keys.consumerSecret)}&${percentEncode(keys.tokenSecret ?? '')}`;
  protocol.oauth_signature = createHmac(HASH[method], key).update(base).digest('base64');
  return `OAuth ${Object.entries(protocol)
    .map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`)
    .join(', ')}`;
}

/** The keys an oAuth1Api credential (with its stored oauthTokenData) signs requests with. */
export function oauth1KeysOf(credentials: Record<string, unknown>): OAuth1Keys {
  const tokens = (credentials.oauthTokenData ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
  if (!text(tokens.oauth_token)) {
    throw new Error('The OAuth1 credential is not connected: open it and click "Connect my account" first');
  }
  return {
    consumerKey: text(credentials.consumerKey),
    consumerSecret: text(credentials.consumerSecret),
    token: text(tokens.oauth_token),
    tokenSecret: text(tokens.oauth_token_secret),
    signatureMethod: text(credentials.signatureMethod) || undefined,
  };
}

function headerOf(headers: Record<string, string> | undefined, name: string): string | undefined {
  for (const [k, v] of Object.entries(headers ?? {})) if (k.toLowerCase() === name) return v;
  return undefined;
}

/** The fields of a form-encoded body (RFC 5849 §3.4.1.3.1: only those are signed), else undefined. */
function formFields(options: { headers?: Record<string, string>; body?: unknown }): Record<string, string[]> | undefined {
  const body = options.body;
  if (body instanceof URLSearchParams) return groupPairs([...body.entries()]);
  const type = headerOf(options.headers, 'content-type') ?? '';
  if (typeof body === 'string' && type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return groupPairs([...new URLSearchParams(body).entries()]);
  return undefined;
}

function groupPairs(entries: Array<[string, string]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of entries) (out[k] ??= []).push(v);
  return out;
}

/**
 * A copy of a final request (URL, qs, body as the HTTP client sends them) with the
 * Authorization: OAuth header of an oAuth1Api credential (its stored access token and secret).
 */
export function signOAuth1Request<T extends { url: string; method?: string; qs?: Record<string, unknown>; headers?: Record<string, string>; body?: unknown }>(credentials: Record<string, unknown>, options: T): T {
  const keys = oauth1KeysOf(credentials);
  const authorization = oauth1Authorization({ method: options.method ?? 'GET', url: options.url, qs: options.qs, form: formFields(options) }, keys);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(options.headers ?? {})) if (k.toLowerCase() !== 'authorization') headers[k] = v;
  headers.Authorization = authorization;
  return { ...options, headers };
}
