// The first syntax error of Code node JavaScript, as the code editor's lint shows it and the run
// reports it: parsed (acorn) as the body of the async function it runs in, so top-level return
// and await are fine. Line and column are 1-based.
import { parse } from 'acorn';

export interface JsSyntaxError {
  message: string;
  line: number;
  column: number;
}

export function javaScriptSyntaxError(code: string): JsSyntaxError | undefined {
  try {
    parse(code, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true, allowHashBang: true });
    return undefined;
  } catch (e) {
    const err = e as { message?: string; loc?: { line: number; column: number } };
    if (!err.loc) return { message: String(err.message ?? e), line: 1, column: 1 };
    // acorn appends "(line:column)" to its messages; line and column are given apart.
    const message = String(err.message ?? 'Syntax error').replace(/\s*\(\d+:\d+\)$/, '');
    return { message, line: err.loc.line, column: err.loc.column + 1 };
  }
}

/** The one text both the editor (under the code) and a failed run say. */
export function syntaxErrorText(e: JsSyntaxError): string {
  return `Syntax error: ${e.message} (line ${e.line}, column ${e.column})`;
}
