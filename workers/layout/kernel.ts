// Tidy up: a left-to-right layered layout of the workflow with ELK (elkjs), as plain data in and
// positions out. Outputs keep their order top to bottom (fixed port order), separate parts of
// the graph are stacked, the result keeps the top-left corner where the nodes were and lands
// on the 20-px grid. Sticky notes are not laid out: each moves with the nodes it covered.
import type { ELK as ElkApi, ElkExtendedEdge, ElkNode, LayoutOptions } from 'elkjs/lib/elk-api.js';
import { GRID_SIZE } from '../../src/model/constants.ts';

export interface LayoutNode {
  id: string;
  /** Top-left, world units. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Main inputs and outputs (ports, in order). */
  inputs: number;
  outputs: number;
  sticky?: boolean;
}

export interface LayoutEdge {
  source: string;
  sourceOutput: number;
  target: string;
  targetInput: number;
}

export interface LayoutInput {
  nodes: LayoutNode[];
  edges: LayoutEdge[];
}

export interface LayoutResult {
  /** New top-left per node id (nodes whose position does not change are left out). */
  positions: Record<string, [number, number]>;
  /** Time ELK took, ms. */
  elkMs: number;
}

/** Horizontal gap between layers and vertical gap between nodes of a layer. */
export const LAYER_GAP = 120;
export const NODE_GAP = 60;

export const LAYOUT_OPTIONS: LayoutOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.edgeRouting': 'SPLINES',
  'elk.layered.spacing.nodeNodeBetweenLayers': String(LAYER_GAP),
  'elk.spacing.nodeNode': String(NODE_GAP),
  'elk.spacing.componentComponent': String(NODE_GAP * 2),
  'elk.separateConnectedComponents': 'true',
  // Keep the order the nodes and connections already have where the layout allows it, so a
  // second tidy-up changes nothing and branches do not swap.
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  // …and stack the separate parts in that order too (connected nodes come first, see below).
  'elk.layered.considerModelOrder.components': 'MODEL_ORDER',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  // One crossing-minimisation pass: ELK's default (7) costs seconds on thousands of nodes.
  'elk.layered.thoroughness': '1',
};

const snap = (v: number) => Math.round(v / GRID_SIZE) * GRID_SIZE;

export function toElkGraph(input: LayoutInput): ElkNode {
  // Connected nodes first: ELK stacks the parts of the graph in model order, and a lone node
  // above the workflow's main flow reads as its start.
  const linked = new Set(input.edges.flatMap((e) => (e.source === e.target ? [] : [e.source, e.target])));
  const all = input.nodes.filter((n) => !n.sticky);
  const laid = [...all.filter((n) => linked.has(n.id)), ...all.filter((n) => !linked.has(n.id))];
  const ids = new Set(laid.map((n) => n.id));
  const children: ElkNode[] = laid.map((n) => ({
    id: n.id,
    width: n.width,
    height: n.height,
    layoutOptions: { 'elk.portConstraints': 'FIXED_ORDER' },
    ports: [
      ...Array.from({ length: n.inputs }, (_, i) => ({ id: `${n.id}/in/${i}`, width: 1, height: 1, layoutOptions: { 'elk.port.side': 'WEST', 'elk.port.index': String(n.inputs - 1 - i) } })),
      ...Array.from({ length: n.outputs }, (_, i) => ({ id: `${n.id}/out/${i}`, width: 1, height: 1, layoutOptions: { 'elk.port.side': 'EAST', 'elk.port.index': String(i) } })),
    ],
  }));
  const byId = new Map(laid.map((n) => [n.id, n]));
  const edges: ElkExtendedEdge[] = [];
  input.edges.forEach((e, i) => {
    if (!ids.has(e.source) || !ids.has(e.target) || e.source === e.target) return;
    // Ports beyond the node's count (stale data) fall back to the node itself.
    const s = e.sourceOutput < byId.get(e.source)!.outputs ? `${e.source}/out/${e.sourceOutput}` : e.source;
    const t = e.targetInput < byId.get(e.target)!.inputs ? `${e.target}/in/${e.targetInput}` : e.target;
    edges.push({ id: `e${i}`, sources: [s], targets: [t] });
  });
  return { id: 'root', layoutOptions: LAYOUT_OPTIONS, children, edges };
}

function contains(sticky: LayoutNode, n: LayoutNode): boolean {
  const cx = n.x + n.width / 2;
  const cy = n.y + n.height / 2;
  return cx >= sticky.x && cx <= sticky.x + sticky.width && cy >= sticky.y && cy <= sticky.y + sticky.height;
}

export async function layoutWorkflow(input: LayoutInput, elk: ElkApi): Promise<LayoutResult> {
  const laid = input.nodes.filter((n) => !n.sticky);
  if (!laid.length) return { positions: {}, elkMs: 0 };
  const t0 = performance.now();
  const result = await elk.layout(toElkGraph(input));
  const elkMs = performance.now() - t0;

  // Anchor: the laid-out group starts where the nodes started (their top-left corner).
  let ox = Infinity;
  let oy = Infinity;
  for (const n of laid) {
    ox = Math.min(ox, n.x);
    oy = Math.min(oy, n.y);
  }
  let lx = Infinity;
  let ly = Infinity;
  for (const c of result.children ?? []) {
    lx = Math.min(lx, c.x ?? 0);
    ly = Math.min(ly, c.y ?? 0);
  }
  const next = new Map<string, [number, number]>();
  for (const c of result.children ?? []) next.set(c.id, [snap(ox + (c.x ?? 0) - lx), snap(oy + (c.y ?? 0) - ly)]);

  const positions: Record<string, [number, number]> = {};
  for (const n of laid) {
    const p = next.get(n.id);
    if (p && (p[0] !== n.x || p[1] !== n.y)) positions[n.id] = p;
  }
  // A sticky follows the nodes it covered: moved by their average displacement.
  for (const s of input.nodes.filter((n) => n.sticky)) {
    const covered = laid.filter((n) => contains(s, n));
    if (!covered.length) continue;
    let dx = 0;
    let dy = 0;
    for (const n of covered) {
      const p = next.get(n.id)!;
      dx += p[0] - n.x;
      dy += p[1] - n.y;
    }
    const p: [number, number] = [snap(s.x + dx / covered.length), snap(s.y + dy / covered.length)];
    if (p[0] !== s.x || p[1] !== s.y) positions[s.id] = p;
  }
  return { positions, elkMs };
}
