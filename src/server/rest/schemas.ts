// JSON schemas of request bodies, queries and params (TypeBox → Fastify's Ajv). They check
// types and sizes; rules that need the whole workflow or the node registry live in
// src/model/validateWorkflow.ts. Node and workflow objects allow extra properties so n8n JSON
// that carries fields we do not model survives a round trip.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { MAX_WORKFLOW_NAME_LENGTH } from '../../model/constants.ts';

/** String enum as a plain `enum` (a union of literals would give Ajv's vague anyOf message). */
function Enum<T extends string | boolean>(values: readonly T[]) {
  return Type.Unsafe<T>({ enum: [...values] });
}

const Id = Type.String({ minLength: 1, maxLength: 64 });
const AnyObject = Type.Object({}, { additionalProperties: true });

export const NodeSchema = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 256 })),
  name: Type.String({ minLength: 1, maxLength: 1024 }),
  type: Type.String({ minLength: 1, maxLength: 512 }),
  typeVersion: Type.Number(),
  position: Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }),
  parameters: Type.Optional(AnyObject),
  credentials: Type.Optional(
    Type.Record(Type.String(), Type.Object({ id: Type.Unsafe<string | null>({ type: ['string', 'null'] }), name: Type.String() })),
  ),
  disabled: Type.Optional(Type.Boolean()),
  color: Type.Optional(Type.String({ maxLength: 64 })),
  notes: Type.Optional(Type.String()),
  notesInFlow: Type.Optional(Type.Boolean()),
  alwaysOutputData: Type.Optional(Type.Boolean()),
  executeOnce: Type.Optional(Type.Boolean()),
  continueOnFail: Type.Optional(Type.Boolean()),
  onError: Type.Optional(Enum(['stopWorkflow', 'continueRegularOutput', 'continueErrorOutput'] as const)),
  retryOnFail: Type.Optional(Type.Boolean()),
  maxTries: Type.Optional(Type.Number()),
  waitBetweenTries: Type.Optional(Type.Number()),
  webhookId: Type.Optional(Type.String({ maxLength: 256 })),
});

const ConnectionSchema = Type.Object({
  node: Type.String(),
  type: Type.String({ minLength: 1 }),
  index: Type.Integer({ minimum: 0 }),
});

export const ConnectionsSchema = Type.Record(
  Type.String(),
  Type.Record(Type.String(), Type.Array(Type.Unsafe({ type: ['array', 'null'], items: ConnectionSchema }))),
);

export const SettingsSchema = Type.Object(
  {
    executionOrder: Type.Optional(Enum(['v0', 'v1'] as const)),
    errorWorkflow: Type.Optional(Type.String({ maxLength: 64 })),
    timezone: Type.Optional(Type.String({ maxLength: 64 })),
    saveDataErrorExecution: Type.Optional(Enum(['all', 'none', 'DEFAULT'] as const)),
    saveDataSuccessExecution: Type.Optional(Enum(['all', 'none', 'DEFAULT'] as const)),
    saveManualExecutions: Type.Optional(Enum([true, false, 'DEFAULT'] as const)),
    saveExecutionProgress: Type.Optional(Enum([true, false, 'DEFAULT'] as const)),
    executionTimeout: Type.Optional(Type.Integer({ minimum: -1 })),
    maxExecutionTimeout: Type.Optional(Type.Integer({ minimum: -1 })),
  },
  { additionalProperties: true },
);

export const PinDataSchema = Type.Record(Type.String(), Type.Array(Type.Object({ json: AnyObject }, { additionalProperties: true })));

const TagRef = Type.Union([Id, Type.Object({ id: Type.Optional(Type.String({ maxLength: 64 })), name: Type.Optional(Type.String({ maxLength: 256 })) })]);

export const workflowFields = {
  name: Type.String({ minLength: 1, maxLength: MAX_WORKFLOW_NAME_LENGTH * 2 }),
  nodes: Type.Array(NodeSchema),
  connections: ConnectionsSchema,
  active: Type.Optional(Type.Boolean()),
  settings: Type.Optional(SettingsSchema),
  pinData: Type.Optional(Type.Unsafe<Static<typeof PinDataSchema> | null>({ anyOf: [PinDataSchema, { type: 'null' }] })),
  staticData: Type.Optional(Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'] })),
  meta: Type.Optional(Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'] })),
  tags: Type.Optional(Type.Array(TagRef, { maxItems: 100 })),
};

/** POST /workflows (spec 001 §3 "Saved workflow payload"; unknown top-level fields are ignored). */
export const WorkflowCreateBody = Type.Object(workflowFields, { additionalProperties: true });
export type WorkflowCreateBody = Static<typeof WorkflowCreateBody>;

/** PATCH /workflows/{id}: any subset, plus versionId for the conflict check. */
export const WorkflowPatchBody = Type.Partial(
  Type.Object({ ...workflowFields, versionId: Type.String({ maxLength: 64 }) }, { additionalProperties: true }),
);
export type WorkflowPatchBody = Static<typeof WorkflowPatchBody>;

/** POST /workflows/run: the workflow as it is in the editor (maybe unsaved, so no id needed). */
export const StartRunBody = Type.Object({
  workflowData: Type.Object(
    {
      ...workflowFields,
      id: Type.Optional(Type.String({ maxLength: 64 })),
      name: Type.Optional(Type.String({ maxLength: MAX_WORKFLOW_NAME_LENGTH * 2 })),
    },
    { additionalProperties: true },
  ),
  runData: Type.Optional(Type.Record(Type.String(), Type.Array(AnyObject))),
  pinData: Type.Optional(PinDataSchema),
  startNodes: Type.Optional(
    Type.Array(
      Type.Union([
        Type.String({ minLength: 1 }),
        Type.Object({ name: Type.String({ minLength: 1 }), sourceData: Type.Optional(Type.Unsafe({ type: ['object', 'null'] })) }),
      ]),
      { maxItems: 10000 },
    ),
  ),
  destinationNode: Type.Optional(Type.String({ minLength: 1 })),
});
export type StartRunBody = Static<typeof StartRunBody>;

export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

/** Query values arrive as strings; numbers are matched as digits and converted by the handler. */
const Digits = Type.String({ pattern: '^[0-9]{1,15}$' });

export const WorkflowsListQuery = Type.Object({ filter: Type.Optional(Type.String({ maxLength: 10000 })) });
export const WorkflowsFilter = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 256 })),
    tags: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  },
  { additionalProperties: false },
);

export const NewWorkflowQuery = Type.Object({ name: Type.Optional(Type.String({ maxLength: MAX_WORKFLOW_NAME_LENGTH })) });

// A union of literals, not Enum(): query filters are checked by TypeBox's own compiler
// (queryJson.ts), which does not know Unsafe schemas.
const ExecutionStatusEnum = Type.Union(
  (['new', 'running', 'success', 'error', 'waiting', 'canceled', 'crashed', 'unknown'] as const).map((s) => Type.Literal(s)),
);

export const ExecutionsFilter = Type.Object(
  {
    workflowId: Type.Optional(Type.String({ maxLength: 64 })),
    status: Type.Optional(Type.Union([ExecutionStatusEnum, Type.Array(ExecutionStatusEnum, { maxItems: 10 })])),
    waitTill: Type.Optional(Type.Boolean()),
    finished: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ExecutionsFilter = Static<typeof ExecutionsFilter>;

export const ExecutionsListQuery = Type.Object({
  filter: Type.Optional(Type.String({ maxLength: 10000 })),
  firstId: Type.Optional(Digits),
  lastId: Type.Optional(Digits),
  limit: Type.Optional(Digits),
});
export type ExecutionsListQuery = Static<typeof ExecutionsListQuery>;

export const ExecutionsCurrentQuery = Type.Object({ filter: Type.Optional(Type.String({ maxLength: 10000 })) });
export const ExecutionsCurrentFilter = Type.Object({ workflowId: Type.Optional(Type.String({ maxLength: 64 })) }, { additionalProperties: false });

export const ExecutionsDeleteBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(Id, { maxItems: 10000 })),
    deleteBefore: Type.Optional(Type.String({ maxLength: 40 })),
    filters: Type.Optional(ExecutionsFilter),
  },
  { additionalProperties: false },
);
export type ExecutionsDeleteBody = Static<typeof ExecutionsDeleteBody>;

export const PushQuery = Type.Object({
  pushRef: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:-]+$' })),
  sessionId: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:-]+$' })),
});

export const TagsListQuery = Type.Object({ withUsageCount: Type.Optional(Enum(['true', 'false'] as const)) });
export const TagBody = Type.Object({ name: Type.String({ maxLength: 256 }) });

export type { TSchema };

// Credentials (spec 002 §3, §7). Values are plain JSON scalars; the credential type's own checks
// (names, types, required) run in CredentialsService. Sizes are bounded here.
// Value types and string lengths are checked per property by the service (its messages name the
// property's expected type); Ajv's strict mode would only warn about a multi-type schema here.
const CredentialData = Type.Unsafe<Record<string, string | number | boolean | null>>({
  type: 'object',
  maxProperties: 64,
  propertyNames: { maxLength: 128 },
});
const NodesAccess = Type.Array(
  Type.Object({ nodeType: Type.String({ minLength: 1, maxLength: 512 }), date: Type.Optional(Type.String({ maxLength: 64 })) }, { additionalProperties: true }),
  { maxItems: 1000 },
);
const credentialFields = {
  name: Type.String({ maxLength: 1024 }),
  type: Type.String({ minLength: 1, maxLength: 128 }),
  nodesAccess: Type.Optional(NodesAccess),
  data: Type.Optional(CredentialData),
};
/** POST /credentials; `id` and the time stamps a client may echo back are ignored. */
export const CredentialCreateBody = Type.Object(
  { ...credentialFields, id: Type.Optional(Type.Unknown()), createdAt: Type.Optional(Type.String()), updatedAt: Type.Optional(Type.String()) },
  { additionalProperties: false },
);
export type CredentialCreateBody = Static<typeof CredentialCreateBody>;
export const CredentialPatchBody = Type.Partial(CredentialCreateBody, { additionalProperties: false });
export type CredentialPatchBody = Static<typeof CredentialPatchBody>;
export const CredentialGetQuery = Type.Object({ includeData: Type.Optional(Enum(['true', 'false'] as const)) });
export const CredentialsListQuery = Type.Object({ filter: Type.Optional(Type.String({ maxLength: 10000 })), includeData: Type.Optional(Enum(['false'] as const)) });
export const CredentialsFilter = Type.Object({ type: Type.Optional(Type.String({ maxLength: 128 })) }, { additionalProperties: false });
export const NewCredentialQuery = Type.Object({ name: Type.Optional(Type.String({ maxLength: 64 })) });
export const CredentialTestBody = Type.Object({
  credentials: Type.Object(
    { ...credentialFields, name: Type.Optional(Type.String({ maxLength: 1024 })), id: Type.Optional(Type.Unknown()) },
    { additionalProperties: true },
  ),
});
export type CredentialTestBody = Static<typeof CredentialTestBody>;
