// A node's execute functions outside a run, for what a trigger does while its workflow is active
// (n8n's trigger, poll, webhook and hook functions read parameters, credentials and HTTP through
// them): the engine's own context (src/engine/context.ts) with no input items, built on the
// workflow and node, so parameters resolve and requests authenticate as in a run.
import type { IDataObject, INode, IWorkflowBase } from '../../model/workflow.ts';
import type { WorkflowExecuteMode } from '../../model/execution.ts';
import type { BinaryDataStore } from '../../engine/types.ts';
import { DEFAULT_LIMITS } from '../../engine/types.ts';
import { createExecuteContext } from '../../engine/context.ts';
import { defaultHttpRequest } from '../../engine/http.ts';
import { createFileAccess } from '../../engine/fileAccess.ts';
import { buildGraph } from '../../model/graph.ts';
import { resolveNodeParameters } from '../../model/parameters.ts';
import type { ExecuteFunctions, NodeType } from '../../nodes/types.ts';

export interface NodeContextInit {
  workflow: IWorkflowBase;
  node: INode;
  type: NodeType;
  mode: WorkflowExecuteMode;
  timezone: string;
  executionId?: string;
  signal?: AbortSignal;
  getCredentials?: (type: string, node: INode) => Promise<IDataObject>;
  updateOAuthTokenData?: (type: string, node: INode, tokenData: IDataObject | null) => Promise<void>;
  binaryStore?: BinaryDataStore;
}

export function nodeContext(o: NodeContextInit): ExecuteFunctions {
  o.workflow.staticData ??= {};
  const item = [{ json: {} }];
  return createExecuteContext({
    workflow: o.workflow,
    graph: buildGraph(o.workflow.nodes, o.workflow.connections ?? {}),
    node: o.node,
    resolvedParameters: resolveNodeParameters(o.type.description.properties, o.node.parameters, o.node.typeVersion) as IDataObject,
    mode: o.mode,
    executionId: o.executionId ?? '',
    runIndex: 0,
    runExecutionData: { resultData: { runData: {} } },
    inputData: { main: [item] },
    connectionInputData: item,
    source: null,
    timezone: o.timezone,
    now: () => Date.now(),
    staticData: o.workflow.staticData as IDataObject,
    signal: o.signal ?? new AbortController().signal,
    limits: DEFAULT_LIMITS,
    httpRequest: defaultHttpRequest,
    files: createFileAccess(undefined),
    onWait: () => undefined,
    getCredentials: o.getCredentials,
    updateOAuthTokenData: o.updateOAuthTokenData,
    binaryStore: o.binaryStore,
    hints: [],
  });
}
