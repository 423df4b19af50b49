// Messages between the server and the package host (src/community/host), which runs community
// node packages in a child process. Sent with Node's 'advanced' IPC serialisation (structured
// clone: Buffers, Dates and Maps pass; functions do not, so descriptions carry markers instead).
import type { INodeTypeDescription } from '../model/nodeTypes.ts';
import type { ICredentialType } from '../model/credentialTypes.ts';
import type { IDataObject, INode } from '../model/workflow.ts';
import type { INodeExecutionData, WorkflowExecuteMode } from '../model/execution.ts';

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
  /**
   * Calls a function of a package's description (routing preSend / postReceive / pagination, a
   * credential's authenticate or preAuthentication) by its id: with `payload`, `this` is n8n's
   * IExecuteSingleFunctions for item `itemIndex`; without, a credential's helpers (httpRequest).
   */
  | { kind: 'function'; id: number; fn: number; payload?: ExecutePayload; itemIndex?: number; args: unknown[] }
  | { kind: 'reply'; id: number; value?: unknown; error?: SerializedError }
  | { kind: 'abort'; run: number }
  | { kind: 'ping'; id: number };

export type FromHost =
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: SerializedError }
  /** A call back into the server during run `run` (credentials, HTTP, binary data …). */
  | { kind: 'call'; id: number; run: number; method: string; args: unknown[] }
  | { kind: 'notify'; run: number; method: string; args: unknown[] }
  | { kind: 'pong'; id: number }
  | { kind: 'ready' };
