// One webhook call, production, test or resume: check the caller (IP list, bots, auth), turn the
// request into the trigger item, start (or resume) the execution and answer in the node's
// response mode. Shared by the three webhook endpoints.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { isbot } from 'isbot';
import type { IExecution } from '../../model/execution.ts';
import type { IDataObject, INode, IPinData, IWorkflowBase } from '../../model/workflow.ts';
import type { IRunData } from '../../model/execution.ts';
import type { WebhookResponse } from '../../nodes/types.ts';
import type { WebhookSettings } from '../../nodes/Webhook/settings.ts';
import { webhookOutputs } from '../../nodes/Webhook/settings.ts';
import type { ExecutionService } from '../executions/ExecutionService.ts';
import { ServiceUnavailableError } from '../errors.ts';
import type { FilesystemBinaryStore } from '../binary/FilesystemBinaryStore.ts';
import { parseBody, webhookItem, WebhookBodyError, type WebhookRequestData } from './webhookItem.ts';
import type { INodeExecutionData } from '../../model/execution.ts';
import { DEFAULT_TIMEZONE } from '../../model/constants.ts';
import { workflowTimezone } from '../../model/timezone.ts';
import type { NodeWebhook } from './workflowWebhooks.ts';
import { parseMultipart } from './multipart.ts';
import { nodeContext } from '../triggers/nodeContext.ts';
import { errorReply, lastNodeReply, noResponseNodeReply, onReceivedReply, responseNodeReply, sendReply, type WebhookReply } from './respond.ts';

export interface WebhookCall {
  workflow: IWorkflowBase;
  workflowId: string | null;
  node: INode;
  settings: WebhookSettings;
  method: string;
  params: Record<string, string>;
  mode: 'webhook' | 'manual';
  webhookUrl: string;
  pushRef?: string;
  runData?: IRunData;
  pinData?: IPinData;
  destinationNode?: string;
  /** Resume this waiting execution with the request as the Wait node's output. */
  resume?: IExecution;
  /** The workflow object is an active one that never changes (lets the engine reuse its graph). */
  immutable?: boolean;
  /** Takes the waiting execution for this call (after the checks); false = someone else took it. */
  claim?: () => Promise<boolean>;
  /** Gives back what the call took (a claimed waiting execution, a test webhook's listen) when its run was refused before it started (503). */
  release?: () => Promise<void>;
  /** Called with the execution id before the run starts (test webhooks push testWebhookReceived). */
  beforeStart?: (executionId: string) => void;
  /** Whose run it is, when known (a test call of an unsaved run); else the workflow's owner. */
  runAs?: string | null;
  /** A node with a webhook of its own (community webhook node): its webhook() answers the call. */
  hook?: NodeWebhook['hook'];
}

/** The node's decrypted credential of a type among `runAs`'s (rejects when it is missing or unknown). */
export type WebhookCredentials = (type: string, node: INode, runAs: string | null) => Promise<IDataObject>;

export interface WebhookDeps {
  executions: ExecutionService;
  credentials: WebhookCredentials;
  binaryStore: FilesystemBinaryStore;
  responseTimeoutMs: number;
  /** Instance time zone (a node webhook's context). */
  timezone?: string;
}

const AUTH_NOT_AVAILABLE = 'No authentication data defined on node!';
const AUTH_REQUIRED = 'Authorization is required!';
const AUTH_WRONG = 'Authorization data is wrong!';
const CHALLENGE = { 'www-authenticate': 'Basic realm="Webhook"' };

/** Equal strings, compared in constant time (hashes first, so lengths do not leak either). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** user and password of an Authorization: Basic header; undefined when absent or malformed. */
export function parseBasicAuth(header: string | undefined): { user: string; password: string } | undefined {
  const m = /^\s*basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(header ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function refuse(statusCode: number, body: string): WebhookReply {
  return { statusCode, headers: { ...CHALLENGE }, body };
}

/**
 * Basic and Header Auth of a Webhook node (and of a Wait node's resume webhook), as n8n answers:
 * 500 when the node's credential is missing or incomplete, 401 when a Basic Auth call carries no
 * credentials, 403 when what it carries does not match. Every refusal carries the Basic challenge.
 */
async function checkAuth(call: WebhookCall, request: FastifyRequest, credentials: WebhookCredentials, runAs: string | null): Promise<WebhookReply | undefined> {
  const { authentication } = call.settings;
  if (authentication === 'basicAuth') {
    const expected = await credentials('httpBasicAuth', call.node, runAs).catch(() => undefined);
    if (!expected?.user || !expected.password) return refuse(500, AUTH_NOT_AVAILABLE);
    const provided = parseBasicAuth(request.headers.authorization);
    if (!provided) return refuse(401, AUTH_REQUIRED);
    // Both compared, always, so a wrong user name answers as fast as a wrong password.
    const userOk = safeEqual(provided.user, String(expected.user));
    const passwordOk = safeEqual(provided.password, String(expected.password));
    return userOk && passwordOk ? undefined : refuse(403, AUTH_WRONG);
  }
  if (authentication === 'headerAuth') {
    const expected = await credentials('httpHeaderAuth', call.node, runAs).catch(() => undefined);
    if (!expected?.name || !expected.value) return refuse(500, AUTH_NOT_AVAILABLE);
    const raw = request.headers[String(expected.name).toLowerCase()];
    const provided = Array.isArray(raw) ? raw.join(', ') : raw;
    return provided !== undefined && safeEqual(provided, String(expected.value)) ? undefined : refuse(403, AUTH_WRONG);
  }
  return undefined;
}

async function guard(call: WebhookCall, request: FastifyRequest, credentials: WebhookCredentials, runAs: string | null): Promise<WebhookReply | undefined> {
  const s = call.settings;
  if (s.ipWhitelist) {
    const allowed = s.ipWhitelist.split(',').map((x) => x.trim()).filter(Boolean);
    if (allowed.length && !allowed.some((a) => request.ip.includes(a))) return { statusCode: 403, headers: {}, body: 'IP is not whitelisted to access the webhook!' };
  }
  if (s.ignoreBots && isbot(String(request.headers['user-agent'] ?? ''))) return refuse(403, AUTH_WRONG);
  return checkAuth(call, request, credentials, runAs);
}

function contentTypeOf(request: FastifyRequest): string {
  const raw = request.headers['content-type'];
  return raw ? raw.split(';')[0].trim().toLowerCase() : '';
}

/** Resolves with the reply, or with undefined after `ms`. */
function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let t: ReturnType<typeof setTimeout> | undefined;
  const timer = new Promise<undefined>((resolve) => {
    t = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([p, timer]).finally(() => clearTimeout(t));
}

export async function executeWebhook(deps: WebhookDeps, call: WebhookCall, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const runAs = call.runAs !== undefined ? call.runAs : await deps.executions.runAsOf(call.workflowId, call.resume?.id);
  const refused = await guard(call, request, deps.credentials, runAs);
  if (refused) return sendReply(reply, refused);
  const { settings, node } = call;
  const executionId = call.resume?.id ?? (await deps.executions.reserveId());
  const data: WebhookRequestData = {
    headers: request.headers,
    params: call.params,
    query: request.query as Record<string, string>,
    body: request.body as Buffer | undefined,
    contentType: contentTypeOf(request),
  };
  let main: INodeExecutionData[][];
  let ownReply: WebhookReply | undefined;
  let received: WebhookReply | undefined;
  /** The request as an item (Webhook node, Wait node resume). */
  let requestItem: INodeExecutionData | undefined;
  if (call.hook) {
    const outcome = await nodeWebhook(deps, call, request, executionId, runAs);
    if ('reply' in outcome) return sendReply(reply, outcome.reply);
    ({ main, ownReply, received } = outcome);
  } else {
    let item;
    try {
      item = await webhookItem(data, {
        typeVersion: node.typeVersion,
        rawBody: settings.rawBody,
        binaryData: settings.binaryData,
        binaryPropertyName: (node.parameters?.options as { binaryPropertyName?: string } | undefined)?.binaryPropertyName || undefined,
        webhookUrl: call.webhookUrl,
        executionMode: call.mode === 'manual' ? 'test' : 'production',
        executionId,
        store: deps.binaryStore,
      });
    } catch (e) {
      if (e instanceof WebhookBodyError) return sendReply(reply, errorReply(e.statusCode, e.message));
      throw e;
    }
    const outputs = webhookOutputs(node).length;
    main = Array.from({ length: outputs }, () => [] as typeof item[]);
    main[outputs > 1 ? Math.max(0, settings.methods.indexOf(call.method)) : 0] = [item];
    requestItem = item;
  }

  let responded: ((r: WebhookResponse) => void) | undefined;
  const fromNode = settings.responseMode === 'responseNode' ? new Promise<WebhookResponse>((resolve) => (responded = resolve)) : undefined;

  // Refused (503) before the waiting execution is claimed: it stays as it was.
  const early = call.claim ? deps.executions.refusal() : undefined;
  if (early) throw early;
  if (call.claim && !(await call.claim())) return sendReply(reply, errorReply(409, `The execution "${executionId}" is not waiting any more`));
  if (call.resume) {
    // The Wait node is first on the saved stack: on resume it passes this input on.
    const stack = call.resume.data.executionData?.nodeExecutionStack;
    if (stack?.[0]) stack[0].data = { main: [requestItem ? [requestItem] : []] };
  }
  // Checked with no await before start's own check, so the editor is never told of a run
  // that is then refused.
  const crowded = deps.executions.refusal();
  if (crowded) {
    await call.release?.();
    throw crowded;
  }
  call.beforeStart?.(executionId);
  const { done } = await deps.executions.start({
    workflow: call.workflow,
    workflowId: call.workflowId,
    runAs,
    mode: call.mode,
    executionId: call.resume ? undefined : executionId,
    resume: call.resume,
    pushRef: call.pushRef,
    startNode: call.resume ? undefined : node.name,
    triggerData: call.resume ? undefined : { main },
    runData: call.runData,
    pinData: call.pinData,
    destinationNode: call.destinationNode,
    onResponse: responded,
    workflowIsImmutable: call.immutable,
  }).catch(async (e: unknown) => {
    // Refused before it started (too many running, shutting down): a claimed execution waits
    // again, so the caller's retry after the 503 resumes it.
    if (call.release && e instanceof ServiceUnavailableError) await call.release();
    throw e;
  });

  if (ownReply) return sendReply(reply, ownReply);
  if (settings.responseMode === 'onReceived' || (settings.responseMode !== 'lastNode' && settings.responseMode !== 'responseNode')) {
    return sendReply(reply, received ?? onReceivedReply(settings));
  }
  const timeout = errorReply(504, `The workflow did not answer within ${Math.round(deps.responseTimeoutMs / 1000)} seconds`, `The execution ${executionId} goes on; look it up in the executions list.`);
  if (settings.responseMode === 'lastNode') {
    const e = await within(done, deps.responseTimeoutMs);
    return sendReply(reply, e ? await lastNodeReply(e, settings, (id) => deps.binaryStore.read(id)) : timeout);
  }
  const first = await within(Promise.race([fromNode!.then((r) => ({ r })), done.then((e) => ({ e }))]), deps.responseTimeoutMs);
  if (!first) return sendReply(reply, timeout);
  if ('r' in first) return sendReply(reply, responseNodeReply(first.r, settings));
  // The run ended first; Respond to Webhook may still have answered during its last step.
  const late = await within(fromNode!, 0);
  await sendReply(reply, late ? responseNodeReply(late, settings) : noResponseNodeReply(first.e, settings));
}

/**
 * A node's own webhook (n8n's webhook() of a community node): the request goes to it with the body
 * parsed as n8n parses it; it answers with the run's data (workflowData), an answer for the caller
 * (webhookResponse), or an answer it wrote itself (noWebhookResponse, via its response object).
 */
async function nodeWebhook(
  deps: WebhookDeps,
  call: WebhookCall,
  request: FastifyRequest,
  executionId: string,
  runAs: string | null,
): Promise<{ reply: WebhookReply } | { main: INodeExecutionData[][]; ownReply?: WebhookReply; received?: WebhookReply }> {
  const hook = call.hook!;
  const contentType = contentTypeOf(request);
  const raw = request.body as Buffer | undefined;
  let body: unknown;
  try {
    body = contentType === 'multipart/form-data' ? (await parseMultipart(raw ?? Buffer.alloc(0), request.headers)).fields : await parseBody(raw, contentType);
  } catch (e) {
    if (e instanceof WebhookBodyError) return { reply: errorReply(e.statusCode, e.message) };
    return { reply: errorReply(400, (e as Error).message) };
  }
  const mode = call.mode === 'manual' ? 'manual' : 'webhook';
  const ctx = nodeContext({
    workflow: call.workflow,
    node: call.node,
    type: hook.type,
    mode,
    timezone: workflowTimezone(call.workflow, deps.timezone ?? DEFAULT_TIMEZONE),
    executionId,
    getCredentials: (type, node) => deps.credentials(type, node, runAs),
    binaryStore: deps.binaryStore,
  });
  let result;
  try {
    result = await hook.type.webhooks!.run({
      ctx,
      webhook: hook.webhook,
      mode,
      urls: { [hook.webhook.name]: call.webhookUrl },
      request: { method: request.method, url: request.url, headers: request.headers, query: (request.query ?? {}) as IDataObject, params: call.params, body, rawBody: raw ?? Buffer.alloc(0), ip: request.ip },
    });
  } catch (e) {
    return { reply: errorReply(500, `The webhook of node "${call.node.name}" failed: ${(e as Error).message}`) };
  }
  const code = call.settings.responseCode;
  const own = result.noWebhookResponse && result.response ? { statusCode: result.response.statusCode, headers: result.response.headers, body: result.response.body ?? undefined } : undefined;
  const received = result.webhookResponse !== undefined ? { statusCode: code, headers: {}, body: result.webhookResponse } : undefined;
  if (!result.workflowData) return { reply: own ?? received ?? { statusCode: code, headers: {}, body: { message: 'Webhook call received' } } };
  return { main: result.workflowData, ownReply: own, received };
}
