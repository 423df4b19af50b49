// Request authentication for every node (n8n's httpRequestWithAuthentication and HTTP Request's
// credentials): given a credential type name and the decrypted credential, authenticate a
// request and send it. One dispatcher, by scheme:
//   OAuth 1 / OAuth 2    the type is or extends oAuth1Api / oAuth2Api (see the OAUTH branch)
//   Digest Auth          httpDigestAuth: challenge round-trip (digest.ts)
//   Custom Auth          httpCustomAuth: its JSON's headers / qs / body (custom.ts)
//   declared             the type's `authenticate` (Basic, Header, Query, Bearer Auth and the
//                        predefined service types): evaluated over $credentials (generic.ts)
//   none declared        a known type without `authenticate` (Telegram, SMTP …) sends as is,
//                        as n8n does: such nodes put the credential into the request themselves
// Sending is wrapped rather than done by the caller because digest (and OAuth 2's refresh on a
// 401) need more than one attempt.
import type { ICredentialType } from '../../model/credentialTypes.ts';
import type { IDataObject, INode } from '../../model/workflow.ts';
import type { HttpRequestOptions, HttpResponse } from '../../nodes/types.ts';
import { NodeOperationError } from '../../nodes/types.ts';
import { credentialType, credentialTypeChain } from '../../nodes/credentials/registry.ts';
import { HttpRequestError } from '../http.ts';
import { applyCustomAuth, CustomAuthError, parseCustomAuth } from './custom.ts';
import { DigestError, sendWithDigest, type DigestCache } from './digest.ts';
import { applyGenericAuthenticate, EmptyAuthKeyError, type ExpressionLimits } from './generic.ts';
import { BodyMergeError, finalOptions, type AuthRequestOptions } from './request.ts';
import { followRedirectsSafely } from './redirects.ts';
import { signOAuth1Request } from './oauth1.ts';
import { sendWithOAuth2, type OAuth2TokenData } from './oauth2.ts';

export type { AuthRequestOptions } from './request.ts';
export type { DigestCache } from './digest.ts';

/** What the dispatcher needs from its caller (the execute context, the credential test). */
export interface AuthEnvironment {
  /** The node that asks (errors name it); absent for the credential test. */
  node?: INode;
  limits: ExpressionLimits;
  /** One attempt through the engine's HTTP client; resolves with the full response. */
  send(options: HttpRequestOptions): Promise<HttpResponse>;
  /** Digest challenges kept between the requests of one node run (nonce count continues). */
  digestCache?: DigestCache;
  /** Where credential types are looked up (the built-in registry by default; tests, packages). */
  credentialType?: (name: string) => ICredentialType | undefined;
  // OAuth: stored tokens are in the credential's `oauthTokenData`; a refreshed or fetched token
  // goes here (RunOptions.updateOAuthTokenData for the node's credential; null = 'reconnect').
  storeOAuthTokenData?: (tokenData: OAuth2TokenData | null) => Promise<void>;
  /** The run's stop signal (token requests end with it). */
  signal?: AbortSignal;
}

/** Names the "not supported" error uses for schemes this engine does not send yet. */
const SCHEME_NAMES: Record<string, string> = { oAuth1Api: 'OAuth1', oAuth2Api: 'OAuth2' };

function displayName(typeName: string): string {
  return credentialType(typeName)?.displayName ?? SCHEME_NAMES[typeName] ?? typeName;
}

function fail(env: Pick<AuthEnvironment, 'node'>, message: string, description?: string): NodeOperationError {
  return new NodeOperationError(env.node, message, { description });
}

/**
 * Schemes that fail with 'Authentication "…" is not supported yet' and send nothing; the OAuth
 * helper removes each base type from this list as its branch below lands.
 */
const NOT_SUPPORTED_YET: readonly string[] = [];

/** Throws the 'not supported yet' error for a type whose scheme this engine cannot send. */
export function assertSchemeSupported(typeName: string, env: Pick<AuthEnvironment, 'node'>): void {
  const chain = chainOf(typeName);
  for (const base of NOT_SUPPORTED_YET) {
    if (chain.includes(base)) throw fail(env, `Authentication "${SCHEME_NAMES[base]}" is not supported yet`, `Switchyard cannot send ${displayName(typeName)} credentials yet.`);
  }
}

/** The type's chain (itself, then what it extends); an unregistered name is its own chain. */
function chainOf(typeName: string): string[] {
  const chain = credentialTypeChain(typeName);
  return chain.length ? chain : [typeName];
}

/**
 * Checks a credential before a request is built with it (HTTP Request does this per item, so a
 * bad credential fails its item with a clear message and nothing is sent). Throws
 * NodeOperationError; the message names the credential type, never its values.
 */
export function checkAuthentication(typeName: string, credentials: IDataObject, env: Pick<AuthEnvironment, 'node' | 'credentialType'>): void {
  const chain = chainOf(typeName);
  if (chain.includes('oAuth1Api') || chain.includes('oAuth2Api')) return;
  if (!(env.credentialType ?? credentialType)(typeName)) throw fail(env, `Credential type "${typeName}" is not known`, 'Choose a credential type this instance has (Credentials → Add credential lists them).');
  if (typeName === 'httpCustomAuth') {
    try {
      parseCustomAuth(credentials);
    } catch (e) {
      if (e instanceof CustomAuthError) throw fail(env, `The Custom Auth credential cannot be used: ${e.message}`, 'Its JSON must be an object such as { "headers": { "X-Key": "…" }, "qs": { … }, "body": { … } }.');
      throw e;
    }
  }
}

/**
 * Applies the credential's request-independent part (declared `authenticate`, Custom Auth) to a
 * copy of `options`; digest comes back as the user and password to answer a challenge with.
 */
export function prepareRequest(
  typeName: string,
  credentials: IDataObject,
  options: AuthRequestOptions,
  env: Pick<AuthEnvironment, 'node' | 'limits' | 'credentialType'>,
): { options: AuthRequestOptions; digest?: { user: string; password: string } } {
  checkAuthentication(typeName, credentials, env);
  const out: AuthRequestOptions = { ...options, headers: { ...(options.headers ?? {}) } };
  if (options.qs) out.qs = { ...options.qs };
  const type = (env.credentialType ?? credentialType)(typeName)!;
  try {
    if (typeName === 'httpDigestAuth') {
      return { options: out, digest: { user: String(credentials.user ?? ''), password: String(credentials.password ?? '') } };
    }
    if (typeName === 'httpCustomAuth') applyCustomAuth(parseCustomAuth(credentials), out);
    else if (type.authenticate?.type === 'generic') applyGenericAuthenticate(type.authenticate, credentials, out, env.limits);
  } catch (e) {
    if (e instanceof EmptyAuthKeyError) {
      const what = e.where === 'headers' ? 'header' : e.where === 'qs' ? 'query parameter' : 'body field';
      throw fail(env, `The ${type.displayName} credential has no name set`, `Set the ${what} name in the credential.`);
    }
    if (e instanceof BodyMergeError) throw fail(env, `The ${type.displayName} credential cannot be used with this request: ${e.message}`);
    throw e;
  }
  return { options: out };
}

/** The error the engine's HTTP client raises for a status >= 400 (same message and fields). */
function statusError(response: HttpResponse): HttpRequestError {
  const parsed = response.body;
  const detail = parsed instanceof Uint8Array ? undefined : typeof parsed === 'string' ? parsed.slice(0, 500) : JSON.stringify(parsed)?.slice(0, 500);
  return new HttpRequestError(`${response.statusCode} - ${detail ?? response.statusMessage}`, String(response.statusCode), response);
}

/**
 * Authenticates `options` as credential type `typeName` says, with `credentials` (decrypted,
 * defaults applied), sends it through `env.send` and resolves with the full response. Status
 * errors follow `options.ignoreHttpStatusErrors`, as the engine's HTTP client does.
 */
export async function sendAuthenticated(typeName: string, credentials: IDataObject, options: AuthRequestOptions, env: AuthEnvironment): Promise<HttpResponse> {
  assertSchemeSupported(typeName, env);
  // Redirects are followed here: a hop to another origin does not carry the credential.
  env = { ...env, send: followRedirectsSafely(env.send, options.headers) };

  // ── OAUTH ──────────────────────────────────────────────────────────────────────────────
  // OAuth 2 sends the stored token and refreshes it on expiry or a 401 (oauth2.ts); OAuth 1
  // signs the final request with the stored token (oauth1.ts).
  const chain = chainOf(typeName);
  if (chain.includes('oAuth2Api')) {
    return sendWithOAuth2({ credentialType: typeName, credentials, node: env.node, send: env.send, store: env.storeOAuthTokenData, signal: env.signal }, finalOptions(options));
  }
  if (chain.includes('oAuth1Api')) {
    let signed: HttpRequestOptions;
    try {
      signed = signOAuth1Request(credentials, finalOptions(options));
    } catch (e) {
      throw fail(env, (e as Error).message, 'Open the credential and connect it (OAuth1 signs each request with the token it got then).');
    }
    return env.send(signed);
  }
  // ───────────────────────────────────────────────────────────────────────────────────────

  const prepared = prepareRequest(typeName, credentials, options, env);
  if (!prepared.digest) return env.send(finalOptions(prepared.options));

  const request = finalOptions(prepared.options);
  const { user, password } = prepared.digest;
  let response: HttpResponse;
  try {
    response = await sendWithDigest(
      { url: request.url, method: request.method ?? 'GET', headers: request.headers ?? {} },
      user,
      password,
      env.digestCache,
      (headers) => env.send({ ...request, headers, ignoreHttpStatusErrors: true }),
    );
  } catch (e) {
    if (e instanceof DigestError) throw fail(env, `Digest Auth failed: ${e.message}`);
    throw e;
  }
  if (response.statusCode >= 400 && !options.ignoreHttpStatusErrors) throw statusError(response);
  return response;
}
