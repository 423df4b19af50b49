// Sign-in and the signed-in user's own account (spec 000 §7): GET/POST /login, POST /logout,
// GET/PATCH /me, PATCH /me/password, the API key (GET/POST/DELETE /me/api-key), POST /me/survey.
// Failed sign-ins are limited per address and per account (429 with Retry-After).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { User } from '../db/repositories/users.ts';
import { BadRequestError, ForbiddenError, HttpError, NotFoundError } from '../errors.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { clearedCookie, sessionCookie } from '../auth/cookies.ts';
import { checkLimits } from '../auth/rateLimit.ts';
import { currentUser } from '../auth/requestAuth.ts';
import { publicUser } from '../auth/publicUser.ts';
import { newToken, sha256 } from '../auth/tokens.ts';
import { emailChangedMail } from '../mail/Mailer.ts';
import { normaliseEmail } from '../../model/users.ts';
import { LoginBody, MeBody, MePasswordBody, SurveyBody } from './accountSchemas.ts';
import { checkedEmail, checkedNames, checkedPassword } from './accountRules.ts';
import { checkSurveyAnswers } from '../../model/survey.ts';

export const WRONG_CREDENTIALS = 'Wrong username or password. Do you have caps lock on?';
export const API_KEY_PREFIX = 'sy_api_';

/** Starts a session for `user` on this reply (ending the one the request came with). */
export async function signIn(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply, user: User): Promise<void> {
  if (request.sessionToken) await ctx.auth.sessions.end(request.sessionToken);
  const token = await ctx.auth.sessions.create(user);
  reply.header('set-cookie', sessionCookie(token, ctx.auth.sessions.ttlMs / 1000, ctx.auth.cookie));
}

export function authRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { users } = ctx.repos;
  const { sessions, limits } = ctx.auth;
  const publicRoute = { config: { auth: 'public' as const } };

  app.get('/login', publicRoute, async (request) => {
    if (!request.user) throw new HttpError(401, 'Unauthorized', 'Sign in first.');
    return { data: publicUser(request.user) };
  });

  app.post('/login', { ...publicRoute, schema: { body: LoginBody } }, async (request, reply) => {
    const body = request.body as LoginBody;
    const email = normaliseEmail(body.email);
    if (!email || !body.password) throw new BadRequestError('Email and password are required');
    checkLimits([[limits.loginByAddress, request.ip], [limits.loginByAccount, email]], 'sign-in attempts');
    limits.loginByAddress.hit(request.ip);
    const found = ctx.auth.userManagement.ownerExists ? await users.findForLogin(email) : undefined;
    const ok = await verifyPassword(body.password, found?.password);
    if (!ok || !found || found.user.isPending) {
      limits.loginByAccount.hit(email);
      request.log.info({ ip: request.ip }, 'failed sign-in');
      throw new HttpError(401, WRONG_CREDENTIALS);
    }
    limits.loginByAccount.reset(email);
    await signIn(ctx, request, reply, found.user);
    return { data: publicUser(found.user) };
  });

  app.post('/logout', publicRoute, async (request, reply) => {
    if (request.sessionToken) {
      await sessions.end(request.sessionToken);
      ctx.push.closeSession(sha256(request.sessionToken));
      ctx.wall.hub.closeSession(sha256(request.sessionToken));
    }
    reply.header('set-cookie', clearedCookie(ctx.auth.cookie));
    return { data: { loggedOut: true } };
  });

  app.get('/me', async (request) => ({ data: publicUser(currentUser(request)) }));

  app.patch('/me', { schema: { body: MeBody } }, async (request) => {
    const user = currentUser(request);
    if (user.role === 'default') throw new ForbiddenError('The default user has no personal settings: set up the owner account first');
    const body = request.body as MeBody;
    const names = checkedNames(body);
    const email = checkedEmail(body.email);
    const emailChanged = email !== user.email;
    if (emailChanged) {
      // The address decides who can reset the password: changing it takes the password too.
      if (!body.currentPassword) throw new BadRequestError('Current password is required to change the email', 'Send currentPassword with the new email.');
      checkLimits([[limits.tokensByAddress, request.ip], [limits.loginByAccount, user.email ?? user.id]], 'password attempts');
      if (!(await verifyPassword(body.currentPassword, await users.passwordHash(user.id)))) {
        limits.loginByAccount.hit(user.email ?? user.id);
        throw new BadRequestError('Provided current password is incorrect');
      }
    }
    await users.updateProfile(user.id, { ...names, email });
    if (emailChanged && user.email && ctx.auth.mailer) {
      // The old address hears of it (best effort: the change stands if the mail fails).
      ctx.auth.mailer.send(emailChangedMail(user.email, names.firstName, email)).catch((err: unknown) => request.log.warn({ err }, 'email-changed notice could not be sent'));
    }
    if (body.settings) await users.updateSettings(user.id, body.settings);
    await sessions.userChanged(user.id);
    return { data: publicUser((await users.get(user.id))!) };
  });

  app.patch('/me/password', { schema: { body: MePasswordBody } }, async (request) => {
    const user = currentUser(request);
    const body = request.body as MePasswordBody;
    if (user.role === 'default') throw new ForbiddenError('The default user has no password: set up the owner account first');
    if (!body.currentPassword) throw new BadRequestError('Current password is required');
    checkedPassword(body.newPassword);
    checkLimits([[limits.tokensByAddress, request.ip], [limits.loginByAccount, user.email ?? user.id]], 'password attempts');
    if (!(await verifyPassword(body.currentPassword, await users.passwordHash(user.id)))) {
      limits.loginByAccount.hit(user.email ?? user.id);
      throw new BadRequestError('Provided current password is incorrect');
    }
    await users.setPassword(user.id, await hashPassword(body.newPassword));
    // Every other session of this user ends now; this one stays.
    await sessions.endAllOf(user.id, request.sessionToken ?? undefined);
    ctx.push.closeUser(user.id, request.sessionToken ? sha256(request.sessionToken) : undefined);
    ctx.wall.hub.closeUser(user.id, request.sessionToken ? sha256(request.sessionToken) : undefined);
    return { data: { success: true } };
  });

  app.post('/me/survey', { schema: { body: SurveyBody } }, async (request) => {
    const user = currentUser(request);
    const checked = checkSurveyAnswers(request.body);
    if (!checked.ok) throw new BadRequestError(checked.error);
    await users.setPersonalizationAnswers(user.id, checked.answers as unknown as Record<string, unknown>);
    await sessions.userChanged(user.id);
    return { data: { success: true } };
  });

  app.get('/me/api-key', async (request) => {
    requireApiEnabled(ctx);
    const user = currentUser(request);
    const sealed = await users.apiKey(user.id);
    // No key yet is an answer, not an error: the API page asks on every visit.
    return { data: { apiKey: sealed ? ctx.auth.cipher.decrypt(sealed, apiKeyContext(user.id)) : null } };
  });

  app.post('/me/api-key', async (request) => {
    requireApiEnabled(ctx);
    const user = currentUser(request);
    const apiKey = API_KEY_PREFIX + newToken(32);
    await users.setApiKey(user.id, { hash: sha256(apiKey), sealed: ctx.auth.cipher.encrypt(apiKey, apiKeyContext(user.id)) });
    return { data: { apiKey } };
  });

  app.delete('/me/api-key', async (request) => {
    requireApiEnabled(ctx);
    await users.setApiKey(currentUser(request).id, null);
    return { data: { success: true } };
  });
}

function requireApiEnabled(ctx: ServerContext): void {
  if (!ctx.config.publicApiEnabled) throw new NotFoundError('The public API is disabled on this instance (SWITCHYARD_PUBLIC_API_ENABLED=false)');
}

/** Authenticated data of the sealed key: a key copied to another user's row does not open. */
export function apiKeyContext(userId: string): string {
  return `api-key:${userId}`;
}
