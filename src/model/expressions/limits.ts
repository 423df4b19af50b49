// Budgets that keep one expression from hanging or exhausting the host: a step budget for
// loops and calls, a call-depth cap, and size caps for host methods that allocate a lot from
// a small input ('x'.repeat(1e9), new Array(1e9), arr.join on huge lengths).
import { limitError } from './errors.ts';

export const DEFAULT_MAX_STEPS = 1_000_000;
export const DEFAULT_MAX_CALL_DEPTH = 200;
/** Characters in one string an expression builds (≈ 100 MB of UTF-16). */
export const MAX_STRING_LENGTH = 50_000_000;
/**
 * Elements in one array an expression builds (temporaries such as split('') may be long; what a
 * node stores meets MAX_DATA_ARRAY_LENGTH, 2M, when its output is checked).
 */
export const MAX_ARRAY_LENGTH = 10_000_000;

/** Characters plus elements host calls may return in one evaluation (about 1–2 GB at worst). */
export const MAX_ALLOCATION = 200_000_000;
/** Default wall-clock budget for one evaluation (n8n's isolated evaluator uses 5 s too). */
export const DEFAULT_TIMEOUT_MS = 5_000;

export function allocationLimitError(max: number): Error {
  return limitError(`Expression allocated more than ${max} characters or elements`);
}

export function stepLimitError(): Error {
  return limitError(
    'Expression exceeded its step limit',
    'Loops and calls in one expression are limited (a call on a long string or array counts one step per 64 characters or 16 elements); simplify the expression or raise maxSteps.',
  );
}

export function depthLimitError(): Error {
  return limitError('Expression exceeded its call depth limit', 'Recursion in one expression is limited.');
}

export function timeLimitError(): Error {
  return limitError(
    'Expression exceeded its time limit',
    'One evaluation may run for a limited time (on the server SWITCHYARD_EXPRESSION_TIMEOUT, 5000 ms unless set), whatever it does: loops, calls and regular expressions all count.',
  );
}

export function checkStringLength(length: number): void {
  if (length > MAX_STRING_LENGTH) {
    throw limitError(`Expression would create a string of ${length} characters (at most ${MAX_STRING_LENGTH})`);
  }
}

export function checkArrayLength(length: number): void {
  if (length > MAX_ARRAY_LENGTH) {
    throw limitError(`Expression would create an array of ${length} elements (at most ${MAX_ARRAY_LENGTH})`);
  }
}

export function checkedString(value: string): string {
  if (value.length > MAX_STRING_LENGTH) checkStringLength(value.length);
  return value;
}
