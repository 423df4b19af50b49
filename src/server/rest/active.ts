// GET /active (ids of the workflows running actively) and GET /active/error/{id} (the last
// activation error of a workflow, or null) — spec 001 §4.6 and §7.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { IdParams } from './schemas.ts';
import { currentUser } from '../auth/requestAuth.ts';
import { assertWorkflowAccess, ownerScope } from '../auth/access.ts';

export function activeRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/active', async (request) => {
    const scope = ownerScope(currentUser(request));
    const ids = ctx.activeWorkflows.activeIds();
    if (scope === undefined) return { data: ids };
    const own: string[] = [];
    for (const id of ids) if ((await ctx.repos.workflows.ownerOf(id)) === scope) own.push(id);
    return { data: own };
  });

  app.get('/active/error/:id', { schema: { params: IdParams } }, async (request) => {
    const { id } = request.params as IdParams;
    await assertWorkflowAccess(ctx, request, id);
    return { data: ctx.activeWorkflows.errorOf(id) ?? null };
  });
}
