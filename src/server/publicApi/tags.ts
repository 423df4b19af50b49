// Public API tags (n8n's public API v1): list (cursor pages), create, get, rename, delete. Tags
// are shared by everyone on the instance, as in REST; deleting one is for the owner only
// (spec 002 §6), as n8n's tag:delete scope.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { TagWithUsage } from '../db/repositories/tags.ts';
import { NotFoundError } from '../errors.ts';
import { requireRole } from '../auth/requestAuth.ts';
import { nextCursor, pageOf } from './pagination.ts';
import { IdParams, PageQuery, TagListSchema, TagSchema, KEY_ERRORS, answers, ref, type PublicTag } from './schemas.ts';
import { Type } from '@sinclair/typebox';

export function publicTag(t: TagWithUsage): PublicTag {
  return { id: t.id, name: t.name, createdAt: t.createdAt, updatedAt: t.updatedAt };
}

const TAG_ERRORS = { ...KEY_ERRORS, 404: 'No tag with this id' };

export function tagsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const repo = ctx.repos.tags;
  const tags = ['Tags'];
  const tagOf = async (id: string) => {
    const tag = await repo.get(id);
    if (!tag) throw new NotFoundError(`Tag ${id} not found`);
    return tag;
  };

  app.get('/tags', {
    schema: {
      tags,
      operationId: 'getTags',
      summary: 'Retrieve all tags',
      querystring: Type.Object(PageQuery),
      response: answers({ schema: ref(TagListSchema), description: 'A page of tags, in id order' }, { 400: 'A query parameter is invalid', ...KEY_ERRORS }),
    },
  }, async (request) => {
    const page = pageOf(request.query as { limit?: number; cursor?: string });
    const { tags: found, more } = await repo.page(page);
    return { data: found.map(publicTag), nextCursor: nextCursor(found, more, (t) => t.id, page.limit) };
  });

  app.post('/tags', {
    schema: {
      tags,
      operationId: 'createTag',
      summary: 'Create a tag',
      body: ref(TagSchema),
      response: answers({ status: 201, schema: ref(TagSchema), description: 'The created tag' }, { 400: 'The name is empty or too long', ...KEY_ERRORS, 409: 'A tag with this name exists' }),
    },
  }, async (request, reply) => {
    reply.status(201);
    return publicTag(await repo.create((request.body as PublicTag).name));
  });

  app.get('/tags/:id', {
    schema: { tags, operationId: 'getTag', summary: 'Retrieve a tag', params: IdParams, response: answers({ schema: ref(TagSchema), description: 'The tag' }, TAG_ERRORS) },
  }, async (request) => publicTag(await tagOf((request.params as IdParams).id)));

  app.put('/tags/:id', {
    schema: {
      tags,
      operationId: 'updateTag',
      summary: 'Rename a tag',
      params: IdParams,
      body: ref(TagSchema),
      response: answers({ schema: ref(TagSchema), description: 'The renamed tag' }, { 400: 'The name is empty or too long', ...TAG_ERRORS, 409: 'Another tag has this name' }),
    },
  }, async (request) => publicTag(await repo.rename((request.params as IdParams).id, (request.body as PublicTag).name)));

  app.delete('/tags/:id', {
    schema: {
      tags,
      operationId: 'deleteTag',
      summary: 'Delete a tag',
      description: 'Only the instance owner may delete tags; workflows lose the tag.',
      params: IdParams,
      response: answers({ schema: ref(TagSchema), description: 'The deleted tag' }, { ...KEY_ERRORS, 403: 'The key\'s user may not delete tags', 404: 'No tag with this id' }),
    },
  }, async (request) => {
    requireRole(request, ['owner', 'default'], 'delete tags');
    const tag = await tagOf((request.params as IdParams).id);
    await repo.delete(tag.id);
    return publicTag(tag);
  });
}
