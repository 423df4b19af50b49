// A small pool of sandbox workers. Each run gets a worker; the engine answers the worker's
// data lookups; a run that overstays its time (or is stopped) has its worker terminated and
// replaced, which ends any program, however it is stuck.
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { CTRL_ERROR, CTRL_OK, SAB_HEADER_BYTES, UNDEFINED_LENGTH, type VmErrorInfo, type VmRequest, type WorkerToMain } from './protocol.ts';

const MAX_SAB_BYTES = 1024 * 1024 * 1024;
/** WebAssembly memory of one sandbox: the default per-run limit plus room for Luxon and the prelude. */
const WASM_MEMORY_BYTES = Number(process.env.SWITCHYARD_CODE_MEMORY_MB ?? 128) * 1024 * 1024 + 32 * 1024 * 1024;
const encoder = new TextEncoder();

interface PooledWorker {
  worker: Worker;
  sab: SharedArrayBuffer;
  ready: Promise<void>;
  busy: boolean;
}

export interface PoolRun {
  request: VmRequest;
  /** Answers a data lookup from the VM with JSON text (undefined for undefined). */
  onCall: (op: string, args: string) => string | undefined;
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
const maxWorkers = Math.max(2, availableParallelism());

function spawn(): PooledWorker {
  const sab = new SharedArrayBuffer(64 * 1024, { maxByteLength: MAX_SAB_BYTES });
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: { sab, maxMemoryBytes: WASM_MEMORY_BYTES }, stdout: false, stderr: false });
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
  });
  const pw: PooledWorker = { worker, sab, ready, busy: false };
  worker.once('exit', () => {
    live--;
    const i = idle.indexOf(pw);
    if (i >= 0) idle.splice(i, 1);
  });
  return pw;
}

async function acquire(): Promise<PooledWorker> {
  for (;;) {
    const w = idle.pop();
    if (w) return w;
    if (live < maxWorkers) return spawn();
    await new Promise<void>((resolve) => queue.push(resolve));
  }
}

function release(w: PooledWorker, healthy: boolean): void {
  w.busy = false;
  if (healthy) idle.push(w);
  else void w.worker.terminate();
  queue.shift()?.();
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
  const w = await acquire();
  w.busy = true;
  await w.ready;
  return new Promise((resolve, reject) => {
    let settled = false;
    // Grace beyond the VM's own deadline: the VM normally ends itself with a clear error first.
    const killer = setTimeout(() => finish(new SandboxError({ kind: 'timeout', name: 'CodeExecutionError', message: `Code execution timed out after ${run.request.timeoutMs} ms` }), false), run.request.timeoutMs + 1000);
    const onAbort = () => finish(new SandboxError({ kind: 'internal', name: 'ExecutionCancelledError', message: 'The execution was canceled' }), false);
    run.signal.addEventListener('abort', onAbort, { once: true });
    const onExit = (code: number) => finish(new SandboxError({ kind: 'internal', name: 'Error', message: `The code sandbox stopped unexpectedly (exit ${code})` }), false);
    const onError = (e: Error) => finish(new SandboxError({ kind: 'internal', name: 'Error', message: `The code sandbox failed: ${e.message}` }), false);

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
          let text: string | undefined;
          let state = CTRL_OK;
          try {
            text = run.onCall(m.op, m.args);
          } catch (e) {
            state = CTRL_ERROR;
            text = JSON.stringify({ name: (e as Error).name, message: (e as Error).message });
          }
          answer(w, state, text);
          break;
        }
        case 'console':
          run.onConsole(m.level, m.message);
          break;
        case 'done':
          finish({ result: m.result, staticData: m.staticData }, true);
          break;
        case 'failed':
          // A memory failure leaves the runtime's allocator in doubt: start a fresh worker.
          finish(new SandboxError(m.error), m.error.kind !== 'memory' && m.error.kind !== 'internal');
          break;
      }
    }
    w.worker.on('message', onMessage);
    w.worker.once('exit', onExit);
    w.worker.once('error', onError);
    if (run.signal.aborted) return onAbort();
    w.worker.postMessage({ type: 'run', request: run.request });
  });
}
