// The expression preview (spec 001 §4.2, §9): an expression evaluated the way a run would
// evaluate it — the engine's evaluator (model/expressions) over the engine's variables
// (model/dataProxy) — against the run data and pinned data the editor holds. Runs in the
// expression worker (workers/expression.worker.ts); the same functions answer on the main
// thread when workers are unavailable.
//
// What the preview says (n8n's expression editor):
//   the value as text, objects as '[Object: {…}]' (n8n's convertObjectValueToString)
//   '[invalid (message)]'        the expression has an error
//   '[not found]'                the value is undefined
//   '[filled at execution time]' it needs run data that is not there (no input run, an
//                                unexecuted node, $execution.id …)
//   'Data to large'              the text is over EXPRESSION_RESULT_MAX characters
import { buildGraph, type GraphIndex } from '../../src/model/graph.ts';
import { nodeInput } from './nodeInput.ts';
import { EXPRESSION_RESULT_MAX_CHARS } from '../../src/model/constants.ts';
import { createScopeFactory, type ProxyContext } from '../../src/model/dataProxy.ts';
import { evaluateTemplate, splitTemplate, stringifyValue } from '../../src/model/expressions/index.ts';
import type { IConnections, IDataObject, INode, IPinData } from '../../src/model/workflow.ts';
import type { INodeExecutionData, IRunData, ITaskDataConnectionsSource } from '../../src/model/execution.ts';

export { nodeInput };

/** Spec 001 §9: an expression result above about 102400 characters shows 'Data to large'. */
export const EXPRESSION_RESULT_MAX = EXPRESSION_RESULT_MAX_CHARS;
export const FILLED_AT_EXECUTION_TIME = '[filled at execution time]';
export const NOT_FOUND = '[not found]';
export const DATA_TOO_LARGE = 'Data to large';
export const EMPTY = '[empty]';

/** A preview's evaluation is bounded: a slow expression ends with an error, not a hung worker. */
export const PREVIEW_LIMITS = { maxSteps: 2_000_000, timeoutMs: 2000 } as const;

/** Everything of the workflow an expression can reach, as plain data (sent to the worker once per change). */
export interface PreviewWorkflow {
  key: string;
  id?: string;
  name: string;
  active: boolean;
  nodes: INode[];
  connections: IConnections;
  /** Run data of the nodes the preview can read (the node's ancestors and the node itself). */
  runData: IRunData;
  pinData: IPinData;
  timezone: string;
}

export interface PreviewRequest {
  /** The parameter value, with its leading '='. */
  expression: string;
  nodeName: string;
  /** The node's parameters as they are now (the workflow snapshot may be older). */
  parameters: IDataObject;
  itemIndex: number;
  /** Milliseconds since the epoch for $now / $today. */
  now: number;
}

export type PreviewState = 'valid' | 'invalid' | 'pending' | 'empty';

export interface PreviewSegment {
  /** Offsets into the text after '=' (the braces included). */
  from: number;
  to: number;
  state: PreviewState;
}

export interface PreviewResult {
  /** What the preview shows. */
  text: string;
  state: PreviewState | 'too-large' | 'not-found';
  /** One per {{ }} segment, for colouring. */
  segments: PreviewSegment[];
  /** Items the node's input has (0 without run data). */
  inputItems: number;
}

interface Prepared {
  wf: PreviewWorkflow;
  graph: GraphIndex;
  inputs: Map<string, { items: INodeExecutionData[]; source: ITaskDataConnectionsSource | null }>;
}

let prepared: Prepared | undefined;

export function setPreviewWorkflow(wf: PreviewWorkflow): void {
  prepared = { wf, graph: buildGraph(wf.nodes, wf.connections), inputs: new Map() };
}

export function previewWorkflowKey(): string | undefined {
  return prepared?.wf.key;
}

function isPendingError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const type = (e as { context?: { type?: unknown } }).context?.type;
  return type === 'no_execution_data' || type === 'paired_item_intermediate_nodes';
}

function errorText(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  return `[invalid (${message})]`;
}

/** A value as the preview shows it (n8n's rendering of a raw expression value). */
export function displayValue(value: unknown, timezone: string): string {
  if (value === undefined) return NOT_FOUND;
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return String(stringifyValue(value, timezone));
  return String(value);
}

interface ItemScope {
  scope: Record<string, unknown>;
  items: number;
  timezone: string;
  restore: () => void;
}

/** The variables the node's expressions see for one item, built as a run builds them. */
function scopeFor(req: PreviewRequest): ItemScope {
  if (!prepared) throw new Error('The expression preview has no workflow');
  const { wf, graph } = prepared;
  let input = prepared.inputs.get(req.nodeName);
  if (!input) {
    input = nodeInput(wf, graph, req.nodeName);
    prepared.inputs.set(req.nodeName, input);
  }
  const nodeInGraph = graph.nodes.get(req.nodeName);
  // The graph holds the snapshot's parameters; $parameter must see what is typed now.
  if (nodeInGraph) graph.nodes.set(req.nodeName, { ...nodeInGraph, parameters: req.parameters as INode['parameters'] });
  let factory: ((i: number) => Record<string, unknown>) | undefined;
  const ctx: ProxyContext = {
    workflow: { id: wf.id, name: wf.name, active: wf.active },
    graph,
    runExecutionData: { resultData: { runData: wf.runData, pinData: wf.pinData } },
    activeNodeName: req.nodeName,
    runIndex: 0,
    connectionInputData: input.items,
    source: input.source,
    mode: 'manual',
    executionId: FILLED_AT_EXECUTION_TIME,
    timezone: wf.timezone,
    now: () => req.now,
    pinData: wf.pinData,
    parameters: req.parameters,
    additional: { resumeUrl: FILLED_AT_EXECUTION_TIME },
    evaluate: (value, itemIndex) => evaluateTemplate(value.slice(1), (factory ??= createScopeFactory(ctx))(itemIndex), { ...PREVIEW_LIMITS, timezone: wf.timezone }),
  };
  factory = createScopeFactory(ctx);
  const scope = factory(Math.max(0, Math.min(req.itemIndex, input.items.length - 1)));
  return {
    scope,
    items: input.items.length,
    timezone: wf.timezone,
    restore: () => {
      if (nodeInGraph) graph.nodes.set(req.nodeName, nodeInGraph);
    },
  };
}

/**
 * The expression's value for switching back to a fixed value (spec 001 §4.2: "switching back
 * uses the computed value"), as plain data; ok: false when it cannot be computed now.
 */
export function computeExpressionValue(req: PreviewRequest): { ok: true; value: unknown } | { ok: false } {
  const { scope, timezone, restore } = scopeFor(req);
  try {
    const value = evaluateTemplate(req.expression.startsWith('=') ? req.expression.slice(1) : req.expression, scope, { ...PREVIEW_LIMITS, timezone });
    if (value === undefined || typeof value === 'function') return { ok: false };
    // A placeholder for what only a run knows ($execution.id) is not a value to keep.
    if (typeof value === 'string' && value.includes(FILLED_AT_EXECUTION_TIME)) return { ok: false };
    if (value === null || typeof value !== 'object') return { ok: true, value };
    if (value instanceof Date) return { ok: true, value: value.toISOString() };
    if ('toISO' in value && typeof (value as { toISO: unknown }).toISO === 'function') return { ok: true, value: (value as { toISO(): string }).toISO() };
    return { ok: true, value: JSON.parse(JSON.stringify(value)) as unknown };
  } catch {
    return { ok: false };
  } finally {
    restore();
  }
}

export function previewExpression(req: PreviewRequest): PreviewResult {
  const { scope, items, timezone, restore } = scopeFor(req);
  const wf = { timezone };
  const options = { ...PREVIEW_LIMITS, timezone: wf.timezone };
  const template = req.expression.startsWith('=') ? req.expression.slice(1) : req.expression;
  try {
    // Segments one by one, for their colour: what each resolves to on its own.
    const segments: PreviewSegment[] = [];
    for (const s of splitTemplate(template)) {
      if (s.type !== 'code') continue;
      const from = s.start - 2;
      const to = s.closed ? findClose(template, s.start, s.code) : template.length;
      let state: PreviewState;
      try {
        const v = evaluateTemplate(`{{${s.code}}}`, scope, options);
        state = v === FILLED_AT_EXECUTION_TIME ? 'pending' : v === undefined ? 'invalid' : 'valid';
        if (s.code.trim() === '') state = 'empty';
      } catch (e) {
        state = isPendingError(e) ? 'pending' : 'invalid';
      }
      segments.push({ from, to, state });
    }
    let text: string;
    let state: PreviewResult['state'] = 'valid';
    try {
      const value = evaluateTemplate(template, scope, options);
      if (typeof value === 'string' && value.length > EXPRESSION_RESULT_MAX) {
        text = DATA_TOO_LARGE;
        state = 'too-large';
      } else {
        text = displayValue(value, wf.timezone);
        if (value === undefined) state = 'not-found';
        else if (text === '') {
          text = EMPTY;
          state = 'empty';
        } else if (text.length > EXPRESSION_RESULT_MAX) {
          text = DATA_TOO_LARGE;
          state = 'too-large';
        } else if (text.includes(FILLED_AT_EXECUTION_TIME)) state = 'pending';
      }
    } catch (e) {
      if (isPendingError(e)) {
        text = FILLED_AT_EXECUTION_TIME;
        state = 'pending';
      } else {
        text = errorText(e);
        state = 'invalid';
      }
    }
    return { text, state, segments, inputItems: items };
  } finally {
    restore();
  }
}

/** End (exclusive) of the `}}` that closes a segment whose code starts at `codeStart`. */
function findClose(template: string, codeStart: number, code: string): number {
  // The splitter turns `\}}` into `}}` inside code, so the raw text is never shorter than `code`.
  const i = template.indexOf('}}', codeStart + code.length);
  return i === -1 ? template.length : i + 2;
}
