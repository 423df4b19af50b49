// The public API's JSON schemas (TypeBox): the routes validate requests with them and the
// OpenAPI document (openapi.ts) is generated from the same objects. Shapes follow n8n's public
// API v1 (packages/cli/src/public-api/v1/**/spec/schemas/*.yml): bare objects, lists as
// `{ data, nextCursor }`, errors as `{ message }`. Entities have an $id and are shared by
// reference (OpenAPI components); fields marked readOnly are answered, and ignored when sent.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { MAX_CREDENTIAL_NAME_LENGTH } from '../../model/credentialTypes.ts';
import { MAX_TAG_NAME_LENGTH } from '../db/repositories/tags.ts';
import { ConnectionsSchema, NodeSchema, PinDataSchema, SettingsSchema, workflowFields } from '../rest/schemas.ts';

/** A reference to a shared schema (registered with its $id), typed as the schema. */
export function ref<T extends TSchema>(schema: T, options: { description?: string } = {}) {
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id!, options));
}

/** A value or null (OpenAPI 3.0: nullable; @fastify/swagger writes it so). */
function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** The largest page (n8n: limit maximum 250, default 100). */
export const MAX_PAGE_LIMIT = 250;
export const DEFAULT_PAGE_LIMIT = 100;

const ReadOnlyId = Type.String({ readOnly: true, maxLength: 64, examples: ['2tUt1wbLX592XDdX'] });
const ReadOnlyTime = Type.String({ readOnly: true, format: 'date-time' });

export const ErrorSchema = Type.Object({ message: Type.String() }, { $id: 'Error', additionalProperties: true });

export const TagSchema = Type.Object(
  {
    id: Type.Optional(ReadOnlyId),
    name: Type.String({ minLength: 1, maxLength: 256, description: `At most ${MAX_TAG_NAME_LENGTH} characters`, examples: ['Production'] }),
    createdAt: Type.Optional(ReadOnlyTime),
    updatedAt: Type.Optional(ReadOnlyTime),
  },
  { $id: 'Tag', additionalProperties: false },
);
export type PublicTag = Static<typeof TagSchema>;

export const WorkflowSchema = Type.Object(
  {
    id: Type.Optional(ReadOnlyId),
    name: workflowFields.name,
    active: Type.Optional(Type.Boolean({ readOnly: true, description: 'Change it with POST /workflows/{id}/activate and /deactivate' })),
    createdAt: Type.Optional(ReadOnlyTime),
    updatedAt: Type.Optional(ReadOnlyTime),
    versionId: Type.Optional(Type.String({ readOnly: true, maxLength: 64 })),
    nodes: Type.Array(NodeSchema, { maxItems: 100_000 }),
    connections: ConnectionsSchema,
    settings: Type.Optional(SettingsSchema),
    staticData: workflowFields.staticData,
    pinData: Type.Optional(Nullable(PinDataSchema)),
    meta: Type.Optional(Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'], readOnly: true })),
    tags: Type.Optional(Type.Array(ref(TagSchema), { readOnly: true, maxItems: 100, description: 'Change them with PUT /workflows/{id}/tags' })),
  },
  { $id: 'Workflow', additionalProperties: false },
);
export type PublicWorkflow = Static<typeof WorkflowSchema>;

const ExecutionStatus = Type.Union(
  (['canceled', 'crashed', 'error', 'new', 'running', 'success', 'unknown', 'waiting'] as const).map((s) => Type.Literal(s)),
);

export const ExecutionSchema = Type.Object(
  {
    id: Type.String({ examples: ['1000'] }),
    finished: Type.Boolean(),
    mode: Type.Union((['cli', 'error', 'integrated', 'internal', 'manual', 'retry', 'trigger', 'webhook'] as const).map((s) => Type.Literal(s))),
    retryOf: Nullable(Type.String()),
    retrySuccessId: Nullable(Type.String()),
    startedAt: Type.String({ format: 'date-time' }),
    stoppedAt: Nullable(Type.String({ format: 'date-time' })),
    workflowId: Nullable(Type.String()),
    waitTill: Nullable(Type.String({ format: 'date-time' })),
    status: ExecutionStatus,
    data: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'The run data (with includeData=true)' })),
    workflowData: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'The workflow as it ran (with includeData=true)' })),
  },
  { $id: 'Execution', additionalProperties: false },
);
export type PublicExecution = Static<typeof ExecutionSchema>;

/** Credential data: the type's properties (GET /credentials/schema/{type}); checked by the credentials service. */
const CredentialData = Type.Unsafe<Record<string, string | number | boolean | null>>({
  type: 'object',
  maxProperties: 64,
  propertyNames: { maxLength: 128 },
  writeOnly: true,
  examples: [{ name: 'X-Api-Key', value: 's3cret' }],
});

export const CredentialSchema = Type.Object(
  {
    id: Type.Optional(ReadOnlyId),
    name: Type.String({ minLength: 1, maxLength: 1024, description: `At most ${MAX_CREDENTIAL_NAME_LENGTH} characters`, examples: ['Partner API'] }),
    type: Type.String({ minLength: 1, maxLength: 128, examples: ['httpHeaderAuth'] }),
    data: CredentialData,
    createdAt: Type.Optional(ReadOnlyTime),
    updatedAt: Type.Optional(ReadOnlyTime),
  },
  { $id: 'Credential' },
);
export type PublicCredential = Static<typeof CredentialSchema>;

/** A credential as answered: never its data. */
export const CredentialInfoSchema = Type.Object(
  { id: ReadOnlyId, name: Type.String(), type: Type.String(), createdAt: ReadOnlyTime, updatedAt: ReadOnlyTime },
  { $id: 'CreateCredentialResponse', additionalProperties: false },
);
export type PublicCredentialInfo = Static<typeof CredentialInfoSchema>;

/** `{ data, nextCursor }` (n8n's list shape). */
function List<T extends TSchema>(item: T, id: string) {
  return Type.Object(
    {
      data: Type.Array(ref(item)),
      nextCursor: Nullable(Type.String({ description: 'Pass as cursor to get the next page; null on the last page' })),
    },
    { $id: id },
  );
}
export const WorkflowListSchema = List(WorkflowSchema, 'WorkflowList');
export const ExecutionListSchema = List(ExecutionSchema, 'ExecutionList');
export const TagListSchema = List(TagSchema, 'TagList');

/** Every schema the routes refer to by $id. */
export const SHARED_SCHEMAS: TSchema[] = [ErrorSchema, TagSchema, WorkflowSchema, ExecutionSchema, CredentialSchema, CredentialInfoSchema, WorkflowListSchema, ExecutionListSchema, TagListSchema];

// ---------------------------------------------------------------- parameters

/** Query values are coerced (numbers, booleans) by the public API's validator. */
export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT, description: 'The maximum number of items to return' })),
  cursor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 512, description: "The nextCursor of the previous page's answer; without it, the first page" }),
  ),
};

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type IdParams = Static<typeof IdParams>;

/** Answers of a route: the success schema under `ok` and `{ message }` under every error status. */
export function answers(ok: { status?: number; schema: TSchema; description: string }, errors: Record<number, string>): Record<number, TSchema> {
  const out: Record<number, TSchema> = { [ok.status ?? 200]: { ...ok.schema, description: ok.description } };
  for (const [status, description] of Object.entries(errors)) out[Number(status)] = ref(ErrorSchema, { description });
  return out;
}

export const KEY_ERRORS = { 401: 'Missing or unknown X-N8N-API-KEY' };
