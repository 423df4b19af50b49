// The REST and push contract shared by the server (src/server) and the editor's REST client
// (src/app/api). Paths are relative to `${basePath}/rest`. Every JSON response is `{ data: … }`
// (n8n's shape); errors are `{ code, message, hint? }` with the HTTP status.
import type { IExecution, IExecutionSummary, IRunExecutionData, ITaskData, ExecutionStatus, WorkflowExecuteMode } from './execution.ts';
import type { IWorkflowBase, ITag, IWorkflowSettings, IConnections, INode, IPinData } from './workflow.ts';

/** GET /settings — spec 000 §3 "Server settings". */
export interface FrontendSettings {
  versionCli: string;
  instanceId: string;
  userManagement: {
    enabled: boolean;
    /** No owner yet and setup not skipped: the editor sends everyone to /setup (spec 000 §4). */
    showSetupOnFirstLoad: boolean;
    smtpSetup: boolean;
    /** Setup may be skipped: only while the server listens on a loopback address. */
    canSkipSetup: boolean;
    /** No owner on a non-loopback address: every request but setup is refused until one exists. */
    setupRequired: boolean;
  };
  publicApi: { enabled: boolean; latestVersion: number; path: string };
  templates: { enabled: boolean; host: string };
  telemetry: { enabled: boolean };
  communityNodesEnabled: boolean;
  isNpmAvailable: boolean;
  executionMode: 'regular' | 'queue';
  timezone: string;
  executionTimeout: number;
  maxExecutionTimeout: number;
  saveDataErrorExecution: 'all' | 'none';
  saveDataSuccessExecution: 'all' | 'none';
  saveManualExecutions: boolean;
  saveExecutionProgress: boolean;
  urlBaseWebhook: string;
  urlBaseEditor: string;
  endpointWebhook: string;
  endpointWebhookTest: string;
  endpointWebhookWaiting: string;
  oauthCallbackUrls: { oauth1: string; oauth2: string };
  defaultLocale: string;
  versionNotifications: { enabled: boolean; endpoint: string; infoUrl: string };
  onboardingCallPromptEnabled: boolean;
  personalizationSurveyEnabled: boolean;
  /** The value survey and contact prompt, and the service they ask (ours by default). */
  prompts: { enabled: boolean; url: string };
  workflowTagsDisabled: boolean;
  hiringBannerEnabled: boolean;
  /** Base path the editor is served under ('/' by default). */
  basePath: string;
  /** Limits the editor checks before sending. */
  maxWorkflowPayloadBytes: number;
  maxPinnedDataBytes: number;
}

/** One line of the owner's feedback table (GET /prompt-answers). */
export interface FeedbackRow {
  kind: 'personalization' | 'valueSurvey' | 'contactPrompt' | 'onboardingCall' | 'onboardingToast';
  userId: string | null;
  userName: string;
  userEmail: string;
  /** The address the user gave in the prompt, if any. */
  email: string;
  answer: string;
  createdAt: string;
}

/** A stored workflow as the API returns it. */
export interface IWorkflowDb extends IWorkflowBase {
  id: string;
  createdAt: string;
  updatedAt: string;
  tags: ITag[];
  versionId: string;
}

/** GET /workflows row (spec 001 §3 "Open-workflow list row"). */
export interface IWorkflowListItem {
  id: string;
  name: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  tags: ITag[];
  /** The user it belongs to (the owner's list holds members' workflows too). */
  ownerId?: string | null;
}

/** POST /workflows and PATCH /workflows/{id} body (spec 001 §3 "Saved workflow payload"). */
export interface WorkflowSavePayload {
  name: string;
  nodes: INode[];
  connections: IConnections;
  pinData?: IPinData;
  active?: boolean;
  settings?: IWorkflowSettings;
  /** Tag ids. */
  tags?: string[];
  /** Optimistic concurrency: PATCH fails with 409 when the stored versionId differs. */
  versionId?: string;
  meta?: IWorkflowBase['meta'];
}

/** GET /workflows/new */
export interface NewWorkflowData {
  name: string;
  onboardingFlowEnabled: boolean;
}

/** GET /executions */
export interface ExecutionsListResponse {
  results: IExecutionSummary[];
  count: number;
  estimated: boolean;
}

/** POST /executions-current/{id}/stop */
export interface StopExecutionResponse {
  mode: WorkflowExecuteMode;
  startedAt: string;
  stoppedAt?: string;
  finished: boolean;
  status: ExecutionStatus;
}

// ---- Accounts (spec 000 §7, spec 002 §7 Users) ----

export type { PublicUser, GlobalRole } from './users.ts';

/** POST /login */
export interface LoginPayload {
  email: string;
  password: string;
}

/** POST /owner (owner setup) */
export interface OwnerSetupPayload {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  agree?: boolean;
}

/** POST /users/{inviteeId} (sign-up from an invitation) */
export interface SignupPayload {
  inviterId: string;
  firstName: string;
  lastName: string;
  password: string;
  agree?: boolean;
}

/** GET /resolve-signup-token?inviterId&inviteeId */
export interface ResolveSignupTokenResponse {
  inviter: { firstName: string; lastName: string };
  /** The address the invitation was sent to (the account's email). */
  invitee: { email: string };
}

/** PATCH /me */
export interface MePatchPayload {
  firstName: string;
  lastName: string;
  email: string;
  /** Required when the email changes. */
  currentPassword?: string;
  settings?: import('./users.ts').UserSettings;
}

/** PATCH /me/password */
export interface PasswordChangePayload {
  currentPassword: string;
  newPassword: string;
}

/** POST /change-password (from a recovery link) */
export interface PasswordResetPayload {
  token: string;
  userId: string;
  password: string;
}

/** POST /users answer, one per address: the user (id, email) or why it failed. */
export interface InviteResult {
  user: { id: string; email: string; inviteAcceptUrl?: string; emailSent: boolean };
  error?: string;
}

/** GET /me/api-key (null: no key yet), POST /me/api-key */
export interface ApiKeyResponse {
  apiKey: string | null;
}

export interface ApiErrorBody {
  code: number;
  message: string;
  hint?: string;
  /** A run refused for node issues: issue lines per node name. */
  issues?: Record<string, string[]>;
}

// ---- Push (GET /push?pushRef=…, server-sent events; each event's data is one PushMessage) ----

export type PushMessage =
  | { type: 'executionStarted'; data: { executionId: string; mode: WorkflowExecuteMode; startedAt: string; workflowId?: string; workflowName?: string; retryOf?: string } }
  | { type: 'nodeExecuteBefore'; data: { executionId: string; nodeName: string } }
  | {
      type: 'nodeExecuteAfter';
      data: {
        executionId: string;
        nodeName: string;
        /** The run, with `data` included only when it is small; itemCount always. */
        data: ITaskData;
        /** Items per main output, for connection labels. */
        itemCount: number[];
      };
    }
  | {
      type: 'executionFinished';
      data: {
        executionId: string;
        status: ExecutionStatus;
        /** Full run data when small enough to push; otherwise fetch GET /executions/{id}. */
        data?: IRunExecutionData;
        workflowId?: string;
      };
    }
  | { type: 'executionWaiting'; data: { executionId: string; waitTill?: string } }
  | { type: 'testWebhookReceived'; data: { workflowId: string; executionId?: string } }
  | { type: 'testWebhookDeleted'; data: { workflowId: string } }
  | { type: 'reloadNodeType'; data: { name: string; version: number } }
  | { type: 'removeNodeType'; data: { name: string; version: number } }
  | { type: 'workflowActivated' | 'workflowDeactivated'; data: { workflowId: string } }
  /** A node's console output in a manual run (Code nodes' console.log, sendMessageToUI): n8n's message. */
  | { type: 'sendConsoleMessage'; data: { source: string; messages: unknown[]; level?: string } };

export type PushMessageType = PushMessage['type'];

/** Header the editor sends on requests so manual executions report to its push stream. */
export const PUSH_REF_HEADER = 'push-ref';

export type { IExecution, IExecutionSummary };

/** A release as a version-notification feed describes it (spec 002 §3 Version; n8n's feed). */
export interface VersionInfo {
  name: string;
  createdAt: string;
  /** HTML (the editor shows a safe subset of it). */
  description: string;
  documentationUrl: string;
  hasSecurityIssue: boolean;
  hasSecurityFix: boolean;
  hasBreakingChange: boolean;
  /** The first version that fixes this one's security issue (when it has one). */
  securityIssueFixVersion?: string;
  /** Node types new in it, as { name, displayName, icon?, iconUrl? }. */
  nodes: Array<{ name: string; displayName?: string; iconUrl?: string }>;
}
