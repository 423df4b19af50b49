// Resolving parameter values: strings starting with '=' are expressions, objects and arrays
// are resolved member by member (n8n's getParameterValue).
import { evaluateExpression } from '../model/expressions/index.ts';
import type { EngineLimits } from './types.ts';

export class ParameterResolutionError extends Error {
  description?: string;
  context: Record<string, unknown> = {};
}

export function evaluateParameterValue(value: unknown, scope: Record<string, unknown>, limits: Pick<EngineLimits, 'expressionSteps'>): unknown {
  if (typeof value === 'string') {
    if (value.charCodeAt(0) !== 61 /* = */) return value;
    // n8n swallows runtime errors inside {{ }} at run time (segment becomes undefined); so do we.
    return evaluateExpression(value, scope, { maxSteps: limits.expressionSteps, mode: 'n8n' });
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => evaluateParameterValue(v, scope, limits));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = evaluateParameterValue((value as Record<string, unknown>)[key], scope, limits);
    // An own "__proto__" key stays data; assigning it would set the object's prototype.
    if (key === '__proto__') Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[key] = v;
  }
  return out;
}
