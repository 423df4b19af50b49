// How a wall gives a workflow room (src/app/wall/wallFit.ts): pages laid out for their
// workflows, and a workflow too wide for readable names wrapped into bands. 4K numbers: a
// single panel's canvas is 3805 × 1911 px with 128 px of fit padding.
import { describe, expect, it } from 'vitest';
import { bandedSize, bandsFor, columnsFor, extentOf, fitScale, namesReadable, wallMaxScale, wrapPositions, WALL_MAX_SCALE, WALL_NAME_PX } from '../../src/app/wall/wallFit.ts';
import { WallPanelState } from '../../src/app/wall/WallPanelState.ts';
import { nameScale } from '../../src/canvas/kernels/lod.ts';
import { SIZES } from '../../src/canvas/scene/theme.ts';

const straight = (count: number) => Array.from({ length: count }, (_, i) => ({ id: `n${i}`, x: i * 220, y: 0 }));
/** tests/e2e/wall.spec.ts's chain: 20 nodes a row. */
const rows = (count: number) => Array.from({ length: count }, (_, i) => ({ id: `n${i}`, x: (i % 20) * 220, y: Math.floor(i / 20) * 200 }));
const orders = [
  { id: 'a', x: 0, y: 0 },
  { id: 'b', x: 240, y: 0 },
  { id: 'c', x: 480, y: -120 },
  { id: 'd', x: 480, y: 120 },
];
const HEAD = 4.4 * 34.56;

describe('wall fit', () => {
  it('lets a small workflow grow with the screen: 2× up to 1920 px, 4× at 3840 (the canvas maximum)', () => {
    expect(wallMaxScale(1280)).toBe(WALL_MAX_SCALE);
    expect(wallMaxScale(1920)).toBe(2);
    expect(wallMaxScale(2880)).toBe(3);
    expect(wallMaxScale(3840)).toBe(4);
    expect(wallMaxScale(7680)).toBe(4);
  });

  it('a 300-node straight chain cannot have readable names in its own shape, and is wrapped so it has', () => {
    const e = extentOf(straight(300));
    expect(e).toEqual({ minX: 0, minY: 0, w: 65_880, h: 100 });
    // Its own shape: 0.054, nodes 5 px, no names at all (nor icons: those need 12 px).
    const own = fitScale(e.w, e.h, 3805, 1911, 128);
    expect(own).toBeCloseTo(0.0539, 3);
    expect(namesReadable(own)).toBe(false);
    const { bands, k } = bandsFor(e, 3805, 1911, 128);
    expect(bands).toBe(11);
    expect(k).toBeGreaterThan(0.55);
    expect(SIZES.labelSize * k * nameScale(k, SIZES.labelSize, WALL_NAME_PX)).toBeGreaterThanOrEqual(WALL_NAME_PX);
    // The bands use the panel's width: at least 90 % of what the padding leaves.
    expect(bandedSize(e, bands).w * k).toBeGreaterThan(0.9 * (3805 - 256));
  });

  it('names are readable from a scale of about 0.35, and a workflow that has them keeps its shape', () => {
    expect(namesReadable(0.34)).toBe(false);
    expect(namesReadable(0.35)).toBe(true);
    expect(bandsFor(extentOf(orders), 3805, 1911, 128)).toEqual({ bands: 1, k: 2 });
    expect(bandsFor(extentOf(rows(120)), 3805, 1911, 128).bands).toBe(1);
  });

  it('wraps by x into bands stacked one under the other, keeping the order along each band', () => {
    const nodes = straight(10);
    const at = wrapPositions(nodes, 2);
    expect(at.get('n0')).toEqual([0, 0]);
    expect(at.get('n4')).toEqual([880, 0]);
    // The second band starts at the left again, one band (100) and a gap (160) lower.
    expect(at.get('n5')![0]).toBe(0);
    expect(at.get('n5')![1]).toBe(260);
    expect(at.get('n9')![0]).toBeGreaterThan(at.get('n5')![0]);
    const wrapped = extentOf(nodes.map((n) => ({ id: n.id, x: at.get(n.id)![0], y: at.get(n.id)![1] })));
    expect(wrapped.w).toBeLessThanOrEqual(bandedSize(extentOf(nodes), 2).w);
    expect(wrapPositions(nodes, 1).get('n9')).toEqual([1980, 0]);
  });

  it('lays a page out for its workflows: a deep one beside a small one gets a column, not a flat row', () => {
    // The trial's wall: 300 nodes 20 a row under a small workflow drew at 0.2 (22 % of the width, 10 px names).
    const deep = extentOf(rows(300));
    expect(bandsFor(deep, 3805, 2112 / 2 - HEAD, 128).k).toBeLessThan(0.25);
    expect(columnsFor([extentOf(orders), deep], 3840, 2112, HEAD, 128)).toBe(2);
    expect(bandsFor(deep, 1916, 2112 - HEAD, 128).k).toBeGreaterThan(0.35);
    // A wide one stays under it, at full width.
    expect(columnsFor([extentOf(orders), extentOf(rows(120))], 3840, 2112, HEAD, 128)).toBe(1);
    expect(columnsFor([extentOf(orders)], 100, 100, 0, 8)).toBe(1);
    expect(columnsFor([1, 2, 3, 4].map(() => extentOf(orders)), 3840, 2112, HEAD, 128)).toBe(2);
  });

  it('a panel draws its workflow wrapped, and unwraps it', () => {
    const nodes = straight(6).map((n, i) => ({ id: n.id, name: `S${i}`, type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [n.x, n.y] as [number, number] }));
    const p = new WallPanelState({ id: 'w', name: 'Chain', active: true, nodes, connections: {}, types: {}, snapshot: { workflowId: 'w', at: 0, full: true, perMinute: 0, errorRate: 0, running: 0, nodes: {} } });
    expect(p.extent.w).toBe(1200);
    p.wrap(2);
    expect([p.doc.nodes.get('n3')!.x, p.doc.nodes.get('n3')!.y]).toEqual([0, 260]);
    p.wrap(1);
    expect([p.doc.nodes.get('n3')!.x, p.doc.nodes.get('n3')!.y]).toEqual([660, 0]);
  });
});
