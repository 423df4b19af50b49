// How deep JSON text nests, checked before it is parsed. JSON.parse copes with any depth, but
// JSON.stringify and structuredClone overflow the stack a few thousand levels down, so a hostile
// body nested that deep would fail later as an internal error (or fail saving). Real workflows
// nest about a dozen levels (the corpus: 11); pinned API answers a few dozen. The limit is the
// one the editor's JSON scanner has (jsonErrors.ts).

export const MAX_JSON_DEPTH = 512;

const BRACKETS = /[[\]{}"]/g;
/** The rest of a string after its opening quote, through the closing one. */
const STRING_REST = /(?:[^"\\]+|\\[\s\S])*"/y;

/** The offset where `text` first nests deeper than `limit`, or undefined. Linear, strings skipped. */
export function jsonTooDeepAt(text: string, limit = MAX_JSON_DEPTH): number | undefined {
  let depth = 0;
  BRACKETS.lastIndex = 0;
  for (let m = BRACKETS.exec(text); m; m = BRACKETS.exec(text)) {
    const c = m[0];
    if (c === '"') {
      STRING_REST.lastIndex = m.index + 1;
      if (!STRING_REST.exec(text)) return undefined;
      BRACKETS.lastIndex = STRING_REST.lastIndex;
    } else if (c === '{' || c === '[') {
      if (++depth > limit) return m.index;
    } else {
      depth--;
    }
  }
  return undefined;
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
