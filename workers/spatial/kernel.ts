// The spatial kernel: node boxes and connection curves in flat typed arrays, a flatbush index
// over them, and the queries the canvas needs (culling, rubber-band selection, hit-testing).
// Plain functions over plain data so the same code runs in the spatial worker (the source of
// truth for big graphs) and on the main thread (pointer-down over what is drawn, and tests).
import Flatbush from 'flatbush';
import {
  EDGE_STRIDE, E_INPUT, E_OUTPUT, E_SOURCE, E_TARGET, FLAG_ALIVE, FLAG_STICKY, INPUT_HEIGHT, INPUT_WIDTH,
  NODE_STRIDE, N_BOTTOM, N_CONNECTED, N_FLAGS, N_H, N_INPUTS, N_OUTPUTS, N_TOP, N_W, N_X, N_Y, OUTPUT_RADIUS, PLUS_CENTER_DX,
  PLUS_SIZE, curveBounds, distanceToCurve, edgeCurve, edgePortX, nodeExtent, portY,
} from './geometry.ts';

export interface SpatialState {
  nodes: Float64Array;
  edges: Int32Array;
  /** Highest used slot + 1 (slots are reused by the writer, so arrays never shrink). */
  nodeSlots: number;
  edgeSlots: number;
  nodeIndex: Flatbush | null;
  /** flatbush item number -> node slot */
  nodeItems: Int32Array;
  edgeIndex: Flatbush | null;
  edgeItems: Int32Array;
  dirty: boolean;
}

export interface Rect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export type HitKind = 'input' | 'output' | 'plus' | 'node' | 'sticky' | 'edge';

export interface Hit {
  kind: HitKind;
  /** Node slot, or connection slot for kind 'edge'. */
  slot: number;
  /** Port index for input/output/plus (-1 - k: the k-th bottom input or top output); 0 otherwise. */
  index: number;
}

export interface HitOptions {
  /** World units per screen pixel inverse: tolerances are given in screen pixels. */
  scale: number;
  /** Ports are drawn (full level of detail) and therefore hit-testable. */
  ports: boolean;
}

export interface QueryResult {
  nodes: Int32Array;
  edges: Int32Array;
}

export function createSpatialState(): SpatialState {
  return {
    nodes: new Float64Array(NODE_STRIDE * 64),
    edges: new Int32Array(EDGE_STRIDE * 64).fill(-1),
    nodeSlots: 0,
    edgeSlots: 0,
    nodeIndex: null,
    nodeItems: new Int32Array(0),
    edgeIndex: null,
    edgeItems: new Int32Array(0),
    dirty: true,
  };
}

function growNodes(s: SpatialState, slots: number): void {
  if (slots * NODE_STRIDE <= s.nodes.length) return;
  const next = new Float64Array(Math.max(slots, (s.nodes.length / NODE_STRIDE) * 2) * NODE_STRIDE);
  next.set(s.nodes);
  s.nodes = next;
}

function growEdges(s: SpatialState, slots: number): void {
  if (slots * EDGE_STRIDE <= s.edges.length) return;
  const next = new Int32Array(Math.max(slots, (s.edges.length / EDGE_STRIDE) * 2) * EDGE_STRIDE).fill(-1);
  next.set(s.edges);
  s.edges = next;
}

/** Writes node records: values holds NODE_STRIDE numbers per slot (flags 0 = removed). */
export function patchNodes(s: SpatialState, slots: ArrayLike<number>, values: ArrayLike<number>): void {
  if (values.length !== slots.length * NODE_STRIDE) throw new Error(`patchNodes: expected ${slots.length * NODE_STRIDE} values, got ${values.length}`);
  let max = s.nodeSlots;
  for (let i = 0; i < slots.length; i++) max = Math.max(max, slots[i] + 1);
  growNodes(s, max);
  s.nodeSlots = max;
  for (let i = 0; i < slots.length; i++) {
    const o = slots[i] * NODE_STRIDE;
    for (let k = 0; k < NODE_STRIDE; k++) s.nodes[o + k] = values[i * NODE_STRIDE + k];
  }
  if (slots.length) s.dirty = true;
}

/** Writes connection records: EDGE_STRIDE ints per slot (source -1 = removed). */
export function patchEdges(s: SpatialState, slots: ArrayLike<number>, values: ArrayLike<number>): void {
  if (values.length !== slots.length * EDGE_STRIDE) throw new Error(`patchEdges: expected ${slots.length * EDGE_STRIDE} values, got ${values.length}`);
  let max = s.edgeSlots;
  for (let i = 0; i < slots.length; i++) max = Math.max(max, slots[i] + 1);
  growEdges(s, max);
  s.edgeSlots = max;
  for (let i = 0; i < slots.length; i++) {
    const o = slots[i] * EDGE_STRIDE;
    for (let k = 0; k < EDGE_STRIDE; k++) s.edges[o + k] = values[i * EDGE_STRIDE + k];
  }
  if (slots.length) s.dirty = true;
}

export function nodeAlive(s: SpatialState, slot: number): boolean {
  return slot >= 0 && slot < s.nodeSlots && (s.nodes[slot * NODE_STRIDE + N_FLAGS] & FLAG_ALIVE) !== 0;
}

export function edgeAlive(s: SpatialState, e: number): boolean {
  if (e < 0 || e >= s.edgeSlots) return false;
  const o = e * EDGE_STRIDE;
  return s.edges[o + E_SOURCE] >= 0 && nodeAlive(s, s.edges[o + E_SOURCE]) && nodeAlive(s, s.edges[o + E_TARGET]);
}

const box = new Float64Array(4);
const curve = new Float64Array(8);

/** Rebuilds both flatbush indexes when records changed since the last build. */
export function ensureIndex(s: SpatialState): void {
  if (!s.dirty) return;
  let n = 0;
  for (let i = 0; i < s.nodeSlots; i++) if (nodeAlive(s, i)) n++;
  s.nodeItems = new Int32Array(n);
  s.nodeIndex = n ? new Flatbush(n) : null;
  for (let i = 0, k = 0; i < s.nodeSlots; i++) {
    if (!nodeAlive(s, i)) continue;
    nodeExtent(s.nodes, i, box);
    s.nodeIndex!.add(box[0], box[1], box[2], box[3]);
    s.nodeItems[k++] = i;
  }
  s.nodeIndex?.finish();
  let m = 0;
  for (let e = 0; e < s.edgeSlots; e++) if (edgeAlive(s, e)) m++;
  s.edgeItems = new Int32Array(m);
  s.edgeIndex = m ? new Flatbush(m) : null;
  for (let e = 0, k = 0; e < s.edgeSlots; e++) {
    if (!edgeAlive(s, e)) continue;
    edgeCurve(s.nodes, s.edges, e, curve);
    curveBounds(curve, box);
    s.edgeIndex!.add(box[0], box[1], box[2], box[3]);
    s.edgeItems[k++] = e;
  }
  s.edgeIndex?.finish();
  s.dirty = false;
}

/** Nodes whose drawn extent and connections whose curve bounds meet the rectangle (culling). */
export function queryRect(s: SpatialState, r: Rect): QueryResult {
  ensureIndex(s);
  const ni = s.nodeIndex ? s.nodeIndex.search(r.minX, r.minY, r.maxX, r.maxY) : [];
  const ei = s.edgeIndex ? s.edgeIndex.search(r.minX, r.minY, r.maxX, r.maxY) : [];
  const nodes = new Int32Array(ni.length);
  for (let i = 0; i < ni.length; i++) nodes[i] = s.nodeItems[ni[i]];
  const edges = new Int32Array(ei.length);
  for (let i = 0; i < ei.length; i++) edges[i] = s.edgeItems[ei[i]];
  return { nodes, edges };
}

/**
 * Every live node and connection: the culling answer for a rectangle that holds all content
 * (an overview), found in one pass without the index.
 */
export function everything(s: SpatialState): QueryResult {
  const nodes = new Int32Array(s.nodeSlots);
  let n = 0;
  for (let i = 0; i < s.nodeSlots; i++) if (nodeAlive(s, i)) nodes[n++] = i;
  const edges = new Int32Array(s.edgeSlots);
  let m = 0;
  for (let e = 0; e < s.edgeSlots; e++) if (edgeAlive(s, e)) edges[m++] = e;
  return { nodes: nodes.slice(0, n), edges: edges.slice(0, m) };
}

/**
 * Rubber-band selection: nodes whose box meets the rectangle; sticky notes only when the
 * rectangle contains them whole (they are large backgrounds that a band often crosses).
 */
export function selectInRect(s: SpatialState, r: Rect): Int32Array {
  ensureIndex(s);
  if (!s.nodeIndex) return new Int32Array(0);
  const found = s.nodeIndex.search(r.minX, r.minY, r.maxX, r.maxY);
  const out: number[] = [];
  for (const item of found) {
    const slot = s.nodeItems[item];
    const o = slot * NODE_STRIDE;
    const x = s.nodes[o + N_X];
    const y = s.nodes[o + N_Y];
    const w = s.nodes[o + N_W];
    const h = s.nodes[o + N_H];
    const sticky = (s.nodes[o + N_FLAGS] & FLAG_STICKY) !== 0;
    const hit = sticky
      ? x >= r.minX && y >= r.minY && x + w <= r.maxX && y + h <= r.maxY
      : x <= r.maxX && x + w >= r.minX && y <= r.maxY && y + h >= r.minY;
    if (hit) out.push(slot);
  }
  return Int32Array.from(out);
}

/** Screen-pixel tolerances for pointing at small things. */
export const PORT_HIT_PX = 10;
export const EDGE_HIT_PX = 6;

/**
 * What is under (x, y): ports and plus buttons first (they sit on top), then node bodies,
 * then connections (nearest within tolerance), then sticky notes (smallest first).
 * Candidates restrict the search to given slots (the main thread passes what it has drawn);
 * without them the index is used.
 */
export function hitTest(s: SpatialState, x: number, y: number, opts: HitOptions, candidates?: QueryResult): Hit | null {
  const portTol = Math.max(PORT_HIT_PX / opts.scale, OUTPUT_RADIUS + 2);
  const edgeTol = EDGE_HIT_PX / opts.scale;
  let nodeSlots: ArrayLike<number>;
  let edgeSlots: ArrayLike<number>;
  if (candidates) {
    nodeSlots = candidates.nodes;
    edgeSlots = candidates.edges;
  } else {
    ensureIndex(s);
    const pad = Math.max(portTol, edgeTol);
    nodeSlots = s.nodeIndex ? s.nodeIndex.search(x - pad, y - pad, x + pad, y + pad).map((i) => s.nodeItems[i]) : [];
    edgeSlots = s.edgeIndex ? s.edgeIndex.search(x - edgeTol, y - edgeTol, x + edgeTol, y + edgeTol).map((i) => s.edgeItems[i]) : [];
  }
  const nodes = s.nodes;
  if (opts.ports) {
    let best: Hit | null = null;
    let bestD = Infinity;
    for (let i = 0; i < nodeSlots.length; i++) {
      const slot = nodeSlots[i];
      if (!nodeAlive(s, slot)) continue;
      const o = slot * NODE_STRIDE;
      if (nodes[o + N_FLAGS] & FLAG_STICKY) continue;
      const nx = nodes[o + N_X];
      const ny = nodes[o + N_Y];
      const w = nodes[o + N_W];
      const h = nodes[o + N_H];
      if (x < nx - portTol - INPUT_WIDTH || x > nx + w + PLUS_CENTER_DX + PLUS_SIZE || y < ny - portTol || y > ny + h + portTol) continue;
      const inputs = nodes[o + N_INPUTS];
      for (let k = 0; k < inputs; k++) {
        const py = portY(ny, h, inputs, k);
        const dx = Math.abs(x - (nx - INPUT_WIDTH / 2));
        const dy = Math.abs(y - py);
        if (dx <= portTol && dy <= Math.max(portTol, INPUT_HEIGHT / 2)) {
          const d = dx + dy;
          if (d < bestD) { bestD = d; best = { kind: 'input', slot, index: k }; }
        }
      }
      const outputs = nodes[o + N_OUTPUTS];
      const connected = nodes[o + N_CONNECTED];
      for (let k = 0; k < outputs; k++) {
        const py = portY(ny, h, outputs, k);
        const d = Math.hypot(x - (nx + w), y - py);
        if (d <= portTol && d < bestD) { bestD = d; best = { kind: 'output', slot, index: k }; }
        if (k < 31 && (connected & (1 << k)) !== 0) continue;
        const px = nx + w + PLUS_CENTER_DX;
        const half = PLUS_SIZE / 2 + 2;
        if (Math.abs(x - px) <= half && Math.abs(y - py) <= half) {
          const dp = Math.hypot(x - px, y - py);
          if (dp < bestD) { bestD = dp; best = { kind: 'plus', slot, index: k }; }
        }
      }
      // Sub-node ports: inputs on the bottom edge, outputs on the top edge.
      const bottom = nodes[o + N_BOTTOM];
      for (let k = 0; k < bottom; k++) {
        const d = Math.hypot(x - edgePortX(nx, w, bottom, k), y - (ny + h));
        if (d <= portTol && d < bestD) { bestD = d; best = { kind: 'input', slot, index: -1 - k }; }
      }
      const top = nodes[o + N_TOP];
      for (let k = 0; k < top; k++) {
        const d = Math.hypot(x - edgePortX(nx, w, top, k), y - ny);
        if (d <= portTol && d < bestD) { bestD = d; best = { kind: 'output', slot, index: -1 - k }; }
      }
    }
    if (best) return best;
  }
  // Node bodies: the last slot wins when boxes overlap (it was added later, drawn on top).
  let body = -1;
  let sticky = -1;
  let stickyArea = Infinity;
  for (let i = 0; i < nodeSlots.length; i++) {
    const slot = nodeSlots[i];
    if (!nodeAlive(s, slot)) continue;
    const o = slot * NODE_STRIDE;
    const nx = nodes[o + N_X];
    const ny = nodes[o + N_Y];
    const w = nodes[o + N_W];
    const h = nodes[o + N_H];
    if (x < nx || x > nx + w || y < ny || y > ny + h) continue;
    if (nodes[o + N_FLAGS] & FLAG_STICKY) {
      if (w * h < stickyArea) { stickyArea = w * h; sticky = slot; }
    } else if (slot > body) body = slot;
  }
  if (body >= 0) return { kind: 'node', slot: body, index: 0 };
  let edge = -1;
  let edgeD = edgeTol;
  for (let i = 0; i < edgeSlots.length; i++) {
    const e = edgeSlots[i];
    if (!edgeAlive(s, e)) continue;
    edgeCurve(nodes, s.edges, e, curve);
    curveBounds(curve, box);
    if (x < box[0] - edgeTol || x > box[2] + edgeTol || y < box[1] - edgeTol || y > box[3] + edgeTol) continue;
    const d = distanceToCurve(curve, x, y);
    if (d <= edgeD) { edgeD = d; edge = e; }
  }
  if (edge >= 0) return { kind: 'edge', slot: edge, index: 0 };
  if (sticky >= 0) return { kind: 'sticky', slot: sticky, index: 0 };
  return null;
}

/** Bounds of all live nodes (zoom to fit), or null when there are none. */
export function contentBounds(s: SpatialState): Rect | null {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < s.nodeSlots; i++) {
    if (!nodeAlive(s, i)) continue;
    nodeExtent(s.nodes, i, box);
    if (box[0] < minX) minX = box[0];
    if (box[1] < minY) minY = box[1];
    if (box[2] > maxX) maxX = box[2];
    if (box[3] > maxY) maxY = box[3];
  }
  return minX === Infinity ? null : { minX, minY, maxX, maxY };
}

export { E_INPUT, E_OUTPUT, E_SOURCE, E_TARGET };
