// The variables an expression sees ($json, $input, $('Node'), $node, $items, $parameter, …),
// with n8n's meaning (WorkflowDataProxy). One base object per node run; each item gets a
// tiny object whose prototype is that base, so building a scope per item costs almost nothing.
import { DateTime, Duration, Interval } from 'luxon';
import type { INode, IDataObject, IPinData } from './workflow.ts';
import type {
  INodeExecutionData,
  IPairedItemData,
  IRunExecutionData,
  ISourceData,
  ITaskData,
  ITaskDataConnectionsSource,
  WorkflowExecuteMode,
} from './execution.ts';
import { type GraphIndex, connectionIndexes, parentNodes } from './graph.ts';
import { executionCustomData } from './executionCustomData.ts';

export class ExpressionDataError extends Error {
  description?: string;
  context: { itemIndex?: number; runIndex?: number; nodeCause?: string; type?: string };
  constructor(message: string, context: ExpressionDataError['context'] & { description?: string } = {}) {
    super(message);
    this.name = 'ExpressionError';
    const { description, ...rest } = context;
    this.description = description;
    this.context = rest;
  }
}

export interface ProxyContext {
  workflow: { id?: string; name?: string; active: boolean };
  graph: GraphIndex;
  runExecutionData: IRunExecutionData | null;
  activeNodeName: string;
  runIndex: number;
  connectionInputData: INodeExecutionData[];
  source: ITaskDataConnectionsSource | null;
  mode: WorkflowExecuteMode;
  executionId: string;
  timezone: string;
  now: () => number;
  pinData?: IPinData;
  /** Parameters of the active node as stored (expressions unresolved). */
  parameters: IDataObject;
  /** Evaluates another expression for the same node (used by $parameter and $evaluateExpression). */
  evaluate: (value: string, itemIndex: number) => unknown;
  /** Extra keys ($execution.resumeUrl, $vars …). */
  additional?: IDataObject;
}

/**
 * $execution.resumeFormUrl: the page of a waiting Form node, '<base>/form-waiting/<id>' (the
 * server's FORM_WAITING_ENDPOINT) beside $execution.resumeUrl '<base>/<webhook-waiting>/<id>'.
 */
function resumeFormUrlOf(resumeUrl: unknown): string | undefined {
  const m = typeof resumeUrl === 'string' ? /^(.*\/)[^/]+\/([^/]+)$/.exec(resumeUrl) : null;
  return m ? `${m[1]}form-waiting/${m[2]}` : undefined;
}

const ITEM = Symbol('itemIndex');
type Scope = Record<string, unknown> & { [ITEM]: number };

function pinDataFor(ctx: ProxyContext, nodeName: string): INodeExecutionData[] | undefined {
  if (ctx.mode !== 'manual') return undefined;
  return ctx.pinData?.[nodeName] as INodeExecutionData[] | undefined;
}

function nodeOutput(ctx: ProxyContext, nodeName: string, branchIndex: number | undefined, runIndex: number | undefined, itemIndex: number): INodeExecutionData[] {
  const runs = ctx.runExecutionData?.resultData.runData[nodeName];
  if (!ctx.graph.nodes.has(nodeName)) {
    throw new ExpressionDataError("Referenced node doesn't exist", { nodeCause: nodeName, itemIndex, runIndex: ctx.runIndex });
  }
  if (!runs) {
    const pinned = pinDataFor(ctx, nodeName);
    if (pinned) return pinned;
    throw new ExpressionDataError(`Node '${nodeName}' hasn't been executed`, {
      description:
        'An expression references this node, but the node is unexecuted. Consider re-wiring your nodes or checking for execution first, i.e. {{ $if( $("' +
        nodeName +
        '").isExecuted, <action_if_executed>, "") }}',
      nodeCause: nodeName,
      itemIndex,
      runIndex: ctx.runIndex,
      type: 'no_execution_data',
    });
  }
  let run = runIndex === undefined || runIndex === -1 ? runs.length - 1 : runIndex;
  if (run < 0) run = 0;
  if (runs.length <= run) throw new ExpressionDataError(`Run ${run} of node "${nodeName}" not found`, { itemIndex, runIndex: ctx.runIndex });
  const main = runs[run].data?.main;
  if (!main?.length || main[0] === null) {
    throw new ExpressionDataError('No data found from `main` input', { itemIndex, runIndex: ctx.runIndex });
  }
  let output = branchIndex;
  if (output === undefined) {
    const idx = connectionIndexes(ctx.graph, ctx.activeNodeName, nodeName);
    if (!idx) throw new ExpressionDataError(`connect "${ctx.activeNodeName}" to "${nodeName}"`, { itemIndex, runIndex: ctx.runIndex });
    output = idx.sourceIndex;
  }
  if (main.length <= output) {
    throw new ExpressionDataError(`Node "${nodeName}" has no branch with index ${output}.`, { itemIndex, runIndex: ctx.runIndex });
  }
  return (main[output] ?? []) as INodeExecutionData[];
}

function normalisePaired(p: INodeExecutionData['pairedItem']): IPairedItemData[] {
  if (p === undefined || p === null) return [];
  const list = Array.isArray(p) ? p : [p];
  return list.map((x) => (typeof x === 'number' ? { item: x } : x));
}

function taskOf(ctx: ProxyContext, source: ISourceData): ITaskData | undefined {
  const task = ctx.runExecutionData?.resultData.runData[source.previousNode]?.[source.previousNodeRun ?? 0];
  if (task) return task;
  const pinned = pinDataFor(ctx, source.previousNode);
  return pinned ? { startTime: 0, executionTime: 0, source: [], data: { main: [pinned] } } : undefined;
}

/** Walks pairedItem links back from an input item to the item of `destination` it came from. */
export function getPairedItem(
  ctx: ProxyContext,
  destination: string,
  incoming: ISourceData | null | undefined,
  paired: IPairedItemData,
  itemIndex: number,
  guard = 0,
): INodeExecutionData {
  if (guard > 10_000) throw new ExpressionDataError('Paired item chain is too long', { itemIndex });
  if (!incoming) {
    throw new ExpressionDataError('Paired item resolution failed', { description: `Could not trace back to node '${destination}'`, itemIndex, type: 'paired_item_no_info' });
  }
  const task = taskOf(ctx, incoming);
  const output = task?.data?.main?.[incoming.previousNodeOutput ?? 0] as INodeExecutionData[] | null | undefined;
  if (!output) {
    throw new ExpressionDataError('Can’t get data for expression', { description: `Expected output #${incoming.previousNodeOutput ?? 0} from node ${incoming.previousNode}`, itemIndex });
  }
  const item = output[paired.item];
  if (incoming.previousNode === destination) {
    if (paired.item >= output.length || !item) throw new ExpressionDataError("Can't get data for expression", { nodeCause: destination, itemIndex, type: 'paired_item_invalid_info' });
    return item;
  }
  if (!item) throw new ExpressionDataError("Can't get data for expression", { nodeCause: incoming.previousNode, itemIndex, type: 'paired_item_invalid_info' });
  const next = normalisePaired(item.pairedItem);
  if (next.length === 0) {
    throw new ExpressionDataError(
      `Paired item data for item from node '${incoming.previousNode}' is unavailable. Ensure '${incoming.previousNode}' is providing the required output.`,
      { nodeCause: incoming.previousNode, itemIndex, type: 'paired_item_no_info' },
    );
  }
  const sources = task?.source ?? [];
  const found: INodeExecutionData[] = [];
  let firstError: unknown;
  for (const n of next) {
    const input = n.input ?? 0;
    if (input >= sources.length) continue;
    try {
      found.push(getPairedItem(ctx, destination, sources[input], { ...n, input }, itemIndex, guard + 1));
    } catch (e) {
      firstError ??= e;
    }
  }
  if (found.length === 0) {
    if (firstError) throw firstError;
    throw new ExpressionDataError('Invalid expression', { description: 'No path back to referenced node', nodeCause: destination, itemIndex, type: 'paired_item_no_connection' });
  }
  if (found.some((f) => f !== found[0])) {
    throw new ExpressionDataError('Multiple matches found', { description: `Multiple matching items for item [${paired.item}]`, nodeCause: destination, itemIndex });
  }
  return found[0];
}

function inputItem(ctx: ProxyContext, itemIndex: number, name: string): INodeExecutionData {
  const item = ctx.connectionInputData[itemIndex];
  if (!item) {
    if (ctx.connectionInputData.length === 0) {
      throw new ExpressionDataError('No execution data available', { itemIndex, runIndex: ctx.runIndex, type: 'no_execution_data' });
    }
    throw new ExpressionDataError(`"${ctx.activeNodeName}" node has ${ctx.connectionInputData.length} item(s) but you're trying to access item ${itemIndex}`, {
      itemIndex,
      nodeCause: name,
    });
  }
  return item;
}

function nodeAccessor(ctx: ProxyContext, nodeName: string, itemIndexOf: () => number) {
  if (!ctx.graph.nodes.has(nodeName)) {
    throw new ExpressionDataError("Referenced node doesn't exist", { nodeCause: nodeName, runIndex: ctx.runIndex });
  }
  const itemData = (): INodeExecutionData => {
    const itemIndex = itemIndexOf();
    const data = nodeOutput(ctx, nodeName, undefined, undefined, itemIndex);
    if (data.length === 0) throw new ExpressionDataError(`Node '${nodeName}' hasn't been executed`, { nodeCause: nodeName, itemIndex });
    if (data.length <= itemIndex) {
      throw new ExpressionDataError(`"${nodeName}" node has ${data.length} item(s) but you're trying to access item ${itemIndex}`, { nodeCause: nodeName, itemIndex });
    }
    return data[itemIndex];
  };
  return {
    get json() {
      return itemData().json;
    },
    get data() {
      return itemData().json;
    },
    get binary() {
      const b = itemData().binary ?? {};
      const out: IDataObject = {};
      for (const [k, v] of Object.entries(b)) {
        const { data: _omit, ...meta } = v;
        out[k] = meta;
      }
      return out;
    },
    get parameter() {
      return ctx.graph.nodes.get(nodeName)?.parameters ?? {};
    },
    get runIndex() {
      const runs = ctx.runExecutionData?.resultData.runData[nodeName];
      return runs ? runs.length - 1 : -1;
    },
    get context() {
      return nodeContextOf(ctx, nodeName);
    },
  };
}

/** The node's execution-scoped context (n8n's getContext('node')), e.g. Loop Over Items' noItemsLeft. */
function nodeContextOf(ctx: ProxyContext, nodeName: string): IDataObject {
  return (ctx.runExecutionData?.executionData?.contextData?.[`node:${nodeName}`] as IDataObject | undefined) ?? {};
}

function selectAccessor(ctx: ProxyContext, nodeName: unknown, itemIndexOf: () => number) {
  if (typeof nodeName !== 'string' || nodeName === '') throw new ExpressionDataError('When calling $(), please specify a node');
  if (!ctx.graph.nodes.has(nodeName)) {
    throw new ExpressionDataError("Referenced node doesn't exist", { nodeCause: nodeName, runIndex: ctx.runIndex });
  }
  const executed = () => !!ctx.runExecutionData?.resultData.runData[nodeName] || !!pinDataFor(ctx, nodeName);
  const ensure = (itemIndex: number) => {
    if (!executed()) {
      throw new ExpressionDataError(`Node '${nodeName}' hasn't been executed`, { nodeCause: nodeName, itemIndex, type: 'no_execution_data' });
    }
  };
  const branchOf = (branchIndex: unknown) =>
    typeof branchIndex === 'number' ? branchIndex : (connectionIndexes(ctx.graph, ctx.activeNodeName, nodeName)?.sourceIndex ?? 0);
  const paired = (index?: unknown): INodeExecutionData => {
    const itemIndex = typeof index === 'number' ? index : itemIndexOf();
    if (!parentNodes(ctx.graph, ctx.activeNodeName).includes(nodeName)) {
      throw new ExpressionDataError('Invalid expression', { description: 'No path back to referenced node', nodeCause: nodeName, itemIndex, type: 'paired_item_no_connection' });
    }
    ensure(itemIndex);
    if (ctx.connectionInputData.length === 0) {
      const pinned = pinDataFor(ctx, nodeName);
      if (pinned) return pinned[itemIndex];
    }
    const input = ctx.connectionInputData[itemIndex];
    if (!input) {
      throw new ExpressionDataError('Can’t get data for expression', {
        description: `Some intermediate nodes between '${nodeName}' and '${ctx.activeNodeName}' have not executed yet.`,
        itemIndex,
        type: 'paired_item_intermediate_nodes',
      });
    }
    const p = normalisePaired(input.pairedItem)[0];
    if (!p) throw new ExpressionDataError(`Paired item data for item from node '${ctx.activeNodeName}' is unavailable.`, { itemIndex, type: 'paired_item_no_info' });
    const source = ctx.source?.main?.[p.input ?? 0] ?? ctx.source?.main?.[0] ?? null;
    return getPairedItem(ctx, nodeName, source, p, itemIndex);
  };
  return {
    get isExecuted() {
      return executed();
    },
    get item() {
      return paired();
    },
    pairedItem: paired,
    itemMatching: (index: unknown) => {
      if (typeof index !== 'number') throw new ExpressionDataError('Missing item index for .itemMatching()');
      return paired(index);
    },
    first: (branchIndex?: unknown, runIndex?: unknown) => {
      ensure(itemIndexOf());
      return nodeOutput(ctx, nodeName, branchOf(branchIndex), typeof runIndex === 'number' ? runIndex : undefined, itemIndexOf())[0];
    },
    last: (branchIndex?: unknown, runIndex?: unknown) => {
      ensure(itemIndexOf());
      const d = nodeOutput(ctx, nodeName, branchOf(branchIndex), typeof runIndex === 'number' ? runIndex : undefined, itemIndexOf());
      return d.length ? d[d.length - 1] : undefined;
    },
    all: (branchIndex?: unknown, runIndex?: unknown) => {
      ensure(itemIndexOf());
      return nodeOutput(ctx, nodeName, branchOf(branchIndex), typeof runIndex === 'number' ? runIndex : undefined, itemIndexOf());
    },
    get params() {
      return ctx.graph.nodes.get(nodeName)?.parameters;
    },
    get context() {
      return nodeContextOf(ctx, nodeName);
    },
  };
}

function parameterAccessor(ctx: ProxyContext, itemIndexOf: () => number, resolve: boolean): IDataObject {
  const params = ctx.parameters;
  const out: IDataObject = {};
  for (const key of Object.keys(params)) {
    Object.defineProperty(out, key, {
      enumerable: true,
      get() {
        const v = params[key];
        if (v === `={{ $parameter.${key} }}`) return undefined;
        if (resolve && typeof v === 'string' && v.startsWith('=')) return ctx.evaluate(v, itemIndexOf());
        return v;
      },
    });
  }
  return out;
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);
}

const CTX = Symbol('proxyContext');
type ScopeThis = Scope & { [CTX]: ProxyContext };

function prevSource(ctx: ProxyContext) {
  return ctx.source?.main?.[0] ?? undefined;
}

/**
 * The getters every scope shares. Built once per process: a node run only allocates one object
 * holding its context, an item one more holding its index.
 */
const SCOPE_PROTO: Record<string, unknown> = (() => {
  const proto: Record<string, unknown> = {};
  const def = (name: string, get: (this: ScopeThis) => unknown) => Object.defineProperty(proto, name, { get, enumerable: true });
  const val = (name: string, value: unknown) => Object.defineProperty(proto, name, { value, enumerable: true });
  def('$json', function () {
    return inputItem(this[CTX], this[ITEM], this[CTX].activeNodeName).json;
  });
  def('$data', function () {
    return inputItem(this[CTX], this[ITEM], this[CTX].activeNodeName).json;
  });
  def('$binary', function () {
    return inputItem(this[CTX], this[ITEM], this[CTX].activeNodeName).binary ?? {};
  });
  def('$itemIndex', function () {
    return this[ITEM];
  });
  def('$position', function () {
    return this[ITEM];
  });
  def('$thisItemIndex', function () {
    return this[ITEM];
  });
  def('$thisItem', function () {
    return this[CTX].connectionInputData[this[ITEM]];
  });
  def('$input', function () {
    const ctx = this[CTX];
    const i = this[ITEM];
    if (ctx.connectionInputData.length === 0) {
      throw new ExpressionDataError('No execution data available', { itemIndex: i, runIndex: ctx.runIndex, type: 'no_execution_data' });
    }
    return {
      item: ctx.connectionInputData[i],
      all: () => ctx.connectionInputData,
      first: () => ctx.connectionInputData[0],
      last: () => ctx.connectionInputData[ctx.connectionInputData.length - 1],
      get params() {
        const s = prevSource(ctx);
        return s ? ctx.graph.nodes.get(s.previousNode)?.parameters : undefined;
      },
      context: {},
    };
  });
  def('$', function () {
    const scope = this;
    return (nodeName: unknown) => selectAccessor(scope[CTX], nodeName, () => scope[ITEM]);
  });
  def('$node', function () {
    const scope = this;
    const ctx = this[CTX];
    const cache = new Map<string, unknown>();
    return new Proxy(
      {},
      {
        get(_t, name) {
          if (typeof name !== 'string') return undefined;
          if (!cache.has(name)) cache.set(name, nodeAccessor(ctx, name, () => scope[ITEM]));
          return cache.get(name);
        },
        has: (_t, name) => typeof name === 'string' && ctx.graph.nodes.has(name),
      },
    );
  });
  def('$items', function () {
    const ctx = this[CTX];
    const i = this[ITEM];
    return (nodeName?: unknown, outputIndex?: unknown, runIndex?: unknown) => {
      if (nodeName === undefined) {
        const prev = prevSource(ctx);
        const node = prev ? ctx.graph.nodes.get(prev.previousNode) : undefined;
        return node?.executeOnce ? ctx.connectionInputData.slice(0, 1) : ctx.connectionInputData;
      }
      if (typeof nodeName !== 'string') throw new ExpressionDataError('$items() expects a node name');
      return nodeOutput(ctx, nodeName, typeof outputIndex === 'number' ? outputIndex : 0, typeof runIndex === 'number' ? runIndex : -1, i);
    };
  });
  def('$parameter', function () {
    const scope = this;
    return parameterAccessor(scope[CTX], () => scope[ITEM], true);
  });
  def('$rawParameter', function () {
    return this[CTX].parameters;
  });
  def('$prevNode', function () {
    const s = prevSource(this[CTX]);
    return s ? { name: s.previousNode, outputIndex: s.previousNodeOutput ?? 0, runIndex: s.previousNodeRun ?? 0 } : {};
  });
  def('$runIndex', function () {
    return this[CTX].runIndex;
  });
  def('$thisRunIndex', function () {
    return this[CTX].runIndex;
  });
  def('$mode', function () {
    return this[CTX].mode;
  });
  def('$workflow', function () {
    const ctx = this[CTX];
    return { id: ctx.workflow.id, name: ctx.workflow.name, active: ctx.workflow.active };
  });
  def('$execution', function () {
    const ctx = this[CTX];
    // Outside a run (the editor's preview) there is no execution to keep custom data with: a
    // set then lasts for the one evaluation.
    const data = ctx.runExecutionData ?? ({ resultData: { runData: {} } } as IRunExecutionData);
    return {
      id: ctx.executionId,
      mode: ctx.mode === 'manual' ? 'test' : 'production',
      resumeUrl: ctx.additional?.resumeUrl,
      resumeFormUrl: resumeFormUrlOf(ctx.additional?.resumeUrl),
      customData: executionCustomData(data),
    };
  });
  def('$now', function () {
    return DateTime.fromMillis(this[CTX].now(), { zone: this[CTX].timezone });
  });
  def('$today', function () {
    return DateTime.fromMillis(this[CTX].now(), { zone: this[CTX].timezone }).startOf('day');
  });
  def('$vars', function () {
    return Object.freeze({ ...((this[CTX].additional?.vars as IDataObject) ?? {}) });
  });
  def('$nodeVersion', function () {
    return this[CTX].graph.nodes.get(this[CTX].activeNodeName)?.typeVersion;
  });
  def('$nodeId', function () {
    return this[CTX].graph.nodes.get(this[CTX].activeNodeName)?.id;
  });
  def('$webhookId', function () {
    return (this[CTX].graph.nodes.get(this[CTX].activeNodeName) as INode | undefined)?.webhookId;
  });
  val('DateTime', DateTime);
  val('Duration', Duration);
  val('Interval', Interval);
  val('$if', (cond: unknown, a: unknown, b: unknown) => (cond ? a : b));
  val('$ifEmpty', (v: unknown, d: unknown) => (isEmpty(v) ? d : v));
  val('$not', (v: unknown) => !v);
  val('$min', (...n: number[]) => Math.min(...n));
  val('$max', (...n: number[]) => Math.max(...n));
  def('$evaluateExpression', function () {
    const ctx = this[CTX];
    const i = this[ITEM];
    return (expression: unknown, itemIndex?: unknown) => ctx.evaluate(`=${String(expression)}`, typeof itemIndex === 'number' ? itemIndex : i);
  });
  return proto;
})();

/**
 * Returns a function giving the scope for one item. Call it once per node run; call the
 * result per item (cheap: one small object). Every scope has SCOPE_PROTO as its prototype and
 * holds the context itself: a per-run object used as a prototype gets a map of its own in old
 * space, which keeps the whole run alive through young-generation GCs (each webhook call's
 * data was promoted, and the scavenges that copied it were the server's longest pauses).
 */
export function createScopeFactory(ctx: ProxyContext): (itemIndex: number) => Record<string, unknown> {
  return (itemIndex: number) => {
    const scope = Object.create(SCOPE_PROTO) as ScopeThis;
    scope[CTX] = ctx;
    scope[ITEM] = itemIndex;
    return scope;
  };
}

/**
 * The context and item index of a scope made by createScopeFactory, undefined for any other
 * object (a scope extended with extra keys included): what is needed to build the same scope
 * elsewhere (the engine's expression worker).
 */
export function scopeParts(scope: object): { ctx: ProxyContext; itemIndex: number } | undefined {
  if (Object.getPrototypeOf(scope) !== SCOPE_PROTO) return undefined;
  const s = scope as ScopeThis;
  return { ctx: s[CTX], itemIndex: s[ITEM] };
}
