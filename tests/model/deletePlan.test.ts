import { describe, expect, it } from 'vitest';
import { planDelete, type DeletableNode, type DeleteTypeInfo } from '../../src/model/deletePlan.ts';
import type { IConnections } from '../../src/model/workflow.ts';

const types: DeleteTypeInfo = {
  ports: ({ type }) => (type === 'if' ? { inputs: 1, outputs: 2 } : type === 'merge' ? { inputs: 2, outputs: 1 } : type === 'unknown' ? undefined : type === 'trigger' ? { inputs: 0, outputs: 1 } : { inputs: 1, outputs: 1 }),
  isStartTrigger: (type) => type === 'trigger',
  isSticky: (type) => type === 'sticky',
};

const n = (name: string, type = 'set'): DeletableNode => ({ id: name, name, type, typeVersion: 1 });

function chain(...names: string[]): IConnections {
  const c: IConnections = {};
  for (let i = 0; i + 1 < names.length; i++) (c[names[i]] ??= { main: [[]] }).main[0]!.push({ node: names[i + 1], type: 'main', index: 0 });
  return c;
}

describe('planDelete', () => {
  it('joins the neighbours of a node with one input and one output', () => {
    const plan = planDelete([n('T', 'trigger'), n('A'), n('B')], chain('T', 'A', 'B'), ['A'], types);
    expect(plan.remove).toEqual(['A']);
    expect(plan.bridges).toEqual([{ from: 'T', output: 0, to: 'B', input: 0 }]);
  });

  it('collapses a deleted chain into one connection', () => {
    const plan = planDelete([n('T', 'trigger'), n('A'), n('B'), n('C')], chain('T', 'A', 'B', 'C'), ['A', 'B'], types);
    expect(plan.bridges).toEqual([{ from: 'T', output: 0, to: 'C', input: 0 }]);
  });

  it('keeps the output index of the parent and the input index of the child', () => {
    const connections: IConnections = {
      I: { main: [[], [{ node: 'A', type: 'main', index: 0 }]] },
      A: { main: [[{ node: 'M', type: 'main', index: 1 }]] },
    };
    const plan = planDelete([n('T', 'trigger'), n('I', 'if'), n('A'), n('M', 'merge')], connections, ['A'], types);
    expect(plan.bridges).toEqual([{ from: 'I', output: 1, to: 'M', input: 1 }]);
  });

  it('does not reconnect multi-port nodes, unknown types, or nodes with several connections on a side', () => {
    expect(planDelete([n('T', 'trigger'), n('I', 'if'), n('B')], chain('T', 'I', 'B'), ['I'], types).bridges).toEqual([]);
    expect(planDelete([n('T', 'trigger'), n('U', 'unknown'), n('B')], chain('T', 'U', 'B'), ['U'], types).bridges).toEqual([]);
    const fan: IConnections = { T: { main: [[{ node: 'A', type: 'main', index: 0 }]] }, A: { main: [[{ node: 'B', type: 'main', index: 0 }, { node: 'C', type: 'main', index: 0 }]] } };
    expect(planDelete([n('T', 'trigger'), n('A'), n('B'), n('C')], fan, ['A'], types).bridges).toEqual([]);
  });

  it('does not add a connection that already exists', () => {
    const c = chain('T', 'A', 'B');
    c.T.main[0]!.push({ node: 'B', type: 'main', index: 0 });
    expect(planDelete([n('T', 'trigger'), n('A'), n('B')], c, ['A'], types).bridges).toEqual([]);
  });

  it('keeps the last trigger, even when everything else goes, and says which', () => {
    const plan = planDelete([n('T', 'trigger'), n('A'), n('S', 'sticky')], chain('T', 'A'), ['T'], types);
    expect(plan.remove).toEqual([]);
    expect(plan.keptTrigger?.name).toBe('T');
    // With another trigger left it may be removed; when everything goes, the last trigger stays.
    expect(planDelete([n('T', 'trigger'), n('T2', 'trigger'), n('A')], {}, ['T'], types).remove).toEqual(['T']);
    const all = planDelete([n('T', 'trigger'), n('A'), n('S', 'sticky')], {}, ['T', 'A', 'S'], types);
    expect(all.remove).toEqual(['A', 'S']);
    expect(all.keptTrigger?.name).toBe('T');
    // Two triggers, both selected: one of them stays.
    expect(planDelete([n('T', 'trigger'), n('T2', 'trigger')], {}, ['T', 'T2'], types).remove).toHaveLength(1);
    // A workflow without any trigger deletes freely.
    expect(planDelete([n('A'), n('B')], {}, ['A', 'B'], types).remove).toEqual(['A', 'B']);
  });

  it('plans deleting 10,000 chained nodes in linear time', () => {
    const names = Array.from({ length: 10000 }, (_, i) => `N${i}`);
    const nodes = [n('T', 'trigger'), ...names.map((x) => n(x))];
    const t0 = performance.now();
    const plan = planDelete(nodes, chain('T', ...names), names.slice(0, 9999), types);
    expect(plan.bridges).toEqual([{ from: 'T', output: 0, to: 'N9999', input: 0 }]);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
