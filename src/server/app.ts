// Builds the whole server for a configuration: database (migrated, crashed executions marked),
// repositories, execution service, push, REST under `${basePath}rest` and the editor. Tests use
// createServer with a temporary data folder and `app.inject`; main.ts adds listening and signals.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { ConfigError, type ServerConfig } from './config.ts';
import { QueuedStartsRepository } from './db/repositories/queuedStarts.ts';
import { connectQueue } from './queue/setup.ts';
import type { NodeTypeRegistry } from '../nodes/types.ts';
import { builtinNodeTypes } from '../nodes/registry.ts';
import { LayeredNodeTypes } from './community/registry.ts';
import { CommunityPackages } from './community/CommunityPackages.ts';
import { InstalledPackagesRepository } from './db/repositories/installedPackages.ts';
import { runWorkflow } from '../engine/index.ts';
import { configureExpressionLimits } from '../engine/expressions.ts';
import { openDatabase } from './db/database.ts';
import { WorkflowsRepository } from './db/repositories/workflows.ts';
import { TagsRepository } from './db/repositories/tags.ts';
import { ExecutionsRepository } from './db/repositories/executions.ts';
import { UsersRepository } from './db/repositories/users.ts';
import { ProcessedDataRepository } from './db/repositories/processedData.ts';
import { TemplateViewsRepository } from './db/repositories/templateViews.ts';
import { PromptAnswersRepository } from './db/repositories/promptAnswers.ts';
import { SettingsRepository } from './db/repositories/settings.ts';
import { ExecutionIdAllocator } from './db/repositories/executionIds.ts';
import { CredentialsRepository } from './db/repositories/credentials.ts';
import { CredentialCipher, loadInstanceKey } from './credentials/cipher.ts';
import { CredentialsService } from './credentials/CredentialsService.ts';
import { ExecutionService, type RunWorkflowFn } from './executions/ExecutionService.ts';
import { PushHub } from './push/PushHub.ts';
import { WallAggregator } from './wall/WallAggregator.ts';
import { WallHub } from './wall/WallHub.ts';
import { WallRelay } from './wall/WallRelay.ts';
import { WallTokensRepository } from './db/repositories/wallTokens.ts';
import { sha256 } from './auth/tokens.ts';
import { registerAuth } from './auth/requestAuth.ts';
import { SessionStore } from './auth/SessionStore.ts';
import { UserManagement } from './auth/UserManagement.ts';
import { HostPolicy } from './auth/requestChecks.ts';
import { RateLimiter } from './auth/rateLimit.ts';
import { createMailer } from './mail/Mailer.ts';
import { publicApiRoutes, PUBLIC_API_PATH } from './publicApi/index.ts';
import { registerErrorHandler } from './rest/errorHandler.ts';
import { restRoutes } from './rest/index.ts';
import { registerEditor } from './editor.ts';
import { operationsRoutes } from './metrics.ts';
import { registryVersions } from './rest/workflowChecks.ts';
import { FilesystemBinaryStore } from './binary/FilesystemBinaryStore.ts';
import { sweepBinaryData } from './binary/sweep.ts';
import { ExecutionPruner } from './executions/pruning.ts';
import { ActiveWorkflows } from './activation/ActiveWorkflows.ts';
import { createNodeIssueCheck } from './nodeIssueCheck.ts';
import { Scheduler, systemClock, type Clock } from './triggers/Scheduler.ts';
import { TestWebhooks } from './webhooks/TestWebhooks.ts';
import { nodeContext } from './triggers/nodeContext.ts';
import { workflowTimezone } from '../model/timezone.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { WaitTracker } from './waiting/WaitTracker.ts';
import { errorWorkflowListener } from './executions/errorWorkflow.ts';
import { editorBaseUrl } from './rest/settings.ts';
import { REST_ENDPOINT } from '../model/constants.ts';
import type { ServerContext } from './context.ts';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

// OAuth callbacks carry the authorization code, the state and OAuth 1's token and verifier.
const SECRET_PARAMS = /([?&](?:token|inviteeId|inviterId|userId|code|state|oauth_token|oauth_verifier|wallToken)=)[^&]*/gi;

/** A request URL for the log, with token-like query values replaced. */
export function redactUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url;
}

export interface CreateServerOptions {
  /** Built editor folder; default dist/editor of this checkout. */
  distDir?: string;
  /** Node registry; default the built-in nodes. */
  nodeTypes?: NodeTypeRegistry;
  /** Engine entry; default src/engine's runWorkflow. */
  runWorkflow?: RunWorkflowFn;
  /** Milliseconds the engine gets after a stop before the service finishes the run itself. */
  stopGraceMs?: number;
  /** Clock of the schedule triggers and the wait tracker (tests move it forward). */
  clock?: Clock;
  /** How long an editor listens for a test webhook call; default 2 minutes. */
  testWebhookTimeoutMs?: number;
  /**
   * Which process this is (queue mode, issue 16): main (editor, REST, push, triggers), worker
   * (runs queued executions; health and metrics only) or webhook (production webhooks only).
   */
  role?: ProcessRole;
}

export type ProcessRole = 'main' | 'worker' | 'webhook';

export interface SwitchyardServer {
  app: FastifyInstance;
  context: ServerContext;
  /** The database, for maintenance and tests; request handlers go through the repositories. */
  db: Kysely<Database>;
  /** Listens on config.host:config.port; resolves with the editor URL. */
  listen(): Promise<string>;
  /** Stops accepting requests, lets executions finish (bounded), closes push and the database. */
  close(): Promise<void>;
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

export async function createServer(config: ServerConfig, options: CreateServerOptions = {}): Promise<SwitchyardServer> {
  configureExpressionLimits({ expressionTimeoutMs: config.expressionTimeout, regexTimeoutMs: config.regexTimeout });
  const database = await openDatabase(config.dataDir, config.database);
  try {
    return await assemble(config, options, database);
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function assemble(config: ServerConfig, options: CreateServerOptions, database: Awaited<ReturnType<typeof openDatabase>>): Promise<SwitchyardServer> {
  const { db } = database;
  const repos = {
    workflows: new WorkflowsRepository(db),
    tags: new TagsRepository(db),
    executions: new ExecutionsRepository(db),
    users: new UsersRepository(db),
    settings: new SettingsRepository(db),
    processedData: new ProcessedDataRepository(db),
    templateViews: new TemplateViewsRepository(db),
    promptAnswers: new PromptAnswersRepository(db),
  };

  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Recovery and invitation links carry secrets in their query: never in the log.
      serializers: { req: (req) => ({ method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip }) },
      // The serializer above leaves headers out; should a log call add them, secrets stay out.
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-n8n-api-key"]', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie'], censor: '[redacted]' },
    },
    // One line per request only when debugging; at info the log keeps to events that matter.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    bodyLimit: config.payloadSizeMax,
    routerOptions: { ignoreTrailingSlash: true },
    // Bodies are checked as sent: coercion would quietly turn { name: 12 } into "12", and a
    // property a schema does not allow is refused rather than silently dropped (a misspelt
    // ?transferID= would otherwise delete a user's data instead of transferring it).
    ajv: { customOptions: { coerceTypes: false, allErrors: false, removeAdditional: false } },
    // Behind reverse proxies: the client address (sign-in limits, logs) from X-Forwarded-For.
    trustProxy: config.proxyHops > 0 ? (_address: string, hop: number) => hop < config.proxyHops : false,
  });

  const role: ProcessRole = options.role ?? 'main';
  const queueMode = config.executionsMode === 'queue';
  if (role !== 'main' && !queueMode) throw new ConfigError(`A ${role} process needs SWITCHYARD_EXECUTIONS_MODE=queue`);
  // In queue mode executions 'running' may be running on workers: a worker's crash is found by
  // the queue (src/server/queue/worker.ts), not by a process starting.
  if (!queueMode) {
    const crashed = await repos.executions.markCrashed();
    if (crashed > 0) app.log.warn({ count: crashed }, 'executions left running by a previous crash were marked crashed');
  }
  const queue = queueMode ? await connectQueue(config, role, repos.executions, new QueuedStartsRepository(db), app.log) : undefined;
  const instanceId = await repos.settings.ensureInstanceId();
  const instanceKey = loadInstanceKey(config.encryptionKey, config.dataDir, (m) => app.log.warn(m));
  const cipher = new CredentialCipher(instanceKey.secret);
  // Node types of community packages count too ('Allow use by' defaults), hence the closure.
  const credentials = new CredentialsService(new CredentialsRepository(db), cipher, () => nodeTypes.descriptions());
  if (instanceKey.source === 'generated') app.log.info('generated the encryption key for credentials in the data folder');
  if (!(await credentials.checkKey())) app.log.error('stored credentials cannot be decrypted with this encryption key: set SWITCHYARD_ENCRYPTION_KEY to the key they were saved with');
  await repos.users.ensureDefaultUser();
  const userManagement = await UserManagement.load(config.host, repos.users, repos.settings);
  if (userManagement.setupRequired) {
    app.log.warn(`no owner account exists and the server listens on ${config.host}, which is not a loopback address: every request except the owner setup is refused until the owner is set up in the editor (/setup)`);
  }
  const sessions = new SessionStore(db, repos.users, config.sessionDurationHours * 3600 * 1000);

  // Built-in types, plus those of installed community packages (which change while running).
  const nodeTypes = new LayeredNodeTypes(options.nodeTypes ?? builtinNodeTypes);
  const push = new PushHub(app.log);
  // The wall's live state of production runs (issue 18), and its streams.
  const wallAggregator = new WallAggregator();
  const wall = { tokens: new WallTokensRepository(db), aggregator: wallAggregator, hub: new WallHub(wallAggregator, app.log) };
  // Queue mode: a worker's runs are counted there and sent to the mains over the bus.
  const wallRelay = queue && role === 'worker' ? new WallRelay((batches) => queue.bus.broadcast({ type: 'wall', batches })) : undefined;
  const communityPackages = new CommunityPackages({
    dataDir: config.dataDir,
    registry: config.communityPackagesRegistry,
    enabled: config.communityPackagesEnabled,
    repo: new InstalledPackagesRepository(db),
    nodeTypes,
    push,
    restPrefix: `${config.basePath}${REST_ENDPOINT}`,
    log: (level, message) => app.log[level](message),
    queueMode,
  });
  const binaryStore = new FilesystemBinaryStore(config.dataDir, config.binaryDataInlineMax);
  // Filled in below, once the server knows the port it listens on.
  let webhookBase = () => '';
  const executionIds = new ExecutionIdAllocator(db);
  const executions = new ExecutionService({
    runWorkflow: options.runWorkflow ?? runWorkflow,
    nodeTypes,
    executions: repos.executions,
    workflows: repos.workflows,
    ids: executionIds,
    // A worker's push messages go to the process whose editor started the run.
    push: queue?.relay ? (queue.relay as unknown as PushHub) : push,
    queue: queue?.dispatcher,
    observer: wallRelay ?? wallAggregator,
    defaults: config,
    log: app.log,
    stopGraceMs: options.stopGraceMs,
    binaryStore,
    getCredentials: async (type, node, runAs) => {
      // Send Email without an smtp credential of its own uses the instance SMTP settings.
      if (type === 'smtp' && !node.credentials?.smtp) {
        if (config.smtpHost) {
          return { host: config.smtpHost, port: config.smtpPort, user: config.smtpUser, password: config.smtpPassword, secure: config.smtpSsl, disableStartTls: !config.smtpStartTls };
        }
        throw new Error(`Node "${node.name}": credentials for "smtp" are not set, and no instance SMTP server is configured (SWITCHYARD_SMTP_HOST)`);
      }
      return credentials.resolveForNode(type, node, runAs);
    },
    // A refreshed or client-credentials token (null: the provider refused the refresh, 'reconnect').
    updateOAuthTokenData: (type, node, tokenData, runAs) => credentials.setOAuthTokenDataForNode(type, node, runAs, tokenData),
    ownerOf: (id) => repos.workflows.ownerOf(id),
    fileAccessRoots: config.fileAccessRoots,
    // The instance's own files (database, binary data) stay out of reach of workflows even
    // when an allowed folder contains them (as n8n's N8N_BLOCK_FILE_ACCESS_TO_N8N_FILES).
    fileAccessBlocked: [...new Set([config.dataDir, binaryStore.root])],
    executeCommand: { enabled: config.executeCommandEnabled, timeoutMs: config.executeCommandTimeout * 1000, maxOutputBytes: config.executeCommandOutputMax },
    resumeUrl: (id) => `${webhookBase()}${config.endpointWebhookWaiting}/${id}`,
    processedData: repos.processedData,
  });
  const clock = options.clock ?? systemClock;
  const activeWorkflows = new ActiveWorkflows({
    workflows: repos.workflows,
    executions,
    push,
    scheduler: new Scheduler(clock),
    nodeIssues: createNodeIssueCheck(nodeTypes, config),
    log: app.log,
    timezone: config.timezone,
    // Community trigger, poll and webhook nodes start through their node types.
    nodeTypes,
    credentials: (type, node, runAs) => credentials.resolveForNode(type, node, runAs),
    updateOAuthTokenData: (type, node, tokenData, runAs) => credentials.setOAuthTokenDataForNode(type, node, runAs, tokenData),
    webhookUrl: (path) => `${webhookBase()}${config.endpointWebhook}/${path}`,
    onChange: queue ? (workflowId, active) => queue.bus.broadcast({ type: 'workflowChanged', workflowId, active }) : undefined,
  });
  // A package updated or removed: active workflows using its nodes start again with the new code.
  communityPackages.onPackageChanged = (name) => activeWorkflows.restartUsing((type) => type.startsWith(`${name}.`));
  const testWebhooks = new TestWebhooks(push, options.testWebhookTimeoutMs, {
    nodeTypes,
    context: (workflow, node, type, runAs) =>
      nodeContext({ workflow, node, type, mode: 'manual', timezone: workflowTimezone(workflow, config.timezone), getCredentials: (t, n) => credentials.resolveForNode(t, n, runAs ?? null) }),
    testUrl: (path) => `${webhookBase()}${config.endpointWebhookTest}/${path}`,
    log: (message) => app.log.warn(message),
  });
  const waitTracker = new WaitTracker({ executions: repos.executions, service: executions, log: app.log, clock });

  const restPrefix = `${config.basePath}${REST_ENDPOINT}`;
  /** Set once a shutdown began (drain, below). */
  let draining: Promise<void> | undefined;
  const context: ServerContext = {
    config,
    restPrefix,
    instanceId,
    versionCli: packageVersion(),
    nodeTypes,
    nodeTypeVersions: registryVersions(nodeTypes),
    communityPackages,
    repos,
    executions,
    push,
    activeWorkflows,
    testWebhooks,
    waitTracker,
    binaryStore,
    credentials,
    wall,
    auth: {
      sessions,
      userManagement,
      hosts: new HostPolicy({ host: config.host, editorBaseUrl: config.editorBaseUrl, webhookUrl: config.webhookUrl }),
      cookie: { path: config.basePath, secure: config.editorBaseUrl.startsWith('https:') },
      cipher,
      mailer: createMailer(config),
      limits: {
        loginByAddress: new RateLimiter(30, 5 * 60_000),
        loginByAccount: new RateLimiter(10, 15 * 60_000),
        mailByAddress: new RateLimiter(10, 15 * 60_000),
        mailByAccount: new RateLimiter(3, 15 * 60_000),
        tokensByAddress: new RateLimiter(60, 5 * 60_000),
      },
    },
    listeningPort() {
      const address = app.server.address();
      return address && typeof address === 'object' ? address.port : config.port;
    },
  };

  // The API speaks JSON only: other bodies get 415 instead of reaching handlers as text.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app, { bodyLimit: config.payloadSizeMax });
  const webhookPrefixes = [config.endpointWebhook, config.endpointWebhookTest, config.endpointWebhookWaiting].map((e) => `${config.basePath}${e}`);
  // While shutting down, webhooks asked on a connection still open are refused (their
  // workflows are no longer registered: without this they would answer 404).
  app.addHook('onRequest', async (request, reply) => {
    if (draining && webhookPrefixes.some((p) => request.url.startsWith(`${p}/`))) {
      return reply.code(503).header('connection', 'close').header('retry-after', '30').send({ code: 503, message: 'The server is shutting down; try again when it is back' });
    }
  });
  registerAuth(app, {
    users: repos.users,
    sessions,
    userManagement,
    hosts: context.auth.hosts,
    restPrefix,
    webhookPrefixes,
    publicApiPrefix: `${config.basePath}${PUBLIC_API_PATH}/`,
    wallToken: (token) => wall.tokens.byHash(sha256(token)),
  });
  if (role === 'main') {
    await app.register(restRoutes(context), { prefix: restPrefix });
    if (config.publicApiEnabled) await app.register(publicApiRoutes(context), { prefix: `${config.basePath}${PUBLIC_API_PATH}/v1` });
  }
  if (role !== 'worker') await app.register(webhookRoutes(context));
  let base: string | undefined;
  webhookBase = () => (base ??= config.webhookUrl || editorBaseUrl(context));
  executions.onFinished(errorWorkflowListener({ workflows: repos.workflows, executions, log: app.log, editorUrl: () => editorBaseUrl(context) }));
  executions.onFinished((e) => {
    if (e.status === 'waiting') waitTracker.track(e);
    if (e.retryOf && e.status === 'success') {
      repos.executions.setRetrySuccess(e.retryOf, e.id).catch((err: unknown) => app.log.error({ err, executionId: e.id }, 'could not record the successful retry'));
    }
  });
  // Community node types first: active workflows may use them.
  await communityPackages.loadAll();
  if (queue) {
    queue.follow({ push, activeWorkflows, waitTracker, executions, wall: wallAggregator });
    // Triggers fire once: only the leading main runs them; other mains and webhook processes
    // serve production webhooks (activeWorkflows in webhooks-only mode).
    if (role === 'main') await queue.lead(activeWorkflows);
    else if (role === 'webhook') await activeWorkflows.setWebhooksOnly(true);
  } else {
    await activeWorkflows.init();
  }
  if (role === 'main') await waitTracker.start();
  const sweeper = setInterval(() => {
    void sweepBinaryData(context).catch((err: unknown) => app.log.warn({ err }, 'binary data sweep failed'));
    void sessions.sweep().catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
  }, 10 * 60 * 1000);
  sweeper.unref();
  // Old executions are deleted in the background (SWITCHYARD_EXECUTIONS_DATA_PRUNE).
  const pruner = config.executionsDataPrune && role === 'main'
    ? new ExecutionPruner(
        { executions: repos.executions, binaryStore, activeIds: () => executions.activeIds(), log: app.log },
        { maxAgeHours: config.executionsDataMaxAge, maxCount: config.executionsDataPruneMaxCount },
      )
    : undefined;
  pruner?.start();
  operationsRoutes(app, {
    db,
    executions,
    activeWorkflowCount: () => activeWorkflows.activeIds().length,
    metrics: { enabled: config.metricsEnabled, prefix: config.metricsPrefix },
    webhookPrefixes,
    redisPing: queue ? () => queue.bus.client.ping() : undefined,
    queueCounts: queue?.dispatcher ? () => queue.counts() : undefined,
    onQueueHop: queue && role === 'worker' ? (l) => queue.onHop(l) : undefined,
  });
  if (role === 'main') registerEditor(app, { distDir: options.distDir ?? join(repoRoot, 'dist', 'editor'), basePath: config.basePath, restPrefix });

  // Before the HTTP server closes: executions finish (their push messages still go out), then
  // the event streams end so server.close() is not held open by them. close() drains before
  // app.close(), because Fastify cuts its close hooks after its plugin time-out (10 s) while
  // SWITCHYARD_GRACEFUL_SHUTDOWN_TIMEOUT may be longer; the hook covers a direct app.close().
  const drain = () =>
    (draining ??= (async () => {
      // No new runs from triggers while the running ones finish.
      clearInterval(sweeper);
      await pruner?.stop();
      await queue?.stopLeading();
      await activeWorkflows.close();
      testWebhooks.close();
      waitTracker.close();
      context.auth.mailer?.close();
      // A worker takes no more jobs; the running ones finish (or are canceled) below.
      await queue?.pauseWorker();
      await executions.shutdown(config.gracefulShutdownTimeout * 1000);
      // The worker's last counts go out before the bus closes.
      wallRelay?.close();
      await queue?.close();
      await executionIds.release();
      await communityPackages.stop();
      push.close();
      wall.hub.close();
    })());
  app.addHook('preClose', drain);
  app.addHook('onClose', async () => {
    await database.close();
  });

  let closing: Promise<void> | undefined;
  return {
    app,
    context,
    db,
    async listen() {
      await app.listen({ port: config.port, host: config.host });
      return `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${context.listeningPort()}${config.basePath}`;
    },
    close() {
      closing ??= (async () => {
        // Stop accepting first: the listener closes (idle keep-alive connections with it), and
        // a webhook or run asked on a connection still open is answered 503 by the service.
        if (app.server.listening) app.server.close();
        await drain();
        await app.close();
      })();
      return closing;
    },
  };
}
