// The webhook endpoints under the base path: production (/webhook/…, active workflows), test
// (/webhook-test/…, the editor listening once) and waiting (/webhook-waiting/{executionId}[/suffix],
// resuming a Wait node). All methods; CORS from the node's allowedOrigins; bodies are read raw up
// to SWITCHYARD_PAYLOAD_SIZE_MAX (413 beyond) and parsed by the webhook itself.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { waitTargetOf } from './waitingTarget.ts';
import { executeWebhook, type WebhookCall } from './executeWebhook.ts';
import { errorReply, sendReply } from './respond.ts';
import type { WebhookRegistry } from './WebhookRegistry.ts';
import type { WebhookSettings } from '../../nodes/Webhook/settings.ts';
import { editorBaseUrl } from '../rest/settings.ts';
import { isFormSettings } from '../../nodes/Form/settings.ts';
import { HttpError } from '../errors.ts';
import { FORM_ENDPOINT, FORM_TEST_ENDPOINT, FORM_WAITING_ENDPOINT, sendFormMessage, serveMissingForm, serveTriggerForm, serveWaitingForm, type FormDeps, type FormTriggerCall } from '../forms/formPages.ts';

const METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'] as const;

const PRODUCTION_HINT =
  "The workflow must be active for a production URL to run successfully. You can activate the workflow using the toggle in the top-right of the editor. Note that unlike test URL calls, production URL calls aren't shown on the canvas (only in the executions list)";
const TEST_HINT = "Click the 'Execute workflow' button on the canvas, then try again. (In test mode, the webhook only works for one call after you click this button)";

/** The path after '<endpoint>/', without query and trailing slashes. */
function pathAfter(url: string, prefix: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).slice(prefix.length);
  return path.replace(/\/+$/, '');
}

function notRegistered(reply: FastifyReply, method: string, path: string, others: string[], hint: string): void {
  const message = others.length
    ? `This webhook is not registered for ${method} requests. Did you mean to make a ${others.join(' or ')} request?`
    : `The requested webhook "${method} ${path}" is not registered.`;
  sendReply(reply, errorReply(404, message, others.length ? undefined : hint));
}

/** n8n's CORS for webhooks: only when the request has an Origin. */
function cors<T extends { settings: WebhookSettings }>(request: FastifyRequest, reply: FastifyReply, registry: WebhookRegistry<T>, path: string): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  reply.header('access-control-allow-methods', ['OPTIONS', ...registry.methodsFor(path)].join(', '));
  const wanted = request.method === 'OPTIONS' ? String(request.headers['access-control-request-method'] ?? '').toUpperCase() : request.method;
  const target = wanted ? registry.find(wanted, path)?.target : undefined;
  if (target) {
    const allowed = target.settings.allowedOrigins || '*';
    if (allowed !== '*' && allowed !== origin) {
      const list = allowed.split(',').map((o) => o.trim());
      reply.header('access-control-allow-origin', list.includes(origin) ? origin : list[0]);
    } else {
      reply.header('access-control-allow-origin', origin);
    }
  }
  if (request.method === 'OPTIONS') {
    reply.header('access-control-max-age', '300');
    const requested = request.headers['access-control-request-headers'];
    if (requested) reply.header('access-control-allow-headers', requested);
  }
}

export function webhookRoutes(ctx: ServerContext) {
  const c = ctx.config;
  const deps = { executions: ctx.executions, binaryStore: ctx.binaryStore, responseTimeoutMs: c.webhookResponseTimeout * 1000, credentials: ctx.credentials.resolveForNode.bind(ctx.credentials), timezone: c.timezone };
  // Known once the server listens; asked per call, so remembered after the first.
  let base: string | undefined;
  const webhookBase = () => (base ??= c.webhookUrl || editorBaseUrl(ctx));

  const formDeps: FormDeps = {
    ...deps,
    waiting: ctx.repos.executions,
    timezone: c.timezone,
    basePath: c.basePath,
    log: { error: (obj, msg) => formLog?.error(obj, msg) },
  };
  let formLog: FastifyInstance['log'] | undefined;
  // Form pages are read by people in a browser: their errors are pages too.
  const formPrefixes = [FORM_ENDPOINT, FORM_TEST_ENDPOINT, FORM_WAITING_ENDPOINT].map((e) => `${c.basePath}${e}/`);
  const isFormUrl = (url: string) => formPrefixes.some((p) => url.startsWith(p));

  return async function webhooks(app: FastifyInstance): Promise<void> {
    formLog = app.log;
    // Webhook bodies are any type: read them raw and let the webhook parse what n8n parses.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: c.payloadSizeMax }, (_request, body, done) => done(null, body));
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        // The rest of the upload is not read: close the connection rather than drain it.
        reply.header('connection', 'close');
        return sendReply(reply, errorReply(413, `The request body is too large: the limit is ${c.payloadSizeMax} bytes (${(c.payloadSizeMax / 1024 / 1024).toFixed(0)} MB)`, 'Send less data per call, or raise SWITCHYARD_PAYLOAD_SIZE_MAX.'));
      }
      const status = typeof (error as { statusCode?: number }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
      // A deliberate 5xx other than 500 (503 'Too many executions are running', 'shutting down';
      // 504, 507) says what the caller should do, as the REST routes say it: passed on. A 500,
      // ours or not, stays the generic one below: its message may name internals.
      const deliberate = error instanceof HttpError && status > 500 && status < 600;
      if ((status >= 400 && status < 500) || deliberate) {
        const hint = error instanceof HttpError ? error.hint : undefined;
        if (deliberate && isFormUrl(request.url)) return sendFormMessage(reply, status, 'Form not available right now', hint ? `${error.message} ${hint}` : error.message);
        return sendReply(reply, errorReply(status, error.message, hint));
      }
      request.log.error({ err: error, url: request.url, method: request.method }, 'webhook failed');
      return sendReply(reply, errorReply(500, 'There was a problem executing the workflow', 'The server log has the details.'));
    });

    /** Every method under `prefix`; `toCall` either answers itself (undefined) or names the webhook to run. */
    const endpoint = (prefix: string, toCall: (request: FastifyRequest, reply: FastifyReply, path: string) => Promise<WebhookCall | void> | WebhookCall | void) =>
      app.route({
        method: [...METHODS],
        url: `${prefix}*`,
        exposeHeadRoute: false,
        handler: async (request, reply) => {
          const call = await toCall(request, reply, pathAfter(request.url, prefix));
          if (call) await executeWebhook(deps, call, request, reply);
          return reply;
        },
      });
    /** What a registered webhook (production or test) contributes to its call. */
    const registered = (request: FastifyRequest, m: { target: { workflow: WebhookCall['workflow']; workflowId: string | null; node: WebhookCall['node']; settings: WebhookSettings; hook?: WebhookCall['hook'] }; params: Record<string, string> }) => ({
      hook: m.target.hook,
      workflow: m.target.workflow,
      workflowId: m.target.workflowId,
      node: m.target.node,
      settings: m.target.settings,
      method: request.method,
      params: m.params,
    });

    endpoint(`${c.basePath}${c.endpointWebhook}/`, async (request, reply, path) => {
      const registry = ctx.activeWorkflows.registry;
      cors(request, reply, registry, path);
      if (request.method === 'OPTIONS') return void reply.status(204).send();
      const m = registry.find(request.method, path);
      if (!m) return notRegistered(reply, request.method, path, registry.methodsFor(path), PRODUCTION_HINT);
      if (isFormSettings(m.target.settings)) return void (await serveTriggerForm(formDeps, { ...registered(request, m), settings: m.target.settings, mode: 'webhook', immutable: true } as FormTriggerCall, request, reply, request.url));
      return { ...registered(request, m), mode: 'webhook', webhookUrl: `${webhookBase()}${c.endpointWebhook}/${m.path}`, immutable: true };
    });

    endpoint(`${c.basePath}${c.endpointWebhookTest}/`, async (request, reply, path) => {
      const tests = ctx.testWebhooks;
      cors(request, reply, tests.registry, path);
      if (request.method === 'OPTIONS') return void reply.status(204).send();
      const form = tests.registry.find(request.method, path);
      if (form && isFormSettings(form.target.settings)) return void (await serveTestForm(request, reply, path));
      // A call that would be refused (503) leaves the editor's one listen in place for the retry.
      if (tests.registry.find(request.method, path)) {
        const refused = ctx.executions.refusal();
        if (refused) throw refused;
      }
      const m = tests.take(request.method, path);
      if (!m) return notRegistered(reply, request.method, path, tests.registry.methodsFor(path), TEST_HINT);
      const t = m.target;
      return {
        ...registered(request, m),
        mode: 'manual',
        webhookUrl: `${webhookBase()}${c.endpointWebhookTest}/${path}`,
        pushRef: t.pushRef,
        runData: t.runData,
        pinData: t.pinData,
        destinationNode: t.destinationNode,
        runAs: t.runAs,
        release: m.restore,
        beforeStart: (executionId) => {
          if (t.pushRef) ctx.push.send(t.pushRef, { type: 'testWebhookReceived', data: { workflowId: t.workflowId, executionId } });
        },
      };
    });

    // Hosted forms (Form Trigger, Form): production, test and the further pages of a run.
    const formNotFound = (reply: FastifyReply, hint: string) => serveMissingForm(reply, hint);
    endpoint(`${c.basePath}${FORM_ENDPOINT}/`, async (request, reply, path) => {
      const m = ctx.activeWorkflows.registry.find(request.method === 'HEAD' ? 'GET' : request.method, path);
      if (!m || !isFormSettings(m.target.settings)) return void formNotFound(reply, 'The workflow of this form must be active for its production URL to work.');
      await serveTriggerForm(formDeps, { ...registered(request, m), settings: m.target.settings, mode: 'webhook', immutable: true } as FormTriggerCall, request, reply, request.url);
    });
    const serveTestForm = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
      const tests = ctx.testWebhooks;
      const m = tests.registry.find(request.method === 'HEAD' ? 'GET' : request.method, path);
      if (!m || !isFormSettings(m.target.settings)) return void formNotFound(reply, "Click 'Execute workflow' in the editor, then open the test form again.");
      const t = m.target;
      await serveTriggerForm(
        formDeps,
        {
          ...registered(request, m),
          settings: m.target.settings,
          mode: 'manual',
          pushRef: t.pushRef,
          runData: t.runData,
          pinData: t.pinData,
          destinationNode: t.destinationNode,
          runAs: t.runAs,
          // One submission per listen, as a test webhook call; showing the page leaves it listening.
          consume: () => {
            const taken = tests.take('POST', path);
            return taken ? { release: taken.restore } : undefined;
          },
          beforeStart: (executionId) => {
            if (t.pushRef) ctx.push.send(t.pushRef, { type: 'testWebhookReceived', data: { workflowId: t.workflowId, executionId } });
          },
        } as FormTriggerCall,
        request,
        reply,
        request.url,
      );
    };
    endpoint(`${c.basePath}${FORM_TEST_ENDPOINT}/`, (request, reply, path) => serveTestForm(request, reply, path));
    endpoint(`${c.basePath}${FORM_WAITING_ENDPOINT}/`, async (request, reply, path) => {
      await serveWaitingForm(formDeps, path.split('/')[0], request, reply);
    });

    endpoint(`${c.basePath}${c.endpointWebhookWaiting}/`, async (request, reply, path) => {
      if (request.method === 'OPTIONS') return void reply.status(204).send();
      const [executionId, ...rest] = path.split('/');
      const found = await waitTargetOf(ctx, executionId, request.method, rest.join('/'));
      if ('error' in found) return void sendReply(reply, found.error);
      const { execution, node, settings } = found;
      return {
        workflow: execution.workflowData,
        workflowId: execution.workflowId ?? null,
        node,
        settings,
        method: request.method,
        params: {},
        mode: execution.mode === 'manual' ? 'manual' : 'webhook',
        webhookUrl: `${webhookBase()}${c.endpointWebhookWaiting}/${path}`,
        resume: execution,
        // Claimed only once the call passed its checks and its body parsed, so a refused call
        // leaves the execution waiting.
        claim: () => ctx.repos.executions.claimWaiting(execution.id),
        release: () => ctx.repos.executions.releaseWaiting(execution.id, execution.waitTill ?? null),
      };
    });
  };
}

