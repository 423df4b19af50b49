// Evaluating expressions off the server's thread. An evaluation inside awaitSlowWork that
// outgrows its slice of the thread (or is about to make one long native call) is given up and
// sent here (src/engine/expressions.ts); the expression worker evaluates it with the engine's
// code and limits while the server's loop stays free, and the caller's next attempt finds the
// answer. One evaluation runs at a time; the worker is ended past the expression time limit
// (which then fires however the expression was stuck) and after a minute idle.
import { Worker } from 'node:worker_threads';
import type { ProxyContext } from '../../model/dataProxy.ts';
import type { ITaskData } from '../../model/execution.ts';
import { limitError } from '../../model/expressions/errors.ts';
import { MAX_DATA_ARRAY_LENGTH } from '../../model/jsonDepth.ts';
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';
import { errorFromWire, fromWire } from './wire.ts';
import { TEXT_TRANSFER_CHARS, type EvalResult, type FromWorker, type ToWorker } from './protocol.ts';
import { jsonLargerThan } from '../../server/push/jsonSize.ts';
import { stringifySlicedChunks } from '../../server/slicedJson.ts';
import { parseJsonSliced, SLICED_PARSE_MIN_CHARS } from '../../server/slicedJsonParse.ts';

/** Executions and node runs whose data the worker keeps (the oldest are dropped). */
const MAX_RUNS = 4;
const MAX_NODE_RUNS = 16;
/** How long past the expression time limit a stuck native call may run before the worker is ended. */
const KILL_GRACE_MS = 1000;
/**
 * How long the worker may take to read the data sent before an evaluation (tens of megabytes of
 * JSON take seconds there, off the server's thread) before it counts as stuck. The expression
 * time limit starts when the worker begins evaluating: it counted the reading too, and a 8 MB
 * item made a 40 ms expression exceed 5 s on a loaded machine.
 */
const READ_GUARD_MS = 60_000;
const START_TIMEOUT_MS = 30_000;
const WORKER_HEAP_MB = 1024;
let idleMs = 60_000;

/** The data could not be sent (a value structured clone cannot copy): evaluate on the thread. */
export class OffloadUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OffloadUnavailable';
  }
}

interface RunEntry {
  id: number;
  sent: Map<string, { tasks: ITaskData[]; count: number }>;
}

let worker: Worker | undefined;
let ready: Promise<void> | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let inFlight: { id: number; started: () => void; resolve: (m: EvalResult) => void; reject: (e: Error) => void } | undefined;
let chain: Promise<unknown> = Promise.resolve();
let nextId = 1;
const runs = new Map<object, RunEntry>();
const nodeRuns = new Map<ProxyContext, number>();
let evaluations = 0;
let restarts = 0;

/** Results the worker already checked for depth, holding no Luxon objects (see isCheckedResult). */
const checked = new WeakSet<object>();
/** Depth the worker already enforced on results (the engine's limit is far below). */
const RESULT_MAX_DEPTH = 100_000;

/** A result from the worker: its depth was checked there and it holds no Luxon objects. */
export function isCheckedResult(value: object): boolean {
  return checked.has(value);
}

/** Tests: evaluations sent to the worker and workers ended since the start. */
export function offloadStats(): { evaluations: number; restarts: number; running: boolean } {
  return { evaluations, restarts, running: worker !== undefined };
}

/** Tests: how long the idle worker is kept (ms). */
export function setOffloadIdleMs(ms: number): void {
  idleMs = ms;
}

function reset(): void {
  worker = undefined;
  ready = undefined;
  runs.clear();
  nodeRuns.clear();
  clearTimeout(idleTimer);
}

function stop(w: Worker): void {
  if (worker === w) reset();
  void w.terminate();
}

function start(): Promise<void> {
  const w = new Worker(new URL('./worker.ts', import.meta.url), { stdout: false, stderr: false, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  w.unref();
  worker = w;
  ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The expression worker did not start')), START_TIMEOUT_MS);
    w.on('message', (m: FromWorker | { type: 'ready' }) => {
      if (m.type === 'ready') {
        clearTimeout(timer);
        resolve();
      } else if (inFlight && m.id === inFlight.id) {
        if (m.type === 'started') inFlight.started();
        else inFlight.resolve(m);
      }
    });
    w.once('error', (e: Error & { code?: string }) => {
      clearTimeout(timer);
      const err = e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? limitError(`The expression ran out of memory (the expression worker's heap limit is ${WORKER_HEAP_MB} MB)`) : new Error(`The expression worker failed: ${e.message}`);
      inFlight?.reject(err);
      reject(err);
    });
    w.once('exit', (code) => {
      clearTimeout(timer);
      if (worker === w) reset();
      inFlight?.reject(new Error(`The expression worker stopped (exit ${code})`));
      reject(new Error(`The expression worker stopped (exit ${code})`));
    });
  });
  ready.catch(() => {});
  return ready;
}

function post(w: Worker, m: ToWorker): void {
  try {
    w.postMessage(m);
  } catch (e) {
    // The worker now holds part of a message's state at most: start afresh next time.
    stop(w);
    throw new OffloadUnavailable(`The data of this node run cannot be sent to the expression worker: ${(e as Error).message}`);
  }
}

/** Sends what the worker lacks of this node run's context; returns its node-run id. */
async function sync(w: Worker, ctx: ProxyContext): Promise<number> {
  const key: object = ctx.runExecutionData ?? ctx;
  let run = runs.get(key);
  if (run === undefined) {
    run = { id: nextId++, sent: new Map() };
    // Pinned data (manual runs) is the execution's: sent once, as text when large.
    const pinData = ctx.pinData === undefined ? undefined : jsonLargerThan(ctx.pinData, TEXT_TRANSFER_CHARS) ? { json: await stringifySlicedChunks(ctx.pinData) } : { value: ctx.pinData };
    post(w, { type: 'run', run: run.id, nodes: [...ctx.graph.nodes.values()], connections: ctx.graph.bySource, pinData });
    if (runs.size >= MAX_RUNS) {
      const [oldKey, old] = runs.entries().next().value!;
      runs.delete(oldKey);
      for (const c of [...nodeRuns.keys()]) if ((c.runExecutionData ?? c) === oldKey) nodeRuns.delete(c);
      post(w, { type: 'drop', run: old.id });
    }
  } else runs.delete(key);
  runs.set(key, run);
  const runData = ctx.runExecutionData?.resultData.runData ?? {};
  for (const name of Object.keys(runData)) {
    const tasks = runData[name];
    const sent = run.sent.get(name);
    if (sent !== undefined && sent.tasks === tasks && sent.count === tasks.length) continue;
    const from = sent !== undefined && sent.tasks === tasks && sent.count < tasks.length ? sent.count : 0;
    const part = from === 0 ? tasks : tasks.slice(from);
    // Large data crosses as JSON text made in slices: one structured clone of a 13 MB webhook
    // body held the thread 2.5 s (issue-14 trial); a string is copied in one move.
    if (jsonLargerThan(part, TEXT_TRANSFER_CHARS)) post(w, { type: 'tasks', run: run.id, node: name, from, json: await stringifySlicedChunks(part) });
    else post(w, { type: 'tasks', run: run.id, node: name, from, tasks: part });
    run.sent.set(name, { tasks, count: tasks.length });
    // Cloning a large run's data is the main cost here: in pieces, with the loop between.
    if (sliceDue()) await yieldToLoop();
  }
  let nodeRun = nodeRuns.get(ctx);
  if (nodeRun === undefined) {
    nodeRun = nextId++;
    post(w, {
      type: 'nodeRun',
      run: run.id,
      nodeRun,
      workflow: ctx.workflow,
      activeNodeName: ctx.activeNodeName,
      runIndex: ctx.runIndex,
      ...(jsonLargerThan(ctx.connectionInputData, TEXT_TRANSFER_CHARS) ? { inputJson: await stringifySlicedChunks(ctx.connectionInputData) } : { connectionInputData: ctx.connectionInputData }),
      source: ctx.source,
      mode: ctx.mode,
      executionId: ctx.executionId,
      timezone: ctx.timezone,
      parameters: ctx.parameters,
      additional: ctx.additional,
      hasRunData: ctx.runExecutionData !== null,
    });
    if (nodeRuns.size >= MAX_NODE_RUNS) {
      const [oldCtx, oldId] = nodeRuns.entries().next().value!;
      nodeRuns.delete(oldCtx);
      post(w, { type: 'drop', nodeRun: oldId });
    }
    nodeRuns.set(ctx, nodeRun);
  }
  return nodeRun;
}

export interface OffloadRequest {
  value: string;
  ctx: ProxyContext;
  itemIndex: number;
  nodeName?: string;
  expressionSteps: number;
  expressionTimeoutMs: number;
  regexTimeoutMs: number;
}

async function evaluateInWorker(req: OffloadRequest): Promise<unknown> {
  clearTimeout(idleTimer);
  if (worker === undefined) await start();
  else await ready;
  const w = worker!;
  const nodeRun = await sync(w, req.ctx);
  const id = nextId++;
  evaluations++;
  const data = req.ctx.runExecutionData;
  const reply = await new Promise<EvalResult>((resolve, reject) => {
    const kill = (error: Error) => {
      restarts++;
      stop(w);
      reject(error);
    };
    let killer = setTimeout(() => kill(new Error(`The expression worker took more than ${READ_GUARD_MS / 1000} s to read this node run's data`)), READ_GUARD_MS);
    inFlight = {
      id,
      started: () => {
        clearTimeout(killer);
        killer = setTimeout(
          () =>
            kill(limitError(
              'Expression exceeded its time limit',
              `One evaluation may run for a limited time (on the server SWITCHYARD_EXPRESSION_TIMEOUT, ${req.expressionTimeoutMs} ms unless set), whatever it does: this one was stopped inside a single long operation.`,
            )),
          req.expressionTimeoutMs + KILL_GRACE_MS,
        );
      },
      resolve: (m) => (clearTimeout(killer), resolve(m)),
      reject: (e) => (clearTimeout(killer), reject(e)),
    };
    const send = (m: ToWorker) => {
      try {
        post(w, m);
      } catch (e) {
        clearTimeout(killer);
        reject(e as Error);
      }
    };
    send({
      type: 'eval',
      id,
      nodeRun,
      value: req.value,
      itemIndex: req.itemIndex,
      nodeName: req.nodeName,
      now: req.ctx.now(),
      expressionSteps: req.expressionSteps,
      expressionTimeoutMs: req.expressionTimeoutMs,
      regexTimeoutMs: req.regexTimeoutMs,
      ranNodes: Object.keys(data?.resultData.runData ?? {}),
      metadata: data?.resultData.metadata,
      contextData: data?.executionData?.contextData as Record<string, never> | undefined,
    });
  }).finally(() => {
    inFlight = undefined;
  });
  if (!reply.ok) throw errorFromWire(reply.error);
  let value = reply.value;
  if (reply.json !== undefined) {
    if (reply.json.length < SLICED_PARSE_MIN_CHARS) value = JSON.parse(reply.json);
    else {
      const parsed = await parseJsonSliced(reply.json, { maxDepth: RESULT_MAX_DEPTH, refusePrototypeKeys: false });
      if (!parsed.ok && parsed.kind === 'large') throw new Error(`The expression's result has an array of more than ${MAX_DATA_ARRAY_LENGTH.toLocaleString('en-US')} elements, the limit of one array in workflow data`);
      if (!parsed.ok) throw new Error(`The expression's result could not be read back (${parsed.kind})`);
      value = parsed.value;
    }
  }
  if (reply.tagged) return fromWire(value);
  // Checked in the worker (depth) and free of Luxon objects: the engine need not walk it again.
  if (value !== null && typeof value === 'object') checked.add(value);
  return value;
}

/**
 * Evaluates one parameter value for one item of a node run in the expression worker. Requests
 * are served one after another; a rejection with OffloadUnavailable means: evaluate on the thread.
 */
export function offloadEvaluation(req: OffloadRequest): Promise<unknown> {
  const result = chain.then(() => evaluateInWorker(req));
  chain = result.then(
    () => armIdle(),
    () => armIdle(),
  );
  return result;
}

function armIdle(): void {
  clearTimeout(idleTimer);
  const w = worker;
  if (w === undefined) return;
  idleTimer = setTimeout(() => stop(w), idleMs);
  idleTimer.unref();
}

/** Ends the worker (tests, shutdown). */
export async function stopOffloadWorker(): Promise<void> {
  const w = worker;
  if (w) {
    reset();
    await w.terminate();
  }
}
