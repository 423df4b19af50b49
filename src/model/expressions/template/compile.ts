// Templates: text with `{{ code }}` segments, compiled once and cached by their text.
//
// n8n's rule (@n8n/tournament ExpressionBuilder.getExpressionCode): a template that is
// exactly one segment — nothing, not even a space, before `{{` or after `}}` — returns the
// segment's raw value (number, object, DateTime …); anything else is a string joined from
// the parts (see render.ts). Whitespace inside the braces does not matter.
import { ExpressionError, isFatal, type ExpressionErrorType } from '../errors.ts';
import { EvaluationTooLong, WorkDeferred } from '../defer.ts';
import { LruCache } from '../lru.ts';
import type { Ctx } from '../compile/types.ts';
import { createContext, runWithContext, type EvaluateOptions } from '../compile/context.ts';
import { splitTemplate, type Segment } from './split.ts';
import { compileSegment, type CompiledSegment } from './parse.ts';
import { functionResult, segmentText } from './render.ts';
import { checkStringLength, MAX_STRING_LENGTH } from '../limits.ts';

export type TemplateKind = 'text' | 'single' | 'mixed';

export interface CompiledTemplate {
  readonly template: string;
  readonly kind: TemplateKind;
  /** Runs the template in an evaluation context; errors surface as ExpressionError. */
  run(c: Ctx): unknown;
  /** Evaluates against a scope (see evaluateTemplate for the scope contract). */
  evaluate(scope: Record<string, unknown>, options?: EvaluateOptions): unknown;
}

/** Runs a compiled template for one scope: the common path of every public entry point. */
export function evaluateCompiled(t: Pick<CompiledTemplate, 'run'>, scope: Record<string, unknown>, options?: EvaluateOptions): unknown {
  const result = runWithContext(createContext(scope, options), t.run);
  if (typeof result === 'function') throw functionResult(result);
  return result;
}

function withEvaluate(t: Omit<CompiledTemplate, 'evaluate'>): CompiledTemplate {
  return {
    ...t,
    evaluate(scope, options) {
      return evaluateCompiled(t, scope, options);
    },
  };
}

/** Thrown inside run() when n8n would give `null` for the whole template. */
const NULL_RESULT: unique symbol = Symbol('null');

function positionOf(text: string, offset: number): { offset: number; line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}

/** Errors the engine or an extension raised on purpose: n8n never swallows those. */
function isReported(e: unknown): boolean {
  return e instanceof ExpressionError || (e instanceof Error && (e.name === 'ExpressionError' || e.name === 'ExpressionExtensionError'));
}

function describeThrown(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') {
    return (value as { message: string }).message;
  }
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return 'Uncaught exception';
  }
}

export function toExpressionError(e: unknown, segment?: number): Error {
  if (e instanceof ExpressionError) {
    if (e.context.segment === undefined && segment !== undefined) e.context.segment = segment;
    return e;
  }
  if (e instanceof Error && e.name === 'ExpressionError') return e; // the engine's own, kept as thrown
  if (e instanceof WorkDeferred || e instanceof EvaluationTooLong) return e; // signals, not failures
  if (e instanceof RangeError && /call stack/i.test(e.message)) {
    return new ExpressionError('Expression exceeded its call depth limit', { context: { type: 'limit', segment }, fatal: true, cause: e });
  }
  let type: ExpressionErrorType = 'thrown';
  if (e instanceof TypeError) type = 'type';
  else if (e instanceof ReferenceError) type = 'reference';
  else if (e instanceof RangeError) type = 'range';
  return new ExpressionError(describeThrown(e), { context: { type, segment }, cause: e });
}

function runSegment(seg: CompiledSegment, c: Ctx, index: number): unknown {
  try {
    return seg.run(c);
  } catch (e) {
    if (c.lenient && !isFatal(e) && !isReported(e)) {
      // n8n: errors in a segment with a member access or call are swallowed (undefined);
      // other errors make the whole template null.
      if (seg.wraps) return undefined;
      throw NULL_RESULT;
    }
    throw toExpressionError(e, index);
  }
}

function build(template: string): CompiledTemplate {
  const segments: Segment[] = splitTemplate(template);
  const compiled: Array<string | CompiledSegment> = [];
  let codeIndex = 0;
  for (const s of segments) {
    if (s.type === 'text') {
      compiled.push(s.text);
      continue;
    }
    try {
      compiled.push(compileSegment(s.code));
    } catch (e) {
      const err = e instanceof ExpressionError ? e : new ExpressionError(describeThrown(e), { context: { type: 'syntax' }, cause: e });
      const codeOffset = typeof err.context.codeOffset === 'number' ? err.context.codeOffset : 0;
      delete err.context.codeOffset;
      err.context.segment = codeIndex;
      err.context.position = positionOf(template, s.start + codeOffset);
      const { line, column } = err.context.position;
      err.description = err.description ? `${err.description} (line ${line}, column ${column})` : `At line ${line}, column ${column}`;
      throw err;
    }
    codeIndex++;
  }

  if (compiled.length === 1) {
    const text = compiled[0] as string;
    return withEvaluate({ template, kind: 'text', run: () => text });
  }
  if (compiled.length === 2 && compiled[0] === '') {
    const seg = compiled[1] as CompiledSegment;
    return withEvaluate({
      template,
      kind: 'single',
      run: (c) => {
        try {
          return runSegment(seg, c, 0);
        } catch (e) {
          if (e === NULL_RESULT) return null;
          throw e;
        }
      },
    });
  }
  // n8n drops empty text parts; the result is the same string either way.
  const parts = compiled.filter((p) => p !== '');
  return withEvaluate({
    template,
    kind: 'mixed',
    run: (c) => {
      let out = '';
      let index = 0;
      try {
        for (let i = 0; i < parts.length; i++) {
          const p = parts[i];
          out += typeof p === 'string' ? p : segmentText(runSegment(p, c, index++));
          if (out.length > MAX_STRING_LENGTH) checkStringLength(out.length);
        }
      } catch (e) {
        if (e === NULL_RESULT) return null;
        throw toExpressionError(e);
      }
      return out;
    },
  });
}

function failing(template: string, error: Error): CompiledTemplate {
  return withEvaluate({
    template,
    kind: 'single',
    run: () => {
      // A fresh error per evaluation: callers attach item context to what they catch.
      if (error instanceof ExpressionError) {
        throw new ExpressionError(error.message, { description: error.description, context: { ...error.context }, fatal: error.fatal, cause: error.cause });
      }
      throw error;
    },
  });
}

const cache = new LruCache<CompiledTemplate>(2000, 8_000_000);
let last: CompiledTemplate | null = null;

/**
 * Compiles a template (the text after the leading '='), cached by its text. Syntax errors
 * and blocked constructs are reported when the template runs, as an ExpressionError with
 * context.position (offset, line, column in the template).
 */
export function compileTemplate(template: string): CompiledTemplate {
  if (last !== null && last.template === template) return last;
  let t = cache.get(template);
  if (t === undefined) {
    try {
      t = build(template);
    } catch (e) {
      t = failing(template, e instanceof Error ? e : toExpressionError(e));
    }
    cache.set(template, t);
  }
  last = t;
  return t;
}

const valueCache = new LruCache<CompiledTemplate>(2000, 8_000_000);
let lastValue: string | null = null;
let lastValueCompiled: CompiledTemplate | null = null;

/** compileTemplate for a parameter value with its leading '=' (no slicing on the hot path). */
export function compileExpressionValue(value: string): CompiledTemplate {
  if (value === lastValue && lastValueCompiled !== null) return lastValueCompiled;
  let t = valueCache.get(value);
  if (t === undefined) {
    t = compileTemplate(value.slice(1));
    valueCache.set(value, t);
  }
  lastValue = value;
  lastValueCompiled = t;
  return t;
}

export function clearTemplateCache(): void {
  cache.clear();
  valueCache.clear();
  last = null;
  lastValue = null;
  lastValueCompiled = null;
}

export { functionResult };
