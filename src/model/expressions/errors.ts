// The one error type an expression produces. Syntax, reference, type, security and limit
// failures all surface as ExpressionError so callers (the engine, the editor preview) can
// render them the way n8n does.

import { EvaluationTooLong, WorkDeferred } from './defer.ts';

export type ExpressionErrorType =
  | 'syntax'
  | 'reference'
  | 'type'
  | 'range'
  | 'thrown'
  | 'security'
  | 'limit'
  | 'extension'
  | 'data';

export interface ExpressionPosition {
  /** Offset into the template (the text after the leading '='). */
  offset: number;
  line: number;
  column: number;
}

export interface ExpressionErrorContext {
  type?: ExpressionErrorType;
  /** Index of the `{{ }}` segment that failed. */
  segment?: number;
  position?: ExpressionPosition;
  [key: string]: unknown;
}

export interface ExpressionErrorOptions {
  description?: string;
  context?: ExpressionErrorContext;
  /** Security violations and exhausted limits: expression code can never catch these. */
  fatal?: boolean;
  cause?: unknown;
}

export class ExpressionError extends Error {
  description: string | undefined;
  context: ExpressionErrorContext;
  readonly fatal: boolean;

  constructor(message: string, options: ExpressionErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ExpressionError';
    this.description = options.description;
    this.context = options.context ?? {};
    this.fatal = options.fatal ?? false;
  }
}

export function securityError(message: string, description?: string): ExpressionError {
  return new ExpressionError(message, { description, context: { type: 'security' }, fatal: true });
}

export function blockedAccess(name: string): ExpressionError {
  // n8n's wording (expression-sandboxing.ts), so messages match what users know.
  return securityError(`Cannot access "${name}" due to security concerns`);
}

export function limitError(message: string, description?: string): ExpressionError {
  return new ExpressionError(message, { description, context: { type: 'limit' }, fatal: true });
}

export function extensionError(message: string, description?: string): ExpressionError {
  return new ExpressionError(message, { description, context: { type: 'extension' } });
}

export function isFatal(error: unknown): boolean {
  if (error instanceof ExpressionError) return error.fatal;
  // Deferral signals end the attempt whatever the expression's try/catch says (defer.ts).
  if (error instanceof WorkDeferred || error instanceof EvaluationTooLong) return true;
  // A native stack overflow leaves no safe point to resume from inside the expression.
  return error instanceof RangeError && /call stack/i.test(error.message);
}
