// DELETE /test-webhook/{id}: the editor stops listening for a test call of workflow {id}; its
// push stream gets testWebhookDeleted. Answers whether something was listening.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { IdParams } from './schemas.ts';
import { assertWorkflowAccess } from '../auth/access.ts';

export function testWebhookRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.delete('/test-webhook/:id', { schema: { params: IdParams } }, async (request) => {
    const { id } = request.params as IdParams;
    await assertWorkflowAccess(ctx, request, id);
    return { data: ctx.testWebhooks.cancel(id) };
  });
}
