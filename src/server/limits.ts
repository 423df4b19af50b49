// Nesting limits at the server's boundary for bodies that are not read by the REST JSON parser
// (rest/jsonBody.ts): webhook bodies in JSON and XML. Both are checked on the text before they
// are parsed, in linear time, with the same limit as REST bodies and imports (MAX_JSON_DEPTH of
// src/model/jsonDepth.ts): the parsed value would otherwise overflow the stack later, when the
// run is cloned, saved or sent (a 10,000-deep webhook body answered 500).
import { jsonTooDeepAt, lineAndColumn, MAX_JSON_DEPTH } from '../model/jsonDepth.ts';
import { yieldToLoop } from '../model/yieldToLoop.ts';

/** The offset where XML `text` first nests elements deeper than `limit`, or undefined. Linear. */
export function xmlTooDeepAt(text: string, limit = MAX_JSON_DEPTH): number | undefined {
  return new XmlDepthScan(text, limit).step(Infinity) as number | undefined;
}

/** xmlTooDeepAt in steps of `tags` tags, so that a 15 MB body (~45 ms) can give the loop back. */
class XmlDepthScan {
  readonly #text: string;
  readonly #limit: number;
  #depth = 0;
  #i: number;
  constructor(text: string, limit: number) {
    this.#text = text;
    this.#limit = limit;
    this.#i = text.indexOf('<');
  }
  /** The offset, undefined when within the limit, or 'more'. */
  step(tags: number): number | undefined | 'more' {
    const text = this.#text;
    let i = this.#i;
    for (let n = 0; i !== -1; n++) {
      if (n >= tags) {
        this.#i = i;
        return 'more';
      }
      let end: number;
      if (text.startsWith('<!--', i)) end = skipTo(text, '-->', i + 4);
      else if (text.startsWith('<![CDATA[', i)) end = skipTo(text, ']]>', i + 9);
      else if (text.startsWith('<?', i)) end = skipTo(text, '?>', i + 2);
      else if (text.startsWith('<!', i) || text.startsWith('</', i)) {
        end = skipTo(text, '>', i + 2);
        if (text[i + 1] === '/') this.#depth--;
      } else {
        end = skipTo(text, '>', i + 1);
        // An element that does not close itself opens a level (its content is inside it).
        if (end !== -1 && text[end - 2] !== '/' && ++this.#depth > this.#limit) return i;
      }
      if (end === -1) return undefined;
      i = text.indexOf('<', end);
    }
    this.#i = -1;
    return undefined;
  }
}

/** The offset just past `marker` at or after `from`, or -1. */
function skipTo(text: string, marker: string, from: number): number {
  const at = text.indexOf(marker, from);
  return at === -1 ? -1 : at + marker.length;
}

const STEP_TAGS = 20_000;
const SLICE_MS = 10;

/**
 * Why a webhook body is refused for its nesting ('The request body is nested …'), or undefined.
 * XML is scanned in slices (a large JSON body goes to slicedJsonParse.ts, which checks as it parses).
 */
export async function webhookBodyTooDeep(text: string, kind: 'json' | 'xml'): Promise<string | undefined> {
  let at: number | undefined;
  if (kind === 'json') at = jsonTooDeepAt(text);
  else {
    const scan = new XmlDepthScan(text, MAX_JSON_DEPTH);
    let sliceStart = performance.now();
    let found = scan.step(STEP_TAGS);
    while (found === 'more') {
      if (performance.now() - sliceStart >= SLICE_MS) {
        await yieldToLoop();
        sliceStart = performance.now();
      }
      found = scan.step(STEP_TAGS);
    }
    at = found;
  }
  if (at === undefined) return undefined;
  const { line, column } = lineAndColumn(text, at);
  return `The request body is nested more than ${MAX_JSON_DEPTH} levels deep (line ${line}, column ${column}); the limit keeps the server's stack safe`;
}
