// Node references inside parameters (spec 001 §2.4 rename, §5 paste): expressions name other
// nodes as $('Name'), $("Name"), $node["Name"], $node['Name'], $node.Name and $items("Name", …).
// A rename, or a paste that had to rename nodes, rewrites them all in one pass over a map of
// old → new names, so that renaming A→A1 and A1→A2 together never turns A into A2.
import type { NodeParameters } from './workflow.ts';

export type Renames = ReadonlyMap<string, string>;

export interface RewriteOptions {
  /**
   * Rewrite every string, not only expressions ('=…'). For code parameters (Code, Function)
   * whose program reads other nodes with $('Name') too (n8n does the same for these types).
   */
  allStrings?: boolean;
}

/** Node types whose code parameters reference nodes outside of expressions. */
export const NODES_WITH_CODE_REFERENCES = new Set(['n8n-nodes-base.code', 'n8n-nodes-base.function', 'n8n-nodes-base.functionItem']);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

// A quoted JS string literal (single or double quotes, backslash escapes), captured whole.
const QUOTED = `('(?:[^'\\\\\\n]|\\\\.)*'|"(?:[^"\\\\\\n]|\\\\.)*")`;
// $('…') $("…") $node['…'] $node["…"] $items('…'  — the head, then the literal.
const QUOTED_REFERENCE = new RegExp(`(\\$\\(\\s*|\\$node\\[\\s*|\\$items\\(\\s*)${QUOTED}`, 'g');
// $node.Name (identifier names only); not $node.Name when it is part of a longer identifier.
const DOT_REFERENCE = /\$node\.([A-Za-z_$][\w$]*)/g;

function unquote(literal: string): string {
  return literal.slice(1, -1).replace(/\\(.)/g, '$1');
}

function quote(name: string, q: string): string {
  return q + name.replaceAll('\\', '\\\\').replaceAll(q, `\\${q}`) + q;
}

/** Rewrites the node references in one piece of text; returns the same string when nothing matched. */
export function rewriteReferencesInText(text: string, renames: Renames): string {
  if (renames.size === 0 || !text.includes('$')) return text;
  let out = text.replace(QUOTED_REFERENCE, (whole, head: string, literal: string) => {
    const next = renames.get(unquote(literal));
    return next === undefined ? whole : head + quote(next, literal[0]);
  });
  out = out.replace(DOT_REFERENCE, (whole, name: string) => {
    const next = renames.get(name);
    if (next === undefined) return whole;
    return IDENTIFIER.test(next) ? `$node.${next}` : `$node[${quote(next, '"')}]`;
  });
  return out;
}

function rewriteValue(value: unknown, renames: Renames, allStrings: boolean): unknown {
  if (typeof value === 'string') {
    if (!allStrings && !value.startsWith('=')) return value;
    return rewriteReferencesInText(value, renames);
  }
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((v) => {
      const r = rewriteValue(v, renames, allStrings);
      if (r !== v) changed = true;
      return r;
    });
    return changed ? next : value;
  }
  if (value && typeof value === 'object') {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = rewriteValue(v, renames, allStrings);
      if (r !== v) changed = true;
      next[k] = r;
    }
    return changed ? next : value;
  }
  return value;
}

/** Returns the same object (identity) when no reference changed, so callers can skip untouched nodes. */
export function rewriteNodeReferences(params: NodeParameters, renames: Renames, options: RewriteOptions = {}): NodeParameters {
  return rewriteValue(params, renames, !!options.allStrings) as NodeParameters;
}

/** rewriteNodeReferences with the code-parameter rule for the node's type. */
export function rewriteReferencesOfNode(node: { type: string; parameters: NodeParameters }, renames: Renames): NodeParameters {
  return rewriteNodeReferences(node.parameters, renames, { allStrings: NODES_WITH_CODE_REFERENCES.has(node.type) });
}
