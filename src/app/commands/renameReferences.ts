// After a node rename, expressions in other nodes that name it by its old name are updated:
// $('Old'), $("Old"), $node["Old"], $node.Old and $items("Old").
import type { NodeParameters } from '../../model/workflow.ts';

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function rewriteString(value: string, oldName: string, newName: string): string {
  if (!value.startsWith('=') || !value.includes(oldName)) return value;
  const o = escape(oldName);
  const quoted = (q: string) => newName.replaceAll('\\', '\\\\').replaceAll(q, `\\${q}`);
  let out = value.replace(new RegExp(`(\\$\\(|\\$node\\[|\\$items\\()(['"])${o}\\2`, 'g'), (_m, head: string, q: string) => `${head}${q}${quoted(q)}${q}`);
  if (/^[A-Za-z_$][\w$]*$/.test(oldName)) {
    out = out.replace(new RegExp(`\\$node\\.${o}\\b`, 'g'), /^[A-Za-z_$][\w$]*$/.test(newName) ? `$node.${newName}` : `$node["${quoted('"')}"]`);
  }
  return out;
}

function rewriteValue(value: unknown, oldName: string, newName: string): unknown {
  if (typeof value === 'string') return rewriteString(value, oldName, newName);
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((v) => {
      const r = rewriteValue(v, oldName, newName);
      if (r !== v) changed = true;
      return r;
    });
    return changed ? next : value;
  }
  if (value && typeof value === 'object') {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = rewriteValue(v, oldName, newName);
      if (r !== v) changed = true;
      next[k] = r;
    }
    return changed ? next : value;
  }
  return value;
}

/** Returns the same object when nothing referenced the old name. */
export function rewriteNodeReferences(params: NodeParameters, oldName: string, newName: string): NodeParameters {
  return rewriteValue(params, oldName, newName) as NodeParameters;
}
