// Connections that name a node the workflow does not contain (issue 10): n8n files edited by
// hand or cut from a larger workflow have them. They are dropped — with a notice saying which —
// and nothing else is touched: other connections keep their objects, order, output slots
// (null and empty lists included), types (ai_languageModel, ai_tool, … as well as main) and any
// extra fields. Shapes that are not connections at all are left for validateWorkflow to name.
import type { IConnections } from './workflow.ts';

export interface DroppedConnection {
  source: string;
  /** Connection type (the key under the source: main, ai_tool, …). */
  type: string;
  output: number;
  /** The destination as written (undefined when it names none). */
  target?: string;
}

export interface DanglingResult {
  connections: IConnections;
  dropped: DroppedConnection[];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function targetOf(c: unknown): unknown {
  return isObject(c) ? c.node : undefined;
}

/** Connections with every one that names a missing node removed (the same object when none does). */
export function dropDanglingConnections(connections: IConnections, hasNode: (name: string) => boolean): DanglingResult {
  const dropped: DroppedConnection[] = [];
  let out: IConnections | undefined;
  for (const source in connections) {
    const byType = connections[source] as unknown;
    if (!hasNode(source)) {
      // A missing source loses all its connections; an entry without any (an empty list) says
      // nothing and is left as it is.
      const before = dropped.length;
      if (isObject(byType)) {
        for (const type in byType) {
          const outputs = byType[type];
          if (!Array.isArray(outputs)) continue;
          outputs.forEach((list: unknown, output: number) => {
            if (!Array.isArray(list)) return;
            for (const c of list) {
              const target = targetOf(c);
              dropped.push({ source, type, output, target: typeof target === 'string' ? target : undefined });
            }
          });
        }
      }
      if (dropped.length === before) continue;
      out ??= { ...connections };
      delete out[source];
      continue;
    }
    if (!isObject(byType)) continue;
    let typesOut: Record<string, unknown> | undefined;
    for (const type in byType) {
      const outputs = byType[type];
      if (!Array.isArray(outputs)) continue;
      let outputsOut: unknown[] | undefined;
      outputs.forEach((list: unknown, output: number) => {
        if (!Array.isArray(list)) return;
        let listOut: unknown[] | undefined;
        list.forEach((c: unknown, k: number) => {
          const target = targetOf(c);
          if (typeof target !== 'string' || hasNode(target)) {
            listOut?.push(c);
            return;
          }
          dropped.push({ source, type, output, target });
          listOut ??= list.slice(0, k);
        });
        if (!listOut) return;
        outputsOut ??= [...outputs];
        outputsOut[output] = listOut;
      });
      if (!outputsOut) continue;
      typesOut ??= { ...byType };
      typesOut[type] = outputsOut;
    }
    if (!typesOut) continue;
    out ??= { ...connections };
    out[source] = typesOut as IConnections[string];
  }
  return { connections: out ?? connections, dropped };
}

/** One sentence for the dropped connections (the editor's paste notice, with the names); undefined when none. */
export function danglingConnectionsNotice(dropped: readonly DroppedConnection[], maxNamed = 5): string | undefined {
  if (!dropped.length) return undefined;
  const n = dropped.length;
  const named = dropped.slice(0, maxNamed).map((d) => `"${d.source}" → ${d.target === undefined ? '?' : `"${d.target}"`}` + (d.type === 'main' ? '' : ` (${d.type})`));
  const more = n > maxNamed ? `, and ${n - maxNamed} more` : '';
  return `${n} ${n === 1 ? 'connection' : 'connections'} to missing nodes ${n === 1 ? 'was' : 'were'} dropped: ${named.join(', ')}${more}.`;
}
