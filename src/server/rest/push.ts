// GET /push?pushRef=… — the editor's event stream (spec 001 §4.10). `sessionId` is accepted as
// the older name of the same parameter.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { BadRequestError, ServiceUnavailableError } from '../errors.ts';
import { PushQuery } from './schemas.ts';

export function pushRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/push', { schema: { querystring: PushQuery } }, async (request, reply) => {
    const { pushRef, sessionId } = request.query as { pushRef?: string; sessionId?: string };
    const ref = pushRef ?? sessionId;
    if (!ref) throw new BadRequestError('query/pushRef is required');
    if (!ctx.push.canAccept(ref)) throw new ServiceUnavailableError('Too many editors are connected');
    // From here on the stream is ours, not Fastify's: no reply is serialised.
    reply.hijack();
    ctx.push.connect(ref, reply.raw);
  });
}
