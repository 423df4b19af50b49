// The hosted form pages of Form Trigger and Form nodes: GET shows the form, POST checks the
// submission on the server (required, types, options, sizes, file types), turns it into the
// trigger's item and starts the run (or resumes the run waiting at a Form node), then answers as
// the trigger's "Respond When" says: the completion page, a redirect, or 303 to the next page at
// /form-waiting/<executionId>. Pages are plain HTML with a nonce CSP and no script; every POST
// carries a token that must match an HttpOnly SameSite cookie (double submit) and, when the
// browser sends an Origin, it must be this host.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { isbot } from 'isbot';
import type { IBinaryData, IExecution, INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject, INode, IPinData, IWorkflowBase } from '../../model/workflow.ts';
import type { IRunData } from '../../model/execution.ts';
import type { WebhookResponse } from '../../nodes/types.ts';
import { buildGraph, childNodes } from '../../model/graph.ts';
import { createScopeFactory, type ProxyContext } from '../../model/dataProxy.ts';
import { evaluateParameterValue } from '../../engine/expressions.ts';
import { awaitSlowWork } from '../../model/expressions/defer.ts';
import { DEFAULT_LIMITS } from '../../engine/types.ts';
import { workflowTimezone } from '../../model/timezone.ts';
import { checkSubmission, FormDefinitionError, normalizeFields, submittedAt, type FormField, type Submission } from '../../nodes/Form/fields.ts';
import { newNonce, pageHeaders, renderCompletionPage, renderFormPage, safeRedirect, sanitizeHtml, withNewlines, type CompletionPage } from '../../nodes/Form/page.ts';
import { FORM_NODE_TYPE, FORM_TRIGGER_NODE_TYPE } from '../../nodes/Form/FormTrigger.node.ts';
import { FORM_CONTEXT_KEY, type WaitingFormPage } from '../../nodes/Form/Form.node.ts';
import type { FormTriggerSettings } from '../../nodes/Form/settings.ts';
import type { ExecutionService } from '../executions/ExecutionService.ts';
import { ServiceUnavailableError } from '../errors.ts';
import type { FilesystemBinaryStore } from '../binary/FilesystemBinaryStore.ts';
import { parseMultipart, MultipartError } from '../webhooks/multipart.ts';
import { parseFormSliced } from '../slicedForm.ts';
import { parseBasicAuth, safeEqual, type WebhookCredentials } from '../webhooks/executeWebhook.ts';

export const FORM_ENDPOINT = 'form';
export const FORM_TEST_ENDPOINT = 'form-test';
export const FORM_WAITING_ENDPOINT = 'form-waiting';

const RESPOND_TO_WEBHOOK = 'n8n-nodes-base.respondToWebhook';
const CSRF_COOKIE = 'sy_form_csrf';
const DEFAULT_SUBMITTED_TEXT = 'Your response has been recorded';
const MAX_FORM_KEYS = 2000;

export interface FormDeps {
  executions: ExecutionService;
  waiting: { get(id: string): Promise<IExecution | undefined>; claimWaiting(id: string): Promise<boolean>; releaseWaiting(id: string, waitTill: string | null): Promise<void> };
  binaryStore: FilesystemBinaryStore;
  credentials: WebhookCredentials;
  responseTimeoutMs: number;
  timezone: string;
  /** '/' or '/base/' — form URLs are `${basePath}form-waiting/<id>`. */
  basePath: string;
  log: { error(obj: object, msg: string): void };
}

/** A submission or page view of a Form Trigger (production or test). */
export interface FormTriggerCall {
  workflow: IWorkflowBase;
  workflowId: string | null;
  node: INode;
  settings: FormTriggerSettings;
  mode: 'webhook' | 'manual';
  pushRef?: string;
  runData?: IRunData;
  pinData?: IPinData;
  destinationNode?: string;
  runAs?: string | null;
  immutable?: boolean;
  /** Test forms: takes the one test call on a valid POST; false when it is gone. */
  /** Takes the test form's one listen; undefined when it is not listening any more. */
  consume?: () => { release(): Promise<void> } | undefined;
  beforeStart?: (executionId: string) => void;
}

// ---------------------------------------------------------------- replies

function sendHtml(reply: FastifyReply, status: number, render: (nonce: string) => string, extra: Record<string, string> = {}): FastifyReply {
  const nonce = newNonce();
  reply.status(status);
  for (const [k, v] of Object.entries({ ...pageHeaders(nonce), ...extra })) reply.header(k, v);
  return reply.send(render(nonce));
}

function sendMessage(reply: FastifyReply, status: number, title: string, message: string, failed = true, extra: Record<string, string> = {}): FastifyReply {
  return sendHtml(reply, status, (n) => renderCompletionPage({ title, message, failed }, n), extra);
}

/** A message page with a status (the webhook routes' error handler answers form URLs with it). */
export const sendFormMessage = (reply: FastifyReply, status: number, title: string, message: string): FastifyReply => sendMessage(reply, status, title, message);

function sendCompletion(reply: FastifyReply, c: CompletionPage): FastifyReply {
  return sendHtml(reply, 200, (n) => renderCompletionPage(c, n));
}

export function serveMissingForm(reply: FastifyReply, hint: string): FastifyReply {
  return sendMessage(reply, 404, 'Form not found', `This form does not exist or is not available right now. ${hint}`);
}

// ---------------------------------------------------------------- CSRF

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The page's token: the browser's cookie when it has a valid one, else a new one (set). */
function csrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = cookieOf(request, CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{32}$/.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${CSRF_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax${secure}`);
  return token;
}

/** Why a POST is refused as cross-site, or undefined when it is fine. */
function csrfProblem(request: FastifyRequest, sent: unknown): string | undefined {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    const host = String(request.headers['x-forwarded-host'] ?? request.headers.host ?? '');
    let originHost = '';
    try {
      originHost = new URL(origin).host;
    } catch {
      /* refused below */
    }
    if (originHost !== host) return 'The form was sent from another site.';
  }
  const cookie = cookieOf(request, CSRF_COOKIE);
  if (!cookie || typeof sent !== 'string' || !safeEqual(cookie, sent)) return 'Your session for this form has expired or cookies are blocked.';
  return undefined;
}

// ---------------------------------------------------------------- parameters

/** The trigger's parameters with expressions resolved (no run data yet: $now, $workflow, $execution …). */
/** The trigger's parameters resolved; slow expressions are evaluated off the thread (awaitSlowWork). */
function triggerParameters(node: INode, workflow: IWorkflowBase, mode: 'webhook' | 'manual', timezone: string): Promise<IDataObject> {
  const proxy: ProxyContext = {
    workflow: { id: workflow.id, name: workflow.name, active: !!workflow.active },
    graph: buildGraph(workflow.nodes, workflow.connections ?? {}),
    runExecutionData: null,
    activeNodeName: node.name,
    runIndex: 0,
    connectionInputData: [{ json: {} }],
    source: null,
    mode,
    executionId: '',
    timezone,
    now: () => Date.now(),
    parameters: (node.parameters ?? {}) as IDataObject,
    evaluate: (value, i) => evaluateParameterValue(value, scope(i), DEFAULT_LIMITS, node.name),
  };
  const scope = createScopeFactory(proxy);
  return awaitSlowWork(() => evaluateParameterValue(node.parameters ?? {}, scope(0), DEFAULT_LIMITS, node.name) as IDataObject);
}

interface TriggerForm {
  title: string;
  descriptionHtml: string;
  fields: FormField[];
  buttonLabel: string;
  appendAttribution: boolean;
  customCss: string;
  completion: CompletionPage;
  useWorkflowTimezone: boolean;
}

function triggerForm(node: INode, params: IDataObject, query: Record<string, unknown>): TriggerForm {
  const options = (params.options ?? {}) as IDataObject;
  const fields = normalizeFields((params.formFields as IDataObject | undefined)?.values ?? [], node.typeVersion, query);
  for (const f of fields) if (f.type === 'html') f.html = sanitizeHtml(f.html);
  let text: string | undefined = options.formSubmittedText === undefined ? undefined : String(options.formSubmittedText);
  let redirectUrl: string | undefined;
  const respond = (options.respondWithOptions as { values?: IDataObject } | undefined)?.values;
  if (respond) {
    if (respond.respondWith === 'redirect') redirectUrl = safeRedirect(respond.redirectUrl);
    else text = respond.formSubmittedText === undefined ? DEFAULT_SUBMITTED_TEXT : String(respond.formSubmittedText);
  }
  const appendAttribution = options.appendAttribution !== false;
  const customCss = options.customCss ? String(options.customCss) : '';
  const title = String(params.formTitle ?? '');
  return {
    title,
    descriptionHtml: sanitizeHtml(withNewlines(String(params.formDescription ?? ''))).replace(/\n/g, '<br>'),
    fields,
    buttonLabel: String(options.buttonLabel || 'Submit'),
    appendAttribution,
    customCss,
    completion: { title: 'Form submitted', message: text ?? DEFAULT_SUBMITTED_TEXT, redirectUrl, appendAttribution, customCss },
    useWorkflowTimezone: options.useWorkflowTimezone === undefined ? node.typeVersion > 2 : options.useWorkflowTimezone === true,
  };
}

function formPagesAfter(workflow: IWorkflowBase, nodeName: string): { pages: boolean; respondNode: boolean } {
  const g = buildGraph(workflow.nodes, workflow.connections ?? {});
  const byName = new Map(workflow.nodes.map((n) => [n.name, n]));
  const after = childNodes(g, nodeName).map((n) => byName.get(n));
  return { pages: after.some((n) => n && !n.disabled && n.type === FORM_NODE_TYPE), respondNode: after.some((n) => n && !n.disabled && n.type === RESPOND_TO_WEBHOOK) };
}

// ---------------------------------------------------------------- body

class FormBodyError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

async function readSubmission(request: FastifyRequest): Promise<Submission> {
  const raw = request.headers['content-type'];
  const type = raw ? raw.split(';')[0].trim().toLowerCase() : '';
  const body = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
  if (type === 'application/x-www-form-urlencoded') {
    const fields = await parseFormSliced(body.toString('utf8'), MAX_FORM_KEYS);
    if (Object.keys(fields).length >= MAX_FORM_KEYS) throw new FormBodyError(413, `Too many fields in the submission (at most ${MAX_FORM_KEYS})`);
    return { fields, files: [] };
  }
  if (type === 'multipart/form-data') {
    try {
      const { fields, files } = await parseMultipart(body, request.headers);
      return { fields, files };
    } catch (e) {
      if (e instanceof MultipartError) throw new FormBodyError(400, e.message);
      throw e;
    }
  }
  throw new FormBodyError(415, `A form submission must be sent as application/x-www-form-urlencoded or multipart/form-data${type ? ` (this one was ${type})` : ''}`);
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function toItem(deps: FormDeps, checked: ReturnType<typeof checkSubmission>, executionId: string, extra: IDataObject): Promise<INodeExecutionData> {
  const item: INodeExecutionData = { json: { ...checked.json, ...extra } };
  if (checked.files.length) {
    item.binary = {};
    for (const { property, file } of checked.files) {
      const data = file.data;
      const b: IBinaryData =
        data.byteLength > deps.binaryStore.inlineMaxBytes
          ? { id: await deps.binaryStore.store(executionId, data, { mimeType: file.mimeType, fileName: file.fileName || undefined }), mimeType: file.mimeType }
          : { data: data.toString('base64'), mimeType: file.mimeType };
      b.fileSize = formatSize(data.byteLength);
      if (file.fileName) {
        b.fileName = file.fileName;
        if (file.fileName.includes('.')) b.fileExtension = file.fileName.split('.').pop();
      }
      item.binary[property] = b;
    }
  }
  return item;
}

// ---------------------------------------------------------------- caller checks

async function refusedCaller(deps: FormDeps, node: INode, settings: FormTriggerSettings, request: FastifyRequest, reply: FastifyReply, runAs: string | null): Promise<boolean> {
  if (settings.ipWhitelist) {
    const allowed = settings.ipWhitelist.split(',').map((x) => x.trim()).filter(Boolean);
    if (allowed.length && !allowed.some((a) => request.ip.includes(a))) {
      sendMessage(reply, 403, 'Access denied', 'Your IP address is not allowed to access this form.');
      return true;
    }
  }
  const challenge = { 'www-authenticate': 'Basic realm="Enter credentials"' };
  if (settings.ignoreBots && isbot(String(request.headers['user-agent'] ?? ''))) {
    sendMessage(reply, 401, 'Access denied', 'This form does not answer automated clients.', true, challenge);
    return true;
  }
  if (settings.authentication === 'basicAuth') {
    const expected = await deps.credentials('httpBasicAuth', node, runAs).catch(() => undefined);
    if (!expected?.user || !expected.password) {
      sendMessage(reply, 500, 'Form not available', 'The form needs a Basic Auth credential with a user and password; set one on the Form Trigger node.');
      return true;
    }
    const provided = parseBasicAuth(request.headers.authorization);
    const userOk = provided ? safeEqual(provided.user, String(expected.user)) : false;
    const passwordOk = provided ? safeEqual(provided.password, String(expected.password)) : false;
    if (!provided || !userOk || !passwordOk) {
      sendMessage(reply, 401, 'Sign-in required', provided ? 'The user name or password is wrong.' : 'This form needs a user name and password.', true, challenge);
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------- answers after a run starts

function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let t: ReturnType<typeof setTimeout> | undefined;
  const timer = new Promise<undefined>((resolve) => {
    t = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([p, timer]).finally(() => clearTimeout(t));
}

function failedRun(e: IExecution): boolean {
  return e.status === 'error' || e.status === 'canceled' || e.status === 'crashed' || !!e.data.resultData.error;
}

function waitingAtForm(e: IExecution): boolean {
  if (e.status !== 'waiting') return false;
  const last = e.data.resultData.lastNodeExecuted;
  return !!last && e.workflowData.nodes.find((n) => n.name === last)?.type === FORM_NODE_TYPE;
}

interface Answer {
  executionId: string;
  done: Promise<IExecution>;
  fromNode?: Promise<WebhookResponse>;
  /** Wait for the run (next pages, lastNode) rather than answer at once. */
  waitForRun: boolean;
  responseNode: boolean;
  completion: CompletionPage;
}

async function answer(deps: FormDeps, reply: FastifyReply, a: Answer): Promise<FastifyReply> {
  const problem = () => sendMessage(reply, 500, 'Problem submitting response', 'An error occurred in the workflow handling this form. Please try again later.');
  const slow = () => sendMessage(reply, 202, 'Form submitted', `Your response was received and is still being processed (reference ${a.executionId}).`, false);
  if (!a.waitForRun && !a.responseNode) return sendCompletion(reply, a.completion);
  const afterRun = (e: IExecution) => {
    if (waitingAtForm(e)) return reply.status(303).header('location', `${deps.basePath}${FORM_WAITING_ENDPOINT}/${e.id}`).header('cache-control', 'no-store').send();
    if (failedRun(e)) return problem();
    return sendCompletion(reply, a.completion);
  };
  if (!a.responseNode) {
    const e = await within(a.done, deps.responseTimeoutMs);
    return e ? afterRun(e) : slow();
  }
  const first = await within(Promise.race([a.fromNode!.then((r) => ({ r })), a.done.then((e) => ({ e }))]), deps.responseTimeoutMs);
  if (!first) return slow();
  const r = 'r' in first ? first.r : await within(a.fromNode!, 0);
  if (!r) return afterRun((first as { e: IExecution }).e);
  // Respond to Webhook with JSON: formSubmittedText shows a text, redirectURL sends the browser on.
  let body = r.body as unknown;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    try {
      body = JSON.parse(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
    } catch {
      body = undefined;
    }
  }
  const o = body && typeof body === 'object' ? (body as IDataObject) : {};
  const redirect = safeRedirect(o.redirectURL ?? o.redirectUrl);
  if (redirect) return sendCompletion(reply, { ...a.completion, redirectUrl: redirect });
  if (o.formSubmittedText !== undefined) return sendCompletion(reply, { ...a.completion, redirectUrl: undefined, message: String(o.formSubmittedText) });
  return sendCompletion(reply, a.completion);
}

// ---------------------------------------------------------------- Form Trigger

export async function serveTriggerForm(deps: FormDeps, call: FormTriggerCall, request: FastifyRequest, reply: FastifyReply, action: string): Promise<FastifyReply> {
  const { node, workflow } = call;
  const runAs = call.runAs !== undefined ? call.runAs : await deps.executions.runAsOf(call.workflowId, undefined);
  if (await refusedCaller(deps, node, call.settings, request, reply, runAs)) return reply;
  const timezone = workflowTimezone(workflow, deps.timezone);
  const query = { ...((request.query as Record<string, unknown>) ?? {}) };
  let form: TriggerForm;
  try {
    form = triggerForm(node, await triggerParameters(node, workflow, call.mode, timezone), query);
  } catch (e) {
    const message = e instanceof FormDefinitionError ? e.message : `The form could not be built: ${(e as Error).message}`;
    return sendMessage(reply, 500, 'Form not available', message);
  }
  const { pages, respondNode } = formPagesAfter(workflow, node.name);
  const responseMode = call.settings.responseMode;
  if (responseMode === 'responseNode' && !respondNode && !pages) return sendMessage(reply, 500, 'Form not available', 'No Respond to Webhook node found in the workflow: add one after the Form Trigger or change "Respond When".');
  if (respondNode && node.typeVersion > 2.1 && !pages) return sendMessage(reply, 500, 'Form not available', 'The "Respond to Webhook" node is not supported in workflows started by this version of the Form Trigger: add an n8n Form node with "Form Ending" instead.');
  const testRun = call.mode === 'manual';
  const page = (status: number, extra: { errors?: Record<string, string>; values?: Record<string, string[]>; formError?: string } = {}) =>
    sendHtml(reply, status, (n) =>
      renderFormPage({ title: form.title, descriptionHtml: form.descriptionHtml, fields: form.fields, buttonLabel: form.buttonLabel, action, csrfToken: csrfToken(request, reply), testRun, appendAttribution: form.appendAttribution, customCss: form.customCss, ...extra }, n),
    );

  if (request.method === 'GET' || request.method === 'HEAD') return page(200);
  if (request.method !== 'POST') return sendMessage(reply, 405, 'Method not allowed', 'A form is opened with GET and sent with POST.', true, { allow: 'GET, POST' });

  let submission: Submission;
  try {
    submission = await readSubmission(request);
  } catch (e) {
    if (e instanceof FormBodyError) return sendMessage(reply, e.statusCode, 'The form could not be sent', e.message);
    throw e;
  }
  const csrf = csrfProblem(request, submission.fields._csrf);
  if (csrf) return page(403, { formError: `${csrf} Please check your answers and send the form again.`, values: valuesOf(submission) });
  const checked = checkSubmission(form.fields, submission);
  if (Object.keys(checked.errors).length) return page(422, { errors: checked.errors, values: checked.values });
  // A submission that would be refused (503) keeps the test form's listen for the retry.
  const early = deps.executions.refusal();
  if (early) throw early;
  const taken = call.consume?.();
  if (call.consume && !taken) return sendMessage(reply, 404, 'Test form closed', "This test form is not listening any more. Click 'Execute workflow' in the editor, then send the form again.");

  const executionId = await deps.executions.reserveId();
  const extra: IDataObject = { submittedAt: submittedAt(form.useWorkflowTimezone ? timezone : 'UTC'), formMode: testRun ? 'test' : 'production' };
  if (Object.keys(query).length) extra.formQueryParameters = query as IDataObject;
  const item = await toItem(deps, checked, executionId, extra);
  let responded: ((r: WebhookResponse) => void) | undefined;
  const useResponseNode = responseMode === 'responseNode' && respondNode && !pages;
  const fromNode = useResponseNode ? new Promise<WebhookResponse>((resolve) => (responded = resolve)) : undefined;
  // No await between this check and start's own: the editor is never told of a refused run.
  const refused = deps.executions.refusal();
  if (refused) {
    await taken?.release();
    throw refused;
  }
  call.beforeStart?.(executionId);
  const { done } = await deps.executions.start({
    workflow,
    workflowId: call.workflowId,
    runAs,
    mode: call.mode,
    executionId,
    pushRef: call.pushRef,
    startNode: node.name,
    triggerData: { main: [[item]] },
    runData: call.runData,
    pinData: call.pinData,
    destinationNode: call.destinationNode,
    onResponse: responded,
    workflowIsImmutable: call.immutable,
  });
  return answer(deps, reply, { executionId, done, fromNode, waitForRun: pages || responseMode === 'lastNode', responseNode: useResponseNode, completion: form.completion });
}

function valuesOf(s: Submission): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(s.fields)) if (k.startsWith('field-')) out[k] = (Array.isArray(v) ? v : [v]).map(String);
  return out;
}

// ---------------------------------------------------------------- Form node pages

function pageOf(e: IExecution, nodeName: string): WaitingFormPage | undefined {
  const p = e.data.executionData?.contextData?.[`node:${nodeName}`] as IDataObject | undefined;
  return p?.[FORM_CONTEXT_KEY] as WaitingFormPage | undefined;
}

function triggerOf(e: IExecution, page: WaitingFormPage | undefined): INode | undefined {
  return e.workflowData.nodes.find((n) => (page ? n.name === page.trigger : n.type === FORM_TRIGGER_NODE_TYPE));
}

async function showCompletion(deps: FormDeps, reply: FastifyReply, e: IExecution, page: WaitingFormPage, trigger: INode | undefined): Promise<FastifyReply> {
  const options = ((trigger?.parameters?.options ?? {}) as IDataObject) ?? {};
  const appendAttribution = options.appendAttribution !== false;
  const customCss = page.customCss ?? '';
  switch (page.respondWith) {
    case 'redirect':
      return sendCompletion(reply, { title: page.title || 'Redirecting', redirectUrl: safeRedirect(page.redirectUrl), customCss });
    case 'showText':
      return sendCompletion(reply, { title: page.title || 'Form submitted', html: sanitizeHtml(page.responseText ?? ''), appendAttribution, customCss });
    case 'returnBinary': {
      const input = e.data.executionData?.nodeExecutionStack?.[0]?.data?.main?.[0]?.[0] ?? lastInput(e, page);
      const b = input?.binary?.[page.inputDataFieldName ?? 'data'];
      if (b) {
        const bytes = b.id ? Buffer.from(await deps.binaryStore.read(b.id)) : Buffer.from(b.data ?? '', 'base64');
        // The plain filename is ASCII (a header cannot carry more); filename* has the real one.
        const name = (b.fileName ?? 'file').replace(/[^\x20-\x7e]|["\\]/g, '_');
        return reply
          .status(200)
          .header('content-type', b.mimeType || 'application/octet-stream')
          .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(b.fileName ?? 'file')}`)
          .header('content-security-policy', 'sandbox')
          .header('x-content-type-options', 'nosniff')
          .send(bytes);
      }
      return sendCompletion(reply, { title: page.completionTitle || 'Form submitted', message: page.completionMessage, appendAttribution, customCss });
    }
    default:
      return sendCompletion(reply, { title: page.completionTitle || 'Form submitted', message: page.completionMessage, appendAttribution, customCss });
  }
}

function lastInput(e: IExecution, _page: WaitingFormPage): INodeExecutionData | undefined {
  const last = e.data.resultData.lastNodeExecuted;
  const runs = last ? e.data.resultData.runData[last] : undefined;
  return runs?.[runs.length - 1]?.data?.main?.[0]?.[0];
}

export async function serveWaitingForm(deps: FormDeps, executionId: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const gone = () => sendMessage(reply, 404, 'Form not found', 'This form does not exist or is no longer available.');
  if (!/^\d{1,15}$/.test(executionId)) return gone();
  const e = await deps.waiting.get(executionId);
  if (!e) return gone();
  if (e.status === 'running' || e.status === 'new') return sendMessage(reply, 409, 'Still processing', 'Your previous answers are still being processed. Reload this page in a moment.', false, { 'retry-after': '2' });
  if (e.status !== 'waiting') {
    // A finished run keeps no page state (its executionData is dropped): say the form was sent.
    if (e.status === 'success') return sendMessage(reply, 200, 'Form submitted', 'This form has been submitted already.', false);
    return sendMessage(reply, 410, 'Form no longer available', 'This form has been closed.');
  }
  const nodeName = e.data.resultData.lastNodeExecuted;
  const node = e.workflowData.nodes.find((n) => n.name === nodeName);
  const page = node?.type === FORM_NODE_TYPE ? pageOf(e, node.name) : undefined;
  if (!node || !page) return sendMessage(reply, 409, 'Form not available', 'This execution is not waiting for a form.');
  const trigger = triggerOf(e, page);
  const triggerOptions = ((trigger?.parameters?.options ?? {}) as IDataObject) ?? {};
  const resume = async (item?: INodeExecutionData): Promise<{ done: Promise<IExecution> } | undefined> => {
    if (!(await deps.waiting.claimWaiting(e.id))) return undefined;
    const stack = e.data.executionData?.nodeExecutionStack;
    if (item && stack?.[0]) stack[0].data = { main: [[item]] };
    const waitTill = e.waitTill ?? null;
    const { done } = await deps.executions.start({ workflow: e.workflowData, workflowId: e.workflowId ?? null, mode: e.mode === 'manual' ? 'manual' : 'webhook', resume: e }).catch(async (err: unknown) => {
      // Refused before it started (503): the page waits again for the next submission.
      if (err instanceof ServiceUnavailableError) await deps.waiting.releaseWaiting(e.id, waitTill);
      throw err;
    });
    return { done };
  };

  if (page.operation === 'completion') {
    if (request.method !== 'GET' && request.method !== 'HEAD') return showCompletion(deps, reply, e, page, trigger);
    const sent = await showCompletion(deps, reply, e, page, trigger);
    // Shown: the run goes on past the ending (its input passes through).
    await resume().catch((err: unknown) => deps.log.error({ err, executionId: e.id }, 'could not resume the form execution'));
    return sent;
  }

  let fields: FormField[];
  try {
    fields = normalizeFields(page.fields ?? [], node.typeVersion, (e.data.resultData.runData[page.trigger]?.[0]?.data?.main?.[0]?.[0]?.json?.formQueryParameters as Record<string, unknown>) ?? {});
    for (const f of fields) if (f.type === 'html') f.html = sanitizeHtml(f.html);
  } catch (err) {
    return sendMessage(reply, 500, 'Form not available', (err as Error).message);
  }
  const appendAttribution = triggerOptions.appendAttribution !== false;
  const customCss = page.customCss ?? (triggerOptions.customCss ? String(triggerOptions.customCss) : '');
  const testRun = e.mode === 'manual';
  const action = `${deps.basePath}${FORM_WAITING_ENDPOINT}/${e.id}`;
  const triggerParams = (trigger?.parameters ?? {}) as IDataObject;
  const title = page.title || String(triggerParams.formTitle ?? '');
  const render = (status: number, extra: { errors?: Record<string, string>; values?: Record<string, string[]>; formError?: string } = {}) =>
    sendHtml(reply, status, (n) =>
      renderFormPage({ title, descriptionHtml: sanitizeHtml(withNewlines(page.description ?? '')).replace(/\n/g, '<br>'), fields, buttonLabel: page.buttonLabel || 'Submit', action, csrfToken: csrfToken(request, reply), testRun, appendAttribution, customCss, ...extra }, n),
    );
  if (request.method === 'GET' || request.method === 'HEAD') return render(200);
  if (request.method !== 'POST') return sendMessage(reply, 405, 'Method not allowed', 'A form is opened with GET and sent with POST.', true, { allow: 'GET, POST' });

  let submission: Submission;
  try {
    submission = await readSubmission(request);
  } catch (err) {
    if (err instanceof FormBodyError) return sendMessage(reply, err.statusCode, 'The form could not be sent', err.message);
    throw err;
  }
  const csrf = csrfProblem(request, submission.fields._csrf);
  if (csrf) return render(403, { formError: `${csrf} Please check your answers and send the form again.`, values: valuesOf(submission) });
  const checked = checkSubmission(fields, submission);
  if (Object.keys(checked.errors).length) return render(422, { errors: checked.errors, values: checked.values });

  const timezone = workflowTimezone(e.workflowData, deps.timezone);
  const useTz = triggerOptions.useWorkflowTimezone === undefined ? (trigger?.typeVersion ?? 1) > 2 : triggerOptions.useWorkflowTimezone === true;
  const item = await toItem(deps, checked, e.id, { submittedAt: submittedAt(useTz ? timezone : 'UTC'), formMode: testRun ? 'test' : 'production' });
  const resumed = await resume(item);
  if (!resumed) return sendMessage(reply, 409, 'Already submitted', 'This page of the form has been submitted already.', false);
  let completion: CompletionPage;
  try {
    completion = trigger ? triggerForm(trigger, triggerParams, {}).completion : { title: 'Form submitted', message: DEFAULT_SUBMITTED_TEXT };
  } catch {
    completion = { title: 'Form submitted', message: DEFAULT_SUBMITTED_TEXT };
  }
  return answer(deps, reply, { executionId: e.id, done: resumed.done, waitForRun: true, responseNode: false, completion });
}
