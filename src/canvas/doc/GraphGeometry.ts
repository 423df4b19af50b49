// The main thread's copy of the graph's geometry: node boxes and connections in the spatial
// kernel's typed-array layout, keyed by slots, plus adjacency. It is the writer: changes are
// collected as patches and shipped to the spatial worker once per frame.
import {
  EDGE_STRIDE, E_INPUT, E_OUTPUT, E_SOURCE, E_TARGET, FLAG_ALIVE, NODE_STRIDE, N_CONNECTED, N_FLAGS, N_X, N_Y,
} from '../../../workers/spatial/geometry.ts';
import { createSpatialState, patchEdges, patchNodes, type SpatialState } from '../../../workers/spatial/kernel.ts';
import { SlotTable } from './SlotTable.ts';

export interface GeometryPatch {
  nodeSlots: Int32Array;
  nodeValues: Float64Array;
  edgeSlots: Int32Array;
  edgeValues: Int32Array;
}

export interface NodeRecord {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Main inputs and outputs (left and right edges). */
  inputs: number;
  outputs: number;
  /** FLAG_STICKY | FLAG_TRIGGER | FLAG_ERROR_OUTPUT | FLAG_SUBNODE (FLAG_ALIVE is added). */
  flags: number;
  /** Ports of other connection types: inputs on the bottom edge, outputs on the top edge. */
  bottom?: number;
  top?: number;
}

export class GraphGeometry {
  readonly state: SpatialState = createSpatialState();
  readonly nodes = new SlotTable();
  readonly edges = new SlotTable();
  /** node slot -> connection slots that touch it */
  private readonly incident: (Set<number> | undefined)[] = [];
  /** node slot -> number of connections on each output */
  private readonly outCounts: (number[] | undefined)[] = [];
  private readonly dirtyNodes = new Set<number>();
  private readonly dirtyEdges = new Set<number>();
  private readonly rec = new Float64Array(NODE_STRIDE);
  private readonly erec = new Int32Array(EDGE_STRIDE);
  /** Bumped on every geometry change (culling answers older than this may be stale). */
  version = 0;

  setNode(id: string, r: NodeRecord): number {
    const slot = this.nodes.acquire(id);
    const rec = this.rec;
    rec[0] = r.x; rec[1] = r.y; rec[2] = r.w; rec[3] = r.h; rec[4] = r.inputs; rec[5] = r.outputs;
    rec[6] = r.flags | FLAG_ALIVE;
    rec[7] = this.connectedMask(slot);
    rec[8] = r.bottom ?? 0;
    rec[9] = r.top ?? 0;
    patchNodes(this.state, [slot], rec);
    this.touchNode(slot);
    return slot;
  }

  moveNode(slot: number, x: number, y: number): void {
    const o = slot * NODE_STRIDE;
    if (this.state.nodes[o + N_X] === x && this.state.nodes[o + N_Y] === y) return;
    this.state.nodes[o + N_X] = x;
    this.state.nodes[o + N_Y] = y;
    this.state.dirty = true;
    this.touchNode(slot);
    for (const e of this.incident[slot] ?? []) this.touchEdge(e);
  }

  removeNode(id: string): number | undefined {
    const slot = this.nodes.release(id);
    if (slot === undefined) return undefined;
    this.state.nodes[slot * NODE_STRIDE + N_FLAGS] = 0;
    this.state.dirty = true;
    this.incident[slot] = undefined;
    this.outCounts[slot] = undefined;
    this.touchNode(slot);
    return slot;
  }

  /** Adds a connection between two known nodes; returns its slot, or undefined if an end is unknown. */
  addEdge(id: string, sourceId: string, sourceOutput: number, targetId: string, targetInput: number): number | undefined {
    const s = this.nodes.slotOf(sourceId);
    const t = this.nodes.slotOf(targetId);
    if (s === undefined || t === undefined) return undefined;
    return this.addEdgeAt(id, s, sourceOutput, t, targetInput);
  }

  /** addEdge for node slots the caller has looked up already. */
  addEdgeAt(id: string, s: number, sourceOutput: number, t: number, targetInput: number): number {
    const slot = this.edges.acquire(id);
    const e = this.erec;
    e[0] = s; e[1] = sourceOutput; e[2] = t; e[3] = targetInput;
    patchEdges(this.state, [slot], e);
    (this.incident[s] ??= new Set()).add(slot);
    (this.incident[t] ??= new Set()).add(slot);
    this.countOutput(s, sourceOutput, 1);
    this.touchEdge(slot);
    return slot;
  }

  /**
   * Moves a connection's ends to other ports of the same nodes (the nodes' port lists changed:
   * a sub-node port was added or an unknown node learnt its ports from its connections).
   */
  setEdgePorts(slot: number, sourceOutput: number, targetInput: number): void {
    const o = slot * EDGE_STRIDE;
    const a = this.state.edges;
    if (a[o + E_SOURCE] < 0 || (a[o + E_OUTPUT] === sourceOutput && a[o + E_INPUT] === targetInput)) return;
    const s = a[o + E_SOURCE];
    this.countOutput(s, a[o + E_OUTPUT], -1);
    const e = this.erec;
    e[0] = s; e[1] = sourceOutput; e[2] = a[o + E_TARGET]; e[3] = targetInput;
    patchEdges(this.state, [slot], e);
    this.countOutput(s, sourceOutput, 1);
    this.touchEdge(slot);
  }

  /** Connections per main output (plus buttons hide on connected outputs); other ports are not counted. */
  private countOutput(nodeSlot: number, output: number, delta: number): void {
    if (output < 0) return;
    const counts = (this.outCounts[nodeSlot] ??= []);
    counts[output] = Math.max(0, (counts[output] ?? 0) + delta);
    if (this.nodes.idOf(nodeSlot) !== undefined) this.updateMask(nodeSlot);
  }

  removeEdge(id: string): number | undefined {
    const slot = this.edges.release(id);
    if (slot === undefined) return undefined;
    const o = slot * EDGE_STRIDE;
    const s = this.state.edges[o + E_SOURCE];
    const t = this.state.edges[o + E_TARGET];
    const out = this.state.edges[o + E_OUTPUT];
    this.incident[s]?.delete(slot);
    this.incident[t]?.delete(slot);
    if (this.outCounts[s]) this.countOutput(s, out, -1);
    this.state.edges.fill(-1, o, o + EDGE_STRIDE);
    this.state.dirty = true;
    this.touchEdge(slot);
    return slot;
  }

  edgeEnds(slot: number): { source: number; output: number; target: number; input: number } {
    const o = slot * EDGE_STRIDE;
    const a = this.state.edges;
    return { source: a[o + E_SOURCE], output: a[o + E_OUTPUT], target: a[o + E_TARGET], input: a[o + E_INPUT] };
  }

  incidentEdges(nodeSlot: number): ReadonlySet<number> {
    return this.incident[nodeSlot] ?? EMPTY;
  }

  outputConnected(nodeSlot: number, output: number): boolean {
    return output >= 0 && (this.outCounts[nodeSlot]?.[output] ?? 0) > 0;
  }

  /** Changed records since the last call, in the kernel's layout, or null when nothing changed. */
  takePatch(): GeometryPatch | null {
    if (this.dirtyNodes.size === 0 && this.dirtyEdges.size === 0) return null;
    const nodeSlots = Int32Array.from(this.dirtyNodes);
    const nodeValues = new Float64Array(nodeSlots.length * NODE_STRIDE);
    for (let i = 0; i < nodeSlots.length; i++) {
      const o = nodeSlots[i] * NODE_STRIDE;
      nodeValues.set(this.state.nodes.subarray(o, o + NODE_STRIDE), i * NODE_STRIDE);
    }
    const edgeSlots = Int32Array.from(this.dirtyEdges);
    const edgeValues = new Int32Array(edgeSlots.length * EDGE_STRIDE);
    for (let i = 0; i < edgeSlots.length; i++) {
      const o = edgeSlots[i] * EDGE_STRIDE;
      edgeValues.set(this.state.edges.subarray(o, o + EDGE_STRIDE), i * EDGE_STRIDE);
    }
    this.dirtyNodes.clear();
    this.dirtyEdges.clear();
    return { nodeSlots, nodeValues, edgeSlots, edgeValues };
  }

  private connectedMask(slot: number): number {
    const counts = this.outCounts[slot];
    let mask = 0;
    if (counts) for (let i = 0; i < Math.min(31, counts.length); i++) if (counts[i] > 0) mask |= 1 << i;
    return mask;
  }

  private updateMask(slot: number): void {
    const o = slot * NODE_STRIDE;
    const mask = this.connectedMask(slot);
    if (this.state.nodes[o + N_CONNECTED] === mask) return;
    this.state.nodes[o + N_CONNECTED] = mask;
    this.touchNode(slot);
  }

  private touchNode(slot: number): void {
    this.dirtyNodes.add(slot);
    this.version++;
  }

  private touchEdge(slot: number): void {
    this.dirtyEdges.add(slot);
    this.state.dirty = true;
    this.version++;
  }
}

const EMPTY: ReadonlySet<number> = new Set();
