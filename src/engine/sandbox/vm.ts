// One run of user code in a fresh QuickJS runtime (inside a sandbox worker). Data proxy lookups
// go through `bridge` as JSON text; Intl formatting is answered locally by real Intl.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { newQuickJSWASMModule, newVariant, RELEASE_SYNC, type QuickJSContext, type QuickJSHandle, type QuickJSWASMModule } from 'quickjs-emscripten';
import { PRELUDE } from './prelude.ts';
import { INTL_SHIM } from './intlShim.ts';
import { intlOp } from './intlHost.ts';
import { inspectJson } from './resultLimits.ts';
import { MAX_JSON_DEPTH } from '../../model/jsonDepth.ts';
import type { VmErrorInfo, VmRequest } from './protocol.ts';

export type Bridge = (op: string, argsJson: string) => string | undefined;

/**
 * What one run may push through the worker boundary besides its result. Each console call and
 * each lookup is a message the engine's thread has to handle, so counts and sizes are capped.
 */
export const SANDBOX_CAPS = {
  /** Timers waiting at once (each holds a host timer and a VM function). */
  pendingTimers: 10_000,
  /** Console messages per run; later ones are dropped after one notice. */
  consoleMessages: 10_000,
  /** Characters of console output per run. */
  consoleChars: 1_000_000,
  /** Characters of one console message (longer ones are cut). */
  consoleMessageChars: 100_000,
  /** Characters of the JSON arguments of one data lookup. */
  bridgeArgChars: 1_000_000,
  /** Characters of an error's message and of its stack. */
  errorChars: 10_000,
  /** Nesting depth of the result and static data: the limit of all workflow data (the engine's JSON handling recurses). */
  resultDepth: MAX_JSON_DEPTH,
} as const;

export class VmError extends Error {
  info: VmErrorInfo;
  constructor(info: VmErrorInfo) {
    super(info.message);
    this.info = info;
  }
}

let modulePromise: Promise<QuickJSWASMModule> | undefined;
let luxonSource: string | undefined;
let damaged = false;
/** Size the module's WebAssembly memory may grow to. */
let wasmBytes = 160 * 1024 * 1024;
/** Room the runtime needs beyond a run's own allocations (Luxon, prelude, the allocator). */
const WASM_HEADROOM_BYTES = 32 * 1024 * 1024;

/**
 * Whether a runtime of this module failed to dispose cleanly (QuickJS asserts when objects
 * outlive their runtime, which an interrupt inside an async function can cause). The module's
 * memory is then in doubt, so the worker asks to be replaced.
 */
export function quickJSDamaged(): boolean {
  return damaged;
}

/**
 * Loads QuickJS with its WebAssembly memory capped: QuickJS's own limit does not catch every
 * allocation (large strings), so the cap is what makes a memory bomb fail fast.
 */
export function loadQuickJS(maxMemoryBytes = 160 * 1024 * 1024): Promise<QuickJSWASMModule> {
  const pages = Math.ceil(maxMemoryBytes / 65536);
  if (!modulePromise) wasmBytes = pages * 65536;
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

/**
 * Built-ins the host needs after user code has run, taken before it runs: user code may replace
 * JSON.stringify, Array.isArray or String.prototype methods, never these references.
 *  - serialize(value, maxItems): JSON text, or the length of an array with too many items
 *    (checked before any text is built);
 *  - describe(thrown): { name, message, stack, value } as strings, every read guarded;
 *  - parse(text): the VM's own JSON.parse, so `__proto__` keys stay plain data;
 *  - cut(text, n): the first n characters.
 */
const VM_STACK_BYTES = 1024 * 1024;
/** Room for JSON.stringify of data ~10 times as deep as the limit (it overflows between 5,000 and 8,000 levels). */
const SERIALIZE_STACK_BYTES = 96 * 1024;

const HOST_TOOLS = String.raw`
(() => {
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const isArray = Array.isArray;
  const apply = Reflect.apply;
  const substring = String.prototype.substring;
  const toText = String;
  const text = (v) => { try { return typeof v === 'string' ? v : v === undefined ? undefined : toText(v); } catch (e) { return undefined; } };
  return {
    serialize: (v, maxItems) => {
      if (isArray(v) && v.length > maxItems) return v.length;
      return stringify(v === undefined ? null : v);
    },
    describe: (e) => {
      if (e === null || (typeof e !== 'object' && typeof e !== 'function')) return { value: text(e) };
      const out = {};
      try { out.name = text(e.name); } catch (x) {}
      try { out.message = text(e.message); } catch (x) {}
      try { out.stack = text(e.stack); } catch (x) {}
      return out;
    },
    parse: (s) => parse(s),
    cut: (s, n) => apply(substring, s, [0, n]),
  };
})()
`;

export async function runInVm(req: VmRequest, bridge: Bridge, onConsole: (level: string, message: string) => void): Promise<{ result: string; staticData: string }> {
  const QuickJS = await loadQuickJS();
  // A limit above what the WebAssembly memory can hold would fail inside the allocator instead
  // of at the limit; the effective limit is the one reported.
  req = { ...req, memoryBytes: Math.max(1024 * 1024, Math.min(req.memoryBytes, wasmBytes - WASM_HEADROOM_BYTES)) };
  const runtime = QuickJS.newRuntime();
  const deadline = Date.now() + req.timeoutMs;
  runtime.setMemoryLimit(req.memoryBytes);
  runtime.setMaxStackSize(VM_STACK_BYTES);
  let interrupted = false;
  runtime.setInterruptHandler(() => {
    if (Date.now() > deadline) interrupted = true;
    return interrupted;
  });
  const vm = runtime.newContext();
  const timers = new Map<number, { timer: ReturnType<typeof setTimeout>; fn: QuickJSHandle }>();
  const intl = new Map<number, unknown>();
  const owned: QuickJSHandle[] = [];
  let nextTimer = 1;
  let wake: (() => void) | undefined;
  let consoleMessages = 0;
  let consoleChars = 0;
  let consoleCut = false;

  const unwrap = (r: ReturnType<QuickJSContext['evalCode']>): QuickJSHandle => {
    if (r.error) throw errorFrom(r.error);
    return r.value;
  };
  const keep = (h: QuickJSHandle) => {
    owned.push(h);
    return h;
  };
  const define = (name: string, fn: QuickJSHandle) => {
    vm.setProp(vm.global, name, fn);
    fn.dispose();
  };

  // Taken before any user code runs (see HOST_TOOLS).
  const toolsResult = vm.evalCode(HOST_TOOLS, 'host.js');
  if (toolsResult.error) {
    toolsResult.error.dispose();
    vm.dispose();
    runtime.dispose();
    throw new VmError(memoryInfo(req));
  }
  const tools = keep(toolsResult.value);
  const serialize = keep(vm.getProp(tools, 'serialize'));
  const describe = keep(vm.getProp(tools, 'describe'));
  const parse = keep(vm.getProp(tools, 'parse'));
  const cut = keep(vm.getProp(tools, 'cut'));

  /** Length of a VM string; its own `length` cannot be redefined by user code. */
  const lengthOf = (h: QuickJSHandle): number => use(vm.getProp(h, 'length'), (l) => vm.getNumber(l));
  /** A VM string copied out, cut to `max` characters inside the VM first. */
  const readText = (h: QuickJSHandle, max: number): { text: string; length: number } => {
    if (vm.typeof(h) !== 'string') return { text: '', length: 0 };
    const length = lengthOf(h);
    if (length <= max) return { text: vm.getString(h), length };
    const r = use(vm.newNumber(max), (n) => vm.callFunction(cut, vm.undefined, h, n));
    if (r.error) {
      r.error.dispose();
      return { text: '', length };
    }
    return { text: use(r.value, (v) => vm.getString(v)), length };
  };

  /** A thrown VM value turned into a clear error; disposes the handle. */
  function errorFrom(handle: QuickJSHandle): VmError {
    try {
      if (interrupted || Date.now() > deadline) return new VmError(timeoutInfo(req));
      const d = vm.callFunction(describe, vm.undefined, handle);
      if (d.error) {
        d.error.dispose();
        // A getter on the thrown object ran past the deadline, or the VM could not even look
        // at its own exception because memory is gone.
        return new VmError(interrupted ? timeoutInfo(req) : memoryInfo(req));
      }
      return use(d.value, (info) => {
        const field = (key: string) =>
          use(vm.getProp(info, key), (v) => (vm.typeof(v) === 'string' ? readText(v, SANDBOX_CAPS.errorChars) : undefined));
        const value = field('value');
        if (value !== undefined) {
          // QuickJS throws null when memory runs out so far that it cannot even build the error
          // (and the memory is freed again by the time we look): a null cannot be told apart
          // from user code's own `throw null`, so the message names both.
          if (value.text === 'null' || value.text === 'undefined') {
            const info = memoryInfo(req);
            return new VmError({ ...info, message: `${info.message}, or it threw ${value.text}` });
          }
          return new VmError({ kind: 'user', name: 'Error', message: `Code threw ${truncated(value)}` });
        }
        const name = field('name');
        const message = field('message');
        const stack = field('stack');
        if (name?.text === 'InternalError' && message?.text === 'out of memory') return new VmError(memoryInfo(req));
        // The user's code starts on the wrapper's second line (see wrap): places in 'Code' are
        // given in the user's own lines, as the editor numbers them.
        const at = /Code:(\d+)(?::(\d+))?/.exec(stack?.text ?? '');
        const lineNumber = at ? Math.max(1, Number(at[1]) - 1) : undefined;
        const userLines = req.code.split('\n').length;
        // Frames in the wrapper's own lines (its first and last) are dropped.
        const userStack = stack
          ? truncated(stack)
              .split('\n')
              .filter((f) => {
                const l = /Code:(\d+)/.exec(f);
                return !l || (Number(l[1]) >= 2 && Number(l[1]) <= userLines + 1);
              })
              .map((f) => f.replace(/Code:(\d+)/, (_, l: string) => `Code:${Number(l) - 1}`))
              .join('\n')
          : undefined;
        let text = message ? truncated(message) || 'Error' : 'Unknown error (the thrown object has no message)';
        // A syntax error says where it is (QuickJS's message alone does not).
        if (name?.text === 'SyntaxError' && lineNumber !== undefined) text = `${text} (line ${lineNumber}${at?.[2] ? `, column ${at[2]}` : ''})`;
        return new VmError({
          kind: 'user',
          name: name && name.text && name.text !== 'Error' ? name.text.slice(0, 100) : 'Error',
          message: text,
          stack: userStack,
          lineNumber,
        });
      });
    } catch {
      return new VmError(memoryInfo(req));
    } finally {
      if (handle.alive) handle.dispose();
    }
  }

  try {
    define(
      '__host',
      vm.newFunction('__host', (opHandle, argsHandle) => {
        const op = readText(opHandle, 64).text;
        const argsLength = vm.typeof(argsHandle) === 'string' ? lengthOf(argsHandle) : 0;
        if (argsLength > SANDBOX_CAPS.bridgeArgChars) {
          return { error: vm.newError({ name: 'RangeError', message: `The arguments of a data lookup are too large (${argsLength} characters, at most ${SANDBOX_CAPS.bridgeArgChars})` }) };
        }
        const args = argsLength > 0 ? vm.getString(argsHandle) : '[]';
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
        if (consoleCut) return;
        const level = readText(levelHandle, 16).text;
        if (consoleMessages >= SANDBOX_CAPS.consoleMessages || consoleChars >= SANDBOX_CAPS.consoleChars) {
          consoleCut = true;
          onConsole('warn', `Console output stopped: this run logged more than ${SANDBOX_CAPS.consoleMessages} messages or ${SANDBOX_CAPS.consoleChars} characters`);
          return;
        }
        const room = Math.min(SANDBOX_CAPS.consoleMessageChars, SANDBOX_CAPS.consoleChars - consoleChars);
        const { text, length } = readText(textHandle, room);
        consoleMessages++;
        consoleChars += text.length;
        onConsole(level, length > text.length ? `${text}… (${length - text.length} more characters)` : text);
      }),
    );
    define(
      'setTimeout',
      vm.newFunction('setTimeout', (fnHandle, delayHandle) => {
        if (timers.size >= SANDBOX_CAPS.pendingTimers) {
          return { error: vm.newError({ name: 'RangeError', message: `Too many pending timers (at most ${SANDBOX_CAPS.pendingTimers})` }) };
        }
        const id = nextTimer++;
        const fn = fnHandle.dup();
        const delay = Math.max(0, Math.min(vm.typeof(delayHandle) === 'number' ? vm.getNumber(delayHandle) || 0 : 0, req.timeoutMs));
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
        const id = vm.typeof(idHandle) === 'number' ? vm.getNumber(idHandle) : 0;
        const t = timers.get(id);
        if (t) {
          clearTimeout(t.timer);
          t.fn.dispose();
          timers.delete(id);
        }
      }),
    );

    // Parsed as JSON by the VM, not evaluated as a literal: in a literal a "__proto__" key
    // would set the object's prototype instead of being data.
    const ctxText = vm.newString(req.ctxJson);
    const ctxHandle = unwrap(vm.callFunction(parse, vm.undefined, ctxText));
    ctxText.dispose();
    vm.setProp(vm.global, '__ctx', ctxHandle);
    ctxHandle.dispose();
    if (req.luxon) {
      unwrap(vm.evalCode(INTL_SHIM, 'intl.js')).dispose();
      unwrap(vm.evalCode(loadLuxon(), 'luxon.js')).dispose();
    }
    const prelude = keep(unwrap(vm.evalCode(PRELUDE, 'prelude.js')));
    if (req.itemIndex !== 0) {
      use(vm.getProp(prelude, 'setItem'), (setItem) => use(vm.newNumber(req.itemIndex), (i) => unwrap(vm.callFunction(setItem, vm.undefined, i)).dispose()));
    }

    // The promise is polled, not awaited through resolvePromise: host callbacks registered on
    // it left reactions behind when a run was cut short, and the runtime then failed to dispose.
    const promise = keep(unwrap(vm.evalCode(wrap(req), 'Code')));
    let value: QuickJSHandle | undefined;
    for (;;) {
      const jobs = runtime.executePendingJobs();
      if (jobs.error) throw errorFrom(jobs.error);
      // An interrupted job is dropped without an error: the queue may look settled when it is not.
      if (interrupted) throw new VmError(timeoutInfo(req));
      const state = vm.getPromiseState(promise);
      if (state.type === 'fulfilled') {
        value = state.notAPromise ? promise.dup() : state.value;
        break;
      }
      if (state.type === 'rejected') throw errorFrom(state.error);
      if (runtime.hasPendingJob()) continue;
      if (Date.now() > deadline) throw new VmError(timeoutInfo(req));
      if (timers.size === 0) throw new VmError({ kind: 'user', name: 'Error', message: 'The code returned a promise that never resolves' });
      // Sleep until a timer has run (or the deadline).
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      wake = undefined;
    }
    const result = use(value, (v) => serializeOut(v, req.maxItems, 'result'));
    const staticData = use(vm.getProp(prelude, 'staticData'), (v) => serializeOut(v, Number.MAX_SAFE_INTEGER, 'static data'));
    return { result, staticData };
  } finally {
    for (const t of timers.values()) {
      clearTimeout(t.timer);
      t.fn.dispose();
    }
    try {
      for (const h of owned) if (h.alive) h.dispose();
      vm.dispose();
      runtime.dispose();
    } catch {
      // A runtime that ran out of memory or was interrupted may refuse a clean dispose.
      damaged = true;
    }
  }

  /**
   * JSON text of a VM value, refused before it is built when an array has too many items, and
   * checked again on the text itself: a Proxy or toJSON can lie to the first check.
   */
  function serializeOut(value: QuickJSHandle, maxItems: number, what: 'result' | 'static data'): string {
    // QuickJS's JSON.stringify checks for cycles by scanning the objects it is inside of, so its
    // time grows with the square of the depth (30,000 levels: 4 s; 100,000: past the time
    // limit). A small stack for the call ends data far deeper than the limit at once.
    runtime.setMaxStackSize(SERIALIZE_STACK_BYTES);
    let r: ReturnType<typeof vm.callFunction>;
    try {
      r = use(vm.newNumber(maxItems), (n) => vm.callFunction(serialize, vm.undefined, value, n));
    } finally {
      runtime.setMaxStackSize(VM_STACK_BYTES);
    }
    if (r.error) {
      const e = errorFrom(r.error);
      if (e.info.kind === 'user' && /stack overflow/i.test(e.info.message ?? '')) {
        throw new VmError({ kind: 'user', name: 'CodeExecutionError', message: `The ${what} is nested more than ${SANDBOX_CAPS.resultDepth} levels deep, the depth limit of workflow data` });
      }
      if (e.info.kind === 'user') throw new VmError({ kind: 'user', name: 'CodeExecutionError', message: `The ${what} cannot be turned into JSON: ${e.info.message}` });
      throw e;
    }
    const out = use(r.value, (h) => {
      const type = vm.typeof(h);
      if (type === 'number') return vm.getNumber(h);
      return type === 'string' ? vm.getString(h) : 'null';
    });
    if (typeof out === 'number') throw new VmError(tooManyItems(out, maxItems));
    const shape = inspectJson(out);
    if (shape.items > maxItems) throw new VmError(tooManyItems(shape.items, maxItems));
    if (shape.depth > SANDBOX_CAPS.resultDepth) {
      throw new VmError({ kind: 'user', name: 'CodeExecutionError', message: `The ${what} is nested more than ${SANDBOX_CAPS.resultDepth} levels deep, the depth limit of workflow data` });
    }
    return out;
  }
}

/** Runs `fn` with a handle and disposes it even when `fn` throws (Lifetime.consume does not). */
function use<T>(h: QuickJSHandle, fn: (h: QuickJSHandle) => T): T {
  try {
    return fn(h);
  } finally {
    if (h.alive) h.dispose();
  }
}

function truncated(t: { text: string; length: number }): string {
  return t.length > t.text.length ? `${t.text}… (${t.length - t.text.length} more characters)` : t.text;
}

function tooManyItems(count: number, max: number): VmErrorInfo {
  return { kind: 'user', name: 'CodeExecutionError', message: `Code returned ${count} items, more than the limit of ${max} items per node` };
}

function timeoutInfo(req: VmRequest): VmErrorInfo {
  return { kind: 'timeout', name: 'CodeExecutionError', message: `Code execution timed out after ${req.timeoutMs} ms` };
}

function memoryInfo(req: VmRequest): VmErrorInfo {
  return { kind: 'memory', name: 'CodeExecutionError', message: `Code ran out of memory (limit ${Math.round(req.memoryBytes / 1024 / 1024)} MB)` };
}
