// The one place a /rest request gets its user and role. User management comes later: until then
// every request is the instance's default user (role 'default', spec 000 §6). Handlers read
// request.user / request.role and nothing else, so sessions can replace this hook alone.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GlobalRole, User, UsersRepository } from './db/repositories/users.ts';
import { ForbiddenError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    role: GlobalRole | null;
  }
}

export function registerAuth(app: FastifyInstance, users: UsersRepository, restPrefix: string): void {
  app.decorateRequest('user', null);
  app.decorateRequest('role', null);
  let defaultUser: User | undefined;
  app.addHook('onRequest', async (request) => {
    if (!isUnder(request.url, restPrefix)) return;
    defaultUser ??= await users.ensureDefaultUser();
    request.user = defaultUser;
    request.role = defaultUser.role;
  });
}

/** Whether a request URL is `prefix` itself or below it ('/rest' matches '/rest/x', not '/restx'). */
export function isUnder(url: string, prefix: string): boolean {
  if (!url.startsWith(prefix)) return false;
  const next = url.charAt(prefix.length);
  return next === '' || next === '/' || next === '?';
}

/** Throws 403 unless the request's role is one of `roles`. */
export function requireRole(request: FastifyRequest, roles: GlobalRole[], action: string): void {
  if (!request.role || !roles.includes(request.role)) throw new ForbiddenError(`Your role may not ${action}`);
}
