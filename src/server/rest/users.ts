// Users (spec 000 §7, spec 002 §4–§6): the owner lists, invites (mail through SMTP), re-invites
// and deletes users (their workflows and credentials transferred to another user or deleted, in
// one transaction); an invited person resolves the link and signs up.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { User } from '../db/repositories/users.ts';
import type { InviteResult } from '../../model/api.ts';
import { BadRequestError, HttpError, NotFoundError } from '../errors.ts';
import { hashPassword } from '../auth/password.ts';
import { checkLimits } from '../auth/rateLimit.ts';
import { currentUser, requireRole } from '../auth/requestAuth.ts';
import { displayName, publicUser } from '../auth/publicUser.ts';
import { invitationMail } from '../mail/Mailer.ts';
import { isValidEmail, normaliseEmail } from '../../model/users.ts';
import { editorBaseUrl } from './settings.ts';
import { DeleteUserQuery, InviteBody, SignupBody, SignupTokenQuery } from './accountSchemas.ts';
import { checkedNames, checkedPassword } from './accountRules.ts';
import { IdParams } from './schemas.ts';
import { NO_SMTP } from './passwordReset.ts';
import { signIn } from './auth.ts';

const INVALID_INVITE = 'This invitation link is not valid';

export function inviteAcceptUrl(ctx: ServerContext, inviterId: string, inviteeId: string): string {
  const url = new URL('signup', editorBaseUrl(ctx));
  url.searchParams.set('inviterId', inviterId);
  url.searchParams.set('inviteeId', inviteeId);
  return url.href;
}

export function usersRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { users } = ctx.repos;
  const { limits } = ctx.auth;
  const publicRoute = { config: { auth: 'public' as const } };

  /** The pending invitee and their inviter, or 400 (a reused, deleted or forged link). */
  async function invitation(request: FastifyRequest, inviterId: string | undefined, inviteeId: string | undefined): Promise<{ inviter: User; invitee: User }> {
    if (!inviterId || !inviteeId) throw new BadRequestError('missing token', 'The link needs both inviterId and inviteeId.');
    checkLimits([[limits.tokensByAddress, request.ip]], 'attempts');
    limits.tokensByAddress.hit(request.ip);
    const [inviter, invitee] = await Promise.all([users.get(inviterId), users.get(inviteeId)]);
    if (!invitee || !inviter || invitee.invitedBy !== inviter.id || inviter.role !== 'owner') throw new BadRequestError(INVALID_INVITE, 'Ask the owner to send you a new invitation.');
    if (!invitee.isPending) throw new BadRequestError('This invitation has already been accepted', 'Sign in with your email and password instead.');
    return { inviter, invitee };
  }

  /** Sends the invitation mail; the error text when it could not be sent. */
  async function sendInvite(inviter: User, invitee: User): Promise<string | undefined> {
    try {
      await ctx.auth.mailer!.send(invitationMail(invitee.email!, displayName(inviter), inviteAcceptUrl(ctx, inviter.id, invitee.id)));
      return undefined;
    } catch (e) {
      app.log.error({ err: e, userId: invitee.id }, 'invitation mail failed');
      return `Problem sending email: ${e instanceof Error ? e.message : String(e)}`;
    }
  }

  app.get('/users', async (request) => {
    requireRole(request, ['owner', 'default'], 'list users');
    const me = currentUser(request);
    const list = await users.list();
    return { data: list.map((u) => publicUser(u, u.isPending && u.invitedBy && me.role === 'owner' ? { inviteAcceptUrl: inviteAcceptUrl(ctx, u.invitedBy, u.id) } : {})) };
  });

  app.post('/users', { schema: { body: InviteBody } }, async (request) => {
    requireRole(request, ['owner'], 'invite users');
    if (!ctx.auth.mailer) throw new BadRequestError(NO_SMTP, 'Invitations are sent by email: set SWITCHYARD_SMTP_HOST and the other SWITCHYARD_SMTP_* settings.');
    const owner = currentUser(request);
    const wanted: string[] = [];
    for (const { email: raw } of request.body as InviteBody) {
      const email = normaliseEmail(raw);
      if (!isValidEmail(email)) throw new BadRequestError(`${raw.trim() || '""'} is not a valid email`);
      if (!wanted.includes(email)) wanted.push(email);
    }
    const { created, existing } = await users.invite(wanted, owner.id);
    const results: InviteResult[] = [];
    for (const email of existing) results.push({ user: { id: '', email, emailSent: false }, error: `A user with the email ${email} already exists` });
    for (const invitee of created) {
      const error = await sendInvite(owner, invitee);
      results.push({ user: { id: invitee.id, email: invitee.email!, inviteAcceptUrl: inviteAcceptUrl(ctx, owner.id, invitee.id), emailSent: !error }, ...(error ? { error } : {}) });
    }
    request.log.info({ invited: created.length, existing: existing.length }, 'users invited');
    return { data: results };
  });

  app.post('/users/:id/reinvite', { schema: { params: IdParams } }, async (request) => {
    requireRole(request, ['owner'], 're-invite users');
    if (!ctx.auth.mailer) throw new BadRequestError(NO_SMTP);
    const invitee = await users.get((request.params as IdParams).id);
    if (!invitee || invitee.role === 'default') throw new NotFoundError('User not found');
    if (!invitee.isPending) throw new BadRequestError(`${invitee.email} has already accepted the invitation`);
    const owner = currentUser(request);
    // The link names the inviter: a re-invitation from this owner is valid from now on.
    const error = await sendInvite(invitee.invitedBy ? ((await users.get(invitee.invitedBy)) ?? owner) : owner, invitee);
    if (error) throw new HttpError(502, 'Could not reinvite user', error);
    return { data: true };
  });

  app.get('/resolve-signup-token', { ...publicRoute, schema: { querystring: SignupTokenQuery } }, async (request) => {
    const q = request.query as SignupTokenQuery;
    const { inviter, invitee } = await invitation(request, q.inviterId, q.inviteeId);
    return { data: { inviter: { firstName: inviter.firstName ?? '', lastName: inviter.lastName ?? '' }, invitee: { email: invitee.email ?? '' } } };
  });

  app.post('/users/:id', { ...publicRoute, schema: { params: IdParams, body: SignupBody } }, async (request, reply) => {
    const body = request.body as SignupBody;
    const { invitee } = await invitation(request, body.inviterId, (request.params as IdParams).id);
    const names = checkedNames(body);
    checkedPassword(body.password);
    await users.completeSignup(invitee.id, { ...names, passwordHash: await hashPassword(body.password) });
    if (body.agree !== undefined) await users.updateSettings(invitee.id, { updatesOptIn: body.agree });
    const user = (await users.get(invitee.id))!;
    request.log.info({ userId: user.id }, 'invited user signed up');
    await signIn(ctx, request, reply, user);
    return { data: publicUser(user) };
  });

  app.delete('/users/:id', { schema: { params: IdParams, querystring: DeleteUserQuery } }, async (request) => {
    requireRole(request, ['owner'], 'delete users');
    // The query as sent: validation drops unknown properties, and a misspelt transferId
    // (?transferID=…) must not turn a transfer into deleting everything the user made.
    const unknownParam = [...new URLSearchParams(request.url.split('?')[1] ?? '').keys()].find((k) => k !== 'transferId');
    if (unknownParam !== undefined) throw new BadRequestError(`query must not have the property "${unknownParam}"`, 'The only query parameter is transferId.');
    const { id } = request.params as IdParams;
    const { transferId } = request.query as DeleteUserQuery;
    const me = currentUser(request);
    if (id === me.id) throw new BadRequestError('You cannot delete your own user', 'The owner account stays; delete other users.');
    const user = await users.get(id);
    if (!user || user.role === 'default') throw new NotFoundError(`User with ID "${id}" could not be found`);
    if (transferId !== undefined) {
      if (transferId === id) throw new BadRequestError('The user to transfer to cannot be the user being deleted');
      const target = await users.get(transferId);
      if (!target || target.role === 'default') throw new NotFoundError(`The user to transfer to (ID "${transferId}") could not be found`);
      if (target.isPending) throw new BadRequestError('Workflows and credentials cannot be transferred to a user who has not signed up yet');
    }
    // Stop the active workflows that are about to be deleted before their rows go.
    if (transferId === undefined) for (const wid of await users.workflowIdsOf(id)) ctx.activeWorkflows.deactivate(wid);
    const moved = await users.delete(id, transferId);
    ctx.executions.userDeleted(id, transferId);
    ctx.repos.workflows.forgetOwners();
    await ctx.auth.sessions.endAllOf(id);
    ctx.push.closeUser(id);
    ctx.wall.hub.closeUser(id);
    request.log.info({ userId: id, transferId, ...moved }, transferId ? 'user deleted, data transferred' : 'user deleted with their data');
    return { data: true };
  });
}
