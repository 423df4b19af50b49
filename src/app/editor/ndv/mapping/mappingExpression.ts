// What a drag from the input panel writes into a parameter (spec 001 §4.2, as n8n's editor does
// in its mapping utilities): `{{ $json.path }}` from the node that feeds this one, else
// `{{ $('Node').item.json.path }}`; keys that are not plain identifiers are quoted
// (`$json['my key']`), list positions are indexes (`$json.list[0]`).
export type DataPath = Array<string | number>;

const IDENTIFIER = /^[a-zA-Z_$][a-zA-Z0-9_$]*$/;

export function escapeMappingString(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}

/** root + .key / ['odd key'] / [0] for each step of the path. */
export function generatePath(root: string, path: DataPath): string {
  let out = root;
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (IDENTIFIER.test(part)) out += `.${part}`;
    else out += `['${escapeMappingString(part)}']`;
  }
  return out;
}

/** The expression a drag carries: distance 1 is the node's own input ($json). */
export function getMappedExpression({ nodeName, distance, path }: { nodeName: string; distance: number; path: DataPath }): string {
  const root = distance === 1 ? '$json' : `$('${escapeMappingString(nodeName)}').item.json`;
  return `{{ ${generatePath(root, path)} }}`;
}

/**
 * The parameter's new value after a drop on a fixed value: the expression ('=' prefix) — or, for
 * a parameter that asks for a data path (requiresDataPath), the bare path of a `$json` mapping
 * ('multiple' appends it to what is there, comma separated).
 */
export function getMappedResult(property: { requiresDataPath?: unknown }, mapped: string, previous: unknown): string {
  if (property.requiresDataPath && mapped.startsWith('{{ $json')) {
    const path = mapped
      .replace('{{ $json', '')
      .replace(/^\./, '')
      .replace(/}}$/, '')
      .trim();
    if (property.requiresDataPath === 'multiple' && typeof previous === 'string' && previous.trim() && !previous.startsWith('=')) {
      return `${previous}, ${path}`;
    }
    return path;
  }
  if (typeof previous === 'string' && previous.startsWith('=') && previous.length > 1) return `${previous} ${mapped}`;
  return `=${mapped}`;
}

/** An expression ('=…') with the mapping inserted at a position of its text (after the '='). */
export function insertIntoExpression(expression: string, mapped: string, at: number | undefined): string {
  const text = expression.startsWith('=') ? expression.slice(1) : expression;
  const i = at === undefined || at < 0 || at > text.length ? text.length : at;
  return '=' + text.slice(0, i) + mapped + text.slice(i);
}
