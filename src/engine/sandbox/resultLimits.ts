// Shape of a JSON text without parsing it: how many items a top-level array holds and how deep
// the nesting goes. Runs in the sandbox worker on the VM's result, so the engine's thread never
// parses a result that breaks the item or depth limits.

export interface JsonShape {
  /** Elements of a top-level array; 1 for any other value. */
  items: number;
  /** Deepest nesting of arrays and objects (0 for a primitive). */
  depth: number;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;

/** `text` must be valid JSON (as JSON.stringify writes it). */
export function inspectJson(text: string): JsonShape {
  let depth = 0;
  let maxDepth = 0;
  let commas = 0;
  let empty = true;
  const topIsArray = text.charCodeAt(0) === OPEN_ARRAY;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string, honouring escapes.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
      if (depth === 1) empty = false;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (depth === 1) empty = false;
      depth++;
      if (depth > maxDepth) maxDepth = depth;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    } else if (depth === 1) {
      if (c === COMMA) commas++;
      else if (c > 32) empty = false;
    }
  }
  return { items: topIsArray ? (empty ? 0 : commas + 1) : 1, depth: maxDepth };
}
