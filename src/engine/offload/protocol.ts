// Messages between the engine and the expression worker (offloader.ts, worker.ts). The worker
// keeps a copy of what the expressions of a few node runs can read, sent once and then only
// what is new (task data of runs since), so a node whose items each defer sends its data once.
import type { IConnections, IDataObject, INode, IPinData } from '../../model/workflow.ts';
import type { INodeExecutionData, ITaskData, ITaskDataConnectionsSource, WorkflowExecuteMode } from '../../model/execution.ts';
import type { WireError } from './wire.ts';

/** One execution's shared part: the graph and the run data mirror. */
export interface RunMessage {
  type: 'run';
  run: number;
  nodes: INode[];
  connections: IConnections;
  /** The run's pinned data (the same for all its node runs): a value, or JSON text when large. */
  pinData?: { value?: IPinData; json?: string[] };
}

/** Task data of one node from run index `from` on (earlier ones the worker already has). */
export interface TasksMessage {
  type: 'tasks';
  run: number;
  node: string;
  from: number;
  tasks?: ITaskData[];
  /** Large task data as JSON text instead, in pieces to be joined (made in slices; a structured clone of it held the thread). */
  json?: string[];
}

/** One node run's part of the data proxy context. */
export interface NodeRunMessage {
  type: 'nodeRun';
  run: number;
  nodeRun: number;
  workflow: { id?: string; name?: string; active: boolean };
  activeNodeName: string;
  runIndex: number;
  connectionInputData?: INodeExecutionData[];
  /** Large input items as JSON text instead, in pieces to be joined. */
  inputJson?: string[];
  source: ITaskDataConnectionsSource | null;
  mode: WorkflowExecuteMode;
  executionId: string;
  timezone: string;
  parameters: IDataObject;
  additional?: IDataObject;
  /** Whether the execution has run data at all (the proxy context's runExecutionData may be null). */
  hasRunData: boolean;
}

export interface EvalMessage {
  type: 'eval';
  id: number;
  nodeRun: number;
  value: string;
  itemIndex: number;
  nodeName?: string;
  now: number;
  expressionSteps: number;
  expressionTimeoutMs: number;
  regexTimeoutMs: number;
  /** Node names with run data now (a re-run may have dropped some). */
  ranNodes: string[];
  metadata?: IDataObject;
  contextData?: IDataObject;
}

export interface DropMessage {
  type: 'drop';
  run?: number;
  nodeRun?: number;
}

export type ToWorker = RunMessage | TasksMessage | NodeRunMessage | EvalMessage | DropMessage;

export type EvalResult =
  | { type: 'result'; id: number; ok: true; value?: unknown; json?: string; tagged: boolean }
  | { type: 'result'; id: number; ok: false; error: WireError };

export type FromWorker =
  /** The worker begins evaluating (after reading the data sent before): the time limit starts. */
  | { type: 'started'; id: number }
  | EvalResult;

/** Data larger than this (JSON characters, estimated) crosses as JSON text: see offloader.ts. */
export const TEXT_TRANSFER_CHARS = 256 * 1024;
