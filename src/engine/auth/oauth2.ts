// OAuth 2 at request time (RFC 6749): requests carry `Authorization: Bearer <access_token>`; the
// token is refreshed with the refresh_token grant when its `expires_at` has passed (10 s early) or
// when the resource answers the credential's token-expired status (401 by default), the new token
// data is handed to the run's updateOAuthTokenData and the request is sent once more. A refresh the
// provider refuses with invalid_grant marks the credential 'reconnect' (updateOAuthTokenData(null))
// and fails the node saying so. Client-credentials credentials get their token at first use, kept
// in memory per credential and stored, fetched again on expiry or a 401.
//
// Concurrent requests of one credential share one refresh (single flight): a request whose token
// another request has already replaced takes the new one instead of refreshing again — with
// providers that rotate refresh tokens, a second refresh with the old one would be refused.
//
// The token endpoint gets TOKEN_TIMEOUT_MS, and its answer at most TOKEN_MAX_BYTES. Error messages
// carry the provider's error code and description, never a token or a client secret.
import { readCapped } from '../readCapped.ts';
import { createHash } from 'node:crypto';
import type { IDataObject, INode } from '../../model/workflow.ts';
import { NodeOperationError, type HttpRequestOptions, type HttpResponse } from '../../nodes/types.ts';

export const TOKEN_TIMEOUT_MS = 15_000;
export const TOKEN_MAX_BYTES = 1024 * 1024;
/** A token this close to its expiry is refreshed before use. */
export const EXPIRY_SKEW_MS = 10_000;

export interface OAuth2TokenData extends IDataObject {
  access_token?: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
  /** When the access token expires, ms since the epoch (computed from expires_in when received). */
  expires_at?: number;
  scope?: string;
}

/** A token endpoint's refusal or failure; `error` is the OAuth error code when the endpoint sent one. */
export class OAuth2TokenError extends Error {
  error?: string;
  status?: number;
  constructor(message: string, options: { error?: string; status?: number } = {}) {
    super(message);
    this.name = 'OAuth2TokenError';
    this.error = options.error;
    this.status = options.status;
  }
}

export interface TokenEndpointClient {
  accessTokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** 'header': HTTP Basic with the client id and secret; 'body': both as form fields (RFC 6749 §2.3.1). */
  authentication?: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** The client fields of an oAuth2Api credential (defaults applied). */
export function tokenClientOf(credentials: IDataObject): TokenEndpointClient {
  return {
    accessTokenUrl: text(credentials.accessTokenUrl),
    clientId: text(credentials.clientId),
    clientSecret: text(credentials.clientSecret),
    authentication: text(credentials.authentication) || 'header',
  };
}

function httpUrl(value: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OAuth2TokenError(`The ${what} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OAuth2TokenError(`The ${what} must be an http or https URL`);
  return url;
}

/** Readable, bounded, secret-free text of a provider's error description. */
function describe(value: unknown): string {
  return text(value).replace(/\s+/g, ' ').slice(0, 300);
}

/** Adds expires_at (ms since the epoch) from expires_in, as n8n stores it. */
export function withExpiry(answer: IDataObject, now = Date.now()): OAuth2TokenData {
  const out = { ...answer } as OAuth2TokenData;
  const seconds = Number(answer.expires_in);
  if (answer.expires_in !== undefined && Number.isFinite(seconds) && seconds > 0) out.expires_at = now + seconds * 1000;
  else delete out.expires_at;
  return out;
}

/**
 * POSTs a grant to the token endpoint (form-encoded, client authenticated per `authentication`)
 * and returns its answer with expires_at. Refusals throw OAuth2TokenError with the provider's
 * error code; no answer within `timeoutMs` throws "the token endpoint did not answer in 15 s".
 */
export async function requestToken(
  client: TokenEndpointClient,
  grant: Record<string, string>,
  options: { timeoutMs?: number; signal?: AbortSignal; now?: () => number } = {},
): Promise<OAuth2TokenData> {
  const url = httpUrl(client.accessTokenUrl, 'Access Token URL');
  const form = new URLSearchParams(grant);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (client.authentication === 'body') {
    form.set('client_id', client.clientId);
    if (client.clientSecret) form.set('client_secret', client.clientSecret);
  } else {
    // RFC 6749 §2.3.1: the id and secret are form-encoded before they are joined.
    const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
    headers.authorization = `Basic ${Buffer.from(`${enc(client.clientId)}:${enc(client.clientSecret)}`).toString('base64')}`;
  }
  const timeoutMs = options.timeoutMs ?? TOKEN_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let body: string;
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers, body: form.toString(), signal, redirect: 'error' });
    body = await readCapped(res, TOKEN_MAX_BYTES, () => new OAuth2TokenError(`the token endpoint answered more than ${TOKEN_MAX_BYTES} bytes`));
  } catch (e) {
    if (e instanceof OAuth2TokenError) throw e;
    if (timeout.aborted) throw new OAuth2TokenError(`the token endpoint did not answer in ${timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}`);
    if (options.signal?.aborted) throw new OAuth2TokenError('the token request was cancelled');
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new OAuth2TokenError(`the token endpoint could not be reached (${cause?.code ?? cause?.message ?? (e as Error).message})`);
  }
  let answer: IDataObject | undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) answer = parsed as IDataObject;
  } catch {
    // Some providers (GitHub without Accept) answer form-encoded.
    if (/^[\w.~%+-]+=/.test(body)) answer = Object.fromEntries(new URLSearchParams(body)) as IDataObject;
  }
  if (answer && typeof answer.error === 'string') {
    const code = describe(answer.error);
    const detail = describe(answer.error_description);
    throw new OAuth2TokenError(`the token endpoint refused: ${code}${detail ? ` (${detail})` : ''}`, { error: code, status: res.status });
  }
  if (!res.ok) throw new OAuth2TokenError(`the token endpoint answered HTTP ${res.status}`, { status: res.status });
  if (!answer || typeof answer.access_token !== 'string' || answer.access_token === '') {
    throw new OAuth2TokenError('the token endpoint answered without an access_token', { status: res.status });
  }
  return withExpiry(answer, (options.now ?? Date.now)());
}

// ------------------------------------------------------------------ request time

export interface OAuth2RequestContext {
  /** The credential type name the node uses (oAuth2Api, googleOAuth2Api, …). */
  credentialType: string;
  /** The decrypted credential, defaults applied, with its stored `oauthTokenData` (object) if any. */
  credentials: IDataObject;
  /** The node that sends (errors name it; its credential reference keys the token cache). */
  node?: INode;
  /** Sends the request as prepared (no further authentication). */
  send: (options: HttpRequestOptions) => Promise<HttpResponse>;
  /** The run's updateOAuthTokenData for this node and type; absent = tokens kept in memory only. */
  store?: (tokenData: OAuth2TokenData | null) => Promise<void>;
  signal?: AbortSignal;
  itemIndex?: number;
  now?: () => number;
  /** Token endpoint time limit, ms (default TOKEN_TIMEOUT_MS). */
  tokenTimeoutMs?: number;
}

interface Latest {
  token: OAuth2TokenData;
  /** Access tokens this one replaced (a request holding one of them takes this instead of refreshing). */
  replaced: string[];
}

const MAX_CACHED = 1000;
/** The newest token of each credential this process has obtained (client credentials, refreshes). */
const latest = new Map<string, Latest>();
/** Refreshes under way, by credential and the access token they replace. */
const inflight = new Map<string, Promise<OAuth2TokenData>>();

/** Forgets every cached token (tests, key rotation). */
export function clearOAuth2Cache(): void {
  latest.clear();
  inflight.clear();
}

/**
 * Which cache entry a credential uses: its id plus a hash of what identifies its client, so a
 * credential whose client or token URL changed, or another user's credential, never shares one.
 */
function cacheKey(ctx: OAuth2RequestContext): string {
  const ref = ctx.node?.credentials?.[ctx.credentialType] as { id?: string; name?: string } | string | undefined;
  const id = typeof ref === 'string' ? ref : (ref?.id ?? ref?.name ?? '');
  const c = ctx.credentials;
  return createHash('sha256')
    .update(JSON.stringify([ctx.credentialType, id, text(c.accessTokenUrl), text(c.clientId), text(c.clientSecret), text(c.scope), text(c.grantType)]))
    .digest('base64url');
}

function remember(key: string, token: OAuth2TokenData, replacedToken: string | undefined): void {
  const previous = latest.get(key);
  const replaced = [...(previous?.replaced ?? []), ...(replacedToken ? [replacedToken] : []), ...(previous?.token.access_token ? [previous.token.access_token] : [])];
  latest.delete(key);
  latest.set(key, { token, replaced: [...new Set(replaced)].slice(-20) });
  if (latest.size > MAX_CACHED) latest.delete(latest.keys().next().value!);
}

function storedToken(ctx: OAuth2RequestContext): OAuth2TokenData | undefined {
  const t = ctx.credentials.oauthTokenData;
  return t && typeof t === 'object' && !Array.isArray(t) ? (t as OAuth2TokenData) : undefined;
}

/** The token to use now: the stored one, unless this process has since replaced it. */
function currentToken(ctx: OAuth2RequestContext, key: string): OAuth2TokenData | undefined {
  const stored = storedToken(ctx);
  const mem = latest.get(key);
  if (!mem) return stored;
  // No stored token on an authorization-code credential: never connected, or marked 'reconnect'.
  if (!stored?.access_token) return isClientCredentials(ctx) ? mem.token : undefined;
  if (stored.access_token === mem.token.access_token || mem.replaced.includes(stored.access_token)) return mem.token;
  // Stored is newer (connected again, or another process refreshed): it wins.
  return stored;
}

function isClientCredentials(ctx: OAuth2RequestContext): boolean {
  return ctx.credentials.grantType === 'clientCredentials';
}

function expired(token: OAuth2TokenData, now: number): boolean {
  const at = Number(token.expires_at);
  return Number.isFinite(at) && at > 0 && at - EXPIRY_SKEW_MS <= now;
}

function nodeError(ctx: OAuth2RequestContext, message: string, description?: string): NodeOperationError {
  return new NodeOperationError(ctx.node, message, { itemIndex: ctx.itemIndex, description });
}

/** The Additional Body Properties as form fields, or why not (never quoting the value). */
function additionalBody(value: unknown): Record<string, string> | Error {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    if (value.trim() === '') return {};
    try {
      parsed = JSON.parse(value);
    } catch {
      return new Error('they are not valid JSON');
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return new Error('they are not a JSON object');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (v === null || v === undefined) continue;
    out[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}

export const RECONNECT_MESSAGE = 'The OAuth2 credential must be reconnected: the provider refused to refresh its access token';

async function obtain(ctx: OAuth2RequestContext, stale: OAuth2TokenData | undefined): Promise<OAuth2TokenData> {
  const now = ctx.now ?? Date.now;
  const client = tokenClientOf(ctx.credentials);
  if (isClientCredentials(ctx)) {
    const grant: Record<string, string> = { grant_type: 'client_credentials' };
    if (text(ctx.credentials.scope)) grant.scope = text(ctx.credentials.scope);
    // n8n's Additional Body Properties (Authentication 'Body' only): a JSON object's fields join the form.
    if (ctx.credentials.sendAdditionalBodyProperties === true && client.authentication === 'body') {
      const extra = additionalBody(ctx.credentials.additionalBodyProperties);
      if (extra instanceof Error) throw nodeError(ctx, `The OAuth2 credential's Additional Body Properties cannot be used: ${extra.message}`, 'They must be a JSON object such as { "audience": "https://api.example.com" }.');
      for (const [k, v] of Object.entries(extra)) if (k !== 'grant_type' && k !== 'client_id' && k !== 'client_secret') grant[k] = v;
    }
    try {
      return await requestToken(client, grant, { signal: ctx.signal, now, timeoutMs: ctx.tokenTimeoutMs });
    } catch (e) {
      throw nodeError(ctx, `Could not get an OAuth2 access token (client credentials): ${(e as Error).message}`, 'Check the Access Token URL, Client ID, Client Secret and Scope of the credential.');
    }
  }
  const refreshToken = text(stale?.refresh_token);
  if (!refreshToken) {
    throw nodeError(ctx, 'The OAuth2 access token has expired and the provider gave no refresh token: the credential must be reconnected', 'Open the credential and click "Connect my account" again. Some providers issue refresh tokens only when asked (Google: access_type=offline; OpenID Connect: the offline_access scope).');
  }
  let answer: OAuth2TokenData;
  try {
    answer = await requestToken(client, { grant_type: 'refresh_token', refresh_token: refreshToken }, { signal: ctx.signal, now, timeoutMs: ctx.tokenTimeoutMs });
  } catch (e) {
    if (e instanceof OAuth2TokenError && (e.error === 'invalid_grant' || e.error === 'unauthorized_client')) {
      latest.delete(cacheKey(ctx));
      await ctx.store?.(null);
      throw nodeError(ctx, RECONNECT_MESSAGE, `The token endpoint answered ${e.error}: the refresh token has expired or was revoked. Open the credential and click "Connect my account" again.`);
    }
    throw nodeError(ctx, `Could not refresh the OAuth2 access token: ${(e as Error).message}`);
  }
  // A provider that does not rotate refresh tokens leaves it out of the answer: keep the old one.
  return { ...(stale ?? {}), ...answer, refresh_token: answer.refresh_token ?? refreshToken, expires_at: answer.expires_at } as OAuth2TokenData;
}

/**
 * A new token replacing `stale` (undefined: none yet, client credentials). One request at a time
 * per credential and token does the work; the others wait for it and share its result.
 */
async function replaceToken(ctx: OAuth2RequestContext, key: string, stale: OAuth2TokenData | undefined): Promise<OAuth2TokenData> {
  const staleAccess = text(stale?.access_token);
  const mem = latest.get(key);
  if (mem && staleAccess && mem.replaced.includes(staleAccess)) return mem.token;
  const flightKey = `${key}:${staleAccess}`;
  const running = inflight.get(flightKey);
  if (running) return running;
  const job = (async () => {
    const token = await obtain(ctx, stale);
    remember(key, token, staleAccess || undefined);
    // Stored before use: a token only this run knew would be lost with it (and with rotating
    // refresh tokens, the credential with it). A failure to store fails the request.
    await ctx.store?.(token);
    return token;
  })();
  inflight.set(flightKey, job);
  try {
    return await job;
  } finally {
    inflight.delete(flightKey);
  }
}

function setHeader(headers: Record<string, string>, name: string, value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() !== name.toLowerCase()) out[k] = v;
  out[name] = value;
  return out;
}

/** The access token a request should carry now, refreshed or fetched first if needed. */
export async function oauth2AccessToken(ctx: OAuth2RequestContext, key = cacheKey(ctx)): Promise<OAuth2TokenData> {
  const now = (ctx.now ?? Date.now)();
  let token = currentToken(ctx, key);
  if (!token?.access_token) {
    if (!isClientCredentials(ctx)) {
      throw nodeError(ctx, 'The OAuth2 credential is not connected', 'Open the credential and click "Connect my account" first.');
    }
    token = await replaceToken(ctx, key, undefined);
  } else if (expired(token, now)) {
    token = await replaceToken(ctx, key, token);
  }
  return token;
}

function statusOf(e: unknown): number | undefined {
  const err = e as { httpCode?: string; response?: { statusCode?: number } };
  if (err?.response?.statusCode !== undefined) return err.response.statusCode;
  const n = Number(err?.httpCode);
  return Number.isInteger(n) ? n : undefined;
}

/**
 * Sends `options` with the credential's bearer token; on the token-expired status (the
 * credential's tokenExpiredStatusCode, 401 by default) refreshes once and sends again.
 */
export async function sendWithOAuth2(ctx: OAuth2RequestContext, options: HttpRequestOptions): Promise<HttpResponse> {
  const key = cacheKey(ctx);
  const expiredStatus = Number(ctx.credentials.tokenExpiredStatusCode) || 401;
  let token = await oauth2AccessToken(ctx, key);
  const attempt = (t: OAuth2TokenData) => ctx.send({ ...options, headers: setHeader(options.headers ?? {}, 'Authorization', `Bearer ${text(t.access_token)}`) });
  let response: HttpResponse;
  try {
    response = await attempt(token);
  } catch (e) {
    if (statusOf(e) !== expiredStatus) throw e;
    token = await replaceToken(ctx, key, token);
    return attempt(token);
  }
  if (response.statusCode !== expiredStatus) return response;
  token = await replaceToken(ctx, key, token);
  return attempt(token);
}
