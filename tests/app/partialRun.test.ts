import { describe, expect, it } from 'vitest';
import { partialRunPlan } from '../../src/app/commands/partialRun.ts';
import { buildGraph } from '../../src/model/graph.ts';
import type { INode, IConnections } from '../../src/model/workflow.ts';
import type { ITaskData } from '../../src/model/execution.ts';

const n = (name: string): INode => ({ id: name, name, type: 't', typeVersion: 1, position: [0, 0], parameters: {} });
const link = (from: string, to: string): IConnections => ({ [from]: { main: [[{ node: to, type: 'main', index: 0 }]] } });
const run: ITaskData = { startTime: 0, executionTime: 1, source: [], data: { main: [[{ json: {} }]] } };
// Trigger → A → B → C
const g = buildGraph([n('Trigger'), n('A'), n('B'), n('C')], { ...link('Trigger', 'A'), ...link('A', 'B'), ...link('B', 'C') });

describe('partialRunPlan', () => {
  it('runs only the node when all its parents have data, reusing their first runs', () => {
    const plan = partialRunPlan(g, { Trigger: [run], A: [run, run], B: [run], C: [run] }, 'C');
    expect(plan.startNodes).toEqual(['C']);
    expect(Object.keys(plan.runData!).sort()).toEqual(['A', 'B', 'Trigger']);
    expect(plan.runData!.A).toHaveLength(1);
  });

  it('starts at the first parent without data, farthest first', () => {
    const plan = partialRunPlan(g, { Trigger: [run] }, 'C');
    expect(plan.startNodes).toEqual(['A']);
    expect(Object.keys(plan.runData!)).toEqual(['Trigger']);
  });

  it('with no data at all the path runs from the trigger', () => {
    const plan = partialRunPlan(g, undefined, 'C');
    expect(plan.startNodes).toEqual(['Trigger']);
    expect(plan.runData).toBeUndefined();
  });

  it('a node without parents starts itself', () => {
    expect(partialRunPlan(g, undefined, 'Trigger')).toEqual({ startNodes: ['Trigger'], runData: undefined });
  });
});

describe('partialRunPlan with stale (dirty) parents', () => {
  const all = { Trigger: [run], A: [run], B: [run], C: [run] };
  it('starts at a parent whose parameters changed since its run, and does not reuse what follows it', () => {
    const plan = partialRunPlan(g, all, 'C', (name) => name === 'B');
    expect(plan.startNodes).toEqual(['B']);
    expect(Object.keys(plan.runData!).sort()).toEqual(['A', 'Trigger']);
  });

  it('starts at the first stale ancestor, farthest first; the nodes between it and the destination run again', () => {
    const plan = partialRunPlan(g, all, 'C', (name) => name === 'A' || name === 'B');
    expect(plan.startNodes).toEqual(['A']);
    expect(Object.keys(plan.runData!)).toEqual(['Trigger']);
  });

  it('a stale trigger runs the whole path from it', () => {
    expect(partialRunPlan(g, all, 'C', (name) => name === 'Trigger')).toEqual({ startNodes: ['Trigger'], runData: undefined });
  });

  it('a stale destination alone still runs only the destination on its parents\' data', () => {
    const plan = partialRunPlan(g, all, 'C', (name) => name === 'C');
    expect(plan.startNodes).toEqual(['C']);
    expect(Object.keys(plan.runData!).sort()).toEqual(['A', 'B', 'Trigger']);
  });

  it('a stale node on another branch of a merge is re-run; the clean branch is reused', () => {
    // Trigger → X → M (input 0), Trigger → Y → M (input 1)
    const conns: IConnections = {
      Trigger: { main: [[{ node: 'X', type: 'main', index: 0 }, { node: 'Y', type: 'main', index: 0 }]] },
      X: { main: [[{ node: 'M', type: 'main', index: 0 }]] },
      Y: { main: [[{ node: 'M', type: 'main', index: 1 }]] },
    };
    const gm = buildGraph([n('Trigger'), n('X'), n('Y'), n('M')], conns);
    const plan = partialRunPlan(gm, { Trigger: [run], X: [run], Y: [run], M: [run] }, 'M', (name) => name === 'Y');
    expect(plan.startNodes).toEqual(['Y']);
    expect(Object.keys(plan.runData!).sort()).toEqual(['Trigger', 'X']);
  });
});
