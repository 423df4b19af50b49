import { evaluateExpression, type EvaluateOptions } from '../../src/model/expressions/index.ts';

export function scopeFor(json: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { $json: json, $runIndex: 0, $itemIndex: 0, ...extra };
}

export function ev(expression: string, json: Record<string, unknown> = {}, options?: EvaluateOptions, extra: Record<string, unknown> = {}): unknown {
  return evaluateExpression(expression, scopeFor(json, extra), options);
}

/** The ExpressionError an evaluation throws (fails the test if it does not throw). */
export function errorOf(expression: string, json: Record<string, unknown> = {}, options?: EvaluateOptions, extra: Record<string, unknown> = {}): Error & { description?: string; context: Record<string, unknown>; fatal?: boolean } {
  try {
    ev(expression, json, options, extra);
  } catch (e) {
    return e as Error & { description?: string; context: Record<string, unknown> };
  }
  throw new Error(`expected ${expression} to throw`);
}
