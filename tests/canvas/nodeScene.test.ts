// The scene part (src/canvas/scene/NodeScene.ts) without WebGL: views go to the stickies, the
// drag layer or their grid cell; hiding returns a view to the pool; switching to boxes hides the
// node views (not stickies) and back hides the boxes; every visible node is redrawn on a switch.
import { describe, expect, it } from 'vitest';
import { Container } from 'pixi.js';
import { NODE_STRIDE } from '../../workers/spatial/geometry.ts';
import { NODE_CELL } from '../../src/canvas/scene/NodeCells.ts';
import { NodeScene, nodeMeets } from '../../src/canvas/scene/NodeScene.ts';
import { NodeView } from '../../src/canvas/scene/NodeView.ts';
import { StickyView } from '../../src/canvas/scene/StickyView.ts';

function setup() {
  const nodes = new Float64Array(4 * NODE_STRIDE);
  nodes.set([0, 0, 100, 100], 0);
  nodes.set([NODE_CELL * 2, 0, 100, 100], NODE_STRIDE);
  nodes.set([50, 50, 300, 200], 2 * NODE_STRIDE);
  nodes.set([10, 10, 100, 100], 3 * NODE_STRIDE);
  const log: string[] = [];
  const redrawn: number[] = [];
  let changed = 0;
  const dragging = new Set<number>();
  const layers = { stickies: new Container(), dragLayer: new Container(), nodesLayer: new Container() };
  const scene = new NodeScene({
    nodes: () => nodes,
    idOf: (s) => `n${s}`,
    boxes: { hide: (s) => log.push(`box hide ${s}`), hideAll: () => log.push('boxes hideAll') },
    dragging: (s) => dragging.has(s),
    changed: () => changed++,
    redraw: (s) => redrawn.push(s),
  }, layers);
  return { scene, layers, log, redrawn, dragging, changed: () => changed, nodes };
}

describe('NodeScene', () => {
  it('files views: stickies in their layer, dragged nodes in the drag layer, others in their grid cell', () => {
    const t = setup();
    const a = t.scene.viewFor(0, false);
    const b = t.scene.viewFor(1, false);
    const s = t.scene.viewFor(2, true);
    t.dragging.add(3);
    const d = t.scene.viewFor(3, false);
    expect(a).toBeInstanceOf(NodeView);
    expect(s).toBeInstanceOf(StickyView);
    expect(s.root.parent).toBe(t.layers.stickies);
    expect(d.root.parent).toBe(t.layers.dragLayer);
    expect(a.root.parent).not.toBe(b.root.parent);
    expect(t.layers.nodesLayer.children.length).toBe(2);
    expect(t.scene.cellOf(3)).toBe(a.root.parent);
    expect(t.scene.pool.size).toBe(4);
  });

  it('hide returns the view to the pool and hides the box; empty cells are swept', () => {
    const t = setup();
    t.scene.viewFor(0, false);
    t.scene.viewFor(1, false);
    t.scene.hide(1);
    expect(t.log).toEqual(['box hide 1']);
    expect(t.scene.pool.get(1)).toBeUndefined();
    expect(t.changed()).toBe(1);
    t.scene.sweepCells();
    expect(t.layers.nodesLayer.children.length).toBe(1);
  });

  it('to boxes: node views go (stickies stay), every visible node is redrawn; back: the boxes go', () => {
    const t = setup();
    t.scene.viewFor(0, false);
    t.scene.viewFor(2, true);
    t.scene.switchLod('boxes', [0, 2]);
    expect(t.scene.lod).toBe('boxes');
    expect(t.scene.pool.get(0)).toBeUndefined();
    expect(t.scene.pool.get(2)).toBeDefined();
    expect(t.layers.nodesLayer.children.length).toBe(0);
    expect(t.redrawn).toEqual([0, 2]);
    t.scene.switchLod('simplified', [0]);
    expect(t.log.at(-1)).toBe('boxes hideAll');
    expect(t.redrawn).toEqual([0, 2, 0]);
  });

  it('nodeMeets: a box touching the rectangle meets it', () => {
    const t = setup();
    expect(nodeMeets(t.nodes, 0, { minX: 100, minY: 0, maxX: 200, maxY: 50 })).toBe(true);
    expect(nodeMeets(t.nodes, 0, { minX: 101, minY: 0, maxX: 200, maxY: 50 })).toBe(false);
  });
});
