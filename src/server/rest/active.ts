// GET /active (ids of the workflows running actively) and GET /active/error/{id} (the last
// activation error of a workflow, or null) — spec 001 §4.6 and §7.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { IdParams } from './schemas.ts';

export function activeRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/active', async () => ({ data: ctx.activeWorkflows.activeIds() }));

  app.get('/active/error/:id', { schema: { params: IdParams } }, async (request) => {
    const { id } = request.params as IdParams;
    return { data: ctx.activeWorkflows.errorOf(id) ?? null };
  });
}
