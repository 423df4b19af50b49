// The engine's public contract: what a caller (server, corpus runner, bench) passes in and gets back.
import type { IDataObject, IPinData, IWorkflowBase } from '../model/workflow.ts';
import { codeMemoryMb } from './sandbox/codeMemory.ts';
import type {
  ExecutionError,
  ExecutionStatus,
  INodeExecutionData,
  IRunData,
  IRunExecutionData,
  ISourceData,
  RelatedExecution,
  ITaskData,
  ITaskDataConnections,
  WorkflowExecuteMode,
} from '../model/execution.ts';
import type { INode } from '../model/workflow.ts';
import type { ProcessedDataStore } from './deduplication.ts';
import type { NodeTypeRegistry, HttpRequestOptions, HttpResponse, WebhookResponse, ExecuteCommandSettings } from '../nodes/types.ts';

export interface ExecutionHooks {
  workflowExecuteBefore?(): void | Promise<void>;
  nodeExecuteBefore?(nodeName: string): void | Promise<void>;
  nodeExecuteAfter?(nodeName: string, taskData: ITaskData, runExecutionData: IRunExecutionData): void | Promise<void>;
  workflowExecuteAfter?(run: IRun): void | Promise<void>;
  /** A node asked to show something in the browser console (Code node console.log in manual runs). */
  sendMessageToUI?(nodeName: string, message: unknown): void;
  /** Respond to Webhook answered the request that started the run. */
  sendResponse?(nodeName: string, response: WebhookResponse): void;
}

/**
 * Where binary data larger than `inlineMaxBytes` goes instead of base64 in the item: the item
 * keeps `{ id, mimeType, fileName, fileSize }` and nodes read the bytes back through `read`.
 */
export interface BinaryDataStore {
  inlineMaxBytes: number;
  store(executionId: string, data: Uint8Array, meta: { mimeType: string; fileName?: string }): Promise<string>;
  read(id: string): Promise<Uint8Array>;
}

export interface RunOptions {
  workflow: IWorkflowBase;
  nodeTypes: NodeTypeRegistry;
  mode: WorkflowExecuteMode;
  executionId: string;
  /** Items the start node receives; default one empty item. */
  triggerItems?: INodeExecutionData[];
  /** All inputs of the start node, when one list is not enough (a webhook with one output per method). */
  triggerData?: ITaskDataConnections;
  /** Start from this node instead of the default start node. */
  startNode?: string;
  /** Partial runs (spec 001 §4.4): reuse this run data, start at these nodes, stop after destination. */
  runData?: IRunData;
  startNodes?: Array<{ name: string; sourceData?: ISourceData | null }>;
  destinationNode?: string;
  pinData?: IPinData;
  hooks?: ExecutionHooks;
  /** Abort to stop the execution (POST /executions-current/{id}/stop). */
  signal?: AbortSignal;
  /** Absolute time (ms since epoch) after which the run is cancelled as timed out. */
  timeoutAt?: number;
  /** Instance default; the workflow's settings.timezone wins. */
  timezone?: string;
  /** Resume a waiting execution from its stored state. */
  resumeFrom?: IRunExecutionData;
  /** Static data of the workflow (mutated in place; `__dataChanged` set when changed). */
  staticData?: IDataObject;
  /** Outbound HTTP used by nodes; injectable so tests can point it at local servers. */
  httpRequest?: (options: HttpRequestOptions, signal: AbortSignal) => Promise<HttpResponse>;
  /** Folders nodes may read and write files in; none (the default) disables file access. */
  fileAccessRoots?: string[];
  /**
   * Folders nodes may not read or write even when a root contains them: the server passes its data
   * folder (database, binary data). Checked after the roots, with the same resolution
   * (realpath, so `..` and symbolic links cannot get in; case folded on macOS and Windows); a path
   * inside one fails with "Access to the file is not allowed: it is inside Switchyard's data folder".
   */
  fileAccessBlocked?: string[];
  /** Execute Command: off unless enabled (SWITCHYARD_EXECUTE_COMMAND_ENABLED), with its bounds. */
  executeCommand?: ExecuteCommandSettings;
  /** Clock used by $now/$today and node timestamps (the corpus runner fixes it). */
  now?: () => number;
  /** Limits applied to each run. */
  limits?: Partial<EngineLimits>;
  /** Loads a stored workflow by id for Execute Workflow (source "database"); the server supplies it. */
  loadWorkflow?: (id: string) => Promise<IWorkflowBase>;
  /** Sub-workflow depth of this run (0 for a top-level run); deeper calls fail. */
  subWorkflowDepth?: number;
  /**
   * Runs an Execute Workflow sub-workflow as an execution of its own: the server records it with
   * mode 'integrated', a real execution id and the child workflow's save settings. Without it
   * the engine runs the child itself with these options, unsaved, under `<executionId>-sub<n>`.
   */
  startSubExecution?: (request: SubExecutionRequest) => Promise<SubExecutionStarted>;
  /** This run is a sub-workflow's: recorded as the run data's `parentExecution`. */
  parentExecution?: RelatedExecution;
  /**
   * The caller will not change this workflow object (nodes, parameters, connections) after
   * passing it: the engine may keep its graph and resolved parameters for the next run of it.
   */
  workflowIsImmutable?: boolean;
  /** Extra values for expressions, e.g. `{ resumeUrl }` for $execution.resumeUrl. */
  additionalKeys?: IDataObject;
  /**
   * Deduplication history across executions (Remove Duplicates v2, `helpers.checkProcessedAndRecord`);
   * the server keeps it in its database. Without one the history lives in memory for the process.
   */
  processedDataStore?: ProcessedDataStore;
  /** Keeps large binary data out of the run data; without it binary stays inline. */
  binaryStore?: BinaryDataStore;
  /** Credentials of a node by credential type; without it getCredentials fails with a clear error. */
  getCredentials?: (type: string, node: INode) => Promise<IDataObject>;
  /**
   * Stores an OAuth credential's new token data (the token endpoint's answer plus `expires_at`,
   * ms since the epoch) after a refresh or a client-credentials grant; null = the provider refused
   * the refresh and the user must connect again. The credential is the node's of this type, as
   * getCredentials resolves it.
   */
  updateOAuthTokenData?: (type: string, node: INode, tokenData: IDataObject | null) => Promise<void>;
}

export interface SubExecutionRequest {
  workflow: IWorkflowBase;
  /** Items the start node receives. */
  triggerItems: INodeExecutionData[];
  /** The child's Execute Workflow Trigger, when it has one. */
  startNode?: string;
  parentExecution: RelatedExecution;
  /** Aborted when the parent run stops: the child is stopped with it. */
  signal: AbortSignal;
  /** Depth of the child (the parent's + 1). */
  subWorkflowDepth: number;
}

export interface SubExecutionStarted {
  executionId: string;
  /** The child's run data once it has ended (its resultData.error when it failed). */
  done: Promise<IRunExecutionData>;
}

export interface EngineLimits {
  /** Node runs per execution before it is stopped as an endless loop. */
  maxNodeRuns: number;
  /** Items one node may output; a Code node's result is checked inside the sandbox, before it is serialised. */
  maxItemsPerNode: number;
  /**
   * Wall-clock time of one Code / Function run (one item in per-item mode), ms. The VM stops
   * itself at the deadline; a run stuck in native code has its worker ended a second later.
   */
  codeTimeoutMs: number;
  /**
   * QuickJS memory of one Code / Function run, bytes; at most the sandbox's WebAssembly memory
   * (SWITCHYARD_CODE_MEMORY_MB, 128 MB by default) allows.
   */
  codeMemoryBytes: number;
  /** Per expression evaluation step budget. */
  expressionSteps: number;
}

export const DEFAULT_LIMITS: EngineLimits = {
  maxNodeRuns: 100_000,
  maxItemsPerNode: 1_000_000,
  codeTimeoutMs: 10_000,
  codeMemoryBytes: codeMemoryMb() * 1024 * 1024,
  expressionSteps: 1_000_000,
};

export interface IRun {
  data: IRunExecutionData;
  mode: WorkflowExecuteMode;
  finished: boolean;
  status: ExecutionStatus;
  startedAt: Date;
  stoppedAt?: Date;
  waitTill?: Date;
  error?: ExecutionError;
}
