// Display objects for the visible nodes, keyed by slot, recycled through pools: a node leaving
// the view hands its view to the next one entering (or gets it back when it returns), and
// apply() changes only what differs.
import type { Container } from 'pixi.js';
import { NodeView } from './NodeView.ts';
import { StickyView } from './StickyView.ts';

/** Recycled views kept for reuse; beyond this they are destroyed. */
export const MAX_POOLED_VIEWS = 400;

export type View = NodeView | StickyView;

export class ViewPool {
  readonly views = new Map<number, View>();
  /**
   * Released node views, in release order, by the node they last showed. A node that comes
   * back into view (panning back and forth) gets its own view again, whose labels are already
   * laid out: apply() then changes nothing. Other nodes take the oldest released view.
   */
  private readonly nodePool = new Map<string, NodeView>();
  private readonly stickyPool: StickyView[] = [];

  get size(): number {
    return this.views.size;
  }

  get(slot: number): View | undefined {
    return this.views.get(slot);
  }

  /** The slot's view, taking one from the pool (or making one) and adding it to `parent`. */
  acquire(slot: number, nodeId: string, sticky: boolean, parent: Container): View {
    const existing = this.views.get(slot);
    if (existing) return existing;
    const v: View = sticky ? this.stickyPool.pop() ?? new StickyView() : this.takeNodeView(nodeId);
    parent.addChild(v.root);
    v.slot = slot;
    v.nodeId = nodeId;
    this.views.set(slot, v);
    return v;
  }

  /** Detaches the slot's view and keeps it for reuse. Returns whether there was one. */
  release(slot: number): boolean {
    const v = this.views.get(slot);
    if (!v) return false;
    this.views.delete(slot);
    v.root.removeFromParent();
    if (v instanceof NodeView) {
      // Kept as it is (see nodePool); reset when another node takes it.
      this.nodePool.delete(v.nodeId);
      this.nodePool.set(v.nodeId, v);
      if (this.nodePool.size > MAX_POOLED_VIEWS) {
        const [oldest, old] = this.nodePool.entries().next().value as [string, NodeView];
        this.nodePool.delete(oldest);
        old.destroy();
      }
      return true;
    }
    v.reset();
    if (this.stickyPool.length < MAX_POOLED_VIEWS) this.stickyPool.push(v);
    else v.destroy();
    return true;
  }

  private takeNodeView(nodeId: string): NodeView {
    const own = this.nodePool.get(nodeId);
    if (own) {
      this.nodePool.delete(nodeId);
      return own;
    }
    const first = this.nodePool.entries().next();
    if (first.done) return new NodeView();
    const [id, v] = first.value;
    this.nodePool.delete(id);
    v.reset();
    return v;
  }

  /** Releases every regular node view (switching to boxes). */
  releaseNodeViews(): void {
    for (const [slot, v] of [...this.views]) if (v instanceof NodeView) this.release(slot);
  }

  destroy(): void {
    for (const v of this.views.values()) v.destroy();
    for (const v of this.nodePool.values()) v.destroy();
    for (const v of this.stickyPool) v.destroy();
    this.views.clear();
    this.nodePool.clear();
    this.stickyPool.length = 0;
  }
}
