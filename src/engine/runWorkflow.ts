// Runs a workflow: n8n's run loop (WorkflowExecute.processRunExecutionData) — take the next
// node off the stack, run it (or use its pinned data), record the run, hand its output to its
// children; retries, continue-on-fail, error output, executeOnce, alwaysOutputData, partial
// runs, destination node, stop and timeout.
import { sliceDue, yieldToLoop } from '../model/yieldToLoop.ts';
import type { IDataObject, INode, IWorkflowBase } from '../model/workflow.ts';
import type {
  ExecutionError,
  INodeExecutionData,
  IRunExecutionData,
  ISourceData,
  ITaskData,
  ITaskDataConnections,
  RelatedExecution,
} from '../model/execution.ts';
import { resolveNodeParameters } from '../model/parameters.ts';
import { buildGraph, findStartNode, highestNodes, parentNodes, pruneConnections, type GraphIndex } from '../model/graph.ts';
import { DEFAULT_TIMEZONE } from '../model/constants.ts';
import { workflowTimezone } from '../model/timezone.ts';
import type { NodeType, SubWorkflowRequest, SubWorkflowResult } from '../nodes/types.ts';
import { releaseWaitingNode, scheduleChildren, type SchedulerState, type StackEntry } from './scheduling.ts';
import { runNode, type RunNodeResult } from './runNode.ts';
import { serializeError, cancelledError } from './errors.ts';
import { assignPairedItems, addPairedItemLineage } from './pairedItems.ts';
import { routeErrorOutput } from './errorOutput.ts';
import { defaultHttpRequest } from './http.ts';
import { createFileAccess } from './fileAccess.ts';
import type { FileAccess } from '../nodes/types.ts';
import { cloneLarge } from '../nodes/shared/deepCopy.ts';
import { DEFAULT_LIMITS, type IRun, type RunOptions, type EngineLimits } from './types.ts';

class EngineError extends Error {}

/**
 * A run gives the event loop back (a macrotask turn: HTTP requests, timers, other runs) once it
 * has held it this long. Nodes run synchronously between their awaits, and a workflow of many
 * nodes, or a loop of thousands of node runs, would otherwise hold the server for seconds.
 */
export const RUN_SLICE_MS = 20;

/** Execute Workflow calls nested deeper than this fail instead of recursing without end. */
const MAX_SUB_WORKFLOW_DEPTH = 20;

/**
 * What a run derives from its workflow, kept per workflow object when the caller promises not to
 * change it (RunOptions.workflowIsImmutable): active workflows run the same object thousands of
 * times, and rebuilding the graph and resolving every node's parameters was most of a small
 * run's cost.
 */
interface Derived {
  workflow: IWorkflowBase;
  graph: GraphIndex;
  params: Map<string, IDataObject>;
}
const derivedCache = new WeakMap<IWorkflowBase, Derived>();

function derive(workflow: IWorkflowBase): Derived {
  const names = new Set(workflow.nodes.map((n) => n.name));
  const pruned = { ...workflow, connections: pruneConnections(workflow.connections ?? {}, names) };
  return { workflow: pruned, graph: buildGraph(pruned.nodes, pruned.connections), params: new Map() };
}

export async function runWorkflow(opts: RunOptions): Promise<IRun> {
  const run = new WorkflowRun(opts);
  return run.execute();
}

class WorkflowRun {
  private readonly opts: RunOptions;
  private readonly workflow: IWorkflowBase;
  private readonly graph: GraphIndex;
  private readonly limits: EngineLimits;
  /**
   * The run's stop signal: the caller's own when the run has no time limit of its own, else a
   * controller that the caller's stop and the time limit both abort.
   */
  private readonly signal: AbortSignal;
  private readonly controller: AbortController | undefined;
  private readonly now: () => number;
  private readonly timezone: string;
  private readonly staticData: IDataObject;
  private readonly resolvedParams: Map<string, IDataObject>;
  private readonly files: FileAccess;
  private state!: SchedulerState;
  private runExecutionData!: IRunExecutionData;
  private runNodeFilter: string[] | undefined;
  private status: IRun['status'] = 'new';
  private timedOut = false;
  private executionIndex = 0;
  private subRuns = 0;
  /**
   * Passes the caller's stop on to the controller; removed when the run ends. Listeners on the
   * caller's signal (even removed ones) kept runs' data reachable from old-space garbage and
   * promoted through young-generation GCs, so a run without a time limit adds none.
   */
  private onStop: (() => void) | undefined;

  constructor(opts: RunOptions) {
    this.opts = opts;
    let derived = opts.workflowIsImmutable ? derivedCache.get(opts.workflow) : undefined;
    if (!derived) {
      derived = derive(opts.workflow);
      if (opts.workflowIsImmutable) derivedCache.set(opts.workflow, derived);
    }
    this.workflow = derived.workflow;
    this.graph = derived.graph;
    this.resolvedParams = derived.params;
    this.limits = { ...DEFAULT_LIMITS, ...opts.limits };
    this.now = opts.now ?? Date.now;
    // 'DEFAULT' (or empty) in the workflow settings means the instance's time zone, as for schedules.
    this.timezone = workflowTimezone(opts.workflow, opts.timezone || DEFAULT_TIMEZONE);
    this.staticData = opts.staticData ?? {};
    this.files = createFileAccess(opts.fileAccessRoots, opts.fileAccessBlocked);
    if (opts.signal && opts.timeoutAt === undefined) {
      this.signal = opts.signal;
    } else {
      const controller = (this.controller = new AbortController());
      this.signal = controller.signal;
      if (opts.signal?.aborted) controller.abort(opts.signal.reason);
      else if (opts.signal) {
        this.onStop = () => controller.abort(opts.signal?.reason);
        opts.signal.addEventListener('abort', this.onStop, { once: true });
      }
    }
  }

  private typeOf(node: INode): NodeType | undefined {
    return this.opts.nodeTypes.get(node.type, node.typeVersion);
  }

  async execute(): Promise<IRun> {
    const startedAt = new Date(this.now());
    const staticBefore = JSON.stringify(this.staticData);
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (this.opts.timeoutAt !== undefined) {
      const ms = Math.max(0, this.opts.timeoutAt - Date.now());
      timer = setTimeout(() => {
        this.timedOut = true;
        this.controller!.abort(new Error('timeout'));
      }, ms);
    }
    let executionError: ExecutionError | undefined;
    try {
      // A partial run's earlier run data (from the editor or a retried execution, up to the body
      // limit) is cloned in slices when large: one structuredClone of it held the loop.
      this.prepare(this.opts.runData && !this.opts.resumeFrom ? await cloneLarge(this.opts.runData) : undefined);
      this.status = 'running';
      await this.opts.hooks?.workflowExecuteBefore?.();
      executionError = await this.loop();
    } catch (e) {
      executionError = serializeError(e);
      this.runExecutionData ??= { resultData: { runData: {} } };
    } finally {
      if (timer) clearTimeout(timer);
      if (this.onStop) this.opts.signal?.removeEventListener('abort', this.onStop);
    }

    const data = this.runExecutionData;
    if (this.signal.aborted && !executionError) executionError = cancelledError(this.timedOut);
    if (executionError) {
      data.resultData.error = executionError;
      this.status = executionError.name === 'ExecutionCancelledError' ? 'canceled' : 'error';
    } else if (data.waitTill) {
      this.status = 'waiting';
    } else {
      this.status = 'success';
    }
    if (this.status !== 'waiting') delete data.executionData;
    if (JSON.stringify(this.staticData) !== staticBefore) this.staticData.__dataChanged = true;

    const result: IRun = {
      data,
      mode: this.opts.mode,
      finished: this.status === 'success',
      status: this.status,
      startedAt,
      stoppedAt: new Date(this.now()),
      error: executionError,
    };
    if (data.waitTill) result.waitTill = new Date(data.waitTill);
    await this.opts.hooks?.workflowExecuteAfter?.(result);
    return result;
  }

  /** Builds the initial stack: resume, partial run, or full run from the start node. */
  private prepare(runData: IRunExecutionData['resultData']['runData'] | undefined): void {
    const { opts } = this;
    const legacyOrder = this.workflow.settings?.executionOrder !== 'v1';
    if (opts.resumeFrom) {
      this.runExecutionData = opts.resumeFrom;
      this.runExecutionData.executionData ??= { nodeExecutionStack: [], waitingExecution: {}, waitingExecutionSource: {} };
    } else {
      this.runExecutionData = {
        startData: {},
        resultData: { runData: runData ?? {}, pinData: opts.pinData },
        executionData: { nodeExecutionStack: [], waitingExecution: {}, waitingExecutionSource: {} },
      };
      if (opts.parentExecution) this.runExecutionData.parentExecution = opts.parentExecution;
    }
    const stack: StackEntry[] = [];
    this.state = { graph: this.graph, legacyOrder, runExecutionData: this.runExecutionData, stack };

    if (opts.resumeFrom) {
      for (const e of this.runExecutionData.executionData!.nodeExecutionStack) {
        const node = this.graph.nodes.get(e.node.name);
        if (node) stack.push({ node: { ...node }, data: e.data, source: e.source });
      }
      this.runExecutionData.executionData!.nodeExecutionStack = [];
      if (this.runExecutionData.waitTill && stack[0]) {
        // The waiting node already ran: pass its input through on resume and drop its waiting run.
        this.runExecutionData.waitTill = undefined;
        stack[0].node.disabled = true;
        const last = this.runExecutionData.resultData.lastNodeExecuted;
        if (last) this.runExecutionData.resultData.runData[last]?.pop();
      }
      this.runNodeFilter = this.runExecutionData.startData?.runNodeFilter;
      return;
    }

    if (opts.destinationNode) {
      if (!this.graph.nodes.has(opts.destinationNode)) throw new EngineError(`Could not find a node with the name ${opts.destinationNode} in the workflow.`);
      this.runNodeFilter = [...parentNodes(this.graph, opts.destinationNode), opts.destinationNode];
      this.runExecutionData.startData = { destinationNode: opts.destinationNode, runNodeFilter: this.runNodeFilter };
    }

    if (opts.startNodes?.length && opts.runData) {
      this.preparePartial(opts.startNodes.map((s) => ({ name: s.name, sourceData: s.sourceData ?? null })));
    } else {
      const candidates = opts.destinationNode
        ? this.workflow.nodes.filter((n) => this.runNodeFilter!.includes(n.name))
        : this.workflow.nodes;
      const start = opts.startNode
        ? this.graph.nodes.get(opts.startNode)
        : findStartNode(candidates, { isTrigger: (type, v) => this.opts.nodeTypes.get(type, v)?.kind === 'trigger' });
      if (!start) throw new EngineError('No node to start the workflow from could be found');
      stack.push({ node: start, data: opts.triggerData ?? { main: [opts.triggerItems ?? [{ json: {} }]] }, source: null });
    }
    this.checkNodeTypes();
  }

  /** n8n's runPartialWorkflow: start nodes take their input from the run data of their parents. */
  private preparePartial(startNodes: Array<{ name: string; sourceData: ISourceData | null }>): void {
    const runData = this.runExecutionData.resultData.runData;
    const pinData = this.opts.pinData ?? {};
    const runIndex = 0;
    const w = this.runExecutionData.executionData!;
    for (const start of startNodes) {
      const node = this.graph.nodes.get(start.name);
      if (!node) throw new EngineError(`Start node "${start.name}" does not exist in the workflow`);
      const incoming = this.graph.byDestination[start.name]?.main;
      const data: ITaskDataConnections = { main: [] };
      const source = { main: [] as Array<{ previousNode: string; previousNodeOutput?: number; previousNodeRun?: number } | null> };
      if (!incoming) {
        data.main.push([{ json: {} }]);
      } else {
        for (const list of incoming) {
          for (const c of list ?? []) {
            const parent = this.graph.nodes.get(c.node);
            if (parent?.disabled) continue;
            if (pinData[c.node]) data.main.push(pinData[c.node] as INodeExecutionData[]);
            else {
              const d = runData[c.node]?.[runIndex]?.data?.main?.[c.index];
              if (!runData[c.node]) continue;
              if (d) data.main.push(d);
            }
            source.main.push(start.sourceData ?? { previousNode: c.node, previousNodeOutput: c.index || undefined });
          }
        }
      }
      this.state.stack.push({ node, data, source });
    }
    const dest = this.opts.destinationNode;
    if (dest) {
      const incoming = this.graph.byDestination[dest]?.main;
      if (incoming) {
        for (const list of incoming) {
          for (const c of list ?? []) {
            const waiting = ((w.waitingExecution[dest] ??= {})[runIndex] ??= { main: [] });
            const waitingSource = ((w.waitingExecutionSource[dest] ??= {})[runIndex] ??= { main: [] });
            if (runData[c.node] !== undefined) {
              waiting.main.push(runData[c.node][runIndex]?.data?.main?.[c.index] ?? null);
              waitingSource.main.push({ previousNode: c.node, previousNodeOutput: c.index || undefined });
            } else {
              waiting.main.push(null);
              waitingSource.main.push(null);
            }
          }
        }
        // A single-input destination that already has its data must not wait.
        if ((incoming.length ?? 0) <= 1) {
          delete w.waitingExecution[dest];
          delete w.waitingExecutionSource[dest];
        }
      }
    }
  }

  /** Unknown node types in the part of the graph that will run fail the run before it starts. */
  private checkNodeTypes(): void {
    const names = this.runNodeFilter ?? [...this.graph.nodes.keys()];
    const unknown = names
      .map((n) => this.graph.nodes.get(n))
      .filter((n): n is INode => !!n && !n.disabled && !this.typeOf(n))
      .map((n) => `${n.name} (${n.type} v${n.typeVersion})`);
    if (unknown.length) {
      const e = new EngineError(`The workflow has issues and cannot be executed: unknown node type for ${unknown.join(', ')}`);
      e.name = 'WorkflowHasIssuesError';
      throw e;
    }
  }

  private resolvedParameters(node: INode, type: NodeType): IDataObject {
    let p = this.resolvedParams.get(node.name);
    if (!p) {
      p = resolveForRun(type, node);
      this.resolvedParams.set(node.name, p);
    }
    return p;
  }

  private async loop(): Promise<ExecutionError | undefined> {
    const { state, runExecutionData } = this;
    const runData = runExecutionData.resultData.runData;
    const hooks = this.opts.hooks;
    let lastTry = '';
    let nodeRuns = 0;
    let executionError: ExecutionError | undefined;

    while (state.stack.length) {
      // Measured for the whole thread, not this run: a run starting in a turn that other runs
      // (or a burst of requests) already filled waits for the next one.
      if (sliceDue(RUN_SLICE_MS)) await yieldToLoop();
      if (this.signal.aborted) return cancelledError(this.timedOut);
      if (++nodeRuns > this.limits.maxNodeRuns) {
        throw new EngineError(`Stopped execution after ${this.limits.maxNodeRuns} node runs: the workflow seems to loop without end`);
      }
      const entry = state.stack.shift() as StackEntry;
      const node = entry.node;
      entry.data = addPairedItemLineage(entry.data);
      const runIndex = entry.runIndex ?? runData[node.name]?.length ?? 0;
      const currentTry = `${node.name}:${runIndex}`;
      if (currentTry === lastTry) throw new EngineError('Stopped execution because it seems to be in an endless loop');
      if (this.runNodeFilter && !this.runNodeFilter.includes(node.name)) continue;
      if (!this.ensureInputData(entry)) {
        lastTry = currentTry;
        continue;
      }

      await hooks?.nodeExecuteBefore?.(node.name);
      const startTime = this.now();
      const executionIndex = this.executionIndex++;
      const hints: Array<{ message: string }> = [];
      const subExecutions: RelatedExecution[] = [];
      let nodeSuccessData: Array<INodeExecutionData[] | null> | null | undefined = null;
      executionError = undefined;
      const [maxTries, waitBetween] = retryParams(node);

      let skipped = false;
      for (let tryIndex = 0; tryIndex < maxTries; tryIndex++) {
        try {
          if (tryIndex !== 0) {
            executionError = undefined;
            if (waitBetween) await sleep(waitBetween, this.signal);
          }
          const pinned = this.opts.pinData?.[node.name];
          if (pinned && !node.disabled) {
            nodeSuccessData = [pinned as INodeExecutionData[]];
          } else {
            let result: RunNodeResult = await this.runOne(entry, runIndex, hints, subExecutions);
            while (isItemFailure(result) && tryIndex < maxTries - 1) {
              await sleep(waitBetween, this.signal);
              result = await this.runOne(entry, runIndex, hints, subExecutions);
              tryIndex++;
            }
            nodeSuccessData = result.data;
            if (nodeSuccessData && node.onError === 'continueErrorOutput') {
              const type = this.typeOf(node);
              const outputs = type?.outputsFor?.(node)?.length ?? type?.description.outputs.length ?? 1;
              nodeSuccessData = routeErrorOutput(nodeSuccessData, outputs, entry.data.main);
            }
          }
          nodeSuccessData = assignPairedItems(nodeSuccessData, entry);
          if (nodeSuccessData) runExecutionData.resultData.lastNodeExecuted = node.name;
          nodeSuccessData = ensureAlwaysOutputData(nodeSuccessData, node, entry);
          if (nodeSuccessData === null && !runExecutionData.waitTill) skipped = true;
          break;
        } catch (e) {
          if (this.signal.aborted) return cancelledError(this.timedOut);
          runExecutionData.resultData.lastNodeExecuted = node.name;
          executionError = serializeError(e, node);
        }
      }
      // Stopped (or timed out) while the node ran: what it returned after the abort is not a
      // result (a Wait cut short passes its input on), so the node gets no run data, as when it throws.
      if (this.signal.aborted) return cancelledError(this.timedOut);
      if (skipped) {
        await this.releaseIfIdle();
        continue;
      }

      runData[node.name] ??= [];
      const taskData: ITaskData = {
        startTime,
        executionIndex,
        executionTime: this.now() - startTime,
        source: entry.source?.main ?? [],
        executionStatus: runExecutionData.waitTill ? 'waiting' : 'success',
        hints: hints.length ? hints : undefined,
      };
      // Execute Workflow: the sub-executions this node started (n8n's task metadata).
      if (subExecutions.length) taskData.metadata = { subExecution: { ...subExecutions[subExecutions.length - 1] }, subExecutionsCount: subExecutions.length };

      if (executionError) {
        taskData.error = executionError;
        taskData.executionStatus = 'error';
        if (continuesOnError(node)) {
          if (entry.data.main?.[0] != null) nodeSuccessData = [entry.data.main[0]];
          nodeSuccessData ??= [[]];
          executionError = undefined;
        } else {
          runData[node.name].push(taskData);
          state.stack.unshift(entry);
          await hooks?.nodeExecuteAfter?.(node.name, taskData, runExecutionData);
          return taskData.error;
        }
      }

      const output = (nodeSuccessData ?? []) as Array<INodeExecutionData[] | null>;
      normalizeNodeErrors(output);
      this.checkItemLimit(node, output);
      taskData.data = { main: output };
      runData[node.name].push(taskData);

      if (runExecutionData.waitTill) {
        await hooks?.nodeExecuteAfter?.(node.name, taskData, runExecutionData);
        state.stack.unshift(entry);
        break;
      }
      if (runExecutionData.startData?.destinationNode === node.name) {
        await hooks?.nodeExecuteAfter?.(node.name, taskData, runExecutionData);
        continue;
      }
      scheduleChildren(state, node.name, output, runIndex);
      await hooks?.nodeExecuteAfter?.(node.name, taskData, runExecutionData);
      await this.releaseIfIdle();
    }
    if (runExecutionData.waitTill) {
      runExecutionData.executionData!.nodeExecutionStack = state.stack.map((s) => ({ node: { name: s.node.name }, data: s.data, source: s.source }));
    }
    return executionError;
  }

  private async releaseIfIdle(): Promise<void> {
    const w = this.runExecutionData.executionData!;
    if (this.state.stack.length === 0 && Object.keys(w.waitingExecution).length) {
      releaseWaitingNode(
        this.state,
        (n) => {
          const type = this.typeOf(n);
          return type?.requiredInputsFor ? type.requiredInputsFor(n) : type?.description.requiredInputs;
        },
        (n) => {
          const type = this.typeOf(n);
          return type?.inputsFor?.(n).length ?? type?.description.inputs.length ?? 1;
        },
      );
    }
  }

  private ensureInputData(entry: StackEntry): boolean {
    const inputs = this.graph.byDestination[entry.node.name]?.main ?? [];
    for (let i = 0; i < inputs.length; i++) {
      if (highestNodes(this.graph, entry.node.name, i).length === 0) return true;
      if (!entry.data.main) {
        this.state.stack.push(entry);
        return false;
      }
      if (this.state.legacyOrder && (entry.data.main.length < i || entry.data.main[i] === null)) {
        this.state.stack.push(entry);
        return false;
      }
    }
    return true;
  }

  private async runOne(entry: StackEntry, runIndex: number, hints: Array<{ message: string }>, subExecutions: RelatedExecution[]): Promise<RunNodeResult> {
    const type = this.typeOf(entry.node);
    return runNode({
      entry,
      type,
      legacyOrder: this.state.legacyOrder,
      resolvedParameters: type ? this.resolvedParameters(entry.node, type) : {},
      context: {
        workflow: this.workflow,
        graph: this.graph,
        mode: this.opts.mode,
        executionId: this.opts.executionId,
        runIndex,
        runExecutionData: this.runExecutionData,
        timezone: this.timezone,
        now: this.now,
        fixedClock: this.opts.now !== undefined,
        pinData: this.opts.pinData,
        staticData: this.staticData,
        signal: this.signal,
        limits: this.limits,
        httpRequest: this.opts.httpRequest ?? defaultHttpRequest,
        files: this.files,
        onWait: (waitTill) => {
          this.runExecutionData.waitTill = waitTill.toISOString();
        },
        onMessage: (m) => this.opts.hooks?.sendMessageToUI?.(entry.node.name, m),
        executeSubWorkflow: (request) => this.runSubWorkflow(request, subExecutions),
        loadWorkflow: this.opts.loadWorkflow,
        onResponse: (r) => this.opts.hooks?.sendResponse?.(entry.node.name, r),
        additionalKeys: this.opts.additionalKeys,
        binaryStore: this.opts.binaryStore,
        getCredentials: this.opts.getCredentials,
        updateOAuthTokenData: this.opts.updateOAuthTokenData,
        processedDataStore: this.opts.processedDataStore,
        executeCommand: this.opts.executeCommand,
        hints,
      },
    });
  }

  /**
   * Execute Workflow: runs another workflow in 'integrated' mode, waits for it, and hands back the
   * output of the last node it ran (as n8n does). With `startSubExecution` (the server) the child
   * is an execution of its own; without it the engine runs it here with the same options.
   */
  private async runSubWorkflow(request: SubWorkflowRequest, subExecutions: RelatedExecution[]): Promise<SubWorkflowResult> {
    const depth = (this.opts.subWorkflowDepth ?? 0) + 1;
    if (depth > MAX_SUB_WORKFLOW_DEPTH) throw new EngineError(`Sub-workflows are nested more than ${MAX_SUB_WORKFLOW_DEPTH} levels deep`);
    const parentExecution: RelatedExecution = { executionId: this.opts.executionId };
    if (this.opts.workflow.id) parentExecution.workflowId = String(this.opts.workflow.id);
    let executionId: string;
    let done: Promise<IRunExecutionData>;
    if (this.opts.startSubExecution) {
      ({ executionId, done } = await this.opts.startSubExecution({
        workflow: request.workflow,
        triggerItems: request.items,
        startNode: request.startNode,
        parentExecution,
        signal: this.signal,
        subWorkflowDepth: depth,
      }));
    } else {
      executionId = `${this.opts.executionId}-sub${++this.subRuns}`;
      done = runWorkflow({
        ...this.opts,
        workflow: request.workflow,
        mode: 'integrated',
        executionId,
        triggerItems: request.items,
        triggerData: undefined,
        startNode: request.startNode,
        signal: this.signal,
        subWorkflowDepth: depth,
        parentExecution,
        hooks: undefined,
        runData: undefined,
        startNodes: undefined,
        destinationNode: undefined,
        pinData: undefined,
        resumeFrom: undefined,
        staticData: {},
        workflowIsImmutable: false,
      }).then((run) => run.data);
    }
    const related: RelatedExecution = { executionId };
    if (request.workflow.id) related.workflowId = String(request.workflow.id);
    subExecutions.push(related);
    const data = await done;
    const error = data.resultData.error;
    if (error) {
      const e = new EngineError(error.message);
      e.name = error.name ?? 'Error';
      (e as EngineError & { description?: unknown }).description = error.description;
      throw e;
    }
    const last = data.resultData.lastNodeExecuted;
    const runs = last ? data.resultData.runData[last] : undefined;
    return { executionId, data: runs?.[runs.length - 1]?.data?.main ?? [] };
  }

  private checkItemLimit(node: INode, output: Array<INodeExecutionData[] | null>): void {
    let total = 0;
    for (const o of output) total += o?.length ?? 0;
    if (total > this.limits.maxItemsPerNode) {
      throw new EngineError(`Node "${node.name}" returned ${total} items, more than the limit of ${this.limits.maxItemsPerNode} items per node`);
    }
  }
}

/** n8n checks display rules (incl. '@version') against every property's value or default. */
function resolveForRun(type: NodeType, node: INode): IDataObject {
  return resolveNodeParameters(type.description.properties, node.parameters, node.typeVersion) as IDataObject;
}

function continuesOnError(node: INode): boolean {
  return node.continueOnFail === true || node.onError === 'continueRegularOutput' || node.onError === 'continueErrorOutput';
}

function retryParams(node: INode): [number, number] {
  if (node.retryOnFail !== true) return [1, 0];
  return [Math.min(5, Math.max(2, node.maxTries || 3)), Math.min(5000, Math.max(0, node.waitBetweenTries || 1000))];
}

function isItemFailure(result: RunNodeResult): boolean {
  const e = result.data?.[0]?.[0]?.json?.error;
  return e !== undefined && e !== null && e !== false;
}

function ensureAlwaysOutputData(
  data: Array<INodeExecutionData[] | null> | null,
  node: INode,
  entry: StackEntry,
): Array<INodeExecutionData[] | null> | null {
  if (data?.[0]?.[0]) return data;
  if (node.alwaysOutputData !== true) return data;
  const pairedItem: Array<{ item: number; input: number }> = [];
  (entry.data.main ?? []).forEach((input, inputIndex) => input?.forEach((_i, item) => pairedItem.push({ item, input: inputIndex })));
  const out = data ?? [];
  out[0] = [{ json: {}, pairedItem }];
  return out;
}

function normalizeNodeErrors(output: Array<INodeExecutionData[] | null>): void {
  for (const list of output) {
    for (const item of list ?? []) {
      if (item.error !== undefined && (item.json === undefined || Object.keys(item.json).length === 0)) {
        item.json = { error: item.error.message };
      }
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    }, { once: true });
  });
}
