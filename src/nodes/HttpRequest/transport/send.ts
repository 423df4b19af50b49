// One HTTP request of the node through ctx.helpers.httpRequest (or, with a credential,
// httpRequestWithAuthentication): the body encoded for its content type, the raw bytes back,
// and a failure (status or transport) instead of a throw. With
// sendCredentialsOnCrossOriginRedirect false (HTTP Request 4.4's default) redirects are
// followed here hop by hop, so no credential reaches another origin.
import type { IDataObject } from '../../../model/workflow.ts';
import type { ExecuteFunctions, HttpRequestOptions, HttpResponse } from '../../types.ts';
import { appendQuery, stringifyQuery, type ArrayFormat } from './queryString.ts';
import { decodeText } from './decode.ts';
import { statusFailure, transportFailure, type RequestFailure } from './apiError.ts';

export type BodyKind = 'json' | 'form' | 'multipart' | 'raw' | 'binary';

export interface RequestSpec {
  method: string;
  url: string;
  headers: Record<string, string>;
  qs?: Record<string, unknown>;
  arrayFormat?: ArrayFormat;
  body?: unknown;
  bodyKind?: BodyKind;
  timeout: number;
  followRedirects: boolean;
  maxRedirects?: number;
  /** Non-2xx answers are results, not failures. */
  neverError: boolean;
  /** "Ignore SSL Issues": any TLS certificate is accepted. */
  skipSslCertificateValidation?: boolean;
  /**
   * false: once a followed redirect leaves the request's origin (scheme, host, port), the
   * credential is no longer applied and Authorization, Proxy-Authorization and Cookie headers
   * are dropped, for that hop and every later one (n8n's rule). undefined/true: every hop
   * carries them (HTTP Request before 4.4, unless the option says otherwise).
   */
  sendCredentialsOnCrossOriginRedirect?: boolean;
  /** The credential the request is authenticated with (auth.ts), decrypted. */
  authentication?: { type: string; credentials: IDataObject };
}

export interface RawResponse {
  statusCode: number;
  statusMessage: string;
  headers: Record<string, string>;
  bytes: Uint8Array;
}

export type SendResult = { ok: true; response: RawResponse } | { ok: false; failure: RequestFailure };

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((h) => h.toLowerCase() === name);
}

function encodeBody(spec: RequestSpec, headers: Record<string, string>): unknown {
  const { body, bodyKind } = spec;
  if (body === undefined || body === null) return undefined;
  switch (bodyKind) {
    case 'form': {
      if (!hasHeader(headers, 'content-type')) headers['content-type'] = 'application/x-www-form-urlencoded';
      return typeof body === 'string' ? body : stringifyQuery(body as Record<string, unknown>);
    }
    case 'multipart':
      return body as FormData;
    case 'binary':
      return body as Uint8Array;
    case 'raw':
      return typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body);
    default:
      if (typeof body === 'string') {
        if (!hasHeader(headers, 'content-type')) headers['content-type'] = 'application/json';
        return body;
      }
      return body; // the client writes objects as JSON
  }
}

/** Redirects followed one by one when credentials must not cross origins (engine's default cap). */
const MAX_REDIRECTS_DEFAULT = 20;
const CREDENTIAL_HEADERS = /^(authorization|proxy-authorization|cookie)$/i;

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** One request as the spec says (no status check); `follow` lets the engine follow redirects itself. */
async function sendOnce(ctx: ExecuteFunctions, spec: RequestSpec, follow: boolean): Promise<{ ok: true; response: RawResponse } | { ok: false; failure: RequestFailure }> {
  const headers = { ...spec.headers };
  const body = encodeBody(spec, headers);
  let response: HttpResponse;
  try {
    const options: HttpRequestOptions = {
      url: appendQuery(spec.url, spec.qs, spec.arrayFormat),
      method: spec.method,
      headers,
      body,
      encoding: 'arraybuffer',
      timeout: spec.timeout,
      returnFullResponse: true,
      ignoreHttpStatusErrors: true,
      followRedirects: follow,
      maxRedirects: spec.maxRedirects,
      skipSslCertificateValidation: spec.skipSslCertificateValidation === true,
    };
    const auth = spec.authentication;
    response = (
      auth
        ? await ctx.helpers.httpRequestWithAuthentication(auth.type, options, { credentialsDecrypted: { data: auth.credentials } })
        : await ctx.helpers.httpRequest(options)
    ) as HttpResponse;
  } catch (e) {
    return { ok: false, failure: transportFailure(e) };
  }
  return {
    ok: true,
    response: {
      statusCode: response.statusCode,
      statusMessage: response.statusMessage,
      headers: response.headers,
      bytes: response.body instanceof Uint8Array ? response.body : new TextEncoder().encode(String(response.body ?? '')),
    },
  };
}

/**
 * Follows redirects hop by hop (n8n's manual follower): 303, and 301/302 after POST, go on as
 * a GET without body; a hop to another origin than the first request's loses the credential
 * and the Authorization, Proxy-Authorization and Cookie headers for good.
 */
async function sendFollowingWithoutCrossOriginCredentials(ctx: ExecuteFunctions, spec: RequestSpec) {
  const max = spec.maxRedirects ?? MAX_REDIRECTS_DEFAULT;
  const firstUrl = appendQuery(spec.url, spec.qs, spec.arrayFormat);
  const firstOrigin = originOf(firstUrl);
  let hop: RequestSpec = spec;
  let currentUrl = firstUrl;
  for (let redirects = 0; ; redirects++) {
    const sent = await sendOnce(ctx, hop, false);
    if (!sent.ok) return sent;
    const { statusCode, headers } = sent.response;
    const location = headers.location;
    if (statusCode < 300 || statusCode >= 400 || !location) return sent;
    if (redirects >= max) {
      return { ok: false as const, failure: { message: `Maximum number of redirects exceeded (${max})`, httpCode: 'ERR_FR_TOO_MANY_REDIRECTS' } };
    }
    let nextUrl: string;
    try {
      nextUrl = new URL(location, currentUrl).toString();
    } catch {
      return { ok: false as const, failure: { message: `Invalid redirect location received from server: ${location}` } };
    }
    const method = hop.method.toUpperCase();
    const toGet = (statusCode === 303 && method !== 'GET' && method !== 'HEAD') || ((statusCode === 301 || statusCode === 302) && method === 'POST');
    const strip = originOf(nextUrl) !== firstOrigin;
    const nextHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(hop.headers)) {
      if (toGet && /^content-/i.test(name)) continue;
      if (strip && CREDENTIAL_HEADERS.test(name)) continue;
      nextHeaders[name] = value;
    }
    hop = {
      ...hop,
      url: nextUrl,
      qs: undefined,
      arrayFormat: undefined,
      headers: nextHeaders,
      ...(toGet ? { method: 'GET', body: undefined, bodyKind: undefined } : {}),
      ...(strip ? { authentication: undefined } : {}),
    };
    currentUrl = nextUrl;
  }
}

export async function sendRequest(ctx: ExecuteFunctions, spec: RequestSpec): Promise<SendResult> {
  const manual = spec.followRedirects && spec.sendCredentialsOnCrossOriginRedirect === false;
  const sent = manual ? await sendFollowingWithoutCrossOriginCredentials(ctx, spec) : await sendOnce(ctx, spec, spec.followRedirects);
  if (!sent.ok) return sent;
  const raw = sent.response;
  if (!spec.neverError && (raw.statusCode < 200 || raw.statusCode >= 300)) {
    return { ok: false, failure: statusFailure(raw.statusCode, decodeText(raw.bytes, raw.headers['content-type'])) };
  }
  return { ok: true, response: raw };
}
