// Deleting nodes (spec 001 §2.4). Two rules:
// - A node with one input and one output whose single incoming and single outgoing connection
//   exist leaves its neighbours connected (the caller adds them RECONNECT_ON_DELETE_DELAY_MS
//   later). Removing a chain A → B → C → D of such nodes (B and C) joins A to D.
// - The last trigger-type start node cannot be removed (also when everything else goes, as the
//   spec says: a workflow keeps something to start from; adding another trigger frees it).
import type { IConnections } from './workflow.ts';

export interface DeletableNode {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  /** For types whose ports depend on them (Switch, Merge v3). */
  parameters?: { [key: string]: unknown };
}

export interface DeleteTypeInfo {
  /** Main input and output counts of the node; undefined for unknown types (never bridged). */
  ports(node: DeletableNode): { inputs: number; outputs: number } | undefined;
  /** A trigger (or another type a run starts from: Manual Trigger, Start …). */
  isStartTrigger(type: string, typeVersion: number): boolean;
  isSticky(type: string): boolean;
}

export interface Bridge {
  from: string;
  output: number;
  to: string;
  input: number;
}

export interface DeletePlan {
  /** Ids to remove. */
  remove: string[];
  /** The trigger that was kept, when the rule applied. */
  keptTrigger?: DeletableNode;
  /** Connections to add after the removal, by node name. */
  bridges: Bridge[];
}

interface Edge {
  from: string;
  output: number;
  to: string;
  input: number;
}

function edgesOf(connections: IConnections): Edge[] {
  const edges: Edge[] = [];
  for (const [from, byType] of Object.entries(connections)) {
    (byType.main ?? []).forEach((list, output) => {
      for (const c of list ?? []) edges.push({ from, output, to: c.node, input: c.index });
    });
  }
  return edges;
}

const key = (e: Edge) => `${e.from}\u0000${e.output}\u0000${e.to}\u0000${e.input}`;

export function planDelete(nodes: DeletableNode[], connections: IConnections, ids: string[], types: DeleteTypeInfo): DeletePlan {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  let remove = [...new Set(ids)].filter((id) => byId.has(id));
  let keptTrigger: DeletableNode | undefined;

  const removing = new Set(remove);
  const triggers = nodes.filter((n) => types.isStartTrigger(n.type, n.typeVersion));
  const survivingTriggers = triggers.filter((n) => !removing.has(n.id));
  if (triggers.length && survivingTriggers.length === 0) {
    keptTrigger = triggers.find((n) => removing.has(n.id));
    if (keptTrigger) remove = remove.filter((id) => id !== keptTrigger!.id);
  }

  // Walk the removals on a working copy of the main connections: each bridging node joins its
  // parent to its child before it goes, so chains collapse to one connection. Adjacency maps
  // keep "select all, delete" on 10,000 nodes linear.
  const edges = new Map<string, Edge>();
  const incoming = new Map<string, Set<string>>();
  const outgoing = new Map<string, Set<string>>();
  const addEdge = (e: Edge) => {
    const k = key(e);
    if (edges.has(k)) return;
    edges.set(k, e);
    (incoming.get(e.to) ?? incoming.set(e.to, new Set()).get(e.to)!).add(k);
    (outgoing.get(e.from) ?? outgoing.set(e.from, new Set()).get(e.from)!).add(k);
  };
  const dropEdge = (k: string) => {
    const e = edges.get(k);
    if (!e) return;
    edges.delete(k);
    incoming.get(e.to)?.delete(k);
    outgoing.get(e.from)?.delete(k);
  };
  for (const e of edgesOf(connections)) addEdge(e);
  const original = new Set(edges.keys());
  for (const id of remove) {
    const node = byId.get(id)!;
    const ins = [...(incoming.get(node.name) ?? [])].map((k) => edges.get(k)!);
    const outs = [...(outgoing.get(node.name) ?? [])].map((k) => edges.get(k)!);
    for (const e of [...ins, ...outs]) dropEdge(key(e));
    const ports = types.ports(node);
    if (ports?.inputs !== 1 || ports.outputs !== 1 || ins.length !== 1 || outs.length !== 1) continue;
    const [p] = ins;
    const [c] = outs;
    if (p.from === node.name || c.to === node.name || p.from === c.to) continue;
    addEdge({ from: p.from, output: p.output, to: c.to, input: c.input });
  }
  const bridges = [...edges.entries()].filter(([k]) => !original.has(k)).map(([, e]) => e);
  return { remove, keptTrigger, bridges };
}
