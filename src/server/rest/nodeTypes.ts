// GET /node-types — every node-type description of the registry, serialised once per set of
// types (it changes only when a community package is installed, updated or removed).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';

export function nodeTypesRoutes(app: FastifyInstance, ctx: ServerContext): void {
  let body: string | undefined;
  let generation: number | undefined;
  app.get('/node-types', async (_request, reply) => {
    if (body === undefined || generation !== ctx.nodeTypes.generation) {
      generation = ctx.nodeTypes.generation;
      body = JSON.stringify({ data: ctx.nodeTypes.descriptions() });
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
