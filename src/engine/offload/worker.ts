// The expression worker: evaluates, off the server's thread, expressions that outgrew their
// slice of it. It rebuilds each node run's data proxy context from what the engine sent and
// evaluates with the engine's own code, limits included (its clock, steps and regex worker).
import { parentPort } from 'node:worker_threads';
import { buildGraph, type GraphIndex } from '../../model/graph.ts';
import { createScopeFactory, type ProxyContext } from '../../model/dataProxy.ts';
import type { IRunExecutionData, ITaskData } from '../../model/execution.ts';
import type { IPinData } from '../../model/workflow.ts';
import { configureExpressionLimits, evaluateParameterValue } from '../expressions.ts';
import { errorToWire, toWire } from './wire.ts';
import { TEXT_TRANSFER_CHARS, type EvalMessage, type EvalResult, type FromWorker, type NodeRunMessage, type ToWorker } from './protocol.ts';
import { jsonLargerThan } from '../../server/push/jsonSize.ts';

const port = parentPort;
if (!port) throw new Error('expression worker started outside a worker thread');

interface RunState {
  graph: GraphIndex;
  data: IRunExecutionData;
  pinData?: IPinData;
}
interface NodeRunState {
  ctx: ProxyContext;
  scopeFor: (itemIndex: number) => Record<string, unknown>;
  now: number;
  limits: { expressionSteps: number };
  nodeName?: string;
}

const runs = new Map<number, RunState>();
const nodeRuns = new Map<number, NodeRunState>();
const nodeRunOf = new Map<number, number>();

function addNodeRun(m: NodeRunMessage): void {
  const run = runs.get(m.run);
  if (!run) return;
  nodeRunOf.set(m.nodeRun, m.run);
  const state = { now: Date.now(), limits: { expressionSteps: 0 } } as NodeRunState;
  state.ctx = {
    workflow: m.workflow,
    graph: run.graph,
    runExecutionData: m.hasRunData ? run.data : null,
    activeNodeName: m.activeNodeName,
    runIndex: m.runIndex,
    connectionInputData: m.connectionInputData ?? (JSON.parse(m.inputJson?.join('') ?? '[]') as NodeRunMessage['connectionInputData'] & object),
    source: m.source,
    mode: m.mode,
    executionId: m.executionId,
    timezone: m.timezone,
    now: () => state.now,
    pinData: run.pinData,
    parameters: m.parameters,
    additional: m.additional,
    evaluate: (value, itemIndex) => evaluateParameterValue(value, state.scopeFor(itemIndex), state.limits, state.nodeName),
  };
  state.scopeFor = createScopeFactory(state.ctx);
  nodeRuns.set(m.nodeRun, state);
}

function evaluate(m: EvalMessage): EvalResult {
  const state = nodeRuns.get(m.nodeRun);
  const run = runs.get(nodeRunOf.get(m.nodeRun) ?? -1);
  if (!state || !run) return { type: 'result', id: m.id, ok: false, error: { kind: 'Error', name: 'Error', message: 'The expression worker lost the data of this node run' } };
  const runData = run.data.resultData.runData;
  const ran = new Set(m.ranNodes);
  for (const name of Object.keys(runData)) if (!ran.has(name)) delete runData[name];
  run.data.resultData.metadata = m.metadata as IRunExecutionData['resultData']['metadata'];
  run.data.executionData = { contextData: m.contextData ?? {} } as IRunExecutionData['executionData'];
  state.now = m.now;
  state.limits = { expressionSteps: m.expressionSteps };
  state.nodeName = m.nodeName;
  configureExpressionLimits({ expressionTimeoutMs: m.expressionTimeoutMs, regexTimeoutMs: m.regexTimeoutMs });
  try {
    const result = evaluateParameterValue(m.value, state.scopeFor(m.itemIndex), state.limits, m.nodeName);
    const wire = toWire(result);
    // A large result crosses as JSON text, which the engine parses in slices: deserialising a
    // large structured clone on its thread held it for up to 1.5 s (issue-14 trial).
    if (wire.value !== null && typeof wire.value === 'object' && jsonLargerThan(wire.value, TEXT_TRANSFER_CHARS)) {
      try {
        const json = JSON.stringify(wire.value);
        if (json !== undefined) return { type: 'result', id: m.id, ok: true, json, tagged: wire.tagged };
      } catch {
        // BigInt or a cycle: as a structured clone.
      }
    }
    return { type: 'result', id: m.id, ok: true, value: wire.value, tagged: wire.tagged };
  } catch (e) {
    return { type: 'result', id: m.id, ok: false, error: errorToWire(e) };
  }
}

port.on('message', (m: ToWorker) => {
  switch (m.type) {
    case 'run':
      runs.set(m.run, {
        graph: buildGraph(m.nodes, m.connections),
        data: { resultData: { runData: {} } } as IRunExecutionData,
        pinData: m.pinData?.value ?? (m.pinData?.json === undefined ? undefined : (JSON.parse(m.pinData.json.join('')) as IPinData)),
      });
      break;
    case 'tasks': {
      const run = runs.get(m.run);
      if (!run) break;
      const list: ITaskData[] = m.from === 0 ? [] : (run.data.resultData.runData[m.node] ?? []).slice(0, m.from);
      const tasks = m.tasks ?? (JSON.parse(m.json?.join('') ?? '[]') as ITaskData[]);
      for (const t of tasks) list.push(t);
      run.data.resultData.runData[m.node] = list;
      break;
    }
    case 'nodeRun':
      addNodeRun(m);
      break;
    case 'eval': {
      port.postMessage({ type: 'started', id: m.id } satisfies FromWorker);
      const reply = evaluate(m);
      try {
        port.postMessage(reply);
      } catch (e) {
        // A result structured clone cannot copy (a function inside an object, a class instance).
        port.postMessage({ type: 'result', id: m.id, ok: false, error: { kind: 'Error', name: 'Error', message: `The expression's result cannot be passed on: ${(e as Error).message}` } } satisfies FromWorker);
      }
      break;
    }
    case 'drop':
      if (m.run !== undefined) {
        runs.delete(m.run);
        for (const [nodeRun, run] of nodeRunOf) if (run === m.run) (nodeRunOf.delete(nodeRun), nodeRuns.delete(nodeRun));
      }
      if (m.nodeRun !== undefined) (nodeRunOf.delete(m.nodeRun), nodeRuns.delete(m.nodeRun));
      break;
  }
});
port.postMessage({ type: 'ready' });
