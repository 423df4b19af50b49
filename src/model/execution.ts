// Items, run data and executions (spec 001 §3 "Execution", "Run error", "Binary data").
import type { IDataObject, IPinData, IWorkflowBase } from './workflow.ts';

export interface IBinaryData {
  /** Base64 content when stored inline. */
  data?: string;
  /** Reference to data stored outside the item (filesystem:…). */
  id?: string;
  mimeType: string;
  fileName?: string;
  directory?: string;
  fileExtension?: string;
  fileSize?: string;
  fileType?: string;
}

export interface IPairedItemData {
  item: number;
  input?: number;
}

export interface INodeExecutionData {
  json: IDataObject;
  binary?: { [key: string]: IBinaryData };
  pairedItem?: IPairedItemData | IPairedItemData[] | number;
  error?: ExecutionError;
}

export interface ISourceData {
  previousNode: string;
  previousNodeOutput?: number;
  previousNodeRun?: number;
}

export interface ITaskDataConnections {
  [type: string]: Array<INodeExecutionData[] | null>;
}

export interface ITaskDataConnectionsSource {
  [type: string]: Array<ISourceData | null>;
}

/** Serialisable error as n8n stores it on a run and on the execution. */
export interface ExecutionError {
  name?: string;
  message: string;
  description?: string | null;
  httpCode?: string | null;
  timestamp?: number;
  cause?: unknown;
  stack?: string;
  node?: { name: string; type: string; typeVersion?: number };
  context?: {
    causeDetailed?: string;
    itemIndex?: number;
    runIndex?: number;
    parameter?: string;
    messageTemplate?: string;
    descriptionTemplate?: string;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export type TaskExecutionStatus = 'success' | 'error' | 'waiting' | 'running' | 'canceled';

export interface ITaskData {
  startTime: number;
  executionTime: number;
  executionIndex?: number;
  executionStatus?: TaskExecutionStatus;
  source: Array<ISourceData | null>;
  data?: ITaskDataConnections;
  error?: ExecutionError;
  hints?: Array<{ message: string; location?: string }>;
  metadata?: IDataObject;
}

export interface IRunData {
  [nodeName: string]: ITaskData[];
}

export interface IExecuteData {
  node: { name: string };
  data: ITaskDataConnections;
  source: ITaskDataConnectionsSource | null;
  runIndex?: number;
}

export interface IWaitingForExecution {
  [nodeName: string]: { [runIndex: number]: ITaskDataConnections };
}
export interface IWaitingForExecutionSource {
  [nodeName: string]: { [runIndex: number]: ITaskDataConnectionsSource };
}

export interface IRunExecutionData {
  startData?: {
    destinationNode?: string;
    runNodeFilter?: string[];
    startNodes?: Array<{ name: string; sourceData: ISourceData | null }>;
  };
  resultData: {
    runData: IRunData;
    pinData?: IPinData;
    lastNodeExecuted?: string;
    error?: ExecutionError;
    /** The execution's custom data (n8n's customData: Execution Data node, $execution.customData). */
    metadata?: Record<string, string>;
  };
  executionData?: {
    nodeExecutionStack: Array<{ node: { name: string }; data: ITaskDataConnections; source: ITaskDataConnectionsSource | null }>;
    waitingExecution: IWaitingForExecution;
    waitingExecutionSource: IWaitingForExecutionSource;
    contextData?: IDataObject;
  };
  waitTill?: string;
  /** A sub-workflow's run (mode 'integrated'): the Execute Workflow run that started it. */
  parentExecution?: RelatedExecution;
}

/** Links a parent execution and a sub-workflow's execution (n8n's RelatedExecution). */
export interface RelatedExecution {
  executionId: string;
  /** Absent for an unsaved workflow (a parent run from the editor, an inline sub-workflow). */
  workflowId?: string;
}

export type WorkflowExecuteMode = 'manual' | 'trigger' | 'webhook' | 'retry' | 'error' | 'integrated' | 'internal' | 'cli';

export type ExecutionStatus = 'new' | 'running' | 'success' | 'error' | 'waiting' | 'canceled' | 'crashed' | 'unknown';

/** Full execution as GET /executions/{id} returns it. */
export interface IExecution {
  id: string;
  finished: boolean;
  mode: WorkflowExecuteMode;
  status: ExecutionStatus;
  startedAt: string;
  stoppedAt?: string | null;
  workflowId?: string | null;
  workflowName?: string;
  retryOf?: string | null;
  retrySuccessId?: string | null;
  waitTill?: string | null;
  workflowData: IWorkflowBase;
  data: IRunExecutionData;
}

/** Row of GET /executions and GET /executions-current. */
export interface IExecutionSummary {
  id: string;
  finished: boolean;
  mode: WorkflowExecuteMode;
  status: ExecutionStatus;
  startedAt: string;
  stoppedAt?: string | null;
  workflowId?: string | null;
  workflowName?: string;
  retryOf?: string | null;
  retrySuccessId?: string | null;
  waitTill?: string | null;
  executedNode?: string;
}

/** Body of POST /workflows/run (spec 001 §3 "Run request payload"). */
export interface IStartRunData {
  workflowData: IWorkflowBase;
  runData?: IRunData;
  pinData?: IPinData;
  startNodes?: Array<string | { name: string; sourceData?: ISourceData | null }>;
  destinationNode?: string;
}

export interface IRunResponse {
  executionId: string;
  waitingForWebhook?: boolean;
}

export function itemsOf(taskData: ITaskData | undefined, outputIndex = 0): INodeExecutionData[] {
  return (taskData?.data?.main?.[outputIndex] ?? []) as INodeExecutionData[];
}
