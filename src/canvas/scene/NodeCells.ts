// Node views are filed into render groups by the grid cell (NODE_CELL world units) of where
// they were made: a culling answer that adds or removes views re-packs only the cells it
// touched. Views stay in their cell when the node moves (all cells share world coordinates);
// the cell only bounds what a change re-packs.
import { Container } from 'pixi.js';

export const NODE_CELL = 1200;

export class NodeCells {
  private readonly cells = new Map<number, Container>();
  private readonly parent: Container;

  constructor(parent: Container) {
    this.parent = parent;
  }

  /** The render group for a view of a node at world (x, y), made on first use. */
  at(x: number, y: number): Container {
    const key = (Math.floor(x / NODE_CELL) + 32768) * 65536 + (Math.floor(y / NODE_CELL) + 32768);
    let c = this.cells.get(key);
    if (!c) {
      c = new Container({ isRenderGroup: true });
      this.cells.set(key, c);
      this.parent.addChild(c);
    }
    return c;
  }

  /** Drops cells left without views. */
  sweep(): void {
    for (const [key, c] of this.cells) {
      if (c.children.length) continue;
      this.cells.delete(key);
      c.destroy();
    }
  }

  get size(): number {
    return this.cells.size;
  }
}
