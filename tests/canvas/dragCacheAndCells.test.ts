// Scene parts that need no GPU: NodeCells (views filed into render groups by grid cell) and
// DragCache (the static layer leaves the world during a drag and is rendered into a texture
// only when it changed or the camera moved) against a recording fake renderer.
import { describe, expect, it } from 'vitest';
import { Container } from 'pixi.js';
import { NODE_CELL, NodeCells } from '../../src/canvas/scene/NodeCells.ts';
import { DragCache, type DragRenderer } from '../../src/canvas/scene/DragCache.ts';

describe('NodeCells', () => {
  it('one render group per grid cell, made on first use, swept when empty', () => {
    const parent = new Container();
    const cells = new NodeCells(parent);
    const a = cells.at(10, 10);
    expect(a.isRenderGroup).toBe(true);
    expect(cells.at(NODE_CELL - 1, 0)).toBe(a);
    const b = cells.at(NODE_CELL, 0);
    const c = cells.at(-1, 0);
    expect(new Set([a, b, c]).size).toBe(3);
    expect(parent.children.length).toBe(3);
    a.addChild(new Container());
    cells.sweep();
    expect(cells.size).toBe(1);
    expect(parent.children).toEqual([a]);
    expect(cells.at(0, 0)).toBe(a);
  });
});

describe('DragCache', () => {
  function setup() {
    const stage = new Container();
    const world = new Container();
    const staticLayer = new Container();
    world.addChild(staticLayer, new Container());
    stage.addChild(world);
    const calls: Array<{ container: Container; target: boolean; clear?: boolean }> = [];
    const renderer: DragRenderer = {
      screen: { width: 64, height: 32 },
      resolution: 1,
      render: (o) => calls.push({ container: o.container, target: !!o.target, clear: o.clear }),
    };
    return { stage, world, staticLayer, calls, renderer, cache: new DragCache(stage, world, staticLayer, 8, 0xffffff) };
  }

  it('takes the static layer out of the world and renders it into the texture once per camera', () => {
    const t = setup();
    const cam = { x: 0, y: 0, k: 1 };
    expect(t.cache.active).toBe(false);
    t.cache.render(t.renderer, cam, false);
    expect(t.cache.active).toBe(true);
    expect(t.staticLayer.parent).toBeNull();
    expect(t.calls.map((c) => [c.container === t.staticLayer ? 'static' : 'stage', c.target])).toEqual([['static', true], ['stage', false]]);
    t.calls.length = 0;
    t.cache.render(t.renderer, cam, false);
    expect(t.calls.map((c) => c.container === t.staticLayer)).toEqual([false]);
    t.cache.render(t.renderer, cam, true);
    t.cache.render(t.renderer, { x: 1, y: 0, k: 1 }, false);
    expect(t.calls.filter((c) => c.container === t.staticLayer).length).toBe(2);
  });

  it('leaving puts the static layer back under the moving layers; destroy removes the sprite', () => {
    const t = setup();
    t.cache.render(t.renderer, { x: 0, y: 0, k: 1 }, false);
    expect(t.stage.children.length).toBe(2);
    t.cache.leave();
    expect(t.cache.active).toBe(false);
    expect(t.world.children[0]).toBe(t.staticLayer);
    t.cache.destroy();
    expect(t.stage.children.length).toBe(1);
    t.cache.destroy();
  });
});
