// GET /settings — spec 000 §3 "Server settings", defaults from 000 §9 and 001 §9.
import { TEMPLATES_HOST_PATH } from '../templates/host.ts';
import { PROMPTS_SERVICE_PATH } from '../prompts/service.ts';
import type { FastifyInstance } from 'fastify';
import type { FrontendSettings } from '../../model/api.ts';
import {
  DEFAULT_LOCALE,
  MAX_PINNED_DATA_BYTES,
  MAX_WORKFLOW_PAYLOAD_BYTES,
} from '../../model/constants.ts';
import type { ServerContext } from '../context.ts';
import { PUBLIC_API_LATEST_VERSION, PUBLIC_API_PATH } from '../publicApi/constants.ts';

/** Public editor address: configured, else derived from where we listen. */
export function editorBaseUrl(ctx: ServerContext): string {
  if (ctx.config.editorBaseUrl) return ctx.config.editorBaseUrl;
  const host = ctx.config.host.includes(':') ? `[${ctx.config.host}]` : ctx.config.host;
  return `http://${host}:${ctx.listeningPort()}${ctx.config.basePath}`;
}

export function frontendSettings(ctx: ServerContext): FrontendSettings {
  const c = ctx.config;
  const um = ctx.auth.userManagement;
  const editorUrl = editorBaseUrl(ctx);
  const restUrl = `${editorUrl}rest`;
  return {
    versionCli: ctx.versionCli,
    instanceId: ctx.instanceId,
    userManagement: {
      enabled: true,
      showSetupOnFirstLoad: um.showSetupOnFirstLoad,
      smtpSetup: ctx.auth.mailer !== undefined,
      canSkipSetup: um.canSkipSetup,
      setupRequired: um.setupRequired,
    },
    publicApi: { enabled: c.publicApiEnabled, latestVersion: PUBLIC_API_LATEST_VERSION, path: PUBLIC_API_PATH },
    templates: { enabled: c.templatesEnabled, host: c.templatesHost || `${ctx.restPrefix}${TEMPLATES_HOST_PATH}/` },
    telemetry: { enabled: false },
    communityNodesEnabled: ctx.communityPackages.enabled,
    isNpmAvailable: ctx.communityPackages.npmOnPath,
    executionMode: ctx.config.executionsMode,
    timezone: c.timezone,
    executionTimeout: c.executionsTimeout,
    maxExecutionTimeout: c.executionsTimeoutMax,
    saveDataErrorExecution: c.saveDataErrorExecution,
    saveDataSuccessExecution: c.saveDataSuccessExecution,
    saveManualExecutions: c.saveManualExecutions,
    saveExecutionProgress: c.saveExecutionProgress,
    urlBaseWebhook: c.webhookUrl || editorUrl,
    urlBaseEditor: editorUrl,
    endpointWebhook: c.endpointWebhook,
    endpointWebhookTest: c.endpointWebhookTest,
    endpointWebhookWaiting: c.endpointWebhookWaiting,
    oauthCallbackUrls: { oauth1: `${restUrl}/oauth1-credential/callback`, oauth2: `${restUrl}/oauth2-credential/callback` },
    defaultLocale: DEFAULT_LOCALE,
    versionNotifications: { enabled: c.versionNotificationsEnabled, endpoint: c.versionNotificationsEndpoint || `${c.basePath}rest/versions/`, infoUrl: c.versionNotificationsInfoUrl },
    onboardingCallPromptEnabled: c.onboardingCallPromptEnabled,
    personalizationSurveyEnabled: c.personalizationEnabled,
    prompts: { enabled: c.promptsEnabled, url: c.promptsUrl || `${ctx.restPrefix}${PROMPTS_SERVICE_PATH}/` },
    workflowTagsDisabled: false,
    hiringBannerEnabled: false,
    basePath: c.basePath,
    maxWorkflowPayloadBytes: MAX_WORKFLOW_PAYLOAD_BYTES,
    maxPinnedDataBytes: MAX_PINNED_DATA_BYTES,
  };
}

export function settingsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/settings', { config: { auth: 'public' } }, async () => ({ data: frontendSettings(ctx) }));
}
