// All REST modules, mounted under `${basePath}rest`.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { settingsRoutes } from './settings.ts';
import { versionFeedRoutes } from '../versions/feed.ts';
import { templatesHostRoutes, TEMPLATES_HOST_PATH } from '../templates/host.ts';
import { promptsServiceRoutes, PROMPTS_SERVICE_PATH } from '../prompts/service.ts';
import { promptAnswersRoutes } from '../prompts/answers.ts';
import { nodeTypesRoutes } from './nodeTypes.ts';
import { workflowsRoutes } from './workflows.ts';
import { executionsRoutes } from './executions.ts';
import { optionsRoutes } from './options.ts';
import { pushRoutes } from './push.ts';
import { tagsRoutes } from './tags.ts';
import { activeRoutes } from './active.ts';
import { testWebhookRoutes } from './testWebhooks.ts';
import { executionsRetryRoutes } from './executionsRetry.ts';
import { binaryDataRoutes } from './binaryData.ts';
import { credentialsRoutes } from './credentials.ts';
import { authRoutes } from './auth.ts';
import { ownerRoutes } from './owner.ts';
import { usersRoutes } from './users.ts';
import { passwordResetRoutes } from './passwordReset.ts';
import { registerJsonBodyParser } from './jsonBody.ts';
import { registerSlicedReplies } from '../slicedJson.ts';
import { nodeParameterOptionsRoutes } from './nodeParameterOptions.ts';
import { credentialIconRoutes } from './credentialIcons.ts';
import { oauthRoutes } from '../oauth/routes.ts';
import { communityPackageCountRoutes } from './communityPackageCount.ts';
import { communityPackagesRoutes } from './communityPackages.ts';
import { wallRoutes } from '../wall/routes.ts';

export function restRoutes(ctx: ServerContext) {
  return async function rest(app: FastifyInstance): Promise<void> {
    // API answers are never cached by browsers or proxies.
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });
    registerJsonBodyParser(app);
    registerSlicedReplies(app);
    settingsRoutes(app, ctx);
    versionFeedRoutes(app);
    if (ctx.config.templatesEnabled) await app.register(templatesHostRoutes(ctx), { prefix: TEMPLATES_HOST_PATH });
    await app.register(promptsServiceRoutes(ctx), { prefix: PROMPTS_SERVICE_PATH });
    promptAnswersRoutes(app, ctx);
    nodeTypesRoutes(app, ctx);
    workflowsRoutes(app, ctx);
    executionsRoutes(app, ctx);
    optionsRoutes(app);
    pushRoutes(app, ctx);
    tagsRoutes(app, ctx);
    activeRoutes(app, ctx);
    testWebhookRoutes(app, ctx);
    executionsRetryRoutes(app, ctx);
    binaryDataRoutes(app, ctx);
    credentialsRoutes(app, ctx);
    authRoutes(app, ctx);
    ownerRoutes(app, ctx);
    usersRoutes(app, ctx);
    passwordResetRoutes(app, ctx);
    nodeParameterOptionsRoutes(app, ctx);
    credentialIconRoutes(app, ctx);
    oauthRoutes(app, ctx);
    communityPackageCountRoutes(app, ctx);
    communityPackagesRoutes(app, ctx);
    wallRoutes(app, ctx);
  };
}
