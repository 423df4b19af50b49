// A small pool of sandbox workers. Each run gets a worker; the engine answers the worker's
// data lookups; a run that overstays its time (or is stopped) has its worker terminated and
// replaced, which ends any program, however it is stuck.
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { codeMemoryMb } from './codeMemory.ts';
import { CTRL_ERROR, CTRL_OK, SAB_HEADER_BYTES, UNDEFINED_LENGTH, type VmErrorInfo, type VmRequest, type WorkerToMain } from './protocol.ts';

const MAX_SAB_BYTES = 1024 * 1024 * 1024;
/** WebAssembly memory of one sandbox: the default per-run limit plus room for Luxon and the prelude. */
const WASM_MEMORY_BYTES = codeMemoryMb() * 1024 * 1024 + 32 * 1024 * 1024;
/**
 * The worker's own JavaScript heap (results and messages in transit, not the VM's memory).
 * Without a limit, a worker that ran out of heap would take the whole process down; with one,
 * Node ends just that worker (ERR_WORKER_OUT_OF_MEMORY).
 */
const WORKER_HEAP_MB = 512;
/**
 * QuickJS runs on the worker's native stack as WebAssembly frames. Its own limit (1 MB of its
 * shadow stack, vm.ts) must trip first: with Node's default 4 MB, deep recursion or a deeply
 * nested JSON.stringify overflowed the native stack mid-operation, leaving the runtime corrupt.
 */
const WORKER_STACK_MB = 32;
/** How long a new worker may take to load QuickJS. */
const START_TIMEOUT_MS = 30_000;
/** How long past its deadline a run may stay stuck in native code before its worker is ended. */
const KILL_GRACE_MS = 1000;
/**
 * How long a worker may sit idle before it is ended. A worker's WebAssembly memory and its
 * shared buffer only grow, so after a burst of large runs idle workers held their peak for ever
 * (an idle server kept hundreds of MB); a new one starts in tens of milliseconds.
 */
let idleMs = 60_000;
/** A worker whose shared buffer grew past this (a large data lookup) is ended after its run. */
const KEEP_SAB_BYTES = 16 * 1024 * 1024;

/** Tests: how long idle workers are kept (ms). */
export function setSandboxIdleMs(ms: number): void {
  idleMs = ms;
}

/** Workers ended after a run (stopped, timed out in native code, or in doubt) since the start. */
export function sandboxWorkersReplaced(): number {
  return replaced;
}

/** Workers alive and idle now. */
export function sandboxPoolStats(): { live: number; idle: number } {
  return { live, idle: idle.length };
}
const encoder = new TextEncoder();

interface PooledWorker {
  worker: Worker;
  sab: SharedArrayBuffer;
  ready: Promise<void>;
  busy: boolean;
  /** No longer counted in `live` (terminated by us, or exited). */
  gone: boolean;
  /** Ends the worker when it stays idle (set while it is idle). */
  idleTimer?: ReturnType<typeof setTimeout>;
}

export interface PoolRun {
  request: VmRequest;
  /** Answers a data lookup from the VM with JSON text (undefined for undefined). */
  onCall: (op: string, args: string) => string | undefined | Promise<string | undefined>;
  onConsole: (level: string, message: string) => void;
  signal: AbortSignal;
}

export class SandboxError extends Error {
  info: VmErrorInfo;
  constructor(info: VmErrorInfo) {
    super(info.message);
    this.name = info.name;
    this.info = info;
  }
}

const idle: PooledWorker[] = [];
const queue: Array<() => void> = [];
let live = 0;
let replaced = 0;
const maxWorkers = Math.max(2, availableParallelism());

const cancelled = () => new SandboxError({ kind: 'internal', name: 'ExecutionCancelledError', message: 'The execution was canceled' });

/** Takes a worker out of the count and lets a waiting run spawn its replacement. */
function retire(w: PooledWorker): void {
  if (w.gone) return;
  w.gone = true;
  live--;
  const i = idle.indexOf(w);
  if (i >= 0) idle.splice(i, 1);
  queue.shift()?.();
}

function spawn(): PooledWorker {
  const sab = new SharedArrayBuffer(64 * 1024, { maxByteLength: MAX_SAB_BYTES });
  const worker = new Worker(new URL('./worker.ts', import.meta.url), {
    workerData: { sab, maxMemoryBytes: WASM_MEMORY_BYTES },
    stdout: false,
    stderr: false,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, stackSizeMb: WORKER_STACK_MB },
  });
  worker.unref();
  live++;
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (m: WorkerToMain) => {
      if (m.type === 'ready') {
        worker.off('message', onMessage);
        resolve();
      }
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`exit ${code}`)));
  });
  ready.catch(() => {});
  const pw: PooledWorker = { worker, sab, ready, busy: false, gone: false };
  // Any exit (a crash, or our own terminate) frees a slot; a waiting run must hear of it, or
  // it would wait for a release that never comes.
  worker.once('exit', () => retire(pw));
  return pw;
}

async function acquire(signal: AbortSignal): Promise<PooledWorker> {
  for (;;) {
    if (signal.aborted) throw cancelled();
    const w = idle.pop();
    if (w) {
      clearTimeout(w.idleTimer);
      return w;
    }
    if (live < maxWorkers) return spawn();
    // Wait for a release or an exit; a stop while waiting ends the wait.
    await new Promise<void>((resolve) => {
      const wake = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const i = queue.indexOf(wake);
        if (i >= 0) queue.splice(i, 1);
        resolve();
      };
      queue.push(wake);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

function release(w: PooledWorker, healthy: boolean): void {
  w.busy = false;
  if (healthy && !w.gone && w.sab.byteLength <= KEEP_SAB_BYTES) {
    idle.push(w);
    w.idleTimer = setTimeout(() => {
      if (w.busy || w.gone) return;
      retire(w);
      void w.worker.terminate();
    }, idleMs);
    w.idleTimer.unref();
    queue.shift()?.();
  } else {
    // Counted out now, not when the exit event arrives, so its replacement can start at once.
    replaced++;
    retire(w);
    void w.worker.terminate();
  }
}

function answer(w: PooledWorker, state: number, text: string | undefined): void {
  const ctrl = new Int32Array(w.sab, 0, 4);
  if (text === undefined) {
    Atomics.store(ctrl, 1, UNDEFINED_LENGTH);
  } else {
    const bytes = encoder.encode(text);
    const needed = SAB_HEADER_BYTES + bytes.byteLength;
    if (needed > w.sab.byteLength) {
      if (needed > MAX_SAB_BYTES) {
        return answer(w, CTRL_ERROR, JSON.stringify({ name: 'Error', message: 'The requested data is larger than 1 GB' }));
      }
      w.sab.grow(Math.min(MAX_SAB_BYTES, Math.max(needed, w.sab.byteLength * 2)));
    }
    new Uint8Array(w.sab, SAB_HEADER_BYTES, bytes.byteLength).set(bytes);
    Atomics.store(ctrl, 1, bytes.byteLength);
  }
  Atomics.store(ctrl, 0, state);
  Atomics.notify(ctrl, 0);
}

export async function runInSandbox(run: PoolRun): Promise<{ result: string; staticData: string }> {
  const w = await acquire(run.signal);
  w.busy = true;
  return new Promise((resolve, reject) => {
    let settled = false;
    // Until the worker has loaded QuickJS, only a start-up limit applies; then the run's own.
    let killer = setTimeout(() => finish(new SandboxError({ kind: 'internal', name: 'Error', message: 'The code sandbox did not start' }), false), START_TIMEOUT_MS);
    const onAbort = () => finish(cancelled(), false);
    run.signal.addEventListener('abort', onAbort, { once: true });
    const onExit = (code: number) => finish(new SandboxError({ kind: 'internal', name: 'Error', message: `The code sandbox stopped unexpectedly (exit ${code})` }), false);
    const onError = (e: Error & { code?: string }) =>
      finish(
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new SandboxError({ kind: 'memory', name: 'CodeExecutionError', message: `Code ran out of memory (the sandbox's heap limit is ${WORKER_HEAP_MB} MB)` })
          : new SandboxError({ kind: 'internal', name: 'Error', message: `The code sandbox failed: ${e.message}` }),
        false,
      );

    function finish(outcome: Error | { result: string; staticData: string }, healthy: boolean): void {
      if (settled) return;
      settled = true;
      clearTimeout(killer);
      run.signal.removeEventListener('abort', onAbort);
      w.worker.off('message', onMessage);
      w.worker.off('exit', onExit);
      w.worker.off('error', onError);
      release(w, healthy);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    }

    function onMessage(m: WorkerToMain): void {
      switch (m.type) {
        case 'call': {
          const failed = (e: unknown) => JSON.stringify({ name: (e as Error).name, message: (e as Error).message });
          let reply: string | undefined | Promise<string | undefined>;
          try {
            reply = run.onCall(m.op, m.args);
          } catch (e) {
            answer(w, CTRL_ERROR, failed(e));
            break;
          }
          // An answer that is awaited (the VM waits for it): unless the run has ended meanwhile.
          if (reply instanceof Promise) {
            reply.then(
              (text) => settled || answer(w, CTRL_OK, text),
              (e) => settled || answer(w, CTRL_ERROR, failed(e)),
            );
          } else answer(w, CTRL_OK, reply);
          break;
        }
        case 'console':
          run.onConsole(m.level, m.message);
          break;
        case 'done':
          finish({ result: m.result, staticData: m.staticData }, !m.restart);
          break;
        case 'failed':
          // A memory failure leaves the runtime's allocator in doubt: start a fresh worker.
          finish(new SandboxError(m.error), !m.restart && m.error.kind !== 'memory' && m.error.kind !== 'internal');
          break;
      }
    }
    w.worker.on('message', onMessage);
    w.worker.once('exit', onExit);
    w.worker.once('error', onError);
    if (run.signal.aborted) return onAbort();
    // A fresh worker may still be loading QuickJS.
    w.ready.then(
      () => {
        if (settled) return;
        clearTimeout(killer);
        // Grace beyond the VM's own deadline: the VM normally ends itself with a clear error first.
        killer = setTimeout(
          () => finish(new SandboxError({ kind: 'timeout', name: 'CodeExecutionError', message: `Code execution timed out after ${run.request.timeoutMs} ms` }), false),
          run.request.timeoutMs + KILL_GRACE_MS,
        );
        w.worker.postMessage({ type: 'run', request: run.request });
      },
      (e: Error) => finish(new SandboxError({ kind: 'internal', name: 'Error', message: `The code sandbox failed to start: ${e.message}` }), false),
    );
  });
}
