// The node-drag part (src/canvas/scene/NodeDrag.ts) without WebGL: dragged views move into the
// drag layer (stickies under nodes) and back to their cell / the stickies layer; the edge and box
// layers are told to begin, follow and end; boxes hidden for the drag are shown again.
import { describe, expect, it } from 'vitest';
import { Container } from 'pixi.js';
import { NodeDrag } from '../../src/canvas/scene/NodeDrag.ts';
import { ViewPool } from '../../src/canvas/scene/ViewPool.ts';

function setup() {
  const pool = new ViewPool();
  const cell = new Container();
  const stickies = new Container();
  const dragLayer = new Container();
  const log: string[] = [];
  const slots: Record<string, number> = { a: 0, s: 1, off: 2 };
  const node = pool.acquire(0, 'a', false, cell);
  const sticky = pool.acquire(1, 's', true, stickies);
  const drag = new NodeDrag({
    slotOf: (id) => slots[id],
    viewOf: (slot) => pool.get(slot),
    cellOf: () => cell,
    stickies,
    dragLayer,
    edges: { beginDrag: (n) => log.push(`edges begin ${[...n].join(',')}`), drag: (dx, dy) => log.push(`edges ${dx},${dy}`), endDrag: () => log.push('edges end') },
    boxes: { beginDrag: (n) => log.push(`boxes begin ${[...n].join(',')}`), endDrag: () => [2], show: (s) => log.push(`box show ${s}`) },
  });
  return { drag, node, sticky, cell, stickies, dragLayer, log };
}

describe('NodeDrag', () => {
  it('moves the dragged views into the drag layer once, then only moves the layer', () => {
    const t = setup();
    expect(t.drag.to(['a', 's', 'off', 'gone'], 5, 7)).toBe(true);
    expect(t.dragLayer.children).toEqual([t.sticky.root, t.node.root]);
    expect(t.drag.state).toMatchObject({ dx: 5, dy: 7 });
    expect([...t.drag.state!.slots]).toEqual([0, 1, 2]);
    expect(t.drag.has(2)).toBe(true);
    expect(t.drag.to(['a', 's'], 20, 40)).toBe(false);
    expect(t.dragLayer.position.x).toBe(20);
    expect(t.log).toEqual(['edges begin 0,1,2', 'boxes begin 0,1,2', 'edges 5,7', 'edges 20,40']);
  });

  it('ending puts views back, resets the layer and shows the boxes again; a second end does nothing', () => {
    const t = setup();
    t.drag.to(['a', 's'], 20, 40);
    t.log.length = 0;
    expect(t.drag.end()).toBe(true);
    expect(t.node.root.parent).toBe(t.cell);
    expect(t.sticky.root.parent).toBe(t.stickies);
    expect(t.dragLayer.position.x).toBe(0);
    expect(t.drag.state).toBeNull();
    expect(t.log).toEqual(['edges end', 'box show 2']);
    expect(t.drag.end()).toBe(false);
  });
});
