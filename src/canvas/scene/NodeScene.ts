// The node views on the scene: the pool of views (only displayed nodes have one), the render
// groups they are filed in (stickies, the drag layer, node cells by grid cell), and the level of
// detail they are drawn at, with the switch between views and batched boxes. What a view shows
// (its appearance) is the controller's refreshNode; this part says where it lives.
import type { Container } from 'pixi.js';
import { NODE_STRIDE, N_H, N_W, N_X, N_Y } from '../../../workers/spatial/geometry.ts';
import type { Rect } from '../../../workers/spatial/kernel.ts';
import type { Lod } from '../kernels/lod.ts';
import { NodeCells } from './NodeCells.ts';
import { NodeView } from './NodeView.ts';
import { ViewPool, type View } from './ViewPool.ts';

export interface NodeSceneHost {
  /** The geometry's node records. */
  nodes(): Float64Array;
  idOf(slot: number): string | undefined;
  /** The batched boxes (the 'boxes' level of detail). */
  boxes: { hide(slot: number): void; hideAll(): void };
  /** Whether a node is being dragged (its view goes to the drag layer). */
  dragging(slot: number): boolean;
  /** Views were added or removed, or the level of detail switched: a render is due. */
  changed(): void;
  /** A node must be drawn again (at the new level of detail). */
  redraw(slot: number): void;
}

export interface NodeSceneLayers {
  /** Sticky notes (sorted by zIndex). */
  stickies: Container;
  /** Moves with a node drag. */
  dragLayer: Container;
  /** Parent of the node cells. */
  nodesLayer: Container;
}

export class NodeScene {
  readonly pool = new ViewPool();
  private readonly cells: NodeCells;
  private readonly host: NodeSceneHost;
  private readonly layers: NodeSceneLayers;
  private lodNow: Lod = 'full';

  constructor(host: NodeSceneHost, layers: NodeSceneLayers) {
    this.host = host;
    this.layers = layers;
    this.cells = new NodeCells(layers.nodesLayer);
  }

  get lod(): Lod {
    return this.lodNow;
  }

  /** The view of a node slot, taken from the pool (or made) and put in its render group. */
  viewFor(slot: number, sticky: boolean): View {
    const parent = sticky ? this.layers.stickies : this.host.dragging(slot) ? this.layers.dragLayer : this.cellOf(slot);
    return this.pool.acquire(slot, this.host.idOf(slot) ?? '', sticky, parent);
  }

  /** The render group for a node view, by the cell of the node's position. */
  cellOf(slot: number): Container {
    const o = slot * NODE_STRIDE;
    const s = this.host.nodes();
    return this.cells.at(s[o + N_X], s[o + N_Y]);
  }

  /** Drops node cells left without views. */
  sweepCells(): void {
    this.cells.sweep();
  }

  /** A node is no longer displayed: its box goes, its view back to the pool. */
  hide(slot: number): void {
    this.host.changed();
    this.host.boxes.hide(slot);
    this.pool.release(slot);
  }

  /** Switches the level of detail; every visible node is drawn again. */
  switchLod(lod: Lod, visible: Iterable<number>): void {
    this.host.changed();
    const wasBoxes = this.lodNow === 'boxes';
    this.lodNow = lod;
    if (lod === 'boxes' && !wasBoxes) {
      // Regular nodes become batched boxes; their views go back to the pool.
      for (const [slot, v] of [...this.pool.views]) if (v instanceof NodeView) this.hide(slot);
      this.cells.sweep();
    } else if (lod !== 'boxes' && wasBoxes) {
      this.host.boxes.hideAll();
    }
    for (const s of visible) this.host.redraw(s);
  }

  destroy(): void {
    this.pool.destroy();
  }
}

/** Whether a node's box meets the rectangle. */
export function nodeMeets(nodes: Float64Array, slot: number, r: Rect): boolean {
  const o = slot * NODE_STRIDE;
  return nodes[o + N_X] <= r.maxX && nodes[o + N_X] + nodes[o + N_W] >= r.minX && nodes[o + N_Y] <= r.maxY && nodes[o + N_Y] + nodes[o + N_H] >= r.minY;
}
