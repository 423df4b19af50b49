// Credentials (spec 002 §7): types, new name, list, create, read (data only with
// includeData=true), update, delete, and the connection test. Answers never carry credential
// data except GET /credentials/{id}?includeData=true.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { CredentialDecryptError } from '../credentials/cipher.ts';
import {
  CredentialCreateBody,
  CredentialGetQuery,
  CredentialPatchBody,
  CredentialsFilter,
  CredentialsListQuery,
  CredentialTestBody,
  IdParams,
  NewCredentialQuery,
} from './schemas.ts';
import { parseJsonQuery } from './queryJson.ts';
import type { FastifyRequest } from 'fastify';
import type { CredentialActor } from '../credentials/CredentialsService.ts';
import { currentUser } from '../auth/requestAuth.ts';
import { seesAll } from '../auth/access.ts';

/** Who asks, as the credentials service checks it (ownership: issue 9). */
export function actorOf(request: FastifyRequest): CredentialActor {
  const user = currentUser(request);
  return { id: user.id, seesAll: seesAll(user) };
}

export function credentialsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const service = ctx.credentials;

  app.get('/credential-types', async () => ({ data: service.types() }));

  app.get('/credentials/new', { schema: { querystring: NewCredentialQuery } }, async (request) => {
    const { name } = request.query as { name?: string };
    return { data: { name: await service.newName(name, currentUser(request).id) } };
  });

  app.get('/credentials', { schema: { querystring: CredentialsListQuery } }, async (request) => {
    const { filter } = request.query as { filter?: string };
    return { data: await service.list(parseJsonQuery(filter, CredentialsFilter, 'filter') ?? {}, actorOf(request)) };
  });

  app.post('/credentials', { schema: { body: CredentialCreateBody } }, async (request) => {
    const body = request.body as CredentialCreateBody;
    return { data: await service.create({ name: body.name, type: body.type, nodesAccess: body.nodesAccess, data: body.data }, currentUser(request).id) };
  });

  app.post('/credentials/test', { schema: { body: CredentialTestBody } }, async (request) => {
    const { credentials } = request.body as CredentialTestBody;
    const id = typeof credentials.id === 'string' || typeof credentials.id === 'number' ? String(credentials.id) : undefined;
    return { data: await unlocked(() => service.test({ id, type: credentials.type, data: credentials.data }, actorOf(request))) };
  });

  app.get('/credentials/:id', { schema: { params: IdParams, querystring: CredentialGetQuery } }, async (request) => {
    const { id } = request.params as IdParams;
    const { includeData } = request.query as { includeData?: string };
    return { data: await unlocked(() => service.get(id, includeData === 'true', actorOf(request))) };
  });

  app.patch('/credentials/:id', { schema: { params: IdParams, body: CredentialPatchBody } }, async (request) => {
    const { id } = request.params as IdParams;
    const body = request.body as CredentialPatchBody;
    return { data: await unlocked(() => service.update(id, { name: body.name, type: body.type, nodesAccess: body.nodesAccess, data: body.data }, actorOf(request))) };
  });

  app.delete('/credentials/:id', { schema: { params: IdParams } }, async (request) => {
    await service.delete((request.params as IdParams).id, actorOf(request));
    return { data: true };
  });
}

/** A key that does not open the stored data is the instance's problem: said, not hidden in a 500. */
async function unlocked<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof CredentialDecryptError) throw new HttpError(500, e.message);
    throw e;
  }
}
