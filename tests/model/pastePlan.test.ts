import { describe, expect, it } from 'vitest';
import { planPaste, type PasteTarget } from '../../src/model/pastePlan.ts';
import type { IConnections, INode } from '../../src/model/workflow.ts';

const node = (name: string, position: [number, number], extra: Partial<INode> = {}): INode => ({
  id: `old-${name}`,
  name,
  type: 'n8n-nodes-base.noOp',
  typeVersion: 1,
  position,
  parameters: {},
  ...extra,
});

function target(existing: INode[], extra: Partial<PasteTarget> = {}): PasteTarget {
  let i = 0;
  return {
    hasName: (n) => existing.some((e) => e.name === n),
    countOfType: (t) => existing.filter((e) => e.type === t).length,
    limitOf: () => undefined,
    boxes: existing.map((e) => ({ x: e.position[0], y: e.position[1], width: 100, height: 100, sticky: false })),
    newId: () => `new-${++i}`,
    ...extra,
  };
}

const conn = (from: string, to: string, output = 0): IConnections => ({ [from]: { main: [...Array(output).fill([]), [{ node: to, type: 'main', index: 0 }]] } });

describe('planPaste', () => {
  it('makes names unique, gives new ids, rewrites connections and expressions to the new names', () => {
    const a = node('A', [0, 0]);
    const b = node('B', [200, 0], { parameters: { v: "={{ $('A').item.json.x }}", w: '={{ $node.B.json }}' } });
    const plan = planPaste({ nodes: [a, b], connections: conn('A', 'B') }, target([a, node('B', [0, 400])]));
    expect(plan.nodes.map((n) => [n.id, n.name])).toEqual([['new-1', 'A1'], ['new-2', 'B1']]);
    expect(plan.renamed).toEqual(new Map([['A', 'A1'], ['B', 'B1']]));
    expect(plan.nodes[1].parameters).toEqual({ v: "={{ $('A1').item.json.x }}", w: '={{ $node.B1.json }}' });
    expect(plan.connections).toEqual([{ source: 'A1', sourceOutput: 0, target: 'B1', targetInput: 0, type: 'main' }]);
  });

  it("keeps a name's spaces as the file has them (its expressions and connections name it exactly), as n8n does", () => {
    const drive = node('Google Drive ', [0, 0]);
    const sheet = node('Sheet', [200, 0], { parameters: { v: "={{ $('Google Drive ').item.json.name }}" } });
    const plan = planPaste({ nodes: [drive, sheet], connections: conn('Google Drive ', 'Sheet') }, target([]));
    expect(plan.nodes.map((n) => n.name)).toEqual(['Google Drive ', 'Sheet']);
    expect(plan.renamed.size).toBe(0);
    expect(plan.nodes[1].parameters).toBe(sheet.parameters);
    expect(plan.connections).toEqual([{ source: 'Google Drive ', sourceOutput: 0, target: 'Sheet', targetInput: 0, type: 'main' }]);
    // Taken, it gets the numeric suffix after its spaces, and the references follow.
    const again = planPaste({ nodes: [drive, sheet], connections: conn('Google Drive ', 'Sheet') }, target([drive, sheet]));
    expect(again.nodes.map((n) => n.name)).toEqual(['Google Drive 1', 'Sheet1']);
    expect(again.nodes[1].parameters).toEqual({ v: "={{ $('Google Drive 1').item.json.name }}" });
  });

  it('keeps names that are free and leaves references to nodes outside the paste alone', () => {
    const b = node('B', [0, 0], { parameters: { v: "={{ $('A').x }}" } });
    const plan = planPaste({ nodes: [b], connections: {} }, target([node('A', [500, 500])]));
    expect(plan.nodes[0].name).toBe('B');
    expect(plan.nodes[0].parameters).toBe(b.parameters);
  });

  it('moves the pasted group below the originals so it does not cover them', () => {
    const a = node('A', [100, 100]);
    const b = node('B', [300, 100]);
    const plan = planPaste({ nodes: [a, b], connections: {} }, target([a, b]));
    expect(plan.nodes.map((n) => n.position)).toEqual([[100, 240], [300, 240]]);
    // Pasted again: the first copies are in the way too, so it steps further down.
    const again = planPaste({ nodes: [a, b], connections: {} }, target([a, b, ...plan.nodes]));
    expect(again.nodes.map((n) => n.position)).toEqual([[100, 380], [300, 380]]);
  });

  it('a group that would not land wholly in view lands in its centre', () => {
    const plan = planPaste({ nodes: [node('X', [50000, 50000]), node('Y', [50200, 50000])] , connections: {} }, target([], { viewport: { x: 0, y: 0, width: 1000, height: 800 } }));
    // The group (300 × 100) is centred on the view's centre (500, 400), to the grid.
    const [x, y] = plan.nodes[0].position;
    expect(Math.abs(x + 150 - 500)).toBeLessThanOrEqual(20);
    expect(Math.abs(y + 50 - 400)).toBeLessThanOrEqual(20);
    expect(plan.nodes[1].position).toEqual([x + 200, y]);
    // Half in view is not in view; wholly in view stays where it is.
    const half = planPaste({ nodes: [node('H', [950, 100])], connections: {} }, target([], { viewport: { x: 0, y: 0, width: 1000, height: 800 } }));
    expect(half.nodes[0].position).toEqual([450, 360]);
    const inView = planPaste({ nodes: [node('I', [100, 100])], connections: {} }, target([], { viewport: { x: 0, y: 0, width: 1000, height: 800 } }));
    expect(inView.nodes[0].position).toEqual([100, 100]);
  });

  it('honours maxNodes per type, skipping the excess and the connections to it', () => {
    const limit = { maxNodes: 1, displayName: 'Manual Trigger' };
    const t1 = node('T1', [0, 0], { type: 'n8n-nodes-base.manualTrigger' });
    const t2 = node('T2', [0, 200], { type: 'n8n-nodes-base.manualTrigger' });
    const s = node('S', [200, 0]);
    const existing = [node('T', [1000, 1000], { type: 'n8n-nodes-base.manualTrigger' })];
    const plan = planPaste(
      { nodes: [t1, t2, s], connections: { ...conn('T1', 'S'), ...conn('T2', 'S') }, pinData: { T1: [{ json: {} }], S: [{ json: { a: 1 } }] } },
      target(existing, { limitOf: (t) => (t === 'n8n-nodes-base.manualTrigger' ? limit : undefined) }),
    );
    expect(plan.nodes.map((n) => n.name)).toEqual(['S']);
    expect(plan.skipped).toEqual([{ type: 'n8n-nodes-base.manualTrigger', displayName: 'Manual Trigger', maxNodes: 1, skipped: 2 }]);
    expect(plan.connections).toEqual([]);
    expect(plan.pinData).toEqual({ S: [{ json: { a: 1 } }] });
  });

  it('counts nodes pasted before against maxNodes', () => {
    const limit = { maxNodes: 2, displayName: 'Webhook' };
    const w = (n: string) => node(n, [0, 0], { type: 'n8n-nodes-base.webhook', webhookId: `hook-${n}` });
    const plan = planPaste({ nodes: [w('W1'), w('W2'), w('W3')], connections: {} }, target([], { limitOf: () => limit }));
    expect(plan.nodes.map((n) => n.name)).toEqual(['W1', 'W2']);
    expect(plan.skipped[0].skipped).toBe(1);
    // Fresh webhook ids: two nodes must not share one webhook path id.
    expect(plan.nodes.map((n) => n.webhookId)).toEqual(['new-2', 'new-4']);
  });

  it('duplicates by the fixed offset: 140 below, sticky notes 40 × 40', () => {
    const a = node('A', [100, 100]);
    const sticky = node('Sticky Note', [0, 0], { type: 'n8n-nodes-base.stickyNote', parameters: { content: 'x', width: 380, height: 300 } });
    const plan = planPaste({ nodes: [a, sticky], connections: {} }, target([a, sticky], { fixedOffset: { node: [0, 140], sticky: [40, 40] } }));
    expect(plan.nodes.map((n) => [n.name, n.position])).toEqual([
      ['A1', [100, 240]],
      ['Sticky Note1', [40, 40]],
    ]);
  });

  it('keeps pinned data under the new names', () => {
    const plan = planPaste({ nodes: [node('A', [0, 0])], connections: {}, pinData: { A: [{ json: { v: 1 } }] } }, target([node('A', [900, 900])]));
    expect(plan.pinData).toEqual({ A1: [{ json: { v: 1 } }] });
  });
});
