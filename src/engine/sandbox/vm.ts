// One run of user code in a fresh QuickJS runtime (inside a sandbox worker). Data proxy lookups
// go through `bridge` as JSON text; Intl formatting is answered locally by real Intl.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { newQuickJSWASMModule, newVariant, RELEASE_SYNC, type QuickJSContext, type QuickJSHandle, type QuickJSWASMModule } from 'quickjs-emscripten';
import { PRELUDE } from './prelude.ts';
import { INTL_SHIM } from './intlShim.ts';
import { intlOp } from './intlHost.ts';
import type { VmErrorInfo, VmRequest } from './protocol.ts';

export type Bridge = (op: string, argsJson: string) => string | undefined;

export class VmError extends Error {
  info: VmErrorInfo;
  constructor(info: VmErrorInfo) {
    super(info.message);
    this.info = info;
  }
}

let modulePromise: Promise<QuickJSWASMModule> | undefined;
let luxonSource: string | undefined;

/**
 * Loads QuickJS with its WebAssembly memory capped: QuickJS's own limit does not catch every
 * allocation (large strings), so the cap is what makes a memory bomb fail fast.
 */
export function loadQuickJS(maxMemoryBytes = 160 * 1024 * 1024): Promise<QuickJSWASMModule> {
  const pages = Math.ceil(maxMemoryBytes / 65536);
  modulePromise ??= newQuickJSWASMModule(newVariant(RELEASE_SYNC, { wasmMemory: new WebAssembly.Memory({ initial: Math.min(256, pages), maximum: pages }) }));
  return modulePromise;
}

function loadLuxon(): string {
  if (!luxonSource) {
    const require = createRequire(import.meta.url);
    const pkg = require.resolve('luxon/package.json');
    luxonSource = readFileSync(pkg.replace(/package\.json$/, 'build/global/luxon.min.js'), 'utf8');
  }
  return luxonSource;
}

function wrap(req: VmRequest): string {
  if (req.legacy === 'functionItem') {
    return `(async function () { const item = $input.item.json; return await (async function () {\n${req.code}\n})(); })()`;
  }
  if (req.mode === 'runOnceForEachItem') {
    return `(async function () { const item = $input.item; return await (async function () {\n${req.code}\n})(); })()`;
  }
  return `(async function () { const items = $input.all(); return await (async function () {\n${req.code}\n})(); })()`;
}

export async function runInVm(req: VmRequest, bridge: Bridge, onConsole: (level: string, message: string) => void): Promise<{ result: string; staticData: string }> {
  const QuickJS = await loadQuickJS();
  const runtime = QuickJS.newRuntime();
  const deadline = Date.now() + req.timeoutMs;
  runtime.setMemoryLimit(req.memoryBytes);
  runtime.setMaxStackSize(1024 * 1024);
  let interrupted = false;
  runtime.setInterruptHandler(() => {
    if (Date.now() > deadline) interrupted = true;
    return interrupted;
  });
  const vm = runtime.newContext();
  const timers = new Map<number, { timer: ReturnType<typeof setTimeout>; fn: QuickJSHandle }>();
  const intl = new Map<number, unknown>();
  let nextTimer = 1;
  let wake: (() => void) | undefined;

  const fail = (err: unknown): VmError => toVmError(vm, err, interrupted, req);
  const unwrap = (r: ReturnType<QuickJSContext['evalCode']>): QuickJSHandle => {
    if (r.error) {
      const e = vm.dump(r.error);
      r.error.dispose();
      throw fail(e);
    }
    return r.value;
  };
  const define = (name: string, fn: QuickJSHandle) => {
    vm.setProp(vm.global, name, fn);
    fn.dispose();
  };

  try {
    define(
      '__host',
      vm.newFunction('__host', (opHandle, argsHandle) => {
        const op = vm.getString(opHandle);
        const args = vm.getString(argsHandle);
        try {
          const result = op.startsWith('intl') ? JSON.stringify(intlOp(intl, op, JSON.parse(args) as unknown[])) : bridge(op, args);
          return result === undefined ? vm.undefined : vm.newString(result);
        } catch (e) {
          return { error: vm.newError({ name: (e as Error).name || 'Error', message: (e as Error).message }) };
        }
      }),
    );
    define(
      '__console',
      vm.newFunction('__console', (levelHandle, textHandle) => {
        onConsole(vm.getString(levelHandle), vm.getString(textHandle));
      }),
    );
    define(
      'setTimeout',
      vm.newFunction('setTimeout', (fnHandle, delayHandle) => {
        const id = nextTimer++;
        const fn = fnHandle.dup();
        const delay = Math.max(0, Math.min(vm.getNumber(delayHandle) || 0, req.timeoutMs));
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
      }),
    );
    define(
      'clearTimeout',
      vm.newFunction('clearTimeout', (idHandle) => {
        const id = vm.getNumber(idHandle);
        const t = timers.get(id);
        if (t) {
          clearTimeout(t.timer);
          t.fn.dispose();
          timers.delete(id);
        }
      }),
    );

    const ctxHandle = unwrap(vm.evalCode(`(${JSON.stringify(req.ctx)})`));
    vm.setProp(vm.global, '__ctx', ctxHandle);
    ctxHandle.dispose();
    if (req.luxon) {
      unwrap(vm.evalCode(INTL_SHIM, 'intl.js')).dispose();
      unwrap(vm.evalCode(loadLuxon(), 'luxon.js')).dispose();
    }
    unwrap(vm.evalCode(PRELUDE, 'prelude.js')).dispose();
    if (req.itemIndex !== 0) unwrap(vm.evalCode(`__setItem(${req.itemIndex})`)).dispose();

    const promiseHandle = unwrap(vm.evalCode(wrap(req), 'Code'));
    const settled = vm.resolvePromise(promiseHandle);
    promiseHandle.dispose();
    let done = false;
    void settled.finally(() => {
      done = true;
      wake?.();
    });
    for (;;) {
      const jobs = runtime.executePendingJobs();
      if (jobs.error) {
        const e = vm.dump(jobs.error);
        jobs.error.dispose();
        throw fail(e);
      }
      await Promise.resolve();
      if (done) break;
      if (timers.size === 0 && !runtime.hasPendingJob()) {
        await new Promise((r) => setTimeout(r, 0));
        if (done) break;
        if (timers.size === 0 && !runtime.hasPendingJob()) throw new VmError({ kind: 'user', name: 'Error', message: 'The code returned a promise that never resolves' });
        continue;
      }
      if (Date.now() > deadline) throw new VmError(timeoutInfo(req));
      if (timers.size > 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, Math.max(1, deadline - Date.now()));
        });
        wake = undefined;
      }
    }
    const outcome = await settled;
    if (outcome.error) {
      const e = vm.dump(outcome.error);
      outcome.error.dispose();
      throw fail(e);
    }
    const stringify = unwrap(vm.evalCode('(v) => JSON.stringify(v === undefined ? null : v)'));
    const text = vm.callFunction(stringify, vm.undefined, outcome.value);
    stringify.dispose();
    outcome.value.dispose();
    const textHandle = unwrap(text);
    const result = vm.getString(textHandle);
    textHandle.dispose();
    const staticHandle = unwrap(vm.evalCode('JSON.stringify(globalThis.__staticData || {})'));
    const staticData = vm.getString(staticHandle);
    staticHandle.dispose();
    return { result, staticData };
  } finally {
    for (const t of timers.values()) {
      clearTimeout(t.timer);
      t.fn.dispose();
    }
    try {
      vm.dispose();
      runtime.dispose();
    } catch {
      // A runtime that ran out of memory may refuse a clean dispose; the worker drops it either way.
    }
  }
}

function timeoutInfo(req: VmRequest): VmErrorInfo {
  return { kind: 'timeout', name: 'CodeExecutionError', message: `Code execution timed out after ${req.timeoutMs} ms` };
}

function toVmError(vm: QuickJSContext, err: unknown, interrupted: boolean, req: VmRequest): VmError {
  void vm;
  const e = (err ?? {}) as { name?: string; message?: string; stack?: string };
  if (interrupted || e.message === 'interrupted') return new VmError(timeoutInfo(req));
  // When memory is exhausted QuickJS may not even manage to build the error object.
  const unreadable = err === undefined || err === null || (typeof err === 'object' && e.message === undefined && e.name === undefined);
  if (unreadable || e.message === 'out of memory' || (typeof err === 'string' && err.includes('out of memory'))) {
    return new VmError({ kind: 'memory', name: 'CodeExecutionError', message: `Code ran out of memory (limit ${Math.round(req.memoryBytes / 1024 / 1024)} MB)` });
  }
  const message = typeof err === 'string' ? err : (e.message ?? 'Unknown error');
  const line = /Code:(\d+)/.exec(e.stack ?? '');
  return new VmError({
    kind: 'user',
    name: e.name && e.name !== 'Error' ? e.name : 'Error',
    message,
    stack: e.stack,
    lineNumber: line ? Math.max(1, Number(line[1]) - 1) : undefined,
  });
}
