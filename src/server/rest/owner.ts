// Owner setup (spec 000 §2 "Owner setup", §7): POST /owner turns the default user into the owner
// (everything it owned stays its own) and signs them in; POST /owner/skip-setup keeps the
// default user without sign-in, which only a loopback-bound instance allows.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { BadRequestError, ConflictError } from '../errors.ts';
import { hashPassword } from '../auth/password.ts';
import { publicUser } from '../auth/publicUser.ts';
import { OwnerBody } from './accountSchemas.ts';
import { checkedEmail, checkedNames, checkedPassword } from './accountRules.ts';
import { signIn } from './auth.ts';

export function ownerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const um = ctx.auth.userManagement;
  const publicRoute = { config: { auth: 'public' as const } };

  app.post('/owner', { ...publicRoute, schema: { body: OwnerBody } }, async (request, reply) => {
    if (um.ownerExists) throw new ConflictError('The instance owner is already set up', 'Sign in instead; the owner can invite other users.');
    const body = request.body as OwnerBody;
    const email = checkedEmail(body.email);
    const names = checkedNames(body);
    checkedPassword(body.password);
    const defaultUser = await ctx.repos.users.ensureDefaultUser();
    const owner = await ctx.repos.users.setupOwner(defaultUser.id, { email, ...names, passwordHash: await hashPassword(body.password) });
    um.ownerCreated();
    if (body.agree !== undefined) await ctx.repos.users.updateSettings(owner.id, { updatesOptIn: body.agree });
    request.log.info({ userId: owner.id }, 'instance owner set up');
    const saved = (await ctx.repos.users.get(owner.id))!;
    await signIn(ctx, request, reply, saved);
    return { data: publicUser(saved) };
  });

  app.post('/owner/skip-setup', publicRoute, async () => {
    if (um.ownerExists) throw new ConflictError('The instance owner is already set up');
    if (!um.canSkipSetup) {
      throw new BadRequestError(
        `Setup cannot be skipped: the server listens on ${ctx.config.host}, which is not a loopback address`,
        'An instance reachable from other machines needs an owner account; set it up, or bind to 127.0.0.1.',
      );
    }
    await um.skipSetup();
    return { data: { success: true } };
  });
}
