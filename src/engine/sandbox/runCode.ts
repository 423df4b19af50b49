// Runs Code / Function / FunctionItem node programs in QuickJS (WebAssembly) inside a sandbox
// worker: a fresh runtime per run with memory and time limits; data crosses the boundary only
// as JSON, so user code can neither reach the host nor mutate another node's items, and a stuck
// program is ended by terminating its worker, never by blocking the server.
import type { INode, IDataObject } from '../../model/workflow.ts';
import type { INodeExecutionData } from '../../model/execution.ts';
import { javaScriptSyntaxError, syntaxErrorText } from '../../model/jsSyntax.ts';
import { ARRAY_LIMIT_DESCRIPTION, MAX_DATA_ARRAY_LENGTH } from '../../model/jsonDepth.ts';
import type { EngineLimits } from '../types.ts';
import { runInSandbox, SandboxError } from './pool.ts';
import { awaitSlowWork } from '../../model/expressions/defer.ts';
import { stringifySliced } from '../../server/slicedJson.ts';
import { parseJsonSliced, SLICED_PARSE_MIN_CHARS } from '../../server/slicedJsonParse.ts';
import type { ExecutionCustomData } from '../../model/executionCustomData.ts';

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

/** Characters of lookup answers one run keeps for repeated lookups. */
const MAX_CACHED_ANSWER_CHARS = 64 * 1024 * 1024;

/**
 * Console output one execution sends to the editor from all its Code runs together (each run is
 * also capped, SANDBOX_CAPS.consoleChars): a Code node per item logging 1 MB each sent every
 * megabyte through the push connection, held in memory while the editor read it.
 */
export const CONSOLE_CHARS_PER_EXECUTION = 5 * 1024 * 1024;
/** Console characters each execution (its abort signal) has sent so far. */
const consoleSent = new WeakMap<AbortSignal, { chars: number; cut: boolean }>();

/** The console sink of one run: forwards until the execution's budget is spent, then says so once. */
function consoleSink(req: RunCodeRequest): ((level: string, message: string) => void) | undefined {
  const send = req.onConsole;
  if (!send) return undefined;
  let sent = consoleSent.get(req.signal);
  if (!sent) consoleSent.set(req.signal, (sent = { chars: 0, cut: false }));
  const budget = sent;
  return (level, message) => {
    if (budget.cut) return;
    if (budget.chars + message.length > CONSOLE_CHARS_PER_EXECUTION) {
      budget.cut = true;
      send({ level: 'warn', message: `… console output truncated after ${CONSOLE_CHARS_PER_EXECUTION / 1024 / 1024} MB: the Code console output of one execution is capped`, node: req.node.name });
      return;
    }
    budget.chars += message.length;
    send({ level, message, node: req.node.name });
  };
}

const USES_LUXON = /(\bDateTime|\bDuration|\bInterval|\$now|\$today|\bluxon)\b/;

/**
 * The engine's half of `__host(op, argsJson)`: data-proxy lookups for the VM. User code can
 * forge any op and argument list (by replacing JSON.stringify before a lookup), so every
 * argument is checked before it reaches the data proxy.
 */
function hostOp(req: RunCodeRequest, itemIndex: number, op: string, args: unknown): unknown {
  if (!Array.isArray(args) || args.length > 3) throw new TypeError('Invalid arguments for a data lookup');
  const scope = req.scope(itemIndex);
  const $ = scope.$ as (name: string) => Record<string, unknown>;
  const name = args[0] as string;
  if (op !== 'prevParams' && op !== 'inputAll' && typeof name !== 'string') throw new TypeError('A node name must be a string');
  const opt = (v: unknown) => (v === null ? undefined : v);
  const index = (v: unknown): number => {
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new TypeError('An item index must be a whole number of 0 or more');
    return v;
  };
  /** Output and run indexes; -1 is the last run. */
  const small = (v: unknown): unknown => {
    const x = opt(v);
    if (x !== undefined && (typeof x !== 'number' || !Number.isSafeInteger(x) || x < -1)) throw new TypeError('An output or run index must be a whole number (-1 for the last run)');
    return x;
  };
  switch (op) {
    case 'checkNode':
      $(name);
      return true;
    case 'all':
    case 'first':
    case 'last':
      return ($(name)[op] as (b?: unknown, r?: unknown) => unknown)(small(args[1]), small(args[2]));
    case 'item':
      return ($(name).pairedItem as (i: number) => unknown)(index(args[1]));
    case 'isExecuted':
      return $(name).isExecuted;
    case 'params':
      return $(name).params;
    case 'nodeJson':
      return (req.scope(index(args[1])).$node as Record<string, { json: unknown }>)[name].json;
    case 'nodeBinary':
      return (req.scope(index(args[1])).$node as Record<string, { binary: unknown }>)[name].binary;
    case 'nodeRunIndex':
      return (scope.$node as Record<string, { runIndex: unknown }>)[name].runIndex;
    case 'items':
      return (scope.$items as (n: string, o?: unknown, r?: unknown) => unknown)(name, small(args[1]), small(args[2]));
    case 'prevParams':
      return (scope.$input as { params: unknown }).params;
    case 'inputAll':
      return req.items.map(vmItem);
    case 'evaluate':
      return (req.scope(index(args[1])).$evaluateExpression as (e: string) => unknown)(name);
    case 'customData': {
      // [method, key, value] or ['setAll', values]; the checks and limits are n8n's (executionCustomData).
      const data = (scope.$execution as { customData: ExecutionCustomData }).customData;
      if (name === 'set') {
        data.set(args[1] as string, args[2]);
        return null;
      }
      if (name === 'setAll') {
        if (typeof args[1] !== 'object' || args[1] === null || Array.isArray(args[1])) throw new TypeError('customData.setAll needs an object of keys and values');
        data.setAll(args[1] as Record<string, unknown>);
        return null;
      }
      if (name === 'get') return data.get(String(args[1]));
      if (name === 'getAll') return data.getAll();
      throw new TypeError(`customData has no method ${name}`);
    }
    default:
      throw new Error(`Unknown sandbox operation ${op}`);
  }
}

/**
 * Copies the VM's static data into the engine's object key by key as own data properties:
 * Object.assign would treat a "__proto__" key (plain data after JSON.parse) as the prototype
 * setter and hand the engine's object a prototype chosen by user code.
 */
function mergeStaticData(target: IDataObject, data: unknown): void {
  const source = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as IDataObject) : {};
  for (const key of Object.keys(target)) if (!Object.hasOwn(source, key)) delete target[key];
  for (const key of Object.keys(source)) {
    Object.defineProperty(target, key, { value: source[key], writable: true, enumerable: true, configurable: true });
  }
}

/** An input item as the VM sees it. */
function vmItem(i: INodeExecutionData): IDataObject {
  return { json: i.json, ...(i.binary ? { binary: i.binary } : {}), ...(i.pairedItem !== undefined ? { pairedItem: i.pairedItem } : {}) } as IDataObject;
}

export async function runCode(req: RunCodeRequest): Promise<unknown> {
  if (req.signal.aborted) throw new CodeExecutionError('The execution was canceled');
  const itemIndex = req.itemIndex ?? 0;
  const scope = req.scope(itemIndex);
  const wf = scope.$workflow as IDataObject;
  const now = scope.$now as { toMillis(): number; zoneName: string };
  // Per-item runs carry their own item only; the VM asks for the rest when the code uses it.
  const single = req.mode === 'runOnceForEachItem';
  const ctx: IDataObject = {
    ...(single ? { single, item: req.items[itemIndex] ? vmItem(req.items[itemIndex]) : null } : { items: req.items.map(vmItem) }),
    workflow: { id: wf.id, name: wf.name, active: wf.active },
    // customData's methods are the prelude's, answered through the bridge ('customData').
    execution: { ...(scope.$execution as IDataObject), customData: undefined },
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
  // Lookups answer from data that cannot change while the code runs, so each distinct one is
  // serialised once per run: \`for (const i of items) $('Big').all()\` serialised the whole
  // node output on the engine's thread once per item.
  const answers = new Map<string, { text: string | undefined }>();
  const toConsole = consoleSink(req);
  let answeredChars = 0;
  let outcome: { result: string; staticData: string };
  try {
    outcome = await runInSandbox({
      request: {
        code: req.code,
        mode: req.mode,
        itemIndex,
        legacy: req.legacy,
        ctxJson: (await stringifySliced(ctx)) ?? '{}',
        timeoutMs: req.limits.codeTimeoutMs,
        memoryBytes: req.limits.codeMemoryBytes,
        maxItems: req.limits.maxItemsPerNode,
        luxon: USES_LUXON.test(req.code),
      },
      onCall: (op, args) => {
        // $evaluateExpression: a slow regex in it is awaited with the loop free (the VM waits).
        if (op === 'evaluate') {
          return awaitSlowWork(() => hostOp(req, itemIndex, op, JSON.parse(args))).then((value) => (value === undefined ? undefined : JSON.stringify(value)));
        }
        // Custom data changes while the code runs: never answered from the cache.
        if (op === 'customData') {
          const value = hostOp(req, itemIndex, op, JSON.parse(args));
          return value === undefined ? undefined : JSON.stringify(value);
        }
        const key = `${op}\u0000${args}`;
        const cached = answers.get(key);
        if (cached !== undefined) return cached.text;
        const value = hostOp(req, itemIndex, op, JSON.parse(args));
        const text = value === undefined ? undefined : JSON.stringify(value);
        if (answeredChars + (text?.length ?? 0) <= MAX_CACHED_ANSWER_CHARS) {
          answers.set(key, { text });
          answeredChars += text?.length ?? 0;
        }
        return text;
      },
      onConsole: (level, message) => toConsole?.(level, message),
      signal: req.signal,
    });
  } catch (e) {
    if (e instanceof SandboxError) {
      const err = new CodeExecutionError(e.info.message, e.info.kind === 'timeout' ? 'Make the code finish faster or raise the limit.' : undefined, req.itemIndex);
      if (e.info.kind === 'user') err.name = e.info.name;
      // A syntax error reads as the code editor's lint says it: same text, line and column.
      const syntax = e.info.name === 'SyntaxError' ? javaScriptSyntaxError(req.code) : undefined;
      if (syntax) {
        err.message = syntaxErrorText(syntax);
        err.stack = `SyntaxError: ${syntax.message}\n    at Code:${syntax.line}:${syntax.column}`;
        err.context.lineNumber = syntax.line;
        throw err;
      }
      if (e.info.name === 'ExecutionCancelledError') err.name = e.info.name;
      if (e.info.stack) err.stack = e.info.stack;
      if (e.info.lineNumber) err.context.lineNumber = e.info.lineNumber;
      throw err;
    }
    throw e;
  }
  mergeStaticData(req.workflowStaticData, await parseResult(outcome.staticData));
  return outcome.result === 'null' ? null : parseResult(outcome.result);
}

/** Depth the VM's JSON may have here (the engine checks node output against its own limit after). */
const RESULT_MAX_DEPTH = 100_000;

/** JSON text from the VM, parsed in slices when large (one JSON.parse of 10 MB held the thread ~100 ms). */
async function parseResult(text: string): Promise<unknown> {
  if (text.length < SLICED_PARSE_MIN_CHARS) return JSON.parse(text);
  const parsed = await parseJsonSliced(text, { maxDepth: RESULT_MAX_DEPTH, refusePrototypeKeys: false });
  if (!parsed.ok && parsed.kind === 'large') throw new CodeExecutionError(`The code returned an array of more than ${MAX_DATA_ARRAY_LENGTH.toLocaleString('en-US')} elements`, ARRAY_LIMIT_DESCRIPTION);
  if (!parsed.ok) throw new CodeExecutionError(`The code's result could not be read back (${parsed.kind})`);
  return parsed.value;
}
