// Nesting limits at the server's boundary for bodies that are not read by the REST JSON parser
// (rest/jsonBody.ts): webhook bodies in JSON and XML. Both are checked on the text before they
// are parsed, in linear time, with the same limit as REST bodies and imports (MAX_JSON_DEPTH of
// src/model/jsonDepth.ts): the parsed value would otherwise overflow the stack later, when the
// run is cloned, saved or sent (a 10,000-deep webhook body answered 500).
import { jsonTooDeepAt, lineAndColumn, MAX_JSON_DEPTH } from '../model/jsonDepth.ts';

/** The offset where XML `text` first nests elements deeper than `limit`, or undefined. Linear. */
export function xmlTooDeepAt(text: string, limit = MAX_JSON_DEPTH): number | undefined {
  let depth = 0;
  let i = text.indexOf('<');
  while (i !== -1) {
    let end: number;
    if (text.startsWith('<!--', i)) end = skipTo(text, '-->', i + 4);
    else if (text.startsWith('<![CDATA[', i)) end = skipTo(text, ']]>', i + 9);
    else if (text.startsWith('<?', i)) end = skipTo(text, '?>', i + 2);
    else if (text.startsWith('<!', i) || text.startsWith('</', i)) {
      end = skipTo(text, '>', i + 2);
      if (text[i + 1] === '/') depth--;
    } else {
      end = skipTo(text, '>', i + 1);
      // An element that does not close itself opens a level (its content is inside it).
      if (end !== -1 && text[end - 2] !== '/' && ++depth > limit) return i;
    }
    if (end === -1) return undefined;
    i = text.indexOf('<', end);
  }
  return undefined;
}

/** The offset just past `marker` at or after `from`, or -1. */
function skipTo(text: string, marker: string, from: number): number {
  const at = text.indexOf(marker, from);
  return at === -1 ? -1 : at + marker.length;
}

/** Why a webhook body is refused for its nesting ('The request body is nested …'), or undefined. */
export function webhookBodyTooDeep(text: string, kind: 'json' | 'xml'): string | undefined {
  const at = kind === 'json' ? jsonTooDeepAt(text) : xmlTooDeepAt(text);
  if (at === undefined) return undefined;
  const { line, column } = lineAndColumn(text, at);
  return `The request body is nested more than ${MAX_JSON_DEPTH} levels deep (line ${line}, column ${column}); the limit keeps the server's stack safe`;
}
