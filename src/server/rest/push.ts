// GET /push?pushRef=… — the editor's event stream (spec 001 §4.10). `sessionId` is accepted as
// the older name of the same parameter.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { BadRequestError, ConflictError, ServiceUnavailableError } from '../errors.ts';
import { currentUser } from '../auth/requestAuth.ts';
import { seesAll } from '../auth/access.ts';
import { sha256 } from '../auth/tokens.ts';
import { PushQuery } from './schemas.ts';

export function pushRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/push', { schema: { querystring: PushQuery } }, async (request, reply) => {
    const { pushRef, sessionId } = request.query as { pushRef?: string; sessionId?: string };
    const ref = pushRef ?? sessionId;
    if (!ref) throw new BadRequestError('query/pushRef is required');
    if (!ctx.push.canAccept(ref)) throw new ServiceUnavailableError('Too many editors are connected');
    const user = currentUser(request);
    // A pushRef in use by another user's editor is not taken over (it would get their runs).
    if (!ctx.push.mayUse(ref, user.id)) throw new ConflictError('This pushRef is in use by another editor; open the editor again');
    // From here on the stream is ours, not Fastify's: no reply is serialised.
    reply.hijack();
    ctx.push.connect(ref, reply.raw, { userId: user.id, seesAll: seesAll(user), sessionId: request.sessionToken ? sha256(request.sessionToken) : undefined });
  });
}
