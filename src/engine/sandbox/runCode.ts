// Runs Code / Function / FunctionItem node programs inside QuickJS (WebAssembly): a fresh
// runtime per run with memory and time limits; data crosses the boundary only as JSON, so user
// code can neither reach the host nor mutate another node's items.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getQuickJS, type QuickJSContext, type QuickJSHandle, type QuickJSWASMModule } from 'quickjs-emscripten';
import type { INode, IDataObject } from '../../model/workflow.ts';
import type { INodeExecutionData } from '../../model/execution.ts';
import type { EngineLimits } from '../types.ts';
import { PRELUDE } from './prelude.ts';

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

let modulePromise: Promise<QuickJSWASMModule> | undefined;
let luxonSource: string | undefined;

function loadLuxon(): string {
  if (!luxonSource) {
    const require = createRequire(import.meta.url);
    const pkg = require.resolve('luxon/package.json');
    luxonSource = readFileSync(pkg.replace(/package\.json$/, 'build/global/luxon.min.js'), 'utf8');
  }
  return luxonSource;
}

// \b cannot precede $ (two non-word characters), so $now and $today are matched on their own.
const USES_LUXON = /\b(?:DateTime|Duration|Interval|luxon)\b|\$(?:now|today)\b/;

function toVm(vm: QuickJSContext, value: unknown): QuickJSHandle {
  const json = JSON.stringify(value);
  if (json === undefined) return vm.undefined;
  const parsed = vm.evalCode(`(${json})`);
  if (parsed.error) {
    parsed.error.dispose();
    throw new CodeExecutionError('Could not pass data into the code sandbox');
  }
  return parsed.value;
}

/** Host side of `__host(op, argsJson)`: data-proxy lookups, answered as JSON text. */
function hostOp(req: RunCodeRequest, itemIndexNow: () => number, op: string, args: unknown[]): unknown {
  const scope = req.scope(itemIndexNow());
  const $ = scope.$ as (name: string) => Record<string, unknown>;
  const name = args[0] as string;
  switch (op) {
    case 'checkNode':
      $(name);
      return true;
    case 'all':
    case 'first':
    case 'last':
      return ($(name)[op] as (b?: unknown, r?: unknown) => unknown)(args[1] ?? undefined, args[2] ?? undefined);
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
      return (scope.$items as (n: string, o?: unknown, r?: unknown) => unknown)(name, args[1] ?? undefined, args[2] ?? undefined);
    case 'prevParams':
      return (scope.$input as { params: unknown }).params;
    case 'evaluate':
      return (req.scope(args[1] as number).$evaluateExpression as (e: string) => unknown)(args[0] as string);
    default:
      throw new Error(`Unknown sandbox operation ${op}`);
  }
}

function wrap(req: RunCodeRequest): string {
  if (req.legacy === 'functionItem') {
    return `(async function () { const item = $input.item.json; const __r = await (async function () {\n${req.code}\n})(); return __r; })()`;
  }
  if (req.mode === 'runOnceForEachItem') {
    return `(async function () { const item = $input.item; return await (async function () {\n${req.code}\n})(); })()`;
  }
  return `(async function () { const items = $input.all(); return await (async function () {\n${req.code}\n})(); })()`;
}

export async function runCode(req: RunCodeRequest): Promise<unknown> {
  if (req.signal.aborted) throw new CodeExecutionError('The execution was canceled');
  modulePromise ??= getQuickJS();
  const QuickJS = await modulePromise;
  const runtime = QuickJS.newRuntime();
  const deadline = Date.now() + req.limits.codeTimeoutMs;
  runtime.setMemoryLimit(req.limits.codeMemoryBytes);
  runtime.setMaxStackSize(1024 * 1024);
  let interruptedForTime = false;
  runtime.setInterruptHandler(() => {
    if (Date.now() > deadline || req.signal.aborted) {
      interruptedForTime = true;
      return true;
    }
    return false;
  });
  const vm = runtime.newContext();
  const timers = new Map<number, { timer: ReturnType<typeof setTimeout>; fn: QuickJSHandle }>();
  let nextTimer = 1;
  let wake: (() => void) | undefined;
  const itemIndex = req.itemIndex ?? 0;

  try {
    const hostFn = vm.newFunction('__host', (opHandle, argsHandle) => {
      const op = vm.getString(opHandle);
      const args = JSON.parse(vm.getString(argsHandle)) as unknown[];
      try {
        const result = hostOp(req, () => itemIndex, op, args);
        return result === undefined ? vm.undefined : vm.newString(JSON.stringify(result));
      } catch (e) {
        return { error: vm.newError({ name: (e as Error).name || 'Error', message: (e as Error).message }) };
      }
    });
    vm.setProp(vm.global, '__host', hostFn);
    hostFn.dispose();
    const consoleFn = vm.newFunction('__console', (levelHandle, textHandle) => {
      req.onConsole?.({ level: vm.getString(levelHandle), message: vm.getString(textHandle), node: req.node.name });
    });
    vm.setProp(vm.global, '__console', consoleFn);
    consoleFn.dispose();
    const setTimeoutFn = vm.newFunction('setTimeout', (fnHandle, delayHandle) => {
      const id = nextTimer++;
      const fn = fnHandle.dup();
      const delay = Math.max(0, Math.min(vm.getNumber(delayHandle) || 0, req.limits.codeTimeoutMs));
      const timer = setTimeout(() => {
        timers.delete(id);
        const r = vm.callFunction(fn, vm.undefined);
        fn.dispose();
        if (r.error) r.error.dispose();
        else r.value.dispose();
        wake?.();
      }, delay);
      timers.set(id, { timer, fn });
      return vm.newNumber(id);
    });
    vm.setProp(vm.global, 'setTimeout', setTimeoutFn);
    setTimeoutFn.dispose();
    const clearTimeoutFn = vm.newFunction('clearTimeout', (idHandle) => {
      const id = vm.getNumber(idHandle);
      const t = timers.get(id);
      if (t) {
        clearTimeout(t.timer);
        t.fn.dispose();
        timers.delete(id);
      }
    });
    vm.setProp(vm.global, 'clearTimeout', clearTimeoutFn);
    clearTimeoutFn.dispose();

    const scope = req.scope(itemIndex);
    const wf = scope.$workflow as IDataObject;
    const ctxHandle = toVm(vm, {
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
      now: (scope.$now as { toMillis(): number }).toMillis(),
      timezone: (scope.$now as { zoneName: string }).zoneName,
      staticData: req.workflowStaticData,
    });
    vm.setProp(vm.global, '__ctx', ctxHandle);
    ctxHandle.dispose();

    if (USES_LUXON.test(req.code)) check(vm, vm.evalCode(loadLuxon(), 'luxon.js'), interruptedForTime, req);
    check(vm, vm.evalCode(PRELUDE, 'prelude.js'), interruptedForTime, req);
    if (itemIndex !== 0) check(vm, vm.evalCode(`__setItem(${itemIndex})`), interruptedForTime, req);

    const promise = vm.evalCode(wrap(req), 'Code');
    const promiseHandle = check(vm, promise, interruptedForTime, req, true);
    const settled = vm.resolvePromise(promiseHandle);
    promiseHandle.dispose();
    let done = false;
    settled.finally(() => {
      done = true;
      wake?.();
    });
    for (;;) {
      const jobs = runtime.executePendingJobs();
      if (jobs.error) {
        const err = vm.dump(jobs.error);
        jobs.error.dispose();
        throw toCodeError(err, interruptedForTime, req);
      }
      await Promise.resolve();
      if (done) break;
      if (timers.size === 0) {
        // Nothing can settle the promise any more (no timers left, no jobs).
        await new Promise((r) => setTimeout(r, 0));
        if (done) break;
        if (timers.size === 0 && !runtime.hasPendingJob()) throw new CodeExecutionError('The code returned a promise that never resolves');
        continue;
      }
      if (Date.now() > deadline) throw new CodeExecutionError(`Code execution timed out after ${req.limits.codeTimeoutMs} ms`, 'Make the code finish faster or raise the limit.');
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, Math.max(1, deadline - Date.now()));
      });
      wake = undefined;
    }
    const result = await settled;
    if (result.error) {
      const err = vm.dump(result.error);
      result.error.dispose();
      throw toCodeError(err, interruptedForTime, req);
    }
    const jsonHandle = vm.evalCode('(v) => JSON.stringify(v === undefined ? null : v)');
    const stringify = check(vm, jsonHandle, interruptedForTime, req);
    const str = vm.callFunction(stringify, vm.undefined, result.value);
    stringify.dispose();
    result.value.dispose();
    const text = check(vm, str, interruptedForTime, req);
    const out = vm.getString(text);
    text.dispose();
    syncStaticData(vm, req);
    return out === 'null' ? null : JSON.parse(out);
  } finally {
    for (const t of timers.values()) {
      clearTimeout(t.timer);
      t.fn.dispose();
    }
    try {
      vm.dispose();
      runtime.dispose();
    } catch {
      // A runtime that ran out of memory may refuse a clean dispose; it is dropped either way.
    }
  }
}

function syncStaticData(vm: QuickJSContext, req: RunCodeRequest): void {
  const r = vm.evalCode('JSON.stringify(globalThis.__staticData || {})');
  if (r.error) {
    r.error.dispose();
    return;
  }
  const data = JSON.parse(vm.getString(r.value)) as IDataObject;
  r.value.dispose();
  for (const key of Object.keys(req.workflowStaticData)) if (!(key in data)) delete req.workflowStaticData[key];
  Object.assign(req.workflowStaticData, data);
}

function check(vm: QuickJSContext, result: ReturnType<QuickJSContext['evalCode']>, timedOut: boolean, req: RunCodeRequest, _keep = false): QuickJSHandle {
  if (result.error) {
    const err = vm.dump(result.error);
    result.error.dispose();
    throw toCodeError(err, timedOut, req);
  }
  return result.value;
}

function toCodeError(err: unknown, timedOut: boolean, req: RunCodeRequest): Error {
  const e = (err ?? {}) as { name?: string; message?: string; stack?: string };
  if (req.signal.aborted) return new CodeExecutionError('The execution was canceled');
  if (timedOut || e.message === 'interrupted') {
    return new CodeExecutionError(`Code execution timed out after ${req.limits.codeTimeoutMs} ms`, 'Make the code finish faster or raise the limit.');
  }
  if (e.message === 'out of memory' || (typeof err === 'string' && err.includes('out of memory'))) {
    return new CodeExecutionError(`Code ran out of memory (limit ${Math.round(req.limits.codeMemoryBytes / 1024 / 1024)} MB)`);
  }
  const message = typeof err === 'string' ? err : (e.message ?? 'Unknown error');
  const out = new CodeExecutionError(message, undefined, req.itemIndex);
  out.name = e.name && e.name !== 'Error' ? e.name : 'Error';
  const line = /Code:(\d+)/.exec(e.stack ?? '');
  if (line) out.context.lineNumber = Math.max(1, Number(line[1]) - 1);
  out.stack = e.stack;
  return out;
}
