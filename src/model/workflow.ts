// The workflow as stored and exchanged: n8n's JSON shape (spec 001 §3), so that existing
// workflows import unchanged.

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };

/** Free-form JSON object, as in n8n's IDataObject. */
export interface IDataObject {
  [key: string]: unknown;
}

export type NodeParameterValue = string | number | boolean | null | undefined;
export type NodeParameters = { [key: string]: unknown };

export interface INodeCredentialsDetails {
  id: string | null;
  name: string;
}
export type INodeCredentials = { [credentialType: string]: INodeCredentialsDetails };

export type OnError = 'stopWorkflow' | 'continueRegularOutput' | 'continueErrorOutput';

export interface INode {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: [number, number];
  parameters: NodeParameters;
  credentials?: INodeCredentials;
  disabled?: boolean;
  color?: string;
  notes?: string;
  notesInFlow?: boolean;
  alwaysOutputData?: boolean;
  executeOnce?: boolean;
  continueOnFail?: boolean;
  onError?: OnError;
  retryOnFail?: boolean;
  maxTries?: number;
  waitBetweenTries?: number;
  webhookId?: string;
}

export type ConnectionType = 'main';

export interface IConnection {
  /** Destination node name. */
  node: string;
  type: ConnectionType | string;
  /** Destination input index. */
  index: number;
}

/** connections[sourceName][type][outputIndex] = list of destinations (null/[] when unconnected). */
export type NodeInputConnections = Array<IConnection[] | null>;
export interface INodeConnections {
  [type: string]: NodeInputConnections;
}
export interface IConnections {
  [sourceNode: string]: INodeConnections;
}

export type SaveDataExecution = 'all' | 'none' | 'DEFAULT';
export type SaveBoolean = boolean | 'DEFAULT';

export interface IWorkflowSettings {
  executionOrder?: 'v0' | 'v1';
  errorWorkflow?: string;
  timezone?: string;
  saveDataErrorExecution?: SaveDataExecution;
  saveDataSuccessExecution?: SaveDataExecution;
  saveManualExecutions?: SaveBoolean;
  saveExecutionProgress?: SaveBoolean;
  /** Seconds; -1 means off. */
  executionTimeout?: number;
  maxExecutionTimeout?: number;
  [key: string]: unknown;
}

export interface ITag {
  id: string;
  name: string;
}

export interface IPinDataItem {
  json: IDataObject;
  binary?: Record<string, unknown>;
}
export interface IPinData {
  [nodeName: string]: IPinDataItem[];
}

/**
 * A workflow as the REST API returns it and as it is exported. The server answers a stored
 * workflow as it was sent (issue 10): older n8n forms (credentials given by name, pinned items
 * without `json`, null for optional values) stay as they came; readWorkflow.ts reads them.
 */
export interface IWorkflowBase {
  id?: string;
  name: string;
  active: boolean;
  nodes: INode[];
  connections: IConnections;
  settings?: IWorkflowSettings;
  pinData?: IPinData;
  staticData?: IDataObject | null;
  tags?: ITag[];
  meta?: { instanceId?: string; [key: string]: unknown };
  /** n8n's other workflow fields, kept as sent (no meaning here). */
  description?: string | null;
  nodeGroups?: unknown[] | null;
  sourceWorkflowId?: string | null;
  externalId?: string | null;
  versionId?: string;
  createdAt?: string;
  updatedAt?: string;
}
