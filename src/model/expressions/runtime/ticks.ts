// The step budget: every loop iteration and every call costs one step.
import type { Ctx } from '../compile/types.ts';
import { depthLimitError, stepLimitError, timeLimitError } from '../limits.ts';

export function tick(c: Ctx): void {
  if (++c.steps > c.maxSteps) throw stepLimitError();
  if ((c.steps & 4095) === 0 && c.deadline !== 0 && Date.now() > c.deadline) throw timeLimitError();
}

export function enter(c: Ctx): void {
  if (++c.steps > c.maxSteps) throw stepLimitError();
  if (++c.depth > c.maxDepth) {
    c.depth--;
    throw depthLimitError();
  }
  if ((c.steps & 4095) === 0 && c.deadline !== 0 && Date.now() > c.deadline) {
    c.depth--;
    throw timeLimitError();
  }
}
