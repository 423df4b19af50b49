// What the REST modules share: configuration, repositories and services, built once by app.ts.
import type { ServerConfig } from './config.ts';
import type { NodeTypeRegistry } from '../nodes/types.ts';
import type { NodeTypeVersions } from '../model/validateWorkflow.ts';
import type { WorkflowsRepository } from './db/repositories/workflows.ts';
import type { TagsRepository } from './db/repositories/tags.ts';
import type { ExecutionsRepository } from './db/repositories/executions.ts';
import type { UsersRepository } from './db/repositories/users.ts';
import type { SettingsRepository } from './db/repositories/settings.ts';
import type { TemplateViewsRepository } from './db/repositories/templateViews.ts';
import type { PromptAnswersRepository } from './db/repositories/promptAnswers.ts';
import type { ExecutionService } from './executions/ExecutionService.ts';
import type { PushHub } from './push/PushHub.ts';
import type { ActiveWorkflows } from './activation/ActiveWorkflows.ts';
import type { TestWebhooks } from './webhooks/TestWebhooks.ts';
import type { WaitTracker } from './waiting/WaitTracker.ts';
import type { FilesystemBinaryStore } from './binary/FilesystemBinaryStore.ts';
import type { CredentialsService } from './credentials/CredentialsService.ts';
import type { SessionStore } from './auth/SessionStore.ts';
import type { UserManagement } from './auth/UserManagement.ts';
import type { HostPolicy } from './auth/requestChecks.ts';
import type { RateLimiter } from './auth/rateLimit.ts';
import type { Mailer } from './mail/Mailer.ts';
import type { CredentialCipher } from './credentials/cipher.ts';
import type { CookieOptions } from './auth/cookies.ts';
import type { CommunityPackages } from './community/CommunityPackages.ts';
import type { WallTokensRepository } from './db/repositories/wallTokens.ts';
import type { WallAggregator } from './wall/WallAggregator.ts';
import type { WallHub } from './wall/WallHub.ts';

/** Accounts: sessions, the instance's setup state, request checks, attempt limits, mail. */
export interface AuthContext {
  sessions: SessionStore;
  userManagement: UserManagement;
  hosts: HostPolicy;
  cookie: CookieOptions;
  /** Encrypts API keys at rest (the credentials' key). */
  cipher: CredentialCipher;
  /** Undefined without SWITCHYARD_SMTP_HOST: no invitations or recovery mails. */
  mailer: Mailer | undefined;
  limits: {
    /** Every sign-in attempt, per client address. */
    loginByAddress: RateLimiter;
    /** Failed sign-ins, per account (email). */
    loginByAccount: RateLimiter;
    /** Recovery mails asked for, per address and per account. */
    mailByAddress: RateLimiter;
    mailByAccount: RateLimiter;
    /** Token checks (sign-up, recovery links, current password), per address. */
    tokensByAddress: RateLimiter;
  };
}

export interface ServerContext {
  config: ServerConfig;
  /** `${basePath}rest`, e.g. '/rest' or '/switchyard/rest'. */
  restPrefix: string;
  instanceId: string;
  versionCli: string;
  nodeTypes: NodeTypeRegistry;
  nodeTypeVersions: NodeTypeVersions;
  /** Installed community node packages (Settings → Community nodes). */
  communityPackages: CommunityPackages;
  repos: {
    workflows: WorkflowsRepository;
    tags: TagsRepository;
    executions: ExecutionsRepository;
    users: UsersRepository;
    settings: SettingsRepository;
    templateViews: TemplateViewsRepository;
    promptAnswers: PromptAnswersRepository;
  };
  executions: ExecutionService;
  push: PushHub;
  activeWorkflows: ActiveWorkflows;
  testWebhooks: TestWebhooks;
  waitTracker: WaitTracker;
  binaryStore: FilesystemBinaryStore;
  /** Stored credentials (encrypted at rest) and their resolution for nodes. */
  credentials: CredentialsService;
  auth: AuthContext;
  /** The operations-room wall (issue 18): tokens, live state of production runs, its streams. */
  wall: { tokens: WallTokensRepository; aggregator: WallAggregator; hub: WallHub };
  /** The port actually listened on (differs from config.port when that is 0). */
  listeningPort(): number;
}
