// The OAuth connect flow (spec 002 §7, n8n's routes), under /rest:
//   GET /oauth2-credential/auth?id=      → { data: authorization URL }       (the credential's own user)
//   GET /oauth2-credential/callback?code&state                               (the provider redirects the popup here)
//   GET /oauth1-credential/auth?id=      → { data: authUrl?oauth_token=… }    (after a signed request-token call)
//   GET /oauth1-credential/callback?oauth_token&oauth_verifier&state
// The callbacks are ordinary REST routes: the popup is a top-level navigation, so the SameSite=Lax
// session cookie comes with it, and a request without a session is refused as any other. Tokens
// are stored only when the state is one we issued, live, unused, for this kind of flow and for
// the signed-in user who asked for it, and the credential is still theirs: a callback cannot
// write tokens into someone else's credential (CSRF, a leaked state, a deleted credential).
// Nothing is stored half-way: tokens are written once, after a complete exchange.
import { readCapped } from '../../engine/readCapped.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { createHash, randomBytes } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { BadRequestError, HttpError } from '../errors.ts';
import { currentUser } from '../auth/requestAuth.ts';
import { seesAll } from '../auth/access.ts';
import { editorBaseUrl, frontendSettings } from '../rest/settings.ts';
import { CredentialDecryptError } from '../credentials/cipher.ts';
import { connectsByUser, grantTypeOf, oauthFamily } from './connection.ts';
import { OAuthStates, type PendingConnection } from './states.ts';
import { errorPage, successPage } from './page.ts';
import { OAuth2TokenError, requestToken, tokenClientOf, TOKEN_TIMEOUT_MS } from '../../engine/auth/oauth2.ts';
import { oauth1Authorization } from '../../engine/auth/oauth1.ts';

export const OAuthAuthQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
type OAuthAuthQuery = Static<typeof OAuthAuthQuery>;

/** Longest callback query value we read (codes and tokens are far shorter). */
const MAX_PARAM = 4096;
const MAX_RESPONSE_BYTES = 64 * 1024;

function param(query: unknown, name: string): string | undefined {
  const v = (query as Record<string, unknown> | undefined)?.[name];
  if (typeof v !== 'string' || v === '') return undefined;
  return v.length > MAX_PARAM ? v.slice(0, MAX_PARAM) : v;
}

function httpUrl(value: unknown, what: string): URL {
  let url: URL;
  try {
    url = new URL(String(value ?? ''));
  } catch {
    throw new BadRequestError(`The credential's ${what} is not a valid URL`, `Set the ${what} in the credential.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BadRequestError(`The credential's ${what} must be an http or https URL`);
  return url;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** Query parameters of a "a=1&b=2" setting, added to a URL (later same-named ones are appended). */
function addQuery(url: URL, extra: string): void {
  const trimmed = extra.trim().replace(/^[?&]/, '');
  if (!trimmed) return;
  for (const [k, v] of new URLSearchParams(trimmed)) url.searchParams.append(k, v);
}

/** An OAuth 1 token request (RFC 5849 §2.1, §2.3): signed POST, form-encoded answer. */
async function oauth1TokenRequest(url: URL, authorization: string, what: string, secrets: string[]): Promise<Record<string, string>> {
  const timeout = AbortSignal.timeout(TOKEN_TIMEOUT_MS);
  let res: Response;
  let body: string;
  try {
    res = await fetch(url, { method: 'POST', headers: { authorization, accept: 'application/x-www-form-urlencoded, application/json' }, signal: timeout, redirect: 'error' });
    body = await readCapped(res, MAX_RESPONSE_BYTES, () => new Error(`the provider answered more than ${MAX_RESPONSE_BYTES} bytes`));
  } catch (e) {
    if (timeout.aborted) throw new OAuthFlowError(502, `the ${what} endpoint did not answer in ${TOKEN_TIMEOUT_MS / 1000} s`);
    const cause = (e as { cause?: { code?: string } }).cause;
    throw new OAuthFlowError(502, `the ${what} endpoint could not be reached (${cause?.code ?? (e as Error).message})`);
  }
  if (!res.ok) {
    // Some providers echo what they got (Twitter: the signature base string); never our secrets.
    let detail = body.replace(/\s+/g, ' ').slice(0, 200);
    for (const secret of secrets) if (secret) detail = detail.split(secret).join('[redacted]');
    throw new OAuthFlowError(502, `the ${what} endpoint answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`);
  }
  let out: Record<string, string>;
  try {
    const parsed = JSON.parse(body) as unknown;
    out = parsed && typeof parsed === 'object' ? Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, text(v)])) : {};
  } catch {
    out = Object.fromEntries(new URLSearchParams(body));
  }
  if (!out.oauth_token || !out.oauth_token_secret) throw new OAuthFlowError(502, `the ${what} endpoint answered without oauth_token and oauth_token_secret`);
  return out;
}

/** A failure of the connect flow shown on the callback page (status, reason). */
class OAuthFlowError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function oauthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const states = new OAuthStates();
  const callbackUrls = () => frontendSettings(ctx).oauthCallbackUrls;
  const editorOrigin = () => new URL(editorBaseUrl(ctx)).origin;
  const actor = (request: FastifyRequest) => {
    const user = currentUser(request);
    return { id: user.id, seesAll: seesAll(user) };
  };

  async function source(id: string, request: FastifyRequest, kind: 'oauth1' | 'oauth2') {
    const s = await ctx.credentials.oauthSource(id, actor(request));
    if (oauthFamily(s.type) !== kind) throw new BadRequestError(`Credential "${id}" is not an ${kind === 'oauth1' ? 'OAuth1' : 'OAuth2'} credential (its type is "${s.type}")`);
    if (kind === 'oauth2' && !connectsByUser(s.type, s.data)) {
      throw new BadRequestError(`Credential "${id}" uses the ${grantTypeOf(s.type, s.data)} grant: it is not connected by signing in`, 'Client-credentials credentials get their token when a node first uses them.');
    }
    return s;
  }

  /** The callback's last step for both flows: the credential must still be the user's, then one write. */
  async function finish(request: FastifyRequest, reply: FastifyReply, kind: 'oauth1' | 'oauth2', exchange: (s: Awaited<ReturnType<typeof source>>) => Promise<Record<string, unknown>>, pending: PendingConnection): Promise<FastifyReply> {
    let s: Awaited<ReturnType<typeof source>>;
    try {
      s = await source(pending.credentialId, request, kind);
    } catch (e) {
      if (e instanceof HttpError && (e.statusCode === 404 || e.statusCode === 403)) return errorPage(reply, 404, 'The credential no longer exists (it was deleted while connecting), so nothing was stored.');
      if (e instanceof CredentialDecryptError) return errorPage(reply, 500, e.message);
      if (e instanceof HttpError) return errorPage(reply, e.statusCode, e.message);
      throw e;
    }
    let tokens: Record<string, unknown>;
    try {
      tokens = await exchange(s);
    } catch (e) {
      if (e instanceof OAuthFlowError) return errorPage(reply, e.status, e.message);
      if (e instanceof OAuth2TokenError) return errorPage(reply, 502, e.message.charAt(0).toUpperCase() + e.message.slice(1));
      throw e;
    }
    if (!(await ctx.credentials.setOAuthTokenData(s.id, tokens as never))) {
      return errorPage(reply, 404, 'The credential no longer exists (it was deleted while connecting), so nothing was stored.');
    }
    request.log.info({ credentialId: s.id, kind }, 'OAuth credential connected');
    return successPage(reply, editorOrigin());
  }

  const badState = 'The state of this sign-in does not match one this instance started (it expired after 5 minutes, was already used, or belongs to another user), so nothing was stored.';

  // ------------------------------------------------------------------ OAuth 2

  app.get('/oauth2-credential/auth', { schema: { querystring: OAuthAuthQuery } }, async (request) => {
    const { id } = request.query as OAuthAuthQuery;
    const s = await source(id, request, 'oauth2');
    const url = httpUrl(s.data.authUrl, 'Authorization URL');
    if (!text(s.data.clientId)) throw new BadRequestError('The credential has no Client ID');
    const redirectUri = callbackUrls().oauth2;
    const pkce = grantTypeOf(s.type, s.data) === 'pkce';
    const codeVerifier = pkce ? randomBytes(48).toString('base64url') : undefined;
    const state = states.create({ kind: 'oauth2', credentialId: s.id, userId: currentUser(request).id, redirectUri, codeVerifier });
    url.searchParams.set('client_id', text(s.data.clientId));
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    if (text(s.data.scope)) url.searchParams.set('scope', text(s.data.scope));
    url.searchParams.set('state', state);
    if (codeVerifier) {
      url.searchParams.set('code_challenge', createHash('sha256').update(codeVerifier).digest('base64url'));
      url.searchParams.set('code_challenge_method', 'S256');
    }
    addQuery(url, text(s.data.authQueryParameters));
    return { data: url.toString() };
  });

  app.get('/oauth2-credential/callback', async (request, reply) => {
    const q = request.query;
    const pending = states.take(param(q, 'state'), 'oauth2', currentUser(request).id);
    const providerError = param(q, 'error');
    if (providerError) {
      const description = param(q, 'error_description');
      return errorPage(reply, 400, `The provider answered ${providerError.slice(0, 100)}${description ? `: ${description.slice(0, 300)}` : ''}. Nothing was stored.`);
    }
    if (!pending) return errorPage(reply, 400, badState);
    const code = param(q, 'code');
    if (!code) return errorPage(reply, 400, 'The provider sent no authorization code, so nothing was stored.');
    return finish(request, reply, 'oauth2', async (s) => {
      const grant: Record<string, string> = { grant_type: 'authorization_code', code, redirect_uri: pending.redirectUri };
      if (pending.codeVerifier) grant.code_verifier = pending.codeVerifier;
      return requestToken(tokenClientOf(s.data), grant);
    }, pending);
  });

  // ------------------------------------------------------------------ OAuth 1

  app.get('/oauth1-credential/auth', { schema: { querystring: OAuthAuthQuery } }, async (request) => {
    const { id } = request.query as OAuthAuthQuery;
    const s = await source(id, request, 'oauth1');
    const authUrl = httpUrl(s.data.authUrl, 'Authorization URL');
    const requestTokenUrl = httpUrl(s.data.requestTokenUrl, 'Request Token URL');
    httpUrl(s.data.accessTokenUrl, 'Access Token URL');
    const userId = currentUser(request).id;
    // The state goes in oauth_callback; the provider sends it back with the verifier.
    const state = states.create({ kind: 'oauth1', credentialId: s.id, userId, redirectUri: callbackUrls().oauth1 });
    const callback = new URL(callbackUrls().oauth1);
    callback.searchParams.set('state', state);
    const keys = { consumerKey: text(s.data.consumerKey), consumerSecret: text(s.data.consumerSecret), signatureMethod: text(s.data.signatureMethod) || undefined };
    let answer: Record<string, string>;
    try {
      answer = await oauth1TokenRequest(requestTokenUrl, oauth1Authorization({ method: 'POST', url: requestTokenUrl.toString() }, keys, { oauth_callback: callback.toString() }), 'request token', [keys.consumerSecret]);
    } catch (e) {
      states.drop(state);
      if (e instanceof OAuthFlowError) throw new HttpError(502, `OAuth Authorization Error: ${e.message}`);
      throw e;
    }
    // The request token's secret stays here with the state; the browser gets the token only.
    states.attach(state, { requestToken: answer.oauth_token, requestTokenSecret: answer.oauth_token_secret });
    authUrl.searchParams.set('oauth_token', answer.oauth_token);
    return { data: authUrl.toString() };
  });

  app.get('/oauth1-credential/callback', async (request, reply) => {
    const q = request.query;
    const pending = states.take(param(q, 'state'), 'oauth1', currentUser(request).id);
    const providerError = param(q, 'error') ?? (param(q, 'denied') ? 'access_denied' : undefined);
    if (providerError) return errorPage(reply, 400, `The provider answered ${providerError.slice(0, 100)}. Nothing was stored.`);
    if (!pending) return errorPage(reply, 400, badState);
    const token = param(q, 'oauth_token');
    const verifier = param(q, 'oauth_verifier');
    if (!token || token !== pending.requestToken) return errorPage(reply, 400, 'The provider sent back another request token than the one this sign-in started with, so nothing was stored.');
    if (!verifier) return errorPage(reply, 400, 'The provider sent no oauth_verifier, so nothing was stored.');
    return finish(request, reply, 'oauth1', async (s) => {
      const accessTokenUrl = httpUrl(s.data.accessTokenUrl, 'Access Token URL');
      const keys = {
        consumerKey: text(s.data.consumerKey),
        consumerSecret: text(s.data.consumerSecret),
        token: pending.requestToken,
        tokenSecret: pending.requestTokenSecret,
        signatureMethod: text(s.data.signatureMethod) || undefined,
      };
      return oauth1TokenRequest(accessTokenUrl, oauth1Authorization({ method: 'POST', url: accessTokenUrl.toString() }, keys, { oauth_verifier: verifier }), 'access token', [keys.consumerSecret, keys.tokenSecret ?? '']);
    }, pending);
  });
}
