// Options of one evaluation and the context object built from them.
import type { Ctx } from './types.ts';
import { startClock } from '../runtime/ticks.ts';
import { DEFAULT_MAX_CALL_DEPTH, DEFAULT_MAX_STEPS, DEFAULT_TIMEOUT_MS, MAX_ALLOCATION } from '../limits.ts';

export interface EvaluateOptions {
  /** Loop iterations plus calls allowed in one evaluation (default 1,000,000). */
  maxSteps?: number;
  /** Nested calls of functions written in the expression (default 200). */
  maxCallDepth?: number;
  /** Wall-clock limit in ms from the 64th loop step or call, checked every 64 steps (default 5000; 0: off). */
  timeoutMs?: number;
  /** Characters plus elements of strings/arrays host calls may return (default 200,000,000). */
  maxAllocation?: number;
  /** IANA zone for DateTimes created by extension methods ('2024-01-01'.toDateTime() …). */
  timezone?: string;
  /**
   * 'strict' (default): unknown names and runtime errors are ExpressionErrors.
   * 'n8n': n8n's backend behaviour — unknown names read as undefined, and a runtime error in
   * a segment that uses a member access or call makes that segment undefined ('' in a mixed
   * template); other runtime errors make the template null. Security, limit, extension and
   * engine errors (name 'ExpressionError') always propagate.
   */
  mode?: 'strict' | 'n8n';
  /**
   * Inside awaitSlowWork (defer.ts): ms of the thread this evaluation may take before it throws
   * EvaluationTooLong for its caller to evaluate it elsewhere (checked with the clock; a host
   * call on a very long value throws it at once). 0 or absent: never.
   */
  deferAfterMs?: number;
}

export function createContext(scope: Record<string, unknown>, options: EvaluateOptions = {}): Ctx {
  return {
    scope,
    steps: 0,
    maxSteps: options.maxSteps ?? DEFAULT_MAX_STEPS,
    depth: 0,
    maxDepth: options.maxCallDepth ?? DEFAULT_MAX_CALL_DEPTH,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    deadline: 0,
    allocated: 0,
    maxAllocation: options.maxAllocation ?? MAX_ALLOCATION,
    implicit: null,
    lenient: options.mode === 'n8n',
    timezone: options.timezone,
    regexMs: 0,
    deferAfterMs: options.deferAfterMs ?? 0,
    deferAt: 0,
  };
}


let active: Ctx | null = null;

/**
 * Milliseconds the running evaluation has left on its clock (Infinity outside an evaluation or
 * without a time limit). Starts the clock if it has not started yet: a regex operation or a
 * long host call early in an expression must count.
 */
export function remainingMs(): number {
  const c = active;
  if (c === null) return Infinity;
  const now = Date.now();
  startClock(c, now);
  return c.timeoutMs === 0 ? Infinity : c.deadline - now;
}

/** The running evaluation's context (null outside one): regex.ts charges its regex time to it. */
export function activeContext(): Ctx | null {
  return active;
}

/**
 * Runs an evaluation. One started while another is running ($evaluateExpression, a scope
 * getter that evaluates a parameter) spends the outer one's steps, clock, allocation and
 * depth, so nesting evaluations cannot multiply the budgets.
 */
export function runWithContext<T>(c: Ctx, run: (c: Ctx) => T): T {
  const parent = active;
  if (parent !== null) {
    c.steps = parent.steps;
    c.maxSteps = Math.min(c.maxSteps, parent.maxSteps);
    c.allocated = parent.allocated;
    c.maxAllocation = Math.min(c.maxAllocation, parent.maxAllocation);
    c.depth = parent.depth;
    c.maxDepth = Math.min(c.maxDepth, parent.maxDepth);
    if (parent.deadline !== 0) c.deadline = parent.deadline;
    c.regexMs = parent.regexMs;
    c.deferAfterMs = parent.deferAfterMs;
    c.deferAt = parent.deferAt;
  }
  active = c;
  try {
    return run(c);
  } finally {
    active = parent;
    if (parent !== null) {
      parent.steps = c.steps;
      parent.allocated = c.allocated;
      if (parent.deadline === 0) parent.deadline = c.deadline;
      if (parent.deferAt === 0) parent.deferAt = c.deferAt;
      parent.regexMs = c.regexMs;
    }
  }
}
