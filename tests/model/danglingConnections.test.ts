import { describe, expect, it } from 'vitest';
import { danglingConnectionsNotice, dropDanglingConnections } from '../../src/model/danglingConnections.ts';
import type { IConnections } from '../../src/model/workflow.ts';

const names = (...n: string[]) => {
  const set = new Set(n);
  return (name: string) => set.has(name);
};

describe('dropDanglingConnections', () => {
  it('answers the same object when every connection names existing nodes', () => {
    const c: IConnections = { A: { main: [[{ node: 'B', type: 'main', index: 0 }], null, []], ai_tool: [[{ node: 'C', type: 'ai_tool', index: 0 }]] } };
    const r = dropDanglingConnections(c, names('A', 'B', 'C'));
    expect(r.connections).toBe(c);
    expect(r.dropped).toEqual([]);
  });

  it('drops only connections to or from missing nodes, of every type, and keeps the rest exactly', () => {
    const keep = { node: 'B', type: 'main', index: 0, extra: 'kept' };
    const tool = { node: 'Agent', type: 'ai_tool', index: 0 };
    const c = {
      A: { main: [[keep, { node: 'Ghost', type: 'main', index: 1 }], null, [{ node: 'Ghost', type: 'main', index: 0 }]] },
      Tool: { ai_tool: [[{ node: 'Gone', type: 'ai_tool', index: 0 }, tool]] },
      Missing: { ai_languageModel: [[{ node: 'Agent', type: 'ai_languageModel', index: 0 }]] },
      'Empty missing': { main: [[]] },
      B: { main: [[]] },
    } as unknown as IConnections;
    const r = dropDanglingConnections(c, names('A', 'B', 'Tool', 'Agent'));
    expect(r.connections).toEqual({
      A: { main: [[keep], null, []] },
      Tool: { ai_tool: [[tool]] },
      'Empty missing': { main: [[]] },
      B: { main: [[]] },
    });
    // Untouched parts are the same objects.
    expect(r.connections.B).toBe(c.B);
    expect(r.connections.A.main[0]![0]).toBe(keep);
    expect(r.dropped).toEqual([
      { source: 'A', type: 'main', output: 0, target: 'Ghost' },
      { source: 'A', type: 'main', output: 2, target: 'Ghost' },
      { source: 'Tool', type: 'ai_tool', output: 0, target: 'Gone' },
      { source: 'Missing', type: 'ai_languageModel', output: 0, target: 'Agent' },
    ]);
    // The input is not changed.
    expect((c.A.main[0] as unknown[]).length).toBe(2);
  });

  it('leaves shapes that are not connections for validation to name', () => {
    const c = { A: { main: 'nope', other: [['x']] } } as unknown as IConnections;
    expect(dropDanglingConnections(c, names('A')).connections).toBe(c);
  });
});

describe('danglingConnectionsNotice', () => {
  it('says how many and which (the editor notice, with the names), bounded', () => {
    expect(danglingConnectionsNotice([])).toBeUndefined();
    expect(danglingConnectionsNotice([{ source: 'A', type: 'main', output: 0, target: 'Ghost' }])).toBe('1 connection to missing nodes was dropped: "A" → "Ghost".');
    const many = Array.from({ length: 7 }, (_, i) => ({ source: `S${i}`, type: 'ai_tool', output: 0, target: 'T' }));
    expect(danglingConnectionsNotice(many)).toBe(
      '7 connections to missing nodes were dropped: "S0" → "T" (ai_tool), "S1" → "T" (ai_tool), "S2" → "T" (ai_tool), "S3" → "T" (ai_tool), "S4" → "T" (ai_tool), and 2 more.',
    );
  });
});
