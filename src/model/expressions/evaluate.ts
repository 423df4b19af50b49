// Public entry points: evaluate a parameter value ('=…') or a bare template against the
// engine's variables.
import { createContext, type EvaluateOptions } from './compile/context.ts';
import { compileExpressionValue, compileTemplate, evaluateCompiled } from './template/compile.ts';

export function isExpression(value: unknown): value is string {
  return typeof value === 'string' && value.charCodeAt(0) === 61; /* '=' */
}

/** Evaluates a template (text with `{{ }}` segments, without the leading '='). */
export function evaluateTemplate(template: string, scope: Record<string, unknown>, options?: EvaluateOptions): unknown {
  return evaluateCompiled(compileTemplate(template), scope, options);
}

/**
 * Evaluates a parameter value. Strings starting with '=' are expressions; anything else is
 * returned unchanged (n8n's resolveSimpleParameterValue).
 */
export function evaluateExpression(value: string, scope: Record<string, unknown>, options?: EvaluateOptions): unknown {
  if (!isExpression(value)) return value;
  return evaluateCompiled(compileExpressionValue(value), scope, options);
}

export { createContext, type EvaluateOptions };
