// Display objects for the visible nodes, keyed by slot, recycled through pools: a node leaving
// the view hands its view to the next one entering, and apply() changes only what differs.
import type { Container } from 'pixi.js';
import { NodeView } from './NodeView.ts';
import { StickyView } from './StickyView.ts';

/** Recycled views kept for reuse; beyond this they are destroyed. */
export const MAX_POOLED_VIEWS = 400;

export type View = NodeView | StickyView;

export class ViewPool {
  readonly views = new Map<number, View>();
  private readonly nodePool: NodeView[] = [];
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
    const v: View = sticky ? this.stickyPool.pop() ?? new StickyView() : this.nodePool.pop() ?? new NodeView();
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
    v.reset();
    const pool: View[] = v instanceof NodeView ? this.nodePool : this.stickyPool;
    if (pool.length < MAX_POOLED_VIEWS) pool.push(v);
    else v.destroy();
    return true;
  }

  /** Releases every regular node view (switching to boxes). */
  releaseNodeViews(): void {
    for (const [slot, v] of [...this.views]) if (v instanceof NodeView) this.release(slot);
  }

  destroy(): void {
    for (const v of this.views.values()) v.destroy();
    for (const v of this.nodePool) v.destroy();
    for (const v of this.stickyPool) v.destroy();
    this.views.clear();
    this.nodePool.length = 0;
    this.stickyPool.length = 0;
  }
}
