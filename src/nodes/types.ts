// What a built-in node is at run time: its description plus the functions the engine calls.
// Execute functions receive a context modelled on n8n's IExecuteFunctions so that node logic
// reads like n8n's and parameters mean the same.
import type { INodePropertyOption, INodeTypeDescription } from '../model/nodeTypes.ts';
import type { DeduplicationHelpers } from '../engine/deduplication.ts';
import type { IDataObject, INode, IWorkflowBase } from '../model/workflow.ts';
import type {
  IBinaryData,
  INodeExecutionData,
  IPairedItemData,
  ISourceData,
  WorkflowExecuteMode,
} from '../model/execution.ts';

export interface GetParameterOptions {
  /** Return the value as written, without resolving expressions. */
  rawExpressions?: boolean;
  /** For resourceLocator values: return `.value` instead of the object. */
  extractValue?: boolean;
  /** Resolve expressions but keep `undefined` instead of the fallback. */
  ensureType?: 'string' | 'number' | 'boolean' | 'object' | 'array' | 'json';
  /**
   * Extra variables the expression sees for this one read, e.g. HTTP Request pagination's
   * $response, $pageCount and $request (n8n's IWorkflowDataProxyAdditionalKeys).
   */
  additionalKeys?: Record<string, unknown>;
}

export interface HttpRequestOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  qs?: Record<string, unknown>;
  body?: unknown;
  /** 'json' | 'text' | 'arraybuffer'; default json-if-parsable. */
  encoding?: 'json' | 'text' | 'arraybuffer';
  json?: boolean;
  timeout?: number;
  returnFullResponse?: boolean;
  ignoreHttpStatusErrors?: boolean;
  /** Maximum bytes read from the response; larger responses fail. */
  maxBytes?: number;
  /** Follow 3xx responses with a Location (default true). */
  followRedirects?: boolean;
  /** Redirects followed before failing (default 20). */
  maxRedirects?: number;
  /** Accept any TLS certificate (n8n's skipSslCertificateValidation, "Ignore SSL Issues"). */
  skipSslCertificateValidation?: boolean;
}

/** n8n's IHttpRequestOptions as the authenticated helpers take it: a base URL and Basic credentials too. */
export interface AuthenticatedRequestOptions extends HttpRequestOptions {
  /** Joined with a relative `url` (axios' rule). */
  baseURL?: string;
  /** Sent as `Authorization: Basic …`. */
  auth?: { username?: string; password?: string };
}

/** n8n's IAdditionalCredentialOptions: the credential already decrypted (else getCredentials is asked). */
export interface AdditionalCredentialOptions {
  credentialsDecrypted?: { data?: IDataObject };
}

/** n8n's legacy IRequestOptions (request-promise), the subset requestWithAuthentication maps. */
export interface LegacyRequestOptions {
  uri?: string;
  url?: string;
  baseURL?: string;
  method?: string;
  headers?: Record<string, string>;
  qs?: Record<string, unknown>;
  body?: unknown;
  /** Form fields, sent as application/x-www-form-urlencoded. */
  form?: Record<string, unknown>;
  json?: boolean;
  /** null = the body as bytes. */
  encoding?: string | null;
  timeout?: number;
  /** false = a status >= 400 is an answer, not an error (default true). */
  simple?: boolean;
  resolveWithFullResponse?: boolean;
  followRedirect?: boolean;
  auth?: { user?: string; username?: string; pass?: string; password?: string };
}

export interface HttpResponse {
  statusCode: number;
  statusMessage: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Files under the folders a run allows (RunOptions.fileAccessRoots); each call fails when none are. */
export interface FileAccess {
  /** Files matching a glob pattern (absolute, or relative to the first allowed folder). */
  glob(pattern: string): Promise<string[]>;
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: Uint8Array, options?: { append?: boolean }): Promise<void>;
}

/** What Respond to Webhook answers: body is JSON-able data, a string, bytes, or undefined for none. */
export interface WebhookResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Includes n8n's deduplication history helpers (checkProcessedAndRecord …, engine/deduplication.ts). */
export interface ExecuteHelpers extends DeduplicationHelpers {
  httpRequest(options: HttpRequestOptions): Promise<HttpResponse | unknown>;
  /**
   * n8n's httpRequestWithAuthentication: the request authenticated as credential type
   * `credentialsType` says (its `authenticate`, or digest / custom / OAuth), with this node's
   * credential of that type (src/engine/auth). Answers like httpRequest.
   */
  httpRequestWithAuthentication(credentialsType: string, requestOptions: AuthenticatedRequestOptions, additionalCredentialOptions?: AdditionalCredentialOptions): Promise<HttpResponse | unknown>;
  /** n8n's requestWithAuthentication: the same with the legacy request options. */
  requestWithAuthentication(credentialsType: string, requestOptions: LegacyRequestOptions, additionalCredentialOptions?: AdditionalCredentialOptions, itemIndex?: number): Promise<unknown>;
  returnJsonArray(data: IDataObject | IDataObject[]): INodeExecutionData[];
  constructExecutionMetaData(
    items: INodeExecutionData[],
    options: { itemData: IPairedItemData | IPairedItemData[] },
  ): INodeExecutionData[];
  prepareBinaryData(data: Uint8Array, fileName?: string, mimeType?: string): Promise<IBinaryData>;
  getBinaryDataBuffer(itemIndex: number, propertyName: string): Promise<Uint8Array>;
  readonly files: FileAccess;
}

/** The function a Code node uses to run user JavaScript outside the host (see engine/sandbox). */
export interface CodeRunner {
  runCode(request: {
    code: string;
    mode: 'runOnceForAllItems' | 'runOnceForEachItem';
    itemIndex?: number;
    /** Legacy Function/FunctionItem nodes expose `items` / `item` globals. */
    legacy?: 'function' | 'functionItem';
  }): Promise<unknown>;
}

/** A sub-workflow run requested by a node (Execute Workflow). */
export interface SubWorkflowRequest {
  workflow: IWorkflowBase;
  /** Items handed to the start node. */
  items: INodeExecutionData[];
  /** Start here instead of the default start node (e.g. its Execute Workflow Trigger). */
  startNode?: string;
}

export interface SubWorkflowResult {
  executionId: string;
  /** Output lists of the last node the sub-workflow ran (n8n's getDataLastExecutedNodeData). */
  data: Array<INodeExecutionData[] | null>;
}

/** What the instance allows Execute Command (RunOptions.executeCommand); absent = disabled. */
export interface ExecuteCommandSettings {
  enabled: boolean;
  /** Wall-clock limit of one command, ms; the command's process group is killed past it. */
  timeoutMs: number;
  /** Most bytes kept of stdout and of stderr each; more fails the command. */
  maxOutputBytes: number;
}

export type { ExecutionCustomData } from '../model/executionCustomData.ts';
import type { ExecutionCustomData } from '../model/executionCustomData.ts';

export interface ExecuteFunctions {
  getNode(): INode;
  getWorkflow(): { id?: string; name?: string; active: boolean };
  getWorkflowData(): IWorkflowBase;
  getMode(): WorkflowExecuteMode;
  getExecutionId(): string;
  getTimezone(): string;
  getRunIndex(): number;
  getInputData(inputIndex?: number): INodeExecutionData[];
  getInputSourceData(inputIndex?: number): ISourceData | undefined;
  /** Number of main inputs that are connected / defined. */
  getNumberOfInputs(): number;
  getNodeParameter(name: string, itemIndex: number, fallback?: unknown, options?: GetParameterOptions): unknown;
  /** Evaluates an expression for an item; `additionalKeys` adds variables ($value, $response … of declarative routing). */
  evaluateExpression(expression: string, itemIndex: number, additionalKeys?: Record<string, unknown>): unknown;
  continueOnFail(): boolean;
  getWorkflowStaticData(type: 'global' | 'node'): IDataObject;
  /**
   * n8n's execution-scoped context: 'node' is this node's own object, 'flow' one shared by the
   * workflow; both live in runExecutionData.executionData.contextData for this execution only.
   */
  getContext(type: 'node' | 'flow'): IDataObject;
  /** Sets waitTill for the execution (Wait node); the engine parks the execution. */
  putExecutionToWait(waitTill: Date): Promise<void>;
  sendMessageToUI(message: unknown): void;
  /** Answers the webhook request that started the run (Respond to Webhook); ignored otherwise. */
  sendResponse(response: WebhookResponse): void;
  /** Credentials of the given type for this node; fails when none are available. */
  getCredentials(type: string): Promise<IDataObject>;
  readonly helpers: ExecuteHelpers;
  readonly code: CodeRunner;
  readonly signal: AbortSignal;
  /** Attaches a hint shown in the output panel. */
  addHint(message: string): void;
  /** Runs a workflow in 'integrated' mode and waits for it; fails with the sub-workflow's error. */
  executeSubWorkflow?(request: SubWorkflowRequest): Promise<SubWorkflowResult>;
  /** Loads a stored workflow by id (absent when the caller offers no workflow store). */
  loadWorkflow?(id: string): Promise<IWorkflowBase>;
  /** Execute Command's instance settings; undefined = the node is disabled. */
  executeCommandSettings?(): ExecuteCommandSettings | undefined;
  /** The execution's custom data (stored with the execution in its run data). */
  executionCustomData?(): ExecutionCustomData;
}

export type NodeOutput = INodeExecutionData[][] | null;

/**
 * What a node that starts runs by itself gets while its workflow is active (n8n's trigger and
 * poll nodes of community packages; the built-in schedule, webhook and form triggers have their
 * own paths). The server owns the timers and starts the runs.
 */
export interface NodeTriggerContext {
  /** The node's functions outside a run: parameters, credentials, HTTP helpers, static data. */
  readonly ctx: ExecuteFunctions;
  /** n8n's activation mode: 'init' (server start), 'activate', 'update'. */
  readonly activation: 'init' | 'activate' | 'update';
  /**
   * Starts a run with these outputs of the node; resolves when it ended, with n8n's IRun of it
   * (data, mode, status, finished, startedAt, stoppedAt), rejects when it could not start.
   */
  emit(data: INodeExecutionData[][]): Promise<unknown>;
  /** The trigger stopped working while active: it is started again, or the workflow shown as failed. */
  fail(error: Error): void;
  /** A failure that leaves the trigger running (one poll that threw). */
  warn(error: Error): void;
  /** Calls `fire` on a cron expression (in the workflow's time zone) until the returned stop. */
  schedule(cron: string, fire: () => void): () => void;
  /** Static data changed outside a run (ctx.getWorkflowStaticData): stores it. */
  saveStaticData(): void;
}

/** One webhook of a node other than Webhook and Form Trigger (n8n's IWebhookDescription, resolved). */
export interface NodeWebhookDescription {
  name: string;
  httpMethod: string;
  path: string;
  isFullPath?: boolean;
  responseMode: string;
  responseCode: number;
  responseData?: string;
}

/** The request a node's webhook answers. */
export interface NodeWebhookRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  query: IDataObject;
  params: Record<string, string>;
  body: unknown;
  rawBody: Uint8Array;
  ip: string;
}

/** What a node's webhook() answered (n8n's IWebhookResponseData), and what it wrote to its response object. */
export interface NodeWebhookResult {
  workflowData?: INodeExecutionData[][];
  webhookResponse?: unknown;
  noWebhookResponse?: boolean;
  response?: { statusCode: number; headers: Record<string, string>; body?: unknown; ended: boolean };
}

export interface NodeWebhookCall {
  ctx: ExecuteFunctions;
  webhook: NodeWebhookDescription;
  mode: 'webhook' | 'manual';
  /** The node's webhook URLs by name, for getNodeWebhookUrl. */
  urls: Record<string, string>;
}

/** A node's own webhooks (n8n's `webhook` and `webhookMethods`). */
export interface NodeWebhooks {
  /** The node's webhooks with their settings read from its parameters (throws for expressions it cannot read). */
  list(node: INode): NodeWebhookDescription[];
  run(call: NodeWebhookCall & { request: NodeWebhookRequest }): Promise<NodeWebhookResult>;
  /** webhookMethods: checkExists, create, delete (registration at the remote service); true when none is defined. */
  setup?(call: NodeWebhookCall & { activation: string }, method: 'checkExists' | 'create' | 'delete'): Promise<boolean>;
}

export interface NodeType {
  description: INodeTypeDescription;
  /**
   * 'trigger': starts runs (manual, schedule, webhook …); in manual runs its execute receives
   * the start item. 'regular': transforms items.
   */
  kind: 'trigger' | 'regular';
  execute?(ctx: ExecuteFunctions): Promise<NodeOutput>;
  /**
   * The node evaluates its items inside awaitSlowWork itself (Set, If, Filter, Switch) or reads
   * its parameters raw (Code): the engine does not evaluate its parameters ahead (prefetch.ts).
   */
  evaluatesItemsItself?: boolean;
  /**
   * A trigger whose execute also runs outside manual runs (n8n runs any node's execute in every
   * mode; Execute Workflow Trigger 1.1 trims the items to its declared inputs there).
   */
  executesInEveryMode?: boolean;
  /** Starts the node while its workflow is active; resolves with the function that stops it. */
  activate?(t: NodeTriggerContext): Promise<() => Promise<void>>;
  /** Webhooks of the node's own (community webhook nodes). */
  webhooks?: NodeWebhooks;
  /** Number of main outputs for a node instance whose outputs depend on parameters. */
  outputsFor?(node: INode): string[];
  /** Main inputs of a node instance whose input count depends on parameters (Merge v3). */
  inputsFor?(node: INode): string[];
  /**
   * Inputs that must have data before a waiting node runs in v1 order, when it depends on
   * parameters (n8n's requiredInputs expression, e.g. Merge's chooseBranch needs both).
   */
  requiredInputsFor?(node: INode): number | number[] | undefined;
  /**
   * n8n's `methods`: options a parameter loads from the server (typeOptions.loadOptionsMethod,
   * GET /rest/node-parameter-options) and list searches of resource locators (searchListMethod).
   */
  methods?: {
    loadOptions?: Record<string, (ctx: LoadOptionsFunctions) => Promise<INodePropertyOption[]>>;
    listSearch?: Record<string, (ctx: LoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<ListSearchResult>>;
  };
}

/** What a load-options or list-search method sees: the node's current (unsaved) parameters. */
export interface LoadOptionsFunctions {
  /** A top-level parameter as the editor holds it, else its default, else `fallback`. Expressions give `fallback`. */
  getNodeParameter(name: string, fallback?: unknown): unknown;
  /** A value by dotted path in the current parameters ('rules.values'); '&x' is relative to the asking parameter. */
  getCurrentNodeParameter(path: string): unknown;
  getCurrentNodeParameters(): IDataObject;
  /**
   * The node's execute functions outside a run, on the editor's parameters and chosen credentials
   * (the calling user's): credentials and HTTP for community packages' option lists.
   */
  nodeContext?(): ExecuteFunctions;
  helpers: {
    /** Workflows the calling user may see whose name contains `filter`, newest first. */
    searchWorkflows(filter: string | undefined, offset: number, limit: number): Promise<{ workflows: Array<{ id: string; name: string }>; more: boolean }>;
  };
}

/** One page of a resource locator's list (n8n's INodeListSearchResult). */
export interface ListSearchResult {
  results: Array<{ name: string; value: string | number; url?: string; description?: string }>;
  paginationToken?: string;
}

export interface NodeTypeRegistry {
  get(type: string, typeVersion?: number): NodeType | undefined;
  /** All descriptions, one per type (covering every version), for GET /node-types. */
  descriptions(): INodeTypeDescription[];
  /** Changes whenever the set of types changes (community packages); absent = never changes. */
  readonly generation?: number;
}

/** Error thrown by a node about its own operation (n8n's NodeOperationError). */
export class NodeOperationError extends Error {
  description?: string;
  itemIndex?: number;
  node?: INode;
  context: { itemIndex?: number; runIndex?: number; parameter?: string; [key: string]: unknown } = {};
  constructor(node: INode | undefined, message: string, options: { description?: string; itemIndex?: number } = {}) {
    super(message);
    this.name = 'NodeOperationError';
    this.node = node;
    this.description = options.description;
    if (options.itemIndex !== undefined) {
      this.itemIndex = options.itemIndex;
      this.context.itemIndex = options.itemIndex;
    }
  }
}

/** Error from a remote API (n8n's NodeApiError). */
export class NodeApiError extends Error {
  httpCode?: string;
  description?: string;
  node?: INode;
  context: { itemIndex?: number; [key: string]: unknown } = {};
  constructor(node: INode | undefined, message: string, options: { httpCode?: string; description?: string; itemIndex?: number } = {}) {
    super(message);
    this.name = 'NodeApiError';
    this.node = node;
    this.httpCode = options.httpCode;
    this.description = options.description;
    if (options.itemIndex !== undefined) this.context.itemIndex = options.itemIndex;
  }
}
