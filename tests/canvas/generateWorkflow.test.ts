import { describe, expect, it } from 'vitest';
import { generateWorkflow } from '../../bench/generateWorkflow.ts';

describe('generateWorkflow', () => {
  it('is deterministic per seed', () => {
    expect(JSON.stringify(generateWorkflow(200, { seed: 7 }))).toBe(JSON.stringify(generateWorkflow(200, { seed: 7 })));
    expect(JSON.stringify(generateWorkflow(200, { seed: 7 }))).not.toBe(JSON.stringify(generateWorkflow(200, { seed: 8 })));
  });

  it('starts with a manual trigger, mixes node types, keeps names unique and positions on the grid', () => {
    const wf = generateWorkflow(500);
    expect(wf.nodes).toHaveLength(500);
    expect(wf.nodes[0].type).toBe('n8n-nodes-base.manualTrigger');
    const types = new Set(wf.nodes.map((n) => n.type));
    for (const t of ['set', 'if', 'noOp', 'code']) expect(types.has(`n8n-nodes-base.${t}`)).toBe(true);
    expect(new Set(wf.nodes.map((n) => n.name)).size).toBe(500);
    expect(new Set(wf.nodes.map((n) => n.id)).size).toBe(500);
    for (const n of wf.nodes) for (const v of n.position) expect(v % 20).toBe(0);
  });

  it('connects about one per node, left to right, to existing nodes, without duplicates', () => {
    const wf = generateWorkflow(1000);
    const pos = new Map(wf.nodes.map((n) => [n.name, n.position]));
    let count = 0;
    const seen = new Set<string>();
    for (const [source, byType] of Object.entries(wf.connections)) {
      byType.main.forEach((list, output) => {
        for (const c of list ?? []) {
          count++;
          expect(pos.has(c.node)).toBe(true);
          expect(pos.get(c.node)![0]).toBeGreaterThan(pos.get(source)![0]);
          const key = `${source}:${output}>${c.node}`;
          expect(seen.has(key)).toBe(false);
          seen.add(key);
        }
      });
    }
    expect(count).toBeGreaterThanOrEqual(990);
    expect(count).toBeLessThanOrEqual(1010);
    expect(generateWorkflow(300, { connectionsPerNode: 2 }).nodes).toHaveLength(300);
  });

  it('rejects bad sizes', () => {
    expect(() => generateWorkflow(0)).toThrow(/nodeCount/);
    expect(() => generateWorkflow(10, { connectionsPerNode: -1 })).toThrow(/connectionsPerNode/);
  });
});
