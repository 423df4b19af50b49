// GET /node-types — every node-type description of the registry. The list does not change while
// the server runs, so it is serialised once.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';

export function nodeTypesRoutes(app: FastifyInstance, ctx: ServerContext): void {
  let body: string | undefined;
  app.get('/node-types', async (_request, reply) => {
    body ??= JSON.stringify({ data: ctx.nodeTypes.descriptions() });
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
