// Password recovery (spec 000 §2, §7): POST /forgot-password mails a single-use link valid for
// 20 minutes (the token is stored hashed); GET /resolve-password-token checks it when the page
// loads; POST /change-password sets the new password and ends every session of that user.
// The answer to /forgot-password is the same whether the address has an account or not.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { BadRequestError, HttpError, NotFoundError } from '../errors.ts';
import { hashPassword } from '../auth/password.ts';
import { checkLimits } from '../auth/rateLimit.ts';
import { newToken, sha256 } from '../auth/tokens.ts';
import { passwordResetMail } from '../mail/Mailer.ts';
import { PASSWORD_RESET_TOKEN_TTL_MS } from '../../model/users.ts';
import { editorBaseUrl } from './settings.ts';
import { ChangePasswordBody, ForgotPasswordBody, PasswordTokenQuery } from './accountSchemas.ts';
import { checkedEmail, checkedPassword } from './accountRules.ts';

export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired';
export const NO_SMTP = 'Email sending is not set up on this instance (SWITCHYARD_SMTP_HOST)';

export function passwordResetRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { users } = ctx.repos;
  const { limits } = ctx.auth;
  const publicRoute = { config: { auth: 'public' as const } };

  app.post('/forgot-password', { ...publicRoute, schema: { body: ForgotPasswordBody } }, async (request) => {
    const mailer = ctx.auth.mailer;
    if (!mailer) throw new BadRequestError(NO_SMTP, 'Ask the instance owner to reset your password, or to set up SMTP.');
    const email = checkedEmail((request.body as ForgotPasswordBody).email);
    checkLimits([[limits.mailByAddress, request.ip], [limits.mailByAccount, email]], 'password reset requests');
    limits.mailByAddress.hit(request.ip);
    limits.mailByAccount.hit(email);
    const user = await users.findByEmail(email);
    if (!user || user.isPending || user.role === 'default') {
      request.log.info('password reset asked for an address without an account');
      return { data: true };
    }
    const token = newToken();
    await users.setResetToken(user.id, sha256(token), new Date(Date.now() + PASSWORD_RESET_TOKEN_TTL_MS).toISOString());
    const url = new URL('change-password', editorBaseUrl(ctx));
    url.searchParams.set('token', token);
    url.searchParams.set('userId', user.id);
    try {
      await mailer.send(passwordResetMail(email, user.firstName ?? '', url.href, PASSWORD_RESET_TOKEN_TTL_MS / 60_000));
    } catch (e) {
      request.log.error({ err: e }, 'password reset mail failed');
      throw new HttpError(502, 'Problem sending email', e instanceof Error ? e.message : String(e));
    }
    return { data: true };
  });

  app.get('/resolve-password-token', { ...publicRoute, schema: { querystring: PasswordTokenQuery } }, async (request) => {
    const { token, userId } = request.query as PasswordTokenQuery;
    if (!token || !userId) throw new BadRequestError('The password reset link is missing its token or user id');
    checkLimits([[limits.tokensByAddress, request.ip]], 'attempts');
    limits.tokensByAddress.hit(request.ip);
    const user = await users.findByResetToken(userId, sha256(token), new Date().toISOString());
    if (!user) throw new NotFoundError(INVALID_RESET_LINK);
    return { data: true };
  });

  app.post('/change-password', { ...publicRoute, schema: { body: ChangePasswordBody } }, async (request) => {
    const body = request.body as ChangePasswordBody;
    checkedPassword(body.password);
    checkLimits([[limits.tokensByAddress, request.ip]], 'attempts');
    limits.tokensByAddress.hit(request.ip);
    const changed = await users.resetPassword(body.userId, sha256(body.token), await hashPassword(body.password), new Date().toISOString());
    if (!changed) throw new NotFoundError(INVALID_RESET_LINK);
    await ctx.auth.sessions.endAllOf(body.userId);
    ctx.push.closeUser(body.userId);
    ctx.wall.hub.closeUser(body.userId);
    request.log.info({ userId: body.userId }, 'password reset');
    return { data: true };
  });
}
