// A real OAuth 2 / OpenID Connect provider on 127.0.0.1 for the OAuth tests (oidc-provider v9),
// and a resource server that accepts a request only with a live bearer token (checked by the
// provider's introspection endpoint). Reusable from Vitest and from Playwright:
//
//   const idp = await startOidcProvider({ redirectUris: [callbackUrl], accessTokenTtl: 60 });
//   credential data: { authUrl: idp.authUrl, accessTokenUrl: idp.tokenUrl, clientId: idp.clientId,
//                      clientSecret: idp.clientSecret, scope: 'openid offline_access',
//                      authQueryParameters: 'prompt=consent' }   // consent → a refresh token
//   HTTP Request to idp.resourceUrl ('/me' answers { sub, client_id, scope } or 401)
//   await idp.stop();
//
// Signing in, in a browser (Playwright, in the popup the editor opens) — oidc-provider's own
// development pages ("devInteractions"), any login and password are accepted:
//   1. login page:   input[name="login"], input[name="password"], button[type="submit"] ("Sign-in")
//   2. consent page: button[type="submit"] ("Continue")  — getByRole('button', { name: 'Continue' })
//   then the provider redirects to our callback. `loginInBrowser(page)` below does both steps.
// Without a browser, `signIn(authorizationUrl)` follows the same pages over HTTP with a cookie
// jar and returns the redirect to the callback (with ?code&state) without following it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Page } from '@playwright/test';

export interface OidcProviderOptions {
  /** redirect_uris of the client (our oauth2 callback URL). */
  redirectUris: string[];
  /** Access token lifetime, seconds (default 3600). */
  accessTokenTtl?: number;
  /** Refresh token lifetime, seconds (default 1 day). */
  refreshTokenTtl?: number;
  clientId?: string;
  clientSecret?: string;
  /** How the client authenticates at the token endpoint: 'client_secret_basic' (header) or 'client_secret_post' (body). */
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post';
}

export interface OidcProvider {
  issuer: string;
  authUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The resource server's protected endpoint. */
  resourceUrl: string;
  /** Bearer tokens the resource server saw, and whether each was accepted. */
  resourceCalls: Array<{ token: string; accepted: boolean }>;
  /** Token endpoint requests by grant type (authorization_code, refresh_token, client_credentials). */
  grants: string[];
  provider: Provider;
  /** Revokes every refresh token issued so far (the next refresh gets invalid_grant). */
  revokeRefreshTokens(): Promise<void>;
  /** Follows the sign-in pages over HTTP; returns the URL the provider redirects to (our callback). */
  signIn(authorizationUrl: string, login?: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The two pages of the provider's development sign-in, in a Playwright page (the popup the
 * editor opened): any login and password, 'Sign-in', then 'Continue' on the consent page. The
 * provider then redirects the popup to our callback, which closes it on success.
 */
export async function loginInBrowser(page: Page, login = 'alice'): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

class CookieJar {
  readonly #cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.#cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcProvider> {
  const clientId = options.clientId ?? 'switchyard-test';
  const clientSecret = options.clientSecret ?? 'test-secret-0123456789abcdef';
  const rsSecret = 'resource-server-secret-0123456789';
  const grants: string[] = [];
  const refreshTokens = new Set<string>();

  // The provider's HTTP server is created first so the issuer can name its port.
  const httpServer = createServer();
  const port = await listen(httpServer);
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
        response_types: ['code'],
        token_endpoint_auth_method: options.tokenEndpointAuthMethod ?? 'client_secret_basic',
        scope: 'openid offline_access api:read',
      },
      // The resource server's own client, for introspection only.
      { client_id: 'resource-server', client_secret: rsSecret, redirect_uris: [], grant_types: [], response_types: [] },
    ],
    scopes: ['openid', 'offline_access', 'api:read'],
    features: {
      devInteractions: { enabled: true },
      clientCredentials: { enabled: true },
      introspection: { enabled: true },
      revocation: { enabled: true },
    },
    pkce: { required: () => false },
    ttl: {
      AccessToken: options.accessTokenTtl ?? 3600,
      ClientCredentials: options.accessTokenTtl ?? 3600,
      RefreshToken: options.refreshTokenTtl ?? 86400,
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 86400,
      IdToken: 3600,
    },
    // Refresh tokens keep their value across refreshes (as Google's do); rotation is tested by the engine's unit tests.
    rotateRefreshToken: false,
    findAccount: async (_ctx: unknown, sub: string) => ({ accountId: sub, claims: async () => ({ sub }) }),
  });
  provider.on('grant.success', (ctx: { oidc: { params?: { grant_type?: string } } }) => grants.push(String(ctx.oidc.params?.grant_type ?? '')));
  provider.on('refresh_token.saved', (token: { jti: string }) => refreshTokens.add(token.jti));
  provider.on('grant.error', () => {});
  provider.on('server_error', () => {});
  const callback = provider.callback();
  httpServer.on('request', (req, res) => callback(req, res));

  // The resource server: 200 with who the token is for, 401 (RFC 6750) otherwise.
  const resourceCalls: OidcProvider['resourceCalls'] = [];
  const resource = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const auth = req.headers.authorization ?? '';
      const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
      let active: Record<string, unknown> = { active: false };
      if (token) {
        const r = await fetch(`${issuer}/token/introspection`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`resource-server:${rsSecret}`).toString('base64')}` },
          body: new URLSearchParams({ token }).toString(),
        });
        active = (await r.json()) as Record<string, unknown>;
      }
      resourceCalls.push({ token, accepted: active.active === true });
      if (active.active !== true) {
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token"' });
        res.end(JSON.stringify({ error: 'invalid_token' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, sub: active.sub ?? null, client_id: active.client_id, scope: active.scope ?? null, path: req.url }));
    })().catch((e: unknown) => {
      res.writeHead(500);
      res.end(String(e));
    });
  });
  const resourcePort = await listen(resource);

  async function signIn(authorizationUrl: string, login = 'alice'): Promise<string> {
    const jar = new CookieJar();
    let url = authorizationUrl;
    let method = 'GET';
    let body: string | undefined;
    for (let hops = 0; hops < 20; hops++) {
      const res = await fetch(url, { method, body, redirect: 'manual', headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) } });
      jar.store(res);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, url).toString();
        if (!next.startsWith(issuer)) return next;
        url = next;
        method = 'GET';
        body = undefined;
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`the provider answered ${res.status} at ${url}: ${html.slice(0, 300)}`);
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`no form on the provider's page ${url}: ${html.slice(0, 300)}`);
      const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
      url = new URL(action.replace(/&amp;/g, '&'), url).toString();
      method = 'POST';
      body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt: prompt ?? 'consent' }).toString();
    }
    throw new Error('the provider redirected more than 20 times');
  }

  return {
    issuer,
    authUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    clientId,
    clientSecret,
    resourceUrl: `http://127.0.0.1:${resourcePort}/me`,
    resourceCalls,
    grants,
    provider,
    async revokeRefreshTokens() {
      for (const jti of refreshTokens) {
        const token = await provider.RefreshToken.find(jti);
        await token?.destroy();
      }
    },
    signIn,
    async stop() {
      for (const s of [httpServer, resource]) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}
