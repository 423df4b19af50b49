// The tidy-up kernel with the real ELK (elkjs runs in Node as it does in the worker).
import { describe, expect, it } from 'vitest';
import { createElk } from '../../workers/layout/elk.ts';
import { layoutWorkflow, toElkGraph, type LayoutEdge, type LayoutNode } from '../../workers/layout/kernel.ts';
import { layoutApi } from '../../workers/layout.worker.ts';

const elk = createElk();
const node = (id: string, x: number, y: number, outputs = 1, inputs = 1): LayoutNode => ({ id, x, y, width: 100, height: 100, inputs, outputs });
const edge = (source: string, target: string, sourceOutput = 0, targetInput = 0): LayoutEdge => ({ source, target, sourceOutput, targetInput });

function positionsOf(nodes: LayoutNode[], moved: Record<string, [number, number]>): Record<string, [number, number]> {
  return Object.fromEntries(nodes.map((n) => [n.id, moved[n.id] ?? [n.x, n.y]]));
}

describe('layout kernel', () => {
  it('lays a scrambled chain out left to right, on the grid, anchored at the old top-left', async () => {
    const nodes = [node('t', 500, 900, 1, 0), node('a', 100, 100), node('b', 1400, 40), node('c', 700, 600)];
    const edges = [edge('t', 'a'), edge('a', 'b'), edge('b', 'c')];
    const { positions } = await layoutWorkflow({ nodes, edges }, elk);
    const p = positionsOf(nodes, positions);
    expect(p.t[0]).toBeLessThan(p.a[0]);
    expect(p.a[0]).toBeLessThan(p.b[0]);
    expect(p.b[0]).toBeLessThan(p.c[0]);
    // One row: a chain is straight.
    expect(new Set(Object.values(p).map(([, y]) => y)).size).toBe(1);
    for (const [x, y] of Object.values(p)) expect([x % 20, y % 20]).toEqual([0, 0]);
    expect(Math.min(...Object.values(p).map(([x]) => x))).toBe(100);
    expect(Math.min(...Object.values(p).map(([, y]) => y))).toBe(40);
  });

  it('keeps the order of outputs top to bottom (true above false)', async () => {
    const nodes = [node('if', 0, 0, 2), node('no', 300, -300), node('yes', 300, 300)];
    const { positions } = await layoutWorkflow({ nodes, edges: [edge('if', 'yes', 0), edge('if', 'no', 1)] }, elk);
    const p = positionsOf(nodes, positions);
    expect(p.yes[1]).toBeLessThan(p.no[1]);
    expect(p.yes[0]).toBe(p.no[0]);
  });

  it('does not overlap nodes and leaves a laid-out workflow where it is', async () => {
    const nodes = Array.from({ length: 12 }, (_, i) => node(`n${i}`, (i * 37) % 300, (i * 91) % 400));
    const edges = nodes.slice(1).map((n, i) => edge(nodes[Math.floor(i / 3)].id, n.id));
    const first = await layoutWorkflow({ nodes, edges }, elk);
    const p = positionsOf(nodes, first.positions);
    const list = Object.values(p);
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const apart = Math.abs(list[i][0] - list[j][0]) >= 100 || Math.abs(list[i][1] - list[j][1]) >= 100;
        expect(apart).toBe(true);
      }
    }
    const again = await layoutWorkflow({ nodes: nodes.map((n) => ({ ...n, x: p[n.id][0], y: p[n.id][1] })), edges }, elk);
    expect(again.positions).toEqual({});
  });

  it('moves a sticky note with the nodes it covered and ignores connections it cannot use', async () => {
    const sticky: LayoutNode = { id: 's', x: 0, y: 0, width: 400, height: 300, inputs: 0, outputs: 0, sticky: true };
    const nodes = [sticky, node('a', 100, 100), node('b', 1000, 1000)];
    const { positions } = await layoutWorkflow({ nodes, edges: [edge('a', 'b'), edge('a', 'ghost'), edge('b', 'b'), edge('a', 'b', 7, 9)] }, elk);
    const moved = positionsOf(nodes, positions);
    expect(moved.s[0] - moved.a[0]).toBe(sticky.x - 100);
    expect(moved.s[1] - moved.a[1]).toBe(sticky.y - 100);
    // Out-of-range ports fall back to the node; self-loops and unknown ends are dropped.
    expect(toElkGraph({ nodes, edges: [edge('a', 'b', 7, 9), edge('b', 'b'), edge('a', 'ghost')] }).edges).toEqual([{ id: 'e0', sources: ['a'], targets: ['b'] }]);
  });

  it('puts lone nodes below the connected flow', async () => {
    const nodes = [node('lone', 0, 0), node('a', 0, 400), node('b', 300, 400)];
    const { positions } = await layoutWorkflow({ nodes, edges: [edge('a', 'b')] }, elk);
    const p = positionsOf(nodes, positions);
    expect(p.lone[1]).toBeGreaterThan(p.a[1]);
  });

  it('answers through the worker API', async () => {
    const r = await layoutApi.layout({ nodes: [node('a', 0, 0), node('b', 0, 0)], edges: [edge('a', 'b')] });
    expect(Object.keys(r.positions).length).toBeGreaterThan(0);
    expect(r.elkMs).toBeGreaterThanOrEqual(0);
  });
});
