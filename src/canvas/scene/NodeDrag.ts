// A node drag on the scene: the dragged nodes' views move into the drag layer (a render group
// that only moves), their connections and boxes into the drag copies of the edge and box layers,
// and back where they belong when the drag ends. The document is written by the caller
// (moveNodes on release); this part moves pictures only.
import type { Container } from 'pixi.js';
import { NodeView } from './NodeView.ts';
import type { View } from './ViewPool.ts';

export interface NodeDragHost {
  slotOf(id: string): number | undefined;
  /** The displayed view of a node slot, if any. */
  viewOf(slot: number): View | undefined;
  /** The render group a node view goes back to (scene/NodeScene.cellOf). */
  cellOf(slot: number): Container;
  stickies: Container;
  dragLayer: Container;
  edges: { beginDrag(nodes: ReadonlySet<number>): void; drag(dx: number, dy: number): void; endDrag(): void };
  boxes: { beginDrag(nodes: ReadonlySet<number>): void; endDrag(): number[]; show(slot: number): void };
}

export interface DragState {
  ids: string[];
  slots: Set<number>;
  dx: number;
  dy: number;
}

export class NodeDrag {
  private current: DragState | null = null;
  private readonly host: NodeDragHost;

  constructor(host: NodeDragHost) {
    this.host = host;
  }

  /** The running drag, null when none. */
  get state(): DragState | null {
    return this.current;
  }

  has(slot: number): boolean {
    return !!this.current?.slots.has(slot);
  }

  /** Shows the nodes `ids` moved by (dx, dy); true when this started the drag (views changed groups). */
  to(ids: string[], dx: number, dy: number): boolean {
    const host = this.host;
    let started = false;
    if (!this.current) {
      const slots = new Set<number>();
      for (const id of ids) {
        const s = host.slotOf(id);
        if (s !== undefined) slots.add(s);
      }
      this.current = { ids, slots, dx: 0, dy: 0 };
      for (const s of slots) {
        const v = host.viewOf(s);
        if (v instanceof NodeView) host.dragLayer.addChild(v.root);
        else if (v) host.dragLayer.addChildAt(v.root, 0);
      }
      host.edges.beginDrag(slots);
      host.boxes.beginDrag(slots);
      started = true;
    }
    this.current.dx = dx;
    this.current.dy = dy;
    host.dragLayer.position.set(dx, dy);
    host.edges.drag(dx, dy);
    return started;
  }

  /** Puts everything back; false when no drag ran. */
  end(): boolean {
    const d = this.current;
    if (!d) return false;
    const host = this.host;
    this.current = null;
    for (const s of d.slots) {
      const v = host.viewOf(s);
      if (v instanceof NodeView) host.cellOf(s).addChild(v.root);
      else if (v) host.stickies.addChild(v.root);
    }
    host.dragLayer.position.set(0, 0);
    host.edges.endDrag();
    for (const s of host.boxes.endDrag()) host.boxes.show(s);
    return true;
  }
}
