// The one place a request gets its user (shared/DESIGN.md "A locked door"):
// 1. every request: the Host must be one the instance answers to (421 otherwise);
// 2. REST: a state-changing request must come from the editor's origin (403 otherwise);
// 3. REST: once an owner exists, a session cookie names the user; before that the default user
//    is everyone (loopback only) — bound elsewhere, nothing but setup answers;
// 4. /api/v1 authenticates by API key in its own plugin (never by cookie).
// Routes that answer without a user say so with `config: { auth: 'public' }`. Handlers read
// request.user / request.role and nothing else. The wall's read routes (issue 18) say
// `config: { auth: 'wall' }`: without a session they also take a wall token (request.wallToken,
// no user), which no other route takes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GlobalRole, User, UsersRepository } from '../db/repositories/users.ts';
import { ForbiddenError } from '../errors.ts';
import { AUTH_COOKIE, readCookie } from './cookies.ts';
import type { HostPolicy } from './requestChecks.ts';
import { STATE_CHANGING } from './requestChecks.ts';
import type { SessionStore } from './SessionStore.ts';
import type { UserManagement } from './UserManagement.ts';
import type { WallToken } from '../../model/wall.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    role: GlobalRole | null;
    /** The session cookie's token when it named a live session. */
    sessionToken: string | null;
    /** The wall token a wall route was opened with (no session): it reads only its workflows. */
    wallToken: WallToken | null;
  }
  interface FastifyContextConfig {
    /**
     * 'public': answered without a user (sign-in, setup, recovery, settings). 'wall': a session or
     * a wall token (the wall's read routes).
     */
    auth?: 'public' | 'wall';
  }
}

export interface AuthDeps {
  users: UsersRepository;
  sessions: SessionStore;
  userManagement: UserManagement;
  hosts: HostPolicy;
  restPrefix: string;
  /** Paths under which webhooks answer (refused while setup is required). */
  webhookPrefixes: string[];
  /** `${basePath}api/` — the public API, authenticated by its own plugin. */
  publicApiPrefix: string;
  /** The wall token with this secret, if any (wall routes only). */
  wallToken?: (token: string) => Promise<WallToken | undefined>;
}

/** A wall token as sent: `authorization: Bearer <token>`, or `?wallToken=` (EventSource sends no headers). */
export function wallTokenOf(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  let token: unknown;
  if (typeof auth === 'string' && /^bearer /i.test(auth)) token = auth.slice(7).trim();
  else token = (request.query as Record<string, unknown> | undefined)?.wallToken;
  return typeof token === 'string' && token.length > 0 && token.length <= 256 ? token : undefined;
}

/** Whether a request URL is `prefix` itself or below it ('/rest' matches '/rest/x', not '/restx'). */
export function isUnder(url: string, prefix: string): boolean {
  if (!url.startsWith(prefix)) return false;
  const next = url.charAt(prefix.length);
  return next === '' || next === '/' || next === '?' || prefix.endsWith('/');
}

function refuse(reply: FastifyReply, status: number, message: string, hint?: string): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').header('cache-control', 'no-store').send(hint ? { code: status, message, hint } : { code: status, message });
}

export const SETUP_REQUIRED_MESSAGE = 'This instance has no owner yet: open the editor and set up the owner account first';

export function registerAuth(app: FastifyInstance, d: AuthDeps): void {
  app.decorateRequest('user', null);
  app.decorateRequest('role', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('wallToken', null);
  let defaultUser: User | undefined;
  let lastHostWarning = 0;

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!d.hosts.hostAllowed(request.headers.host)) {
      // Logged at most once a minute: a rebinding page may retry in a loop.
      if (Date.now() - lastHostWarning > 60_000) {
        lastHostWarning = Date.now();
        request.log.warn({ host: request.headers.host, url: request.url }, 'request refused: its Host is not one this instance answers to (set SWITCHYARD_EDITOR_BASE_URL to the address people open)');
      }
      // The body, if any, is not read: the connection closes after the answer.
      reply.header('connection', 'close');
      return refuse(reply, 421, `This instance does not answer to the host ${JSON.stringify(request.headers.host ?? '')}`, 'Open the editor at its configured address, or set SWITCHYARD_EDITOR_BASE_URL to the address you use.');
    }
    // Which area a request is in is decided by the route it matched, not by its raw URL: the
    // router decodes the path, so '/%72est/tags' reaches the /rest/tags handler while the raw
    // URL is not under /rest. Requests that match no route (404) are judged by their URL.
    const url = request.routeOptions.url ?? request.url;
    if (!isUnder(url, d.restPrefix)) {
      if (d.userManagement.setupRequired && d.webhookPrefixes.some((p) => isUnder(url, p))) return refuse(reply, 503, SETUP_REQUIRED_MESSAGE);
      return;
    }

    if (STATE_CHANGING.has(request.method)) {
      const why = d.hosts.crossSiteReason(request.headers);
      if (why) {
        request.log.warn({ url, method: request.method, reason: why }, 'cross-site request refused');
        return refuse(reply, 403, `Cross-site request refused: ${why}`, 'State-changing requests are answered only from the editor itself.');
      }
    }

    const isPublic = request.routeOptions.config?.auth === 'public';
    // A wall route opened with a wall token reads as that token, whoever else the browser is
    // signed in as (a kiosk on an instance still in its default-user mode, say).
    if (request.routeOptions.config?.auth === 'wall' && d.wallToken) {
      const secret = wallTokenOf(request);
      if (secret) {
        const grant = await d.wallToken(secret);
        if (!grant) return refuse(reply, 401, 'This wall token is not valid', 'It may have been revoked: make a new kiosk link on the wall page.');
        request.wallToken = grant;
        return;
      }
    }
    if (!d.userManagement.ownerExists) {
      if (d.userManagement.defaultMode) {
        defaultUser ??= await d.users.ensureDefaultUser();
        request.user = defaultUser;
        request.role = 'default';
        return;
      }
      if (isPublic) return;
      request.log.warn({ url }, 'request refused: the instance has no owner and listens on a non-loopback address');
      return refuse(reply, 403, SETUP_REQUIRED_MESSAGE, 'Without an owner an instance answers only on a loopback address.');
    }
    defaultUser = undefined;

    const token = readCookie(request.headers.cookie, AUTH_COOKIE);
    const user = token ? await d.sessions.resolve(token) : undefined;
    if (user) {
      request.user = user;
      request.role = user.role;
      request.sessionToken = token!;
      return;
    }
    if (isPublic) return;
    return refuse(reply, 401, 'Unauthorized', 'Sign in first.');
  });
}

/** Throws 403 unless the request's role is one of `roles`. */
export function requireRole(request: FastifyRequest, roles: GlobalRole[], action: string): void {
  if (!request.role || !roles.includes(request.role)) throw new ForbiddenError(`Your role may not ${action}`);
}

/** The request's user; routes without `auth: 'public'` always have one. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw new ForbiddenError('Sign in first');
  return request.user;
}
