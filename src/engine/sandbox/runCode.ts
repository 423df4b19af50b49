// Runs Code / Function / FunctionItem node programs in QuickJS (WebAssembly) inside a sandbox
// worker: a fresh runtime per run with memory and time limits; data crosses the boundary only
// as JSON, so user code can neither reach the host nor mutate another node's items, and a stuck
// program is ended by terminating its worker, never by blocking the server.
import type { INode, IDataObject } from '../../model/workflow.ts';
import type { INodeExecutionData } from '../../model/execution.ts';
import type { EngineLimits } from '../types.ts';
import { runInSandbox, SandboxError } from './pool.ts';

export interface RunCodeRequest {
  code: string;
  mode: 'runOnceForAllItems' | 'runOnceForEachItem';
  itemIndex?: number;
  legacy?: 'function' | 'functionItem';
  node: INode;
  items: INodeExecutionData[];
  /** Expression scope of the node for an item (the data proxy). */
  scope: (itemIndex: number) => Record<string, unknown>;
  limits: EngineLimits;
  signal: AbortSignal;
  onConsole?: (message: unknown) => void;
  workflowStaticData: IDataObject;
  /** The engine runs on a fixed clock (tests, corpus): DateTime.now() inside the sandbox follows it. */
  fixedClock?: boolean;
}

export class CodeExecutionError extends Error {
  description?: string;
  context: { itemIndex?: number; lineNumber?: number } = {};
  constructor(message: string, description?: string, itemIndex?: number) {
    super(message);
    this.name = 'CodeExecutionError';
    this.description = description;
    if (itemIndex !== undefined) this.context.itemIndex = itemIndex;
  }
}

const USES_LUXON = /(\bDateTime|\bDuration|\bInterval|\$now|\$today|\bluxon)\b/;

/** The engine's half of `__host(op, argsJson)`: data-proxy lookups for the VM. */
function hostOp(req: RunCodeRequest, itemIndex: number, op: string, args: unknown[]): unknown {
  const scope = req.scope(itemIndex);
  const $ = scope.$ as (name: string) => Record<string, unknown>;
  const name = args[0] as string;
  const opt = (v: unknown) => (v === null ? undefined : v);
  switch (op) {
    case 'checkNode':
      $(name);
      return true;
    case 'all':
    case 'first':
    case 'last':
      return ($(name)[op] as (b?: unknown, r?: unknown) => unknown)(opt(args[1]), opt(args[2]));
    case 'item':
      return ($(name).pairedItem as (i: number) => unknown)(args[1] as number);
    case 'isExecuted':
      return $(name).isExecuted;
    case 'params':
      return $(name).params;
    case 'nodeJson':
      return (req.scope(args[1] as number).$node as Record<string, { json: unknown }>)[name].json;
    case 'nodeBinary':
      return (req.scope(args[1] as number).$node as Record<string, { binary: unknown }>)[name].binary;
    case 'nodeRunIndex':
      return (scope.$node as Record<string, { runIndex: unknown }>)[name].runIndex;
    case 'items':
      return (scope.$items as (n: string, o?: unknown, r?: unknown) => unknown)(name, opt(args[1]), opt(args[2]));
    case 'prevParams':
      return (scope.$input as { params: unknown }).params;
    case 'evaluate':
      return (req.scope(args[1] as number).$evaluateExpression as (e: string) => unknown)(args[0] as string);
    default:
      throw new Error(`Unknown sandbox operation ${op}`);
  }
}

export async function runCode(req: RunCodeRequest): Promise<unknown> {
  if (req.signal.aborted) throw new CodeExecutionError('The execution was canceled');
  const itemIndex = req.itemIndex ?? 0;
  const scope = req.scope(itemIndex);
  const wf = scope.$workflow as IDataObject;
  const now = scope.$now as { toMillis(): number; zoneName: string };
  const ctx: IDataObject = {
    items: req.items.map((i) => ({ json: i.json, ...(i.binary ? { binary: i.binary } : {}), ...(i.pairedItem !== undefined ? { pairedItem: i.pairedItem } : {}) })),
    workflow: { id: wf.id, name: wf.name, active: wf.active },
    execution: scope.$execution,
    prevNode: scope.$prevNode,
    runIndex: scope.$runIndex,
    mode: scope.$mode,
    vars: scope.$vars,
    nodeVersion: req.node.typeVersion,
    nodeId: req.node.id,
    nodeName: req.node.name,
    now: now.toMillis(),
    fixedClock: req.fixedClock === true,
    timezone: now.zoneName,
    staticData: req.workflowStaticData,
  };
  let outcome: { result: string; staticData: string };
  try {
    outcome = await runInSandbox({
      request: {
        code: req.code,
        mode: req.mode,
        itemIndex,
        legacy: req.legacy,
        ctx,
        timeoutMs: req.limits.codeTimeoutMs,
        memoryBytes: req.limits.codeMemoryBytes,
        maxItems: req.limits.maxItemsPerNode,
        luxon: USES_LUXON.test(req.code),
      },
      onCall: (op, args) => {
        const value = hostOp(req, itemIndex, op, JSON.parse(args) as unknown[]);
        return value === undefined ? undefined : JSON.stringify(value);
      },
      onConsole: (level, message) => req.onConsole?.({ level, message, node: req.node.name }),
      signal: req.signal,
    });
  } catch (e) {
    if (e instanceof SandboxError) {
      const err = new CodeExecutionError(e.info.message, e.info.kind === 'timeout' ? 'Make the code finish faster or raise the limit.' : undefined, req.itemIndex);
      if (e.info.kind === 'user') err.name = e.info.name;
      if (e.info.name === 'ExecutionCancelledError') err.name = e.info.name;
      if (e.info.stack) err.stack = e.info.stack;
      if (e.info.lineNumber) err.context.lineNumber = e.info.lineNumber;
      throw err;
    }
    throw e;
  }
  const data = JSON.parse(outcome.staticData) as IDataObject;
  for (const key of Object.keys(req.workflowStaticData)) if (!(key in data)) delete req.workflowStaticData[key];
  Object.assign(req.workflowStaticData, data);
  return outcome.result === 'null' ? null : JSON.parse(outcome.result);
}
