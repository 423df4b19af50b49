// Diffs two V8 heap snapshots of one page (CDP HeapProfiler.takeHeapSnapshot, as the executions
// dialog bench takes them with EXECUTIONS_BENCH_SNAPSHOTS=1): what the later one holds that the
// earlier did not. V8 keeps an object's snapshot id for its life, so an id in the later snapshot
// that is not in the earlier is an object allocated between the two that survived (DevTools'
// "Objects allocated between snapshots"). Prints, for both snapshots, the self size by node type
// (code, strings, objects …) and, for the survivors, the groups (constructor, or the node type for
// code, strings, arrays) with their count and bytes, each with its most common retainer paths.
//
//   node bench/heapSnapshotDiff.ts <early.heapsnapshot> <late.heapsnapshot> [--top 25] [--json out.json]
import { readFileSync, writeFileSync } from 'node:fs';

interface Snapshot {
  nodeCount: number;
  type: (i: number) => string;
  name: (i: number) => string;
  id: (i: number) => number;
  size: (i: number) => number;
  /** Retainers of node i: [retainer node, edge type, edge name]. */
  retainers: (i: number) => Array<[number, string, string]>;
  totalSize: number;
}

export function load(file: string): Snapshot {
  const raw = JSON.parse(readFileSync(file, 'utf8'));
  const meta = raw.snapshot.meta;
  const nf: string[] = meta.node_fields;
  const ef: string[] = meta.edge_fields;
  const nodeTypes: string[] = meta.node_types[0];
  const edgeTypes: string[] = meta.edge_types[0];
  const nodes: number[] = raw.nodes;
  const edges: number[] = raw.edges;
  const strings: string[] = raw.strings;
  const N = nf.length;
  const E = ef.length;
  const [tI, nI, idI, sI, ecI] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) => nf.indexOf(f));
  const [etI, enI, toI] = ['type', 'name_or_index', 'to_node'].map((f) => ef.indexOf(f));
  const nodeCount = nodes.length / N;
  // Reverse edges: for each node, the (from, edge) pairs pointing at it.
  const firstEdge = new Uint32Array(nodeCount + 1);
  for (let i = 0; i < nodeCount; i++) firstEdge[i + 1] = firstEdge[i] + nodes[i * N + ecI] * E;
  const retCount = new Uint32Array(nodeCount + 1);
  for (let e = 0; e < edges.length; e += E) retCount[edges[e + toI] / N + 1]++;
  for (let i = 0; i < nodeCount; i++) retCount[i + 1] += retCount[i];
  const retFrom = new Uint32Array(edges.length / E);
  const retEdge = new Uint32Array(edges.length / E);
  const fill = retCount.slice();
  for (let i = 0; i < nodeCount; i++) {
    for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += E) {
      const to = edges[e + toI] / N;
      retFrom[fill[to]] = i;
      retEdge[fill[to]] = e;
      fill[to]++;
    }
  }
  let totalSize = 0;
  for (let i = 0; i < nodeCount; i++) totalSize += nodes[i * N + sI];
  const edgeName = (e: number) => {
    const t = edgeTypes[edges[e + etI]];
    const v = edges[e + enI];
    return t === 'element' || t === 'hidden' ? `[${v}]` : strings[v];
  };
  return {
    nodeCount,
    totalSize,
    type: (i) => nodeTypes[nodes[i * N + tI]],
    name: (i) => strings[nodes[i * N + nI]],
    id: (i) => nodes[i * N + idI],
    size: (i) => nodes[i * N + sI],
    retainers: (i) => {
      const out: Array<[number, string, string]> = [];
      for (let r = retCount[i]; r < retCount[i + 1]; r++) out.push([retFrom[r], edgeTypes[edges[retEdge[r] + etI]], edgeName(retEdge[r])]);
      return out;
    },
  };
}

/** The group a node is counted in: its constructor for objects, else its node type (with the closure's name). */
function group(s: Snapshot, i: number): string {
  const t = s.type(i);
  if (t === 'object' || t === 'native') return s.name(i).split(' ')[0].slice(0, 80);
  if (t === 'closure') return `(closure) ${s.name(i) || '(anonymous)'}`;
  return `(${t})`;
}

/** The first strong retainer up to `depth` levels: 'Group.edge ← Group.edge …'. */
function retainerPath(s: Snapshot, i: number, depth: number): string {
  const parts: string[] = [];
  let at = i;
  const seen = new Set<number>();
  for (let d = 0; d < depth; d++) {
    const r = s.retainers(at).find(([from, type]) => type !== 'weak' && !seen.has(from));
    if (!r) break;
    const [from, type, name] = r;
    seen.add(from);
    parts.push(`${group(s, from)}${type === 'element' ? name : `.${name}`}`);
    at = from;
  }
  return parts.join(' ← ') || '(no strong retainer)';
}

function byType(s: Snapshot): Map<string, { count: number; bytes: number }> {
  const m = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < s.nodeCount; i++) {
    const t = s.type(i);
    const e = m.get(t) ?? { count: 0, bytes: 0 };
    e.count++;
    e.bytes += s.size(i);
    m.set(t, e);
  }
  return m;
}

export function diff(earlyFile: string, lateFile: string, top = 25) {
  const a = load(earlyFile);
  const b = load(lateFile);
  const aIds = new Set<number>();
  for (let i = 0; i < a.nodeCount; i++) aIds.add(a.id(i));
  const groups = new Map<string, { count: number; bytes: number; nodes: number[] }>();
  let newCount = 0;
  let newBytes = 0;
  for (let i = 0; i < b.nodeCount; i++) {
    if (aIds.has(b.id(i)) || b.size(i) === 0) continue;
    newCount++;
    newBytes += b.size(i);
    const g = group(b, i);
    const e = groups.get(g) ?? { count: 0, bytes: 0, nodes: [] };
    e.count++;
    e.bytes += b.size(i);
    if (e.nodes.length < 400) e.nodes.push(i);
    groups.set(g, e);
  }
  const ta = byType(a);
  const tb = byType(b);
  const types = [...new Set([...ta.keys(), ...tb.keys()])].map((t) => ({
    type: t,
    earlyKB: Math.round((ta.get(t)?.bytes ?? 0) / 102.4) / 10,
    lateKB: Math.round((tb.get(t)?.bytes ?? 0) / 102.4) / 10,
    deltaKB: Math.round(((tb.get(t)?.bytes ?? 0) - (ta.get(t)?.bytes ?? 0)) / 102.4) / 10,
    deltaCount: (tb.get(t)?.count ?? 0) - (ta.get(t)?.count ?? 0),
  }));
  types.sort((x, y) => Math.abs(y.deltaKB) - Math.abs(x.deltaKB));
  // Every group's count and bytes in both snapshots: what grew, replacements netted out.
  const totals = (snap: Snapshot) => {
    const m = new Map<string, { count: number; bytes: number }>();
    for (let i = 0; i < snap.nodeCount; i++) {
      const g = group(snap, i);
      const e = m.get(g) ?? { count: 0, bytes: 0 };
      e.count++;
      e.bytes += snap.size(i);
      m.set(g, e);
    }
    return m;
  };
  const ga = totals(a);
  const gb = totals(b);
  const grown = [...new Set([...ga.keys(), ...gb.keys()])]
    .map((g) => ({
      group: g,
      deltaCount: (gb.get(g)?.count ?? 0) - (ga.get(g)?.count ?? 0),
      deltaKB: Math.round(((gb.get(g)?.bytes ?? 0) - (ga.get(g)?.bytes ?? 0)) / 102.4) / 10,
    }))
    .filter((g) => g.deltaKB !== 0 || g.deltaCount !== 0)
    .sort((x, y) => Math.abs(y.deltaKB) - Math.abs(x.deltaKB))
    .slice(0, top);
  // V8's own heap (what Runtime.getHeapUsage counts): every node but Blink's (native) and the synthetic roots.
  const v8KB = (snap: Snapshot) => {
    let bytes = 0;
    for (let i = 0; i < snap.nodeCount; i++) if (snap.type(i) !== 'native' && snap.type(i) !== 'synthetic') bytes += snap.size(i);
    return Math.round(bytes / 102.4) / 10;
  };
  const survivors = [...groups.entries()]
    .sort((x, y) => y[1].bytes - x[1].bytes)
    .slice(0, top)
    .map(([name, g]) => {
      const paths = new Map<string, number>();
      for (const i of g.nodes) {
        const p = retainerPath(b, i, 4);
        paths.set(p, (paths.get(p) ?? 0) + 1);
      }
      return {
        group: name,
        count: g.count,
        KB: Math.round(g.bytes / 102.4) / 10,
        retainers: [...paths.entries()].sort((x, y) => y[1] - x[1]).slice(0, 3).map(([p, n]) => `${n}/${g.nodes.length}: ${p}`),
      };
    });
  return {
    earlyKB: Math.round(a.totalSize / 102.4) / 10,
    lateKB: Math.round(b.totalSize / 102.4) / 10,
    v8EarlyKB: v8KB(a),
    v8LateKB: v8KB(b),
    grown,
    survivorsCount: newCount,
    survivorsKB: Math.round(newBytes / 102.4) / 10,
    byType: types,
    survivors,
  };
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const files = args.filter((x, i) => !x.startsWith('--') && !args[i - 1]?.startsWith('--'));
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (files.length !== 2) {
    console.error('usage: node bench/heapSnapshotDiff.ts <early.heapsnapshot> <late.heapsnapshot> [--top 25] [--json out.json]');
    process.exit(2);
  }
  const result = diff(files[0], files[1], Number(opt('--top') ?? 25));
  const json = opt('--json');
  if (json) writeFileSync(json, JSON.stringify(result, null, 1));
  console.log(`self sizes: ${result.earlyKB} KB → ${result.lateKB} KB; allocated between and alive: ${result.survivorsCount} objects, ${result.survivorsKB} KB`);
  console.log('\nby node type (KB early → late, Δ, Δ count):');
  for (const t of result.byType) console.log(`  ${t.type.padEnd(22)} ${String(t.earlyKB).padStart(9)} → ${String(t.lateKB).padStart(9)}  Δ ${String(t.deltaKB).padStart(7)}  Δn ${t.deltaCount}`);
  console.log(`V8 heap (all but Blink's native objects): ${result.v8EarlyKB} KB → ${result.v8LateKB} KB (Δ ${Math.round((result.v8LateKB - result.v8EarlyKB) * 10) / 10} KB)`);
  console.log('\ngroups by change (KB, count):');
  for (const g of result.grown) console.log(`  ${g.group.padEnd(60)} Δ ${String(g.deltaKB).padStart(8)} KB  Δn ${g.deltaCount}`);
  console.log('\nallocated between the snapshots and alive in the later (largest groups):');
  for (const g of result.survivors) {
    console.log(`  ${g.group}: ${g.count} objects, ${g.KB} KB`);
    for (const r of g.retainers) console.log(`      ${r}`);
  }
}
