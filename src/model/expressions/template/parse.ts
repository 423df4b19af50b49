// Parsing one `{{ }}` segment with acorn and compiling it. Like n8n, code starting with `{`
// is an object literal (wrapped in parentheses), and the segment's value is its first
// statement, which must be an expression.
import { parse, type Expression, type Program } from 'acorn';
import { ExpressionError } from '../errors.ts';
import { Compiler } from '../compile/compiler.ts';
import { Frame, type Ctx, type Expr } from '../compile/types.ts';

export interface CompiledSegment {
  run: (c: Ctx) => unknown;
  /** n8n wraps segments with a member access or call in try/catch (error → undefined). */
  wraps: boolean;
}

const NO_SLOTS: unknown[] = [];

function syntaxError(message: string, codeOffset: number, cause?: unknown): ExpressionError {
  return new ExpressionError('invalid syntax', { description: message, context: { type: 'syntax', codeOffset }, cause });
}

export function compileSegment(code: string): CompiledSegment {
  const wrapped = code.trimStart().startsWith('{');
  const source = wrapped ? `(${code})` : code;
  const shift = wrapped ? 1 : 0;
  let program: Program;
  try {
    program = parse(source, { ecmaVersion: 'latest', sourceType: 'script' });
  } catch (e) {
    const pos = typeof (e as { pos?: unknown }).pos === 'number' ? (e as { pos: number }).pos - shift : 0;
    throw syntaxError((e as Error).message.replace(/ \(\d+:\d+\)$/, ''), Math.max(0, pos), e);
  }
  const first = program.body[0];
  if (first === undefined) throw syntaxError('Empty expression', 0);
  if (first.type !== 'ExpressionStatement') throw syntaxError(`Expected an expression, found ${first.type}`, first.start - shift);
  const compiler = new Compiler(source);
  let expr: Expr;
  try {
    expr = compiler.expr(first.expression as Expression);
  } catch (e) {
    if (e instanceof ExpressionError && typeof e.context.codeOffset === 'number') {
      e.context.codeOffset = Math.max(0, e.context.codeOffset - shift);
    }
    if (e instanceof RangeError) throw syntaxError('Expression is too deeply nested', 0, e);
    throw e;
  }
  return { run: (c) => expr(new Frame(NO_SLOTS, null, c)), wraps: compiler.usesMemberOrCall };
}
