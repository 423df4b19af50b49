// Which node runs next: n8n's execution stack with its two orders. 'v1' runs depth-first
// (children pushed to the front, top-left first) and never forces unexecuted parents; the
// legacy order ('v0') runs breadth-first and force-runs parents of multi-input nodes whose
// other inputs would otherwise never arrive. Multi-input nodes wait in `waitingExecution`.
import type { INode } from '../model/workflow.ts';
import type { INodeExecutionData, IRunExecutionData, ITaskDataConnections, ITaskDataConnectionsSource } from '../model/execution.ts';
import type { IConnection } from '../model/workflow.ts';
import { type GraphIndex, parentNodes, parentNodesN8nOrder } from '../model/graph.ts';

export interface StackEntry {
  node: INode;
  data: ITaskDataConnections;
  source: ITaskDataConnectionsSource | null;
  runIndex?: number;
}

export interface SchedulerState {
  graph: GraphIndex;
  legacyOrder: boolean;
  runExecutionData: IRunExecutionData;
  stack: StackEntry[];
}

type Waiting = NonNullable<IRunExecutionData['executionData']>;

function waitingOf(state: SchedulerState): Waiting {
  return state.runExecutionData.executionData as Waiting;
}

function inputsOf(state: SchedulerState, nodeName: string): number {
  return state.graph.byDestination[nodeName]?.main?.length ?? 0;
}

function incomingConnectionIsEmpty(state: SchedulerState, inputs: IConnection[], runIndex: number): boolean {
  const runData = state.runExecutionData.resultData.runData;
  for (const c of inputs) {
    const d = runData[c.node]?.[runIndex]?.data?.main?.[c.index];
    if (d !== undefined && d !== null && d.length !== 0) return false;
  }
  return true;
}

function prepareWaiting(state: SchedulerState, nodeName: string, inputs: number, waitingIndex: number): void {
  const w = waitingOf(state);
  (w.waitingExecution[nodeName] ??= {})[waitingIndex] = { main: new Array(inputs).fill(null) };
  (w.waitingExecutionSource[nodeName] ??= {})[waitingIndex] = { main: new Array(inputs).fill(null) };
}

function enqueue(state: SchedulerState, entry: StackEntry): void {
  if (state.legacyOrder) state.stack.push(entry);
  else state.stack.unshift(entry);
}

/** n8n's addNodeToBeExecuted: hand output `outputIndex` of `parent` to the node `connection` points at. */
export function addNodeToBeExecuted(
  state: SchedulerState,
  connection: IConnection,
  outputIndex: number,
  parentName: string,
  parentOutput: Array<INodeExecutionData[] | null> | null,
  runIndex: number,
): void {
  const target = state.graph.nodes.get(connection.node);
  if (!target) return;
  const inputs = inputsOf(state, connection.node);
  const w = waitingOf(state);
  const source = { previousNode: parentName, previousNodeOutput: outputIndex || undefined, previousNodeRun: runIndex || undefined };
  const outputData = parentOutput === null ? null : (parentOutput[outputIndex] ?? null);

  if (inputs <= 1) {
    const main: Array<INodeExecutionData[] | null> = [];
    for (let i = connection.index; i >= 0; i--) main[i] = null;
    main[connection.index] = outputData;
    enqueue(state, { node: target, data: { main }, source: { main: [source] } });
    return;
  }

  let nodeWasWaiting = true;
  if (w.waitingExecution[connection.node] === undefined) {
    w.waitingExecution[connection.node] = {};
    w.waitingExecutionSource[connection.node] = {};
    nodeWasWaiting = false;
  }
  const waiting = w.waitingExecution[connection.node];
  const waitingSource = w.waitingExecutionSource[connection.node];

  // Join an existing waiting entry that still lacks this input; else open a new one.
  let waitingIndex: number | undefined;
  for (const key of Object.keys(waiting)) {
    if (!waiting[Number(key)].main[connection.index]) {
      waitingIndex = Number(key);
      break;
    }
  }
  if (waitingIndex === undefined) {
    waitingIndex = Object.keys(waiting).length;
    prepareWaiting(state, connection.node, inputs, waitingIndex);
  }
  const entry = waiting[waitingIndex];
  const entrySource = waitingSource[waitingIndex];
  entry.main[connection.index] = outputData;
  entrySource.main[connection.index] = outputData === null ? null : source;

  if (entry.main.every((d) => d !== null)) {
    enqueue(state, { node: target, data: entry, source: entrySource });
    delete waiting[waitingIndex];
    delete waitingSource[waitingIndex];
    if (Object.keys(waiting).length === 0) {
      delete w.waitingExecution[connection.node];
      delete w.waitingExecutionSource[connection.node];
    }
    return;
  }

  if (!nodeWasWaiting && state.legacyOrder) forceParents(state, connection, outputIndex, parentName, parentOutput, runIndex);
}

/**
 * Legacy order only: the first time a multi-input node waits, make sure every other input will
 * eventually get data by putting its highest unexecuted parent on the stack.
 */
function forceParents(
  state: SchedulerState,
  connection: IConnection,
  outputIndex: number,
  parentName: string,
  parentOutput: Array<INodeExecutionData[] | null> | null,
  runIndex: number,
): void {
  const g = state.graph;
  const runData = state.runExecutionData.resultData.runData;
  const siblings: string[] = [];
  for (const list of g.bySource[parentName]?.main ?? []) for (const c of list ?? []) siblings.push(c.node);

  const targetInputs = g.byDestination[connection.node]?.main ?? [];
  for (let inputIndex = 0; inputIndex < targetInputs.length; inputIndex++) {
    for (const input of targetInputs[inputIndex] ?? []) {
      if (input.node === parentName) continue;
      const onStack = state.stack.map((s) => s.node.name);
      if (siblings.includes(input.node)) {
        if (!incomingConnectionIsEmpty(state, g.byDestination[input.node]?.main?.[0] ?? [], runIndex)) continue;
      }
      if (onStack.includes(input.node)) continue;
      if (runData[input.node] !== undefined) continue;

      const chain = parentNodesN8nOrder(g, input.node);
      chain.push(input.node);
      chain.reverse();
      let nodeToAdd: string | undefined = input.node;
      for (const p of chain) {
        if (input.node !== p && siblings.includes(p)) {
          nodeToAdd = undefined;
          break;
        }
        if (onStack.includes(p)) {
          nodeToAdd = undefined;
          break;
        }
        if (runData[p] !== undefined) break;
        nodeToAdd = p;
      }
      if (nodeToAdd !== undefined && parentNodes(g, nodeToAdd).includes(parentName) && (parentOutput?.[outputIndex]?.length ?? 0) === 0) {
        // The node would only run because we forced it, though its parent sent it nothing.
        nodeToAdd = undefined;
      }
      if (nodeToAdd === undefined) continue;
      const addInputs = g.byDestination[nodeToAdd];
      const addEmpty = addInputs === undefined || incomingConnectionIsEmpty(state, addInputs.main?.[0] ?? [], runIndex);
      if (!addEmpty) continue;
      const node = g.nodes.get(nodeToAdd);
      if (!node) continue;
      enqueue(state, {
        node,
        data: { main: [[{ json: {} }]] },
        source: { main: [{ previousNode: parentName, previousNodeOutput: outputIndex || undefined, previousNodeRun: runIndex || undefined }] },
      });
    }
  }
}

/**
 * When the stack is empty but nodes still wait for inputs that will never come, n8n runs the
 * first of them whose parents are all done, with an empty list for each missing input.
 * Returns true when something was put on the stack.
 */
export function releaseWaitingNode(state: SchedulerState, requiredInputsOf: (node: INode) => number | number[] | undefined, inputCountOf: (node: INode) => number): boolean {
  const w = waitingOf(state);
  let waitingNodes = Object.keys(w.waitingExecution);
  for (let i = 0; i < waitingNodes.length; i++) {
    const name = waitingNodes[i];
    const node = state.graph.nodes.get(name);
    if (!node) continue;
    const declaredInputs = inputCountOf(node);
    const required = state.legacyOrder ? undefined : requiredInputsOf(node);
    if (required !== undefined && ((Array.isArray(required) && required.length === declaredInputs) || required === declaredInputs)) continue;
    const parents = parentNodes(state.graph, name);
    if (parents.some((p) => waitingNodes.includes(p))) continue;

    const runIndexes = Object.keys(w.waitingExecution[name]).sort();
    const first = Number(runIndexes[0]);
    const waitingMain = w.waitingExecution[name][first].main;
    const withData = waitingMain.map((d, idx) => (d === null ? null : idx)).filter((x): x is number => x !== null);
    if (required !== undefined) {
      if (Array.isArray(required)) {
        if (required.some((r) => !withData.includes(r))) continue;
      } else if (withData.length < required) continue;
    }
    const main = waitingMain.map((d) => (d === null ? [] : d));
    const hasItems = main.some((d) => d.length);
    if (hasItems) {
      while (main.length < declaredInputs) main.push([]);
      state.stack.push({ node, data: { main }, source: w.waitingExecutionSource[name][first] });
    }
    delete w.waitingExecution[name][first];
    delete w.waitingExecutionSource[name][first];
    if (Object.keys(w.waitingExecution[name]).length === 0) {
      delete w.waitingExecution[name];
      delete w.waitingExecutionSource[name];
    }
    if (hasItems) return true;
    waitingNodes = Object.keys(w.waitingExecution);
    i = -1;
  }
  return false;
}

/** Children of a finished node, in the order n8n hands them its output. */
export function scheduleChildren(
  state: SchedulerState,
  nodeName: string,
  output: Array<INodeExecutionData[] | null>,
  runIndex: number,
): void {
  const outputs = state.graph.bySource[nodeName]?.main ?? [];
  const toAdd: Array<{ position: [number, number]; connection: IConnection; outputIndex: number }> = [];
  for (let outputIndex = 0; outputIndex < outputs.length; outputIndex++) {
    for (const connection of outputs[outputIndex] ?? []) {
      if (!state.graph.nodes.has(connection.node)) throw new Error(`Destination node "${connection.node}" not found`);
      const data = output[outputIndex];
      if (data && (data.length !== 0 || (connection.index > 0 && state.legacyOrder))) {
        if (state.legacyOrder) addNodeToBeExecuted(state, connection, outputIndex, nodeName, output, runIndex);
        else toAdd.push({ position: state.graph.nodes.get(connection.node)?.position ?? [0, 0], connection, outputIndex });
      }
    }
  }
  if (state.legacyOrder) return;
  // Reverse top-left order, because each is put at the front of the stack.
  toAdd.sort((a, b) => {
    if (a.position[1] < b.position[1]) return 1;
    if (a.position[1] > b.position[1]) return -1;
    if (a.position[0] > b.position[0]) return -1;
    return 0;
  });
  for (const n of toAdd) addNodeToBeExecuted(state, n.connection, n.outputIndex, nodeName, output, runIndex);
}
