// Row types of the tables, as Kysely sees them. JSON columns hold text; times are ISO-8601 UTC
// strings (they sort as text and read the same on SQLite and PostgreSQL); booleans are 0/1 on
// SQLite and true/false on PostgreSQL, so repositories read them through Boolean().
import type { ColumnType } from 'kysely';

type Bool = ColumnType<number | boolean, boolean, boolean>;

export interface WorkflowsTable {
  id: string;
  name: string;
  active: Bool;
  nodes: string;
  connections: string;
  settings: string | null;
  pinData: string | null;
  staticData: string | null;
  meta: string | null;
  /** n8n's other workflow fields (description, nodeGroups, …) as a JSON object; NULL = none. */
  extra: string | null;
  versionId: string;
  /** The user it belongs to (issue 9): members see their own, the owner all. */
  ownerId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TagsTable {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export interface WorkflowTagsTable {
  workflowId: string;
  tagId: string;
}

export interface ExecutionsTable {
  id: number;
  workflowId: string | null;
  /** Name at run time: unsaved workflows and deleted ones still have a name in the list. */
  workflowName: string | null;
  mode: string;
  status: string;
  finished: Bool;
  startedAt: string;
  stoppedAt: string | null;
  waitTill: string | null;
  retryOf: string | null;
  retrySuccessId: string | null;
  /** Whose run of an unsaved workflow it is; null for a stored workflow's (its owner's) run. */
  userId?: string | null;
  /** Why a failed execution failed (its run error, or why its data could not be saved); null otherwise. */
  errorMessage?: string | null;
}

export interface ExecutionDataTable {
  executionId: number;
  workflowData: string;
  /** The run data as JSON text; empty when it is stored compressed in dataGzip. */
  data: string;
  /** Large run data, gzipped JSON (migration 0007); null otherwise. */
  dataGzip: Uint8Array | null;
}

export interface UsersTable {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  password: string | null;
  role: string;
  personalizationAnswers: string | null;
  /** The owner who invited this user (sign-up links carry it). */
  invitedBy?: string | null;
  /** sha256 of the outstanding password-recovery token, and when it expires. */
  resetTokenHash?: string | null;
  resetTokenExpiresAt?: string | null;
  /** sha256 of the API key (lookups) and the key itself, encrypted (shown again in API settings). */
  apiKeyHash?: string | null;
  apiKey?: string | null;
  /** JSON of UserSettings. */
  settings?: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionsTable {
  /** sha256 (hex) of the cookie token. */
  id: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
}

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  loadOnStartup: Bool;
}

export interface CredentialsTable {
  id: string;
  name: string;
  type: string;
  /** Encrypted JSON of the credential's data. */
  data: string;
  /** JSON list of { nodeType }. */
  nodesAccess: string;
  /** Encrypted, OAuth credentials only. */
  oauthTokenData: string | null;
  ownerId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProcessedDataTable {
  workflowId: string;
  /** '' for the workflow scope, `n:<node id>` for a node's. */
  context: string;
  /** JSON text { mode, data }. */
  value: string;
  createdAt: string;
  updatedAt: string;
}

export interface InstalledPackagesTable {
  packageName: string;
  installedVersion: string;
  authorName: string | null;
  authorEmail: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface InstalledNodesTable {
  /** The full node type ('n8n-nodes-x.myNode'). */
  type: string;
  /** Its display name. */
  name: string;
  latestVersion: number;
  package: string;
}

/** Queue mode: the start of an execution waiting for a worker (migration 0009). */
export interface QueuedStartsTable {
  executionId: number;
  payload: string;
  createdAt: string;
}

/** Opens of each template of the own templates host (migration 0010). */
export interface TemplateViewsTable {
  templateId: number;
  views: number;
}

/** A value survey, contact prompt or onboarding call answer (migration 0010). */
export interface PromptAnswersTable {
  id: string;
  /** 'valueSurvey' | 'contactPrompt' | 'onboardingCall'. */
  kind: string;
  userId: string | null;
  email: string | null;
  /** JSON text of the answer. */
  value: string;
  createdAt: string;
}

/** Issue 18: read-only tokens of wall screens. */
export interface WallTokensTable {
  id: string;
  label: string;
  /** JSON array of workflow ids. */
  workflowIds: string;
  /** sha256 of the token (hex). */
  tokenHash: string;
  createdBy: string | null;
  createdAt: string;
}

export interface Database {
  workflows: WorkflowsTable;
  tags: TagsTable;
  workflow_tags: WorkflowTagsTable;
  executions: ExecutionsTable;
  execution_data: ExecutionDataTable;
  users: UsersTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  credentials: CredentialsTable;
  processed_data: ProcessedDataTable;
  installed_packages: InstalledPackagesTable;
  installed_nodes: InstalledNodesTable;
  queued_starts: QueuedStartsTable;
  template_views: TemplateViewsTable;
  prompt_answers: PromptAnswersTable;
  wall_tokens: WallTokensTable;
}
