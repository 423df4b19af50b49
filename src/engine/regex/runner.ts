// The engine's regex runner: every user regex operation (src/model/expressions/regex.ts) runs
// in one dedicated worker thread while the server's thread waits for it with a deadline
// (Atomics.wait). The wait is synchronous — expressions are — but bounded: past the deadline
// the worker is terminated, which ends any backtracking, and a fresh worker is started at once
// so the next operation finds it (nearly) ready.
import { setFlagsFromString } from 'node:v8';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { executeRegexRequest, type RegexRequest, type RegexResponse, type RegexRunner } from '../../model/expressions/regex.ts';
import { REGEX_WORKER_SOURCE } from './worker.ts';

// V8's own defence, process-wide: a match that backtracks more than 50,000 times is re-run by
// V8's linear-time engine when the pattern allows it (no backreferences, lookaround, i/u flags
// or large counted repeats), with the same result. Most catastrophic patterns, (a+)+$ among
// them, then finish in about a millisecond instead of running into the deadline below, which
// stays the guarantee for every pattern.
setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
// Lets `new RegExp(source, 'l')` say whether a pattern is one the linear engine takes (below).
setFlagsFromString('--enable-experimental-regexp-engine');

/**
 * The fast path: a pattern V8's linear engine takes, on a short input, runs on this thread.
 * With the fallback above it cannot backtrack for long (50,000 backtracks, then linear time),
 * and linear time is bounded by input × pattern: at most ~400,000 (measured ≤ 20 ms for the
 * worst shapes, ~1 µs for ordinary ones, against 15–30 µs for a worker round trip).
 */
const FAST_MAX_INPUT = 10_000;
const FAST_MAX_WORK = 400_000;
const linearCache = new Map<string, boolean>();

function linearCapable(source: string, flags: string): boolean {
  const key = `${flags}/${source}`;
  let ok = linearCache.get(key);
  if (ok === undefined) {
    try {
      new RegExp(source, `${flags.replace('l', '')}l`);
      ok = true;
    } catch {
      ok = false;
    }
    if (linearCache.size >= 2000) linearCache.clear();
    linearCache.set(key, ok);
  }
  return ok;
}

let fastPath = true;
/** Tests turn the fast path off to check that the worker gives the same answers. */
export function setRegexFastPath(enabled: boolean): void {
  fastPath = enabled;
}

function fast(request: RegexRequest): boolean {
  if (!fastPath) return false;
  const n = request.input.length;
  return n <= FAST_MAX_INPUT && n * (request.source.length + 16) <= FAST_MAX_WORK && linearCapable(request.source, request.flags);
}

/** The worker's own heap: inputs and results of up to 50M characters pass through it. */
const WORKER_HEAP_MB = 1024;

interface RegexWorker {
  worker: Worker;
  port: MessagePort;
  ctrl: Int32Array;
}

let current: RegexWorker | undefined;
/** Workers started ahead, so that the one after a terminated worker is already loaded. */
const spares: RegexWorker[] = [];
const SPARES = 2;
let spawnQueued = false;
/** Some worker has answered: from then on, waiting for one to load counts against deadlines. */
let everReady = false;
/** How long the very first operation may wait for the first worker to load. */
const COLD_START_MS = 5_000;
/** Workers terminated because an operation overran (for tests and diagnostics). */
let restarts = 0;

function spawn(): RegexWorker {
  const sab = new SharedArrayBuffer(8);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(REGEX_WORKER_SOURCE, {
    eval: true,
    workerData: { sab, port: port2 },
    transferList: [port2],
    stdout: false,
    stderr: false,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  worker.unref();
  port1.unref();
  const w: RegexWorker = { worker, port: port1, ctrl: new Int32Array(sab) };
  const forget = () => {
    if (current === w) current = undefined;
    const i = spares.indexOf(w);
    if (i >= 0) spares.splice(i, 1);
  };
  worker.once('exit', forget);
  worker.on('error', forget);
  return w;
}

/** The worker for the next operation: the current one, else a spare (the first one ready). */
function take(): RegexWorker {
  if (current === undefined) {
    let i = spares.findIndex((w) => Atomics.load(w.ctrl, 1) === 1);
    if (i < 0 && spares.length > 0) i = 0;
    current = i >= 0 ? spares.splice(i, 1)[0] : spawn();
  }
  // Starting a worker costs the main thread a few ms: do it as its own task, not inside the
  // operation that is waiting (or has just given up).
  if (spares.length < SPARES && !spawnQueued) {
    spawnQueued = true;
    setImmediate(() => {
      spawnQueued = false;
      while (spares.length < SPARES) spares.push(spawn());
    }).unref();
  }
  return current;
}

function kill(w: RegexWorker): void {
  if (current === w) current = undefined;
  restarts++;
  w.port.close();
  void w.worker.terminate();
}

/** Starts the worker ahead of the first operation (server start), so that one doesn't wait for it. */
export function warmRegexWorker(): void {
  take();
}

export function regexWorkerRestarts(): number {
  return restarts;
}

export const workerRegexRunner: RegexRunner = (request: RegexRequest, timeoutMs: number): RegexResponse | undefined => {
  if (fast(request)) return executeRegexRequest(request);
  let start = performance.now();
  const w = take();
  const left = () => (timeoutMs > 0 ? Math.max(0, timeoutMs - (performance.now() - start)) : Infinity);
  if (Atomics.load(w.ctrl, 1) === 0) {
    if (!everReady) {
      // Cold start (the first regex since the process started, within ms of loading the
      // engine): wait for the worker to load, once, without charging the operation for it.
      Atomics.wait(w.ctrl, 1, 0, COLD_START_MS);
      start = performance.now();
    }
    // Otherwise (every worker ended by runaway operations and no spare loaded yet) the wait
    // counts against the deadline, so an attack cannot make the server wait for workers.
    while (Atomics.load(w.ctrl, 1) === 0) {
      const ms = left();
      if (ms === 0 || Atomics.wait(w.ctrl, 1, 0, ms) === 'timed-out') {
        // Not ready in time: leave it starting for the next operation.
        if (Atomics.load(w.ctrl, 1) === 0) return undefined;
      }
    }
  }
  everReady = true;
  Atomics.store(w.ctrl, 0, 0);
  w.port.postMessage(request);
  while (Atomics.load(w.ctrl, 0) === 0) {
    const ms = left();
    if (ms === 0 || Atomics.wait(w.ctrl, 0, 0, ms) === 'timed-out') {
      if (Atomics.load(w.ctrl, 0) !== 0) break;
      kill(w);
      take();
      return undefined;
    }
  }
  const reply = receiveMessageOnPort(w.port);
  if (reply === undefined) {
    // Cannot happen while the worker posts before raising the flag; treat it as a broken worker.
    kill(w);
    take();
    return { ok: false, name: 'Error', message: 'The regular-expression worker did not answer' };
  }
  return reply.message as RegexResponse;
};
