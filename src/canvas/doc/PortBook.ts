// Each node's ports by connection type (kernels/ports.ts), per geometry slot, and the placing
// of nodes and connection ends on them. A node's ports are its type's, widened to what its
// connections use (an unknown type learns them from its connections and keeps them). A
// connection that names a port its node lacks asks for a new layout, done once per frame
// (flush) before the geometry patch goes to the spatial worker.
import { EDGE_STRIDE, E_SOURCE, E_TARGET } from '../../../workers/spatial/geometry.ts';
import type { GraphGeometry } from './GraphGeometry.ts';
import { hasErrorOutput, nodePorts, nodeRecord, type ResolvedType } from './nodeLook.ts';
import { MAIN, portAt, portSlot, rememberUses, samePorts, type PortLayout, type PortUse } from '../kernels/ports.ts';
import type { CanvasConnection, CanvasNode } from '../types.ts';

const EMPTY_USES: PortUse[] = [];

export interface PortBookHost {
  geometry: GraphGeometry;
  /** The node's type as the canvas resolves it (TypeCache.forNode). */
  typeOf(n: CanvasNode): ResolvedType;
  /** The connection object at a geometry edge slot. */
  connectionAt(e: number): CanvasConnection | undefined;
  /** A connection's ends moved to other ports: redraw it. */
  edgeMoved(e: number): void;
}

export class PortBook {
  /** Each node's ports by connection type, per node slot. */
  private readonly layouts: Array<PortLayout | undefined> = [];
  /** Nodes whose ports go beyond their type's (a connection needed one): re-checked when one goes. */
  private readonly widened = new Set<number>();
  /** Ports an unknown node's connections used (they only grow: a deleted connection leaves its port). */
  private readonly learned = new Map<string, readonly PortUse[]>();
  /** Nodes whose ports must be laid out again before the next frame's geometry patch. */
  private readonly dirty = new Set<number>();
  private readonly host: PortBookHost;

  constructor(host: PortBookHost) {
    this.host = host;
  }

  /** The ports laid out for a node slot (undefined before it is placed). */
  at(slot: number): PortLayout | undefined {
    return this.layouts[slot];
  }

  /**
   * Writes the node's box and ports into the geometry; when its ports changed, its connections
   * move to their ports' new places. Returns the slot.
   */
  place(n: CanvasNode): number {
    const { geometry } = this.host;
    const t = this.host.typeOf(n);
    const ports = this.portsFor(n, t, geometry.nodes.slotOf(n.id));
    const slot = geometry.setNode(n.id, nodeRecord(n, t, ports));
    const before = this.layouts[slot];
    this.layouts[slot] = ports;
    if (t.known && ports !== t.basePorts && !samePorts(ports, nodePorts(n, t))) this.widened.add(slot);
    else if (this.widened.size) this.widened.delete(slot);
    // A node placed for the first time has no connections yet (they follow it).
    if (before !== undefined && before !== ports && !samePorts(before, ports)) {
      for (const e of geometry.incidentEdges(slot)) {
        this.encodeEdge(e);
        this.host.edgeMoved(e);
      }
    }
    return slot;
  }

  /**
   * The geometry index of a connection end: the main index, or -1 - k for the k-th top / bottom
   * port of its type. A port the node does not have yet is asked for (laid out by the next
   * flush) and the connection sits on the nearest port meanwhile.
   */
  portOf(nodeSlot: number, side: 'input' | 'output', type: string, index: number): number {
    const layout = this.layouts[nodeSlot];
    const found = layout ? portSlot(layout, side, type, index) : undefined;
    if (found !== undefined) return found;
    this.dirty.add(nodeSlot);
    if (type !== MAIN) return -1;
    const count = layout ? (side === 'input' ? layout.mainInputs : layout.mainOutputs) : 1;
    return Math.max(0, Math.min(count - 1, Number.isInteger(index) ? index : 0));
  }

  /** The connection type and raw index behind a node's geometry port index. */
  keyOf(nodeSlot: number | undefined, side: 'input' | 'output', index: number) {
    const layout = nodeSlot === undefined ? undefined : this.layouts[nodeSlot];
    return layout ? portAt(layout, side, index) : undefined;
  }

  /**
   * Lays out again the ports of nodes whose connections asked for ports they lack. Returns the
   * slots placed again, or null when none was asked for.
   */
  flush(nodeAt: (slot: number) => CanvasNode | undefined): number[] | null {
    if (this.dirty.size === 0) return null;
    const slots = [...this.dirty];
    this.dirty.clear();
    const placed: number[] = [];
    for (const slot of slots) {
      const n = nodeAt(slot);
      if (!n) continue;
      this.place(n);
      placed.push(slot);
    }
    // Connections whose ports were missing and are still (an invalid index): leave them where they are.
    this.dirty.clear();
    return placed;
  }

  /** A connection between these node slots went: a port only it needed goes with it. */
  connectionRemoved(source: number, target: number): void {
    if (this.widened.has(source)) this.dirty.add(source);
    if (this.widened.has(target)) this.dirty.add(target);
  }

  /** A node went (an unknown node's learnt ports go too). */
  nodeRemoved(slot: number, id: string): void {
    this.layouts[slot] = undefined;
    this.widened.delete(slot);
    this.dirty.delete(slot);
    this.learned.delete(id);
  }

  /** The node's ports: its type's, widened to what its connections use (kernels/ports.ts). */
  private portsFor(n: CanvasNode, t: ResolvedType, slot: number | undefined): PortLayout {
    const uses = slot === undefined ? EMPTY_USES : this.usesAt(slot);
    if (!t.known) {
      const learned = rememberUses(this.learned.get(n.id), uses);
      if (learned.length) this.learned.set(n.id, learned);
      return nodePorts(n, t, learned);
    }
    // Most nodes: a known type's ports, one layout shared by all its nodes.
    const base = hasErrorOutput(n) ? nodePorts(n, t) : (t.basePorts ??= nodePorts(n, t));
    if (uses.length === 0) return base;
    const ports = nodePorts(n, t, uses);
    return samePorts(ports, base) ? base : ports;
  }

  /** The ports the connections at a node use. */
  private usesAt(slot: number): PortUse[] {
    const out: PortUse[] = [];
    const { geometry } = this.host;
    const a = geometry.state.edges;
    for (const e of geometry.incidentEdges(slot)) {
      const c = this.host.connectionAt(e);
      if (!c) continue;
      if (a[e * EDGE_STRIDE + E_SOURCE] === slot) out.push({ side: 'output', type: c.type, index: c.sourceOutput });
      if (a[e * EDGE_STRIDE + E_TARGET] === slot) out.push({ side: 'input', type: c.type, index: c.targetInput });
    }
    return out;
  }

  /** Puts connection slot e on its nodes' ports (see portOf). */
  private encodeEdge(e: number): void {
    const c = this.host.connectionAt(e);
    if (!c) return;
    const { geometry } = this.host;
    const a = geometry.state.edges;
    const s = a[e * EDGE_STRIDE + E_SOURCE];
    const t = a[e * EDGE_STRIDE + E_TARGET];
    geometry.setEdgePorts(e, this.portOf(s, 'output', c.type, c.sourceOutput), this.portOf(t, 'input', c.type, c.targetInput));
  }
}
