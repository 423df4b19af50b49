// The step budget: every loop iteration and every call costs one step.
import type { Ctx } from '../compile/types.ts';
import { allocationLimitError, depthLimitError, stepLimitError, timeLimitError } from '../limits.ts';

function checkClock(c: Ctx): boolean {
  if (c.timeoutMs === 0) return false;
  const now = Date.now();
  if (c.deadline === 0) {
    c.deadline = now + c.timeoutMs;
    return false;
  }
  return now > c.deadline;
}

export function tick(c: Ctx): void {
  if (++c.steps > c.maxSteps) throw stepLimitError();
  if ((c.steps & 63) === 0 && checkClock(c)) throw timeLimitError();
}

/** Counts a string or array a host call produced against the evaluation's allocation budget. */
export function account(c: Ctx, value: unknown): void {
  if (typeof value === 'string' || Array.isArray(value) || ArrayBuffer.isView(value)) {
    c.allocated += (value as { length: number }).length;
    if (c.allocated > c.maxAllocation) throw allocationLimitError(c.maxAllocation);
  }
}

export function enter(c: Ctx): void {
  if (++c.steps > c.maxSteps) throw stepLimitError();
  if (++c.depth > c.maxDepth) {
    c.depth--;
    throw depthLimitError();
  }
  if ((c.steps & 63) === 0 && checkClock(c)) {
    c.depth--;
    throw timeLimitError();
  }
}
