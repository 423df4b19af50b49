// JSON schemas of request bodies, queries and params (TypeBox → Fastify's Ajv). They check
// types and sizes; rules that need the whole workflow or the node registry live in
// src/model/validateWorkflow.ts. Node and workflow objects allow extra properties so n8n JSON
// that carries fields we do not model survives a round trip. What n8n keeps is accepted (issue
// 10): null for any optional node field or setting (read as absent), credentials and pinned
// items in their older forms (validateWorkflow.ts names a value that is neither).
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { MAX_WORKFLOW_NAME_LENGTH } from '../../model/constants.ts';
import { MAX_CONNECTION_INDEX } from '../../model/validateWorkflow.ts';

/** String enum as a plain `enum` (a union of literals would give Ajv's vague anyOf message). */
function Enum<T extends string | boolean>(values: readonly T[]) {
  return Type.Unsafe<T>({ enum: [...values] });
}

/** The value or null: n8n writes null for an optional value it leaves out (read as absent). */
function OrNull<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });
}

function EnumOrNull<T extends string | boolean>(values: readonly T[]) {
  return Type.Unsafe<T | null>({ enum: [...values, null] });
}

const Id = Type.String({ minLength: 1, maxLength: 64 });
const AnyObject = Type.Object({}, { additionalProperties: true });
/** Keyed values whose form validateWorkflow checks (its messages say what each may be). */
const AnyRecord = Type.Record(Type.String(), Type.Unknown());

export const NodeSchema = Type.Object({
  // Missing or null: the server gives the node an id, as n8n does.
  id: Type.Optional(OrNull(Type.String({ maxLength: 256 }))),
  name: Type.String({ minLength: 1, maxLength: 1024 }),
  type: Type.String({ minLength: 1, maxLength: 512 }),
  typeVersion: Type.Number(),
  position: Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }),
  parameters: Type.Optional(OrNull(AnyObject)),
  // Per credential type: {id, name} (id null: matched by name), the older plain name, or null.
  credentials: Type.Optional(OrNull(AnyRecord)),
  disabled: Type.Optional(OrNull(Type.Boolean())),
  // Not used by this editor (sticky notes keep their colour in parameters): kept as sent.
  color: Type.Optional(Type.Unknown()),
  notes: Type.Optional(OrNull(Type.String())),
  notesInFlow: Type.Optional(OrNull(Type.Boolean())),
  alwaysOutputData: Type.Optional(OrNull(Type.Boolean())),
  executeOnce: Type.Optional(OrNull(Type.Boolean())),
  continueOnFail: Type.Optional(OrNull(Type.Boolean())),
  onError: Type.Optional(EnumOrNull(['stopWorkflow', 'continueRegularOutput', 'continueErrorOutput'] as const)),
  retryOnFail: Type.Optional(OrNull(Type.Boolean())),
  maxTries: Type.Optional(OrNull(Type.Number())),
  waitBetweenTries: Type.Optional(OrNull(Type.Number())),
  webhookId: Type.Optional(OrNull(Type.String({ maxLength: 256 }))),
});

const ConnectionSchema = Type.Object({
  node: Type.String(),
  type: Type.String({ minLength: 1 }),
  index: Type.Integer({ minimum: 0, maximum: MAX_CONNECTION_INDEX }),
});

export const ConnectionsSchema = Type.Record(
  Type.String(),
  Type.Record(Type.String(), Type.Array(Type.Unsafe({ type: ['array', 'null'], items: ConnectionSchema }))),
);

export const SettingsSchema = Type.Object(
  {
    executionOrder: Type.Optional(EnumOrNull(['v0', 'v1'] as const)),
    errorWorkflow: Type.Optional(OrNull(Type.String({ maxLength: 64 }))),
    timezone: Type.Optional(OrNull(Type.String({ maxLength: 64 }))),
    saveDataErrorExecution: Type.Optional(EnumOrNull(['all', 'none', 'DEFAULT'] as const)),
    saveDataSuccessExecution: Type.Optional(EnumOrNull(['all', 'none', 'DEFAULT'] as const)),
    saveManualExecutions: Type.Optional(EnumOrNull([true, false, 'DEFAULT'] as const)),
    saveExecutionProgress: Type.Optional(EnumOrNull([true, false, 'DEFAULT'] as const)),
    executionTimeout: Type.Optional(OrNull(Type.Integer({ minimum: -1 }))),
    maxExecutionTimeout: Type.Optional(OrNull(Type.Integer({ minimum: -1 }))),
  },
  { additionalProperties: true },
);

/**
 * Pinned data per node name: lists of items, with n8n's `json` wrapper or (older files) without;
 * validateWorkflow names an item that is not an object.
 */
export const PinDataSchema = Type.Record(Type.String(), Type.Unsafe<unknown[] | null>({ type: 'array', nullable: true }));

const TagRef = Type.Union([
  Id,
  Type.Object({ id: Type.Optional(OrNull(Type.String({ maxLength: 64 }))), name: Type.Optional(OrNull(Type.String({ maxLength: 256 }))) }),
]);

export const workflowFields = {
  name: Type.String({ minLength: 1, maxLength: MAX_WORKFLOW_NAME_LENGTH * 2 }),
  nodes: Type.Array(NodeSchema),
  connections: ConnectionsSchema,
  active: Type.Optional(OrNull(Type.Boolean())),
  settings: Type.Optional(OrNull(SettingsSchema)),
  pinData: Type.Optional(OrNull(PinDataSchema)),
  staticData: Type.Optional(Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'] })),
  meta: Type.Optional(Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'] })),
  tags: Type.Optional(OrNull(Type.Array(TagRef, { maxItems: 100 }))),
};

/**
 * n8n's workflow fields this server keeps as sent besides the ones above (n8n's workflow entity
 * has columns for them). Other top-level fields are not kept, as n8n keeps none: id, versionId,
 * activeVersionId, isArchived and the like are the state of the instance the file came from.
 */
export const extraWorkflowFields = {
  description: Type.Optional(OrNull(Type.String({ maxLength: 65536 }))),
  nodeGroups: Type.Optional(OrNull(Type.Array(Type.Unknown()))),
  sourceWorkflowId: Type.Optional(OrNull(Type.String({ maxLength: 256 }))),
  externalId: Type.Optional(OrNull(Type.String({ maxLength: 256 }))),
};
export const EXTRA_WORKFLOW_FIELDS = Object.keys(extraWorkflowFields) as Array<keyof typeof extraWorkflowFields>;

/**
 * POST /workflows (spec 001 §3 "Saved workflow payload", and any n8n workflow file): a missing
 * name gets the next default name, as the editor names an imported file; unknown top-level
 * fields are ignored.
 */
export const WorkflowCreateBody = Type.Object(
  { ...workflowFields, ...extraWorkflowFields, name: Type.Optional(OrNull(workflowFields.name)) },
  { additionalProperties: true },
);
export type WorkflowCreateBody = Static<typeof WorkflowCreateBody>;

/** PATCH /workflows/{id}: any subset, plus versionId for the conflict check. */
export const WorkflowPatchBody = Type.Partial(
  Type.Object({ ...workflowFields, ...extraWorkflowFields, versionId: Type.String({ maxLength: 64 }) }, { additionalProperties: true }),
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
    // Workflows with a node of one of these types (the settings dialog's error workflows).
    nodeTypes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 512 }), { minItems: 1, maxItems: 20 })),
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
