// Options of one evaluation and the context object built from them.
import type { Ctx } from './types.ts';
import { DEFAULT_MAX_CALL_DEPTH, DEFAULT_MAX_STEPS, DEFAULT_TIMEOUT_MS, MAX_ALLOCATION } from '../limits.ts';

export interface EvaluateOptions {
  /** Loop iterations plus calls allowed in one evaluation (default 1,000,000). */
  maxSteps?: number;
  /** Nested calls of functions written in the expression (default 200). */
  maxCallDepth?: number;
  /** Wall-clock limit in ms, checked every 4096 steps (default 5000; 0 turns it off). */
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
  };
}

