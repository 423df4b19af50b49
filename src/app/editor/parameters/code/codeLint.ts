// Lint for code parameters, shown as editor markers: the first syntax error of the Code node's
// JavaScript (parsed as the body of the async function it runs in, so top-level return and
// await are fine), or where a JSON text stops being JSON. Pure, for the monaco bundle and tests.
import { javaScriptSyntaxError } from '../../../../model/jsSyntax.ts';
import { locateJsonError } from '../../../../model/jsonErrors.ts';
import type { CodeMarker } from './codeEditorApi.ts';

export function lintJavaScript(code: string): CodeMarker[] {
  const e = javaScriptSyntaxError(code);
  return e ? [e] : [];
}

export function lintJson(text: string): CodeMarker[] {
  if (text.trim() === '') return [];
  try {
    JSON.parse(text);
    return [];
  } catch (e) {
    const at = locateJsonError(text);
    if (!at) return [{ message: e instanceof Error ? e.message : String(e), line: 1, column: 1 }];
    return [{ message: at.message, line: at.line, column: at.column }];
  }
}
