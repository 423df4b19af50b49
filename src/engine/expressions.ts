// Resolving parameter values: strings starting with '=' are expressions, objects and arrays
// are resolved member by member (n8n's getParameterValue).
//
// Expressions run on the server's event loop, so their limits are the server's too: every
// user regular expression runs in the regex worker with a deadline (src/engine/regex), and
// each evaluation has a wall-clock limit besides its step budget.
import { isMainThread } from 'node:worker_threads';
import { configureRegex, evaluateExpression } from '../model/expressions/index.ts';
import { activeContext } from '../model/expressions/compile/context.ts';
import { ExpressionError, limitError } from '../model/expressions/errors.ts';
import { deferTo, EvaluationTooLong, memoised, slowWorkScope } from '../model/expressions/defer.ts';
import { regexTimeLimitMs } from '../model/expressions/regex.ts';
import { scopeParts, type ProxyContext } from '../model/dataProxy.ts';
import { isCheckedResult, offloadEvaluation, OffloadUnavailable } from './offload/offloader.ts';
import { DEFAULT_TIMEOUT_MS } from '../model/expressions/limits.ts';
import { deferringRegexRunner, regexInlineMax, warmRegexWorker, workerRegexRunner } from './regex/runner.ts';
import type { EngineLimits } from './types.ts';
import { DEPTH_LIMIT_DESCRIPTION, expressionResultTooDeep } from './dataDepth.ts';
import { MAX_JSON_DEPTH } from '../model/jsonDepth.ts';

/**
 * Default regex time limit, ms: per operation, and per evaluation all together. Half the event
 * loop budget of DESIGN.md (100 ms), so that a stopped regex plus the request around it stays
 * within it.
 */
export const DEFAULT_REGEX_TIMEOUT_MS = 50;

function envMs(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/** Wall-clock limit of one expression evaluation, ms (SWITCHYARD_EXPRESSION_TIMEOUT). */
let expressionTimeoutMs = envMs('SWITCHYARD_EXPRESSION_TIMEOUT', DEFAULT_TIMEOUT_MS, 1, 600_000);

/** Sets the limits (the server reads them from its configuration; tests may lower them). */
export function configureExpressionLimits(options: { regexTimeoutMs?: number; expressionTimeoutMs?: number }): void {
  if (options.regexTimeoutMs !== undefined) configureRegex({ timeoutMs: options.regexTimeoutMs });
  if (options.expressionTimeoutMs !== undefined) expressionTimeoutMs = options.expressionTimeoutMs;
}

configureRegex({
  runner: workerRegexRunner,
  deferring: deferringRegexRunner,
  inline: regexInlineMax,
  timeoutMs: envMs('SWITCHYARD_REGEX_TIMEOUT', DEFAULT_REGEX_TIMEOUT_MS, 1, 600_000),
  offThread: !isMainThread,
});
// Loaded once, when the engine is: the first regex then does not wait for the worker to start.
warmRegexWorker();

/**
 * The slice of the server's thread one evaluation may take inside awaitSlowWork before it is
 * given up and evaluated in the expression worker (src/engine/offload). Under the 100 ms budget
 * of DESIGN.md with room for the request around it; cheap evaluations never read the clock.
 */
export const EVALUATE_ON_THREAD_MS = 20;

/** The expression worker is used from the server's thread only (the worker evaluates itself). */
const offloading = isMainThread;
const nodeRunIds = new WeakMap<ProxyContext, number>();
let nextNodeRunId = 1;
/** Node runs whose data cannot be sent to the worker: evaluated on the thread. */
const notOffloadable = new WeakSet<ProxyContext>();

function evaluateOnThread(value: string, scope: Record<string, unknown>, limits: Pick<EngineLimits, 'expressionSteps'>, deferAfterMs?: number): unknown {
  // n8n swallows runtime errors inside {{ }} at run time (segment becomes undefined); so do we.
  return evaluateExpression(value, scope, { maxSteps: limits.expressionSteps, mode: 'n8n', timeoutMs: expressionTimeoutMs, deferAfterMs });
}

/**
 * What one evaluation may take of the server's thread where it cannot be moved to the worker
 * (outside awaitSlowWork: pagination's $response, declarative community nodes' routing, a
 * webhook node's settings, a credential test …): under the 100 ms budget of DESIGN.md.
 */
export const ON_THREAD_LIMIT_MS = 80;

function onThreadLimitError(): Error {
  return limitError(
    `Expression exceeded the ${ON_THREAD_LIMIT_MS} ms it may run here`,
    `This expression is evaluated where it cannot be moved off the server's thread (HTTP Request pagination, a declarative community node's request, a webhook's settings, a credential test …), so it may run ${ON_THREAD_LIMIT_MS} ms at most. Do the long work in a node before it (a Set node's expressions may run up to SWITCHYARD_EXPRESSION_TIMEOUT) and refer to its result.`,
  );
}

/** An outermost evaluation held on the server's thread: capped at ON_THREAD_LIMIT_MS. */
function evaluateHeld(value: string, scope: Record<string, unknown>, limits: Pick<EngineLimits, 'expressionSteps'>): unknown {
  if (!offloading || activeContext() !== null || expressionTimeoutMs <= ON_THREAD_LIMIT_MS) return evaluateOnThread(value, scope, limits);
  try {
    return evaluateExpression(value, scope, { maxSteps: limits.expressionSteps, mode: 'n8n', timeoutMs: ON_THREAD_LIMIT_MS });
  } catch (e) {
    if (e instanceof ExpressionError && e.context.type === 'limit' && e.message === 'Expression exceeded its time limit') throw onThreadLimitError();
    throw e;
  }
}

/**
 * An evaluation that is the outermost one, inside awaitSlowWork, on a node run's own scope may
 * be moved off the thread: it runs here for EVALUATE_ON_THREAD_MS at most, then the attempt
 * ends (WorkDeferred), the worker evaluates it, and the next attempt takes the memoised answer.
 */
function evaluateOnThreadOrOff(value: string, scope: Record<string, unknown>, limits: Pick<EngineLimits, 'expressionSteps'>, nodeName?: string): unknown {
  const slow = offloading && activeContext() === null ? slowWorkScope() : undefined;
  const parts = slow === undefined ? undefined : scopeParts(scope);
  if (slow === undefined || parts === undefined || notOffloadable.has(parts.ctx)) return evaluateHeld(value, scope, limits);
  let nodeRun = nodeRunIds.get(parts.ctx);
  if (nodeRun === undefined) nodeRunIds.set(parts.ctx, (nodeRun = nextNodeRunId++));
  const key = `e\u0000${nodeRun}\u0000${parts.itemIndex}\u0000${value}`;
  const known = memoised(slow, key);
  if (known !== undefined) {
    if (!('error' in known)) return known.value;
    if (!(known.error instanceof OffloadUnavailable)) throw known.error;
    notOffloadable.add(parts.ctx);
    return evaluateHeld(value, scope, limits);
  }
  try {
    return evaluateOnThread(value, scope, limits, EVALUATE_ON_THREAD_MS);
  } catch (e) {
    if (!(e instanceof EvaluationTooLong)) throw e;
  }
  deferTo(
    slow,
    key,
    offloadEvaluation({
      value,
      ctx: parts.ctx,
      itemIndex: parts.itemIndex,
      nodeName,
      expressionSteps: limits.expressionSteps,
      expressionTimeoutMs,
      regexTimeoutMs: regexTimeLimitMs(),
    }),
  );
}

export class ParameterResolutionError extends Error {
  description?: string;
  context: Record<string, unknown> = {};
}

/** `nodeName` names the node in the error for a result nested past the depth limit. */
export function evaluateParameterValue(value: unknown, scope: Record<string, unknown>, limits: Pick<EngineLimits, 'expressionSteps'>, nodeName?: string): unknown {
  if (typeof value === 'string') {
    if (value.charCodeAt(0) !== 61 /* = */) return value;
    const result = evaluateOnThreadOrOff(value, scope, limits, nodeName);
    // A result from the expression worker was checked there (a walk of a large one held the thread).
    if (result !== null && typeof result === 'object' && isCheckedResult(result)) return result;
    if (expressionResultTooDeep(result)) {
      const err = new ParameterResolutionError(`An expression${nodeName === undefined ? '' : ` in node "${nodeName}"`} returned data nested more than ${MAX_JSON_DEPTH} levels deep`);
      err.description = DEPTH_LIMIT_DESCRIPTION;
      throw err;
    }
    return result;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => evaluateParameterValue(v, scope, limits, nodeName));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = evaluateParameterValue((value as Record<string, unknown>)[key], scope, limits, nodeName);
    // An own "__proto__" key stays data; assigning it would set the object's prototype.
    if (key === '__proto__') Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[key] = v;
  }
  return out;
}
