// Messages between the server and the package host (src/community/host), which runs community
// node packages in a child process. Sent with Node's 'advanced' IPC serialisation (structured
// clone: Buffers, Dates and Maps pass; functions do not, so descriptions carry markers instead).
import type { INodeTypeDescription } from '../model/nodeTypes.ts';
import type { ICredentialType } from '../model/credentialTypes.ts';
import type { IDataObject, INode } from '../model/workflow.ts';
import type { INodeExecutionData, WorkflowExecuteMode } from '../model/execution.ts';
import type { PartMessage } from './messageParts.ts';

/** Where a function of a package's description stood: the host calls it by this id. */
export interface HostFunctionRef {
  $hostFunction: number;
}

export interface LoadedNode {
  /** The node file, relative to the package folder. */
  file: string;
  /** One description per version class (a VersionedNodeType has several). */
  descriptions: INodeTypeDescription[];
  /** What the node's class implements, per description. */
  kinds: Array<{ execute: boolean; trigger: boolean; poll: boolean; webhook: boolean; declarative: boolean }>;
  methods: { loadOptions: string[]; listSearch: string[] };
  /** The icon file's absolute path (from 'file:' icons), inside the package folder. */
  iconPath?: string;
}

export interface LoadedPackage {
  name: string;
  version: string;
  nodes: LoadedNode[];
  credentials: ICredentialType[];
  /** Credential types' 'file:' icons: type name → the file's absolute path inside the package folder. */
  credentialIcons?: Record<string, string>;
  /** Why the package (or a file of it) could not be loaded. */
  error?: string;
}

/** Parameters as the server resolved them: once when they hold no expression, else per item. */
export interface ResolvedParameters {
  shared: IDataObject;
  perItem: Record<string, unknown[]>;
  /** Resolution failures, thrown when the node asks for that parameter (and item). */
  errors: Record<string, Array<{ message: string; description?: string } | undefined>>;
}

export interface ExecutePayload {
  node: INode;
  /** Main inputs, by index. */
  inputs: Array<INodeExecutionData[] | null>;
  parameters: ResolvedParameters;
  mode: WorkflowExecuteMode;
  executionId: string;
  workflow: { id?: string; name?: string; active: boolean };
  runIndex: number;
  continueOnFail: boolean;
  timezone: string;
  staticData: { global: IDataObject; node: IDataObject };
  webhookUrls: Record<string, string>;
}

/**
 * A trigger, poll or webhook node's call outside a run (n8n's ITriggerFunctions, IPollFunctions,
 * IWebhookFunctions, IHookFunctions): parameters resolved once, no input items.
 */
export interface TriggerPayload {
  node: INode;
  parameters: ResolvedParameters;
  mode: WorkflowExecuteMode;
  /** n8n's activation mode: 'init' (server start), 'activate', 'update', 'manual'. */
  activation: string;
  workflow: { id?: string; name?: string; active: boolean };
  timezone: string;
  staticData: { global: IDataObject; node: IDataObject };
  /** The node's webhook URLs by webhook name ('default' …). */
  webhookUrls: Record<string, string>;
  /** The webhook being called or set up (its description's name). */
  webhookName?: string;
  /** The HTTP request a webhook node answers. */
  request?: WebhookRequestPayload;
}

export interface WebhookRequestPayload {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  query: IDataObject;
  params: Record<string, string>;
  /** Parsed as n8n parses it (JSON, form, XML, text); {} when empty. */
  body: unknown;
  rawBody: Uint8Array;
  ip: string;
}

/** What a webhook node's response object was told (getResponseObject()). */
export interface RecordedResponse {
  statusCode: number;
  headers: Record<string, string>;
  body?: unknown;
  ended: boolean;
}

export interface SerializedError {
  name: string;
  message: string;
  description?: string | null;
  httpCode?: string | null;
  itemIndex?: number;
  stack?: string;
}

export type ToHost =
  | { kind: 'load'; id: number; dir: string }
  | { kind: 'unload'; id: number; dir: string }
  | { kind: 'execute'; id: number; type: string; version: number; payload: ExecutePayload }
  | { kind: 'loadOptions'; id: number; type: string; version: number; method: string; search: boolean; parameters: IDataObject; filter?: string; paginationToken?: string }
  /** Starts a trigger node (trigger()); it stays open under this id until closeTrigger. */
  | { kind: 'trigger'; id: number; type: string; version: number; payload: TriggerPayload }
  | { kind: 'closeTrigger'; id: number; trigger: number }
  | { kind: 'manualTrigger'; id: number; trigger: number }
  /** A cron registered by a trigger (helpers.registerCron) is due. */
  | { kind: 'cronTick'; trigger: number; cron: number }
  /** The run an emit with a donePromise started has ended (run: n8n's IRun) or could not start. */
  | { kind: 'emitDone'; trigger: number; done: number; run?: unknown; error?: SerializedError }
  | { kind: 'poll'; id: number; type: string; version: number; payload: TriggerPayload }
  | { kind: 'webhook'; id: number; type: string; version: number; payload: TriggerPayload }
  | { kind: 'webhookMethod'; id: number; type: string; version: number; method: 'checkExists' | 'create' | 'delete'; payload: TriggerPayload }
  /**
   * Calls a function of a package's description (routing preSend / postReceive / pagination, a
   * credential's authenticate or preAuthentication) by its id: with `payload`, `this` is n8n's
   * IExecuteSingleFunctions for item `itemIndex`; without, a credential's helpers (httpRequest).
   */
  | { kind: 'function'; id: number; fn: number; payload?: ExecutePayload; itemIndex?: number; args: unknown[] }
  | { kind: 'reply'; id: number; value?: unknown; error?: SerializedError }
  | { kind: 'abort'; run: number }
  | { kind: 'ping'; id: number }
  /** Part of a long array of the next message (src/community/messageParts.ts). */
  | PartMessage;

export type FromHost =
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: SerializedError }
  /** A call back into the server during run `run` (credentials, HTTP, binary data …). */
  | { kind: 'call'; id: number; run: number; method: string; args: unknown[] }
  | { kind: 'notify'; run: number; method: string; args: unknown[] }
  | { kind: 'pong'; id: number }
  | { kind: 'ready' }
  | PartMessage;
