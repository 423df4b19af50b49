// One HTTP request of the node through ctx.helpers.httpRequest (or, with a credential,
// httpRequestWithAuthentication): the body encoded for its content type, the raw bytes back,
// and a failure (status or transport) instead of a throw.
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

export async function sendRequest(ctx: ExecuteFunctions, spec: RequestSpec): Promise<SendResult> {
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
      followRedirects: spec.followRedirects,
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
  const raw: RawResponse = {
    statusCode: response.statusCode,
    statusMessage: response.statusMessage,
    headers: response.headers,
    bytes: response.body instanceof Uint8Array ? response.body : new TextEncoder().encode(String(response.body ?? '')),
  };
  if (!spec.neverError && (raw.statusCode < 200 || raw.statusCode >= 300)) {
    return { ok: false, failure: statusFailure(raw.statusCode, decodeText(raw.bytes, raw.headers['content-type'])) };
  }
  return { ok: true, response: raw };
}
