import { describe, expect, it } from 'vitest';
import { generateWorkflow } from '../../bench/generateWorkflow.ts';
import { generateLargeWorkflow } from '../../bench/generateLargeWorkflow.ts';
import { validateWorkflow } from '../../src/model/validateWorkflow.ts';

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

describe('generateLargeWorkflow (a real-shaped 500-node, 5 MB file)', () => {
  it('is deterministic, about 5 MB, 500 nodes of many kinds with every part big files have, and valid', () => {
    const wf = generateLargeWorkflow(500);
    const text = JSON.stringify(wf);
    expect(JSON.stringify(generateLargeWorkflow(500))).toBe(text);
    expect(text.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(text.length).toBeLessThan(5.5 * 1024 * 1024);
    expect(wf.nodes).toHaveLength(500);
    expect(new Set(wf.nodes.map((n) => n.name)).size).toBe(500);
    const types = new Set(wf.nodes.map((n) => n.type));
    expect(types.size).toBeGreaterThanOrEqual(12);
    for (const t of ['n8n-nodes-base.slack', 'n8n-nodes-base.googleSheets', '@n8n/n8n-nodes-langchain.agent', 'n8n-nodes-base.stickyNote']) expect(types.has(t)).toBe(true);
    const byType: Record<string, number> = {};
    for (const outs of Object.values(wf.connections)) for (const [t, lists] of Object.entries(outs)) for (const l of lists) byType[t] = (byType[t] ?? 0) + (l?.length ?? 0);
    for (const t of ['main', 'ai_languageModel', 'ai_memory', 'ai_tool']) expect(byType[t]).toBeGreaterThan(0);
    // Long Code sources, error outputs in use, notes in the flow, and most of the size in pinned data and parameters.
    expect(Math.max(...wf.nodes.filter((n) => n.type === 'n8n-nodes-base.code').map((n) => String(n.parameters.jsCode).length))).toBeGreaterThan(10_000);
    expect(wf.nodes.some((n) => n.onError === 'continueErrorOutput' && (wf.connections[n.name].main[1]?.length ?? 0) > 0)).toBe(true);
    expect(wf.nodes.some((n) => n.notesInFlow && n.notes)).toBe(true);
    expect(JSON.stringify(wf.pinData).length).toBeGreaterThan(2 * 1024 * 1024);
    expect(JSON.stringify(wf.nodes).length).toBeGreaterThan(1024 * 1024);
    // Nothing the REST API would refuse (unknown types are node issues, not refusals).
    expect(validateWorkflow(JSON.parse(text))).toEqual([]);
  });
});
