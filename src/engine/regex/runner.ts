// The engine's regex runner: every user regex operation (src/model/expressions/regex.ts) runs
// in one dedicated worker thread while the server's thread waits for it with a deadline
// (Atomics.wait). The wait is synchronous — expressions are — but bounded: past the deadline
// the worker is terminated, which ends any backtracking, and a fresh worker is started at once
// so the next operation finds it (nearly) ready.
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { executeRegexRequest, type DeferringRunner, type RegexRequest, type RegexResponse, type RegexRunner } from '../../model/expressions/regex.ts';
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

/**
 * A pattern without repetition, backreferences or lookaround (literals, classes, anchors,
 * groups, alternation — `/item number 7/i`, `^(yes|no)$`): it cannot backtrack more than once
 * per pattern element at each position, whatever the flags, so it is safe on this thread too.
 */
export function withoutRepetition(source: string): boolean {
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') {
      const next = source[i + 1];
      if (next === 'k' || (next >= '1' && next <= '9')) return false;
      if (next === 'p' || next === 'P' || next === 'u' || next === 'x' || next === 'c') return false;
      i++;
    } else if (ch === '[') {
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
    } else if (ch === '*' || ch === '+' || ch === '?' || ch === '{') {
      return false;
    } else if (ch === '(' && source[i + 1] === '?') {
      // Only non-capturing and named groups: (?: … ) and (?<name> … ); lookaround is not.
      if (source[i + 2] === ':') i += 2;
      else if (source[i + 2] === '<' && source[i + 3] !== '=' && source[i + 3] !== '!') i += 2;
      else return false;
    }
  }
  return true;
}

const shapeCache = new Map<string, boolean>();
function cached(cache: Map<string, boolean>, key: string, compute: () => boolean): boolean {
  let ok = cache.get(key);
  if (ok === undefined) {
    ok = compute();
    if (cache.size >= 2000) cache.clear();
    cache.set(key, ok);
  }
  return ok;
}

/** The longest input a pattern runs on this thread for, -1 for none (the expressions' inline predicate). */
export function regexInlineMax(source: string, flags: string): number {
  if (!fastPath) return -1;
  if (!(linearCapable(source, flags) || cached(shapeCache, source, () => withoutRepetition(source)))) return -1;
  return Math.min(FAST_MAX_INPUT, Math.floor(FAST_MAX_WORK / (source.length + 16)));
}

function fast(request: RegexRequest): boolean {
  return request.input.length <= regexInlineMax(request.source, request.flags);
}

/** The worker's own heap: inputs and results of up to 50M characters pass through it. */
const WORKER_HEAP_MB = 1024;

interface RegexWorker {
  worker: Worker;
  port: MessagePort;
  /** [0] reply ready, [1] worker loaded, [2] current request begun, [3] the worker's thread id. */
  ctrl: Int32Array;
  /** When the worker began the current request: [0] ms since the epoch, [1] its CPU time in ms (-1: unknown). */
  began: Float64Array;
}

let current: RegexWorker | undefined;
/** Workers started ahead, so that the one after a terminated worker is already loaded. */
const spares: RegexWorker[] = [];
const SPARES = 2;
let spawnQueued = false;
/** Some worker has answered: from then on, waiting for one to load counts against deadlines. */
let everReady = false;
/** Resolution of the CPU times in /proc (USER_HZ = 100). */
const CPU_TICK_MS = 10;

/** CPU time in ms the worker spent on its current request, from /proc on Linux; undefined elsewhere. */
function cpuUsedMs(w: RegexWorker): number | undefined {
  const tid = Atomics.load(w.ctrl, 3);
  const at = w.began[1];
  if (tid <= 0 || at < 0) return undefined;
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the name).
    return (Number(fields[11]) + Number(fields[12])) * CPU_TICK_MS - at;
  } catch {
    return undefined;
  }
}

/**
 * The most the server thread waits for one operation, in budgets (see workerRegexRunner): a
 * request the worker has not begun yet (its thread kept off the CPU) is waited for this long,
 * and one begun is stretched to no more. With the default 50 ms limit that is the 100 ms event
 * loop budget. (1 s for a request not begun was too much: the bench saw a 1,050 ms hold on a
 * machine that also held a harmless run's loop for 165 ms; 3 budgets still gave 150 ms.)
 */
const NOT_BEGUN_FACTOR = 2;
/** How long the very first operation may wait for the first worker to load. */
const COLD_START_MS = 5_000;
/** Workers terminated because an operation overran (for tests and diagnostics). */
let restarts = 0;

function spawn(): RegexWorker {
  const sab = new SharedArrayBuffer(32);
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
  const w: RegexWorker = { worker, port: port1, ctrl: new Int32Array(sab, 0, 4), began: new Float64Array(sab, 16, 2) };
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

/** A request posted to a worker, and how long it may run (see waitFor). */
interface Posted {
  w: RegexWorker;
  posted: number;
  budget: number;
  hardEnd: number;
  end: number;
}

/**
 * Posts a request to the current worker once it is ready; undefined when it was not ready in
 * time (or the time was used up), a response for a fast-path request.
 */
function post(request: RegexRequest, timeoutMs: number): Posted | undefined {
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
  Atomics.store(w.ctrl, 2, 0);
  w.port.postMessage(request);
  const posted = performance.now();
  // The deadline is the operation's own time, counted from when the worker began it: on an
  // overloaded machine (load averages of 10–15 on 2 cores were seen here) a worker thread can
  // wait 100 ms for a core before it even reads the request, and that is not the pattern's
  // doing. A request not begun is waited for up to 2 budgets in all; one begun gets its budget
  // in wall-clock time, stretched (to at most 2 budgets in all) while its thread's CPU time is
  // behind.
  const budget = timeoutMs > 0 ? Math.max(0, timeoutMs - (posted - start)) : Infinity;
  return { w, posted, budget, hardEnd: posted + NOT_BEGUN_FACTOR * budget, end: posted + budget };
}

/** When the deadline passed without a reply: the new deadline, or undefined to give up. */
function extended(p: Posted): number | undefined {
  const { w, budget, hardEnd } = p;
  const now = performance.now();
  let next = hardEnd;
  if (Atomics.load(w.ctrl, 2) === 1) {
    // Begun: its budget of wall-clock time; a worker that got less CPU than that (a busy
    // machine) gets more, up to twice its budget from when it began.
    const begun = w.began[0] - performance.timeOrigin;
    next = Math.min(begun + budget, hardEnd);
    const used = next <= now ? cpuUsedMs(w) : undefined;
    if (used !== undefined && used < budget - CPU_TICK_MS) next = Math.min(now + Math.max(5, budget - used), begun + 2 * budget, hardEnd);
  }
  return next > now + 0.5 ? next : undefined;
}

function reply(w: RegexWorker): RegexResponse {
  const r = receiveMessageOnPort(w.port);
  if (r === undefined) {
    // Cannot happen while the worker posts before raising the flag; treat it as a broken worker.
    kill(w);
    return { ok: false, name: 'Error', message: 'The regular-expression worker did not answer' };
  }
  return r.message as RegexResponse;
}

/** Waits on this thread until the reply, the deadline, or (when given) `until`: then 'later'. */
function waitFor(p: Posted, until = Infinity): RegexResponse | undefined | 'later' {
  const { w } = p;
  while (Atomics.load(w.ctrl, 0) === 0) {
    const ms = Math.min(p.end, until) - performance.now();
    if (ms > 0 && Atomics.wait(w.ctrl, 0, 0, ms === Infinity ? undefined : ms) !== 'timed-out') continue;
    if (Atomics.load(w.ctrl, 0) !== 0) break;
    // Past the window of a deferrable operation: handed back, whatever its deadline says (the
    // deferred wait judges by the worker's CPU time; a loaded machine that kept both threads
    // off the CPU during the window made innocent regexes fail here).
    if (performance.now() >= until) return 'later';
    const next = extended(p);
    if (next !== undefined) {
      p.end = next;
      continue;
    }
    kill(w);
    take();
    return undefined;
  }
  return reply(w);
}

/**
 * A deferred operation holds nothing, so its deadline is its thread's CPU time (when known):
 * on a busy machine a few-ms match can take 100 ms of wall-clock time, which is no reason to
 * fail it. Wall-clock time is still bounded, at LATER_FACTOR budgets.
 */
const LATER_FACTOR = 10;
function extendedLater(p: Posted): number | undefined {
  const { w, budget, posted } = p;
  const now = performance.now();
  if (Atomics.load(w.ctrl, 2) !== 1) {
    const next = posted + LATER_FACTOR * budget;
    return next > now + 0.5 ? next : undefined;
  }
  const begun = w.began[0] - performance.timeOrigin;
  const cap = begun + LATER_FACTOR * budget;
  const used = cpuUsedMs(w);
  const next = used === undefined ? begun + budget : used < budget - CPU_TICK_MS ? Math.min(now + Math.max(5, budget - used), cap) : now;
  return next > now + 0.5 ? next : undefined;
}

/** The same wait with the loop free (Atomics.waitAsync). */
async function waitForLater(p: Posted): Promise<RegexResponse | undefined> {
  const { w } = p;
  while (Atomics.load(w.ctrl, 0) === 0) {
    const ms = p.end - performance.now();
    if (ms > 0) {
      const waited = Atomics.waitAsync(w.ctrl, 0, 0, ms === Infinity ? undefined : ms);
      if ((waited.async ? await waited.value : waited.value) !== 'timed-out') continue;
    }
    if (Atomics.load(w.ctrl, 0) !== 0) break;
    const next = extendedLater(p);
    if (next !== undefined) {
      p.end = next;
      continue;
    }
    kill(w);
    return undefined;
  }
  const res = reply(w);
  adopt(w);
  return res;
}

/** A worker that finished a deferred operation is used again (or ends if enough are at hand). */
function adopt(w: RegexWorker): void {
  if (current === w || spares.includes(w)) return;
  if (current === undefined) current = w;
  else if (spares.length < SPARES) spares.push(w);
  else {
    w.port.close();
    void w.worker.terminate();
  }
}

export const workerRegexRunner: RegexRunner = (request: RegexRequest, timeoutMs: number): RegexResponse | undefined => {
  if (fast(request)) return executeRegexRequest(request);
  const p = post(request, timeoutMs);
  if (p === undefined) return undefined;
  return waitFor(p) as RegexResponse | undefined;
};

/**
 * Deferred operations run one at a time: each may take its whole budget of CPU, and ten at once
 * (a burst of webhook calls) took the cores from the server's own thread. Later ones queue.
 */
let backgroundBusy = false;
const backgroundQueue: Array<() => void> = [];

function backgroundSlot(): Promise<void> {
  if (!backgroundBusy) {
    backgroundBusy = true;
    return Promise.resolve();
  }
  return new Promise((resolve) => backgroundQueue.push(resolve));
}

function releaseSlot(): void {
  const next = backgroundQueue.shift();
  if (next) next();
  else backgroundBusy = false;
}

async function queued(request: RegexRequest, timeoutMs: number): Promise<RegexResponse | undefined> {
  await backgroundSlot();
  try {
    const w = take();
    // Not loaded yet (runaway operations ended the others): waited for with the loop free,
    // and not charged to the operation.
    const waited = Atomics.waitAsync(w.ctrl, 1, 0, COLD_START_MS);
    if (waited.async) await waited.value;
    const p = post(request, timeoutMs);
    if (p === undefined) return undefined;
    if (current === p.w) current = undefined;
    return await waitForLater(p);
  } finally {
    releaseSlot();
  }
}

/**
 * The same, waiting on this thread for `syncMs` at most: an operation still running then is
 * left to its worker (which stops being the current one) and handed back as a promise.
 */
export const deferringRegexRunner: DeferringRunner = (request, timeoutMs, syncMs) => {
  if (fast(request)) return executeRegexRequest(request);
  if (backgroundBusy || (everReady && Atomics.load(take().ctrl, 1) === 0)) return { later: queued(request, timeoutMs) };
  const p = post(request, timeoutMs);
  if (p === undefined) return undefined;
  const res = waitFor(p, performance.now() + syncMs);
  if (res !== 'later') return res;
  // Its worker is busy until then: the next operation takes another (or this one back, if it
  // has ended by then: see adopt).
  if (current === p.w) current = undefined;
  backgroundBusy = true;
  return { later: waitForLater(p).finally(releaseSlot) };
};
