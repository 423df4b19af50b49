// JSON text from a file into a value: small texts with JSON.parse, large ones in slices
// (server/slicedJsonParse.ts) so that a 50 MB file does not hold the event loop. Both give
// JSON.parse's value; a nesting deeper than MAX_JSON_DEPTH is refused.
import { MAX_DATA_ARRAY_LENGTH, MAX_JSON_DEPTH, jsonTooDeepAt } from '../../../model/jsonDepth.ts';
import { parseJsonSliced, SLICED_PARSE_MIN_CHARS } from '../../../server/slicedJsonParse.ts';

export class JsonTextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SyntaxError';
  }
}

export async function parseJsonText(text: string): Promise<unknown> {
  if (text.length >= SLICED_PARSE_MIN_CHARS) {
    const r = await parseJsonSliced(text, { maxDepth: MAX_JSON_DEPTH, refusePrototypeKeys: false });
    if (r.ok) return r.value;
    if (r.kind === 'deep') throw new JsonTextError(`The JSON is nested more than ${MAX_JSON_DEPTH} levels deep`);
    if (r.kind === 'large') throw new JsonTextError(`The JSON has an array of more than ${MAX_DATA_ARRAY_LENGTH.toLocaleString('en-US')} elements`);
    throw new JsonTextError(r.message ?? `Invalid JSON at position ${r.offset}`);
  }
  if (jsonTooDeepAt(text, MAX_JSON_DEPTH) !== undefined) throw new JsonTextError(`The JSON is nested more than ${MAX_JSON_DEPTH} levels deep`);
  return JSON.parse(text) as unknown;
}
