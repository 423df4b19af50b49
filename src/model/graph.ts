// Graph queries over n8n connections: parents, children, start nodes, reconnect-on-delete.
// Pure functions over an index built once per workflow version.
import type { IConnection, IConnections, INode } from './workflow.ts';
import { STARTING_NODE_TYPES } from './constants.ts';

export interface GraphIndex {
  nodes: Map<string, INode>;
  /** n8n's connectionsBySourceNode: the workflow's own connections object. */
  bySource: IConnections;
  /** n8n's connectionsByDestinationNode: [dest][type][inputIndex] = list of {node: source, index: sourceOutput}. */
  byDestination: IConnections;
}

export function buildGraph(nodes: INode[], connections: IConnections): GraphIndex {
  const map = new Map<string, INode>();
  for (const n of nodes) map.set(n.name, n);
  return { nodes: map, bySource: connections, byDestination: invertConnections(connections) };
}

/** Builds the destination-keyed view; IConnection.node there names the source and .index its output. */
export function invertConnections(connections: IConnections): IConnections {
  const result: IConnections = {};
  for (const source of Object.keys(connections)) {
    const byType = connections[source];
    for (const type of Object.keys(byType)) {
      const outputs = byType[type] ?? [];
      for (let outputIndex = 0; outputIndex < outputs.length; outputIndex++) {
        for (const c of outputs[outputIndex] ?? []) {
          const dest = (result[c.node] ??= {});
          const inputs = (dest[c.type] ??= []);
          while (inputs.length <= c.index) inputs.push([]);
          (inputs[c.index] ??= []).push({ node: source, type: c.type, index: outputIndex });
        }
      }
    }
  }
  return result;
}

/** All ancestors (main connections), nearest first, each once. depth -1 = unlimited. */
export function parentNodes(g: GraphIndex, name: string, depth = -1): string[] {
  return walk(g.byDestination, name, depth);
}

/** All descendants (main connections), nearest first, each once. */
export function childNodes(g: GraphIndex, name: string, depth = -1): string[] {
  return walk(g.bySource, name, depth);
}

function walk(conns: IConnections, start: string, depth: number): string[] {
  const seen = new Set<string>([start]);
  const out: string[] = [];
  let frontier = [start];
  let level = 0;
  while (frontier.length && (depth < 0 || level < depth)) {
    const next: string[] = [];
    for (const name of frontier) {
      for (const list of conns[name]?.main ?? []) {
        for (const c of list ?? []) {
          if (seen.has(c.node)) continue;
          seen.add(c.node);
          out.push(c.node);
          next.push(c.node);
        }
      }
    }
    frontier = next;
    level++;
  }
  return out;
}

/** Direct main-input sources of a node, per input index. */
export function directParents(g: GraphIndex, name: string): IConnection[][] {
  return (g.byDestination[name]?.main ?? []).map((l) => l ?? []);
}

/** Direct main-output destinations of a node, per output index. */
export function directChildren(g: GraphIndex, name: string): IConnection[][] {
  return (g.bySource[name]?.main ?? []).map((l) => l ?? []);
}

/**
 * The top-most enabled ancestors feeding one input of a node (n8n's getHighestNode):
 * walking up through disabled nodes, stopping at the first enabled one on each path.
 */
export function highestNodes(g: GraphIndex, name: string, inputIndex = 0, visited = new Set<string>()): string[] {
  const result: string[] = [];
  const sources = g.byDestination[name]?.main?.[inputIndex] ?? [];
  for (const c of sources) {
    if (visited.has(c.node)) continue;
    visited.add(c.node);
    const node = g.nodes.get(c.node);
    if (!node) continue;
    if (!node.disabled) {
      if (!result.includes(c.node)) result.push(c.node);
      continue;
    }
    const inputs = g.byDestination[c.node]?.main?.length ?? 0;
    for (let i = 0; i < inputs; i++) {
      for (const n of highestNodes(g, c.node, i, visited)) if (!result.includes(n)) result.push(n);
    }
  }
  return result;
}

export interface StartNodeTypeInfo {
  /** Node type has a trigger, poll or webhook entry point. */
  isTrigger(type: string, typeVersion: number): boolean;
}

/**
 * The node a full run starts from (n8n's getStartNode): with one node, that node; else the
 * first enabled trigger/poll node; else the first enabled node of a starting type.
 */
export function findStartNode(nodes: INode[], types: StartNodeTypeInfo): INode | undefined {
  const enabled = nodes.filter((n) => !n.disabled);
  if (nodes.length === 1 && enabled.length === 1) return enabled[0];
  for (const n of enabled) if (types.isTrigger(n.type, n.typeVersion)) return n;
  for (const t of STARTING_NODE_TYPES) {
    const n = enabled.find((x) => x.type === t);
    if (n) return n;
  }
  return undefined;
}

/**
 * For the start of a partial run towards `destination`: the top-most ancestor (n8n uses the
 * parent list in reverse, i.e. the farthest one). Returns undefined when the node has none.
 */
export function topAncestors(g: GraphIndex, destination: string): string[] {
  const parents = parentNodes(g, destination);
  return parents.filter((p) => (g.byDestination[p]?.main ?? []).every((l) => !l || l.length === 0));
}

/**
 * Connections to add when a node with exactly one input and one output is removed:
 * every parent on that input joins every child on that output.
 */
export function reconnectOnDelete(g: GraphIndex, name: string): Array<{ from: string; output: number; to: string; input: number }> {
  const ins = g.byDestination[name]?.main ?? [];
  const outs = g.bySource[name]?.main ?? [];
  if (ins.length !== 1 || outs.length !== 1) return [];
  const result: Array<{ from: string; output: number; to: string; input: number }> = [];
  for (const p of ins[0] ?? []) {
    for (const c of outs[0] ?? []) {
      if (p.node === name || c.node === name) continue;
      result.push({ from: p.node, output: p.index, to: c.node, input: c.index });
    }
  }
  return result;
}

/** Connection list with the dangling entries (to/from nodes not in `names`) removed. */
export function pruneConnections(connections: IConnections, names: Set<string>): IConnections {
  const result: IConnections = {};
  for (const source of Object.keys(connections)) {
    if (!names.has(source)) continue;
    const byType: { [type: string]: Array<IConnection[]> } = {};
    for (const type of Object.keys(connections[source])) {
      byType[type] = (connections[source][type] ?? []).map((l) => (l ?? []).filter((c) => names.has(c.node)));
    }
    result[source] = byType;
  }
  return result;
}

/**
 * How `source` feeds into `destination` (directly or through other nodes): the output index
 * of `source` on the first path found walking up breadth-first (n8n's getNodeConnectionIndexes).
 */
export function connectionIndexes(g: GraphIndex, destination: string, source: string): { sourceIndex: number; destinationIndex: number } | undefined {
  if (!g.nodes.has(source)) return undefined;
  const queue = [destination];
  const visited = new Set<string>();
  while (queue.length) {
    const current = queue.shift() as string;
    if (visited.has(current)) continue;
    visited.add(current);
    const inputs = g.byDestination[current]?.main ?? [];
    for (let inputIndex = 0; inputIndex < inputs.length; inputIndex++) {
      for (const c of inputs[inputIndex] ?? []) {
        if (c.node === source) return { sourceIndex: c.index, destinationIndex: inputIndex };
        if (!visited.has(c.node)) queue.push(c.node);
      }
    }
  }
  return undefined;
}

/**
 * Ancestors in n8n's getParentNodes order (farthest first along each path); the legacy (v0)
 * scheduler depends on this order to decide which parent to force-run.
 */
export function parentNodesN8nOrder(g: GraphIndex, name: string, depth = -1, checked: string[] = []): string[] {
  if (depth === 0) return [];
  const inputs = g.byDestination[name]?.main;
  if (!inputs || checked.includes(name)) return [];
  const seen = [...checked, name];
  const result: string[] = [];
  for (const list of inputs) {
    for (const c of list ?? []) {
      if (seen.includes(c.node)) continue;
      result.unshift(c.node);
      const more = parentNodesN8nOrder(g, c.node, depth === -1 ? -1 : depth - 1, seen);
      for (let i = more.length - 1; i >= 0; i--) {
        const at = result.indexOf(more[i]);
        if (at !== -1) result.splice(at, 1);
        result.unshift(more[i]);
      }
    }
  }
  return result;
}
