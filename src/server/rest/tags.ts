// Tags (spec 002 §7): list (with usage counts), create, rename, delete.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { requireRole } from '../auth/requestAuth.ts';
import { IdParams, TagsListQuery } from './schemas.ts';

/**
 * {name}: any string up to 1,024 characters reaches the repository, which trims it and answers
 * the tag messages ('Tag name cannot be empty', '… longer than 24 characters'); a longer one is
 * refused by the schema (the body stays bounded).
 */
// Unknown fields are refused naming them, as on every body that has a fixed shape.
const TagBody = Type.Object({ name: Type.String({ maxLength: 1024 }) }, { additionalProperties: false });

export function tagsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const repo = ctx.repos.tags;

  app.get('/tags', { schema: { querystring: TagsListQuery } }, async (request) => {
    const { withUsageCount } = request.query as { withUsageCount?: string };
    return { data: await repo.list(withUsageCount === 'true') };
  });

  app.post('/tags', { schema: { body: TagBody } }, async (request) => {
    return { data: await repo.create((request.body as { name: string }).name) };
  });

  app.patch('/tags/:id', { schema: { params: IdParams, body: TagBody } }, async (request) => {
    const { id } = request.params as IdParams;
    return { data: await repo.rename(id, (request.body as { name: string }).name) };
  });

  app.delete('/tags/:id', { schema: { params: IdParams } }, async (request) => {
    // Spec 002 §6: deleting tags is for the owner and the default user.
    requireRole(request, ['owner', 'default'], 'delete tags');
    await repo.delete((request.params as IdParams).id);
    return { data: true };
  });
}
