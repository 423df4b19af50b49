// The single place where expressions get a RegExp.
//
// A native RegExp backtracks: patterns like /(a+)+$/ on a long non-matching input take
// exponential time, and a running native match cannot be interrupted by the step budget.
// Every regex an expression can create (literals, `new RegExp`, `RegExp(...)`) goes through
// createRegExp, so a linear-time engine (an RE2-style automaton) can replace the native one
// here without touching the evaluator. Until then the pattern length is bounded, which
// limits but does not remove the backtracking risk.
import { ExpressionError, limitError } from './errors.ts';

export const MAX_REGEX_SOURCE = 10_000;

export function createRegExp(pattern: unknown, flags?: unknown): RegExp {
  const source = pattern instanceof RegExp ? pattern.source : pattern === undefined ? '(?:)' : String(pattern);
  const f = flags === undefined ? (pattern instanceof RegExp ? pattern.flags : '') : String(flags);
  if (source.length > MAX_REGEX_SOURCE) {
    throw limitError(`Regular expression is too long (${source.length} characters, at most ${MAX_REGEX_SOURCE})`);
  }
  try {
    return new RegExp(source, f);
  } catch (error) {
    throw new ExpressionError((error as Error).message, { context: { type: 'syntax' } });
  }
}
