// Public API credentials (n8n's public API v1): create (it belongs to the key's user), delete,
// and the JSON schema of a credential type's data. Credential data is never answered. Checks
// (names, the type's properties, encryption, ownership) are the credentials service's.
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { INodeProperties } from '../../model/nodeTypes.ts';
import type { ICredentialType } from '../../model/credentialTypes.ts';
import { credentialType } from '../../nodes/credentials/registry.ts';
import type { ServerContext } from '../context.ts';
import type { CredentialResponse } from '../credentials/CredentialsService.ts';
import { NotFoundError } from '../errors.ts';
import { currentUser } from '../auth/requestAuth.ts';
import { actorOf } from '../rest/credentials.ts';
import { CredentialInfoSchema, CredentialSchema, IdParams, KEY_ERRORS, answers, ref, type PublicCredential, type PublicCredentialInfo } from './schemas.ts';

function publicCredential(c: CredentialResponse): PublicCredentialInfo {
  return { id: c.id, name: c.name, type: c.type, createdAt: c.createdAt, updatedAt: c.updatedAt };
}

type JsonSchema = Record<string, unknown>;

function propertySchema(p: INodeProperties): JsonSchema {
  if (p.type === 'options') return { type: 'string', enum: (p.options ?? []).map((o) => ('value' in o ? o.value : o.name)) };
  if (p.type === 'number' || p.type === 'boolean') return { type: p.type };
  return { type: 'string' };
}

/**
 * The JSON schema of a credential type's data, as n8n's toJsonSchema writes it: every property
 * typed, no others; required ones listed, or, when shown only for a value of another property
 * (displayOptions.show), required under that condition.
 */
export function credentialDataSchema(type: ICredentialType): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const conditions = new Map<string, { if: JsonSchema; then: { allOf: JsonSchema[] } }>();
  for (const p of type.properties) {
    if (p.type === 'hidden') continue;
    properties[p.name] = propertySchema(p);
    const show = p.displayOptions?.show;
    const [dependsOn, values] = show ? (Object.entries(show)[0] ?? []) : [];
    if (!dependsOn) {
      if (p.required) required.push(p.name);
      continue;
    }
    if (!p.required) continue;
    const value = Array.isArray(values) ? values[0] : undefined;
    const key = `${dependsOn}:${JSON.stringify(value)}`;
    let c = conditions.get(key);
    if (!c) conditions.set(key, (c = { if: { properties: { [dependsOn]: { enum: [value] } }, required: [dependsOn] }, then: { allOf: [] } }));
    c.then.allOf.push({ required: [p.name] });
  }
  const schema: JsonSchema = { additionalProperties: false, type: 'object', properties, required };
  if (conditions.size) schema.allOf = [...conditions.values()];
  return schema;
}

const TypeParams = Type.Object({ credentialTypeName: Type.String({ minLength: 1, maxLength: 128, examples: ['httpHeaderAuth'] }) });

export function credentialsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const service = ctx.credentials;
  const tags = ['Credential'];

  app.post('/credentials', {
    schema: {
      tags,
      operationId: 'createCredential',
      summary: 'Create a credential',
      description: 'The credential belongs to the key\'s user; its data is stored encrypted and never answered. GET /credentials/schema/{type} describes the data.',
      body: ref(CredentialSchema),
      response: answers({ schema: ref(CredentialInfoSchema), description: 'The created credential (without its data)' }, { 400: 'The name, type or data is invalid', ...KEY_ERRORS }),
    },
  }, async (request) => {
    const body = request.body as PublicCredential;
    return publicCredential(await service.create({ name: body.name, type: body.type, data: body.data }, currentUser(request).id));
  });

  app.delete('/credentials/:id', {
    schema: {
      tags,
      operationId: 'deleteCredential',
      summary: 'Delete a credential',
      description: 'A member deletes their own credentials; the owner any. Answers the credential as it was (without its data).',
      params: IdParams,
      response: answers({ schema: ref(CredentialInfoSchema), description: 'The deleted credential' }, { ...KEY_ERRORS, 404: 'No credential with this id (or not yours)' }),
    },
  }, async (request) => {
    const { id } = request.params as IdParams;
    const actor = actorOf(request);
    const credential = await service.get(id, false, actor);
    await service.delete(id, actor);
    return publicCredential(credential);
  });

  app.get('/credentials/schema/:credentialTypeName', {
    schema: {
      tags,
      operationId: 'getCredentialType',
      summary: 'Show the data schema of a credential type',
      params: TypeParams,
      response: answers(
        { schema: Type.Object({}, { additionalProperties: true, examples: [credentialDataSchema(credentialType('httpHeaderAuth')!)] }), description: 'A JSON schema of the data' },
        { ...KEY_ERRORS, 404: 'No credential type with this name' },
      ),
    },
  }, async (request) => {
    const { credentialTypeName } = request.params as Static<typeof TypeParams>;
    const type = credentialType(credentialTypeName);
    if (!type) throw new NotFoundError(`Credential type "${credentialTypeName}" not found; known types: ${service.types().map((t) => t.name).join(', ')}`);
    return credentialDataSchema(type);
  });
}
