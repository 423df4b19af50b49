// Public entry points: evaluate a parameter value ('=…') or a bare template against the
// engine's variables.
import { createContext, type EvaluateOptions } from './compile/context.ts';
import { compileExpressionValue, compileTemplate } from './template/compile.ts';
import { functionResult } from './template/render.ts';

export function isExpression(value: unknown): value is string {
  return typeof value === 'string' && value.charCodeAt(0) === 61; /* '=' */
}

/** Evaluates a template (text with `{{ }}` segments, without the leading '='). */
export function evaluateTemplate(template: string, scope: Record<string, unknown>, options?: EvaluateOptions): unknown {
  const result = compileTemplate(template).run(createContext(scope, options));
  if (typeof result === 'function') throw functionResult(result);
  return result;
}

/**
 * Evaluates a parameter value. Strings starting with '=' are expressions; anything else is
 * returned unchanged (n8n's resolveSimpleParameterValue).
 */
export function evaluateExpression(value: string, scope: Record<string, unknown>, options?: EvaluateOptions): unknown {
  if (!isExpression(value)) return value;
  const result = compileExpressionValue(value).run(createContext(scope, options));
  if (typeof result === 'function') throw functionResult(result);
  return result;
}

export { createContext, type EvaluateOptions };
