// Pinned data of a parent is its output in the editor: the input panel's runs and the items
// expressions, completions and mapping read (nodeInput) agree, whether the parent ran or not.
import { describe, expect, it } from 'vitest';
import { parentRuns } from '../../src/app/editor/ndv/InputPanel.tsx';
import { nodeInput } from '../../workers/expression/nodeInput.ts';
import { buildGraph } from '../../src/model/graph.ts';
import type { INode, IConnections } from '../../src/model/workflow.ts';
import type { IRunData, ITaskData } from '../../src/model/execution.ts';

const node = (name: string): INode => ({ id: name, name, type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [0, 0], parameters: {} });
const nodes = [node('A'), node('B'), node('C')];
const connections: IConnections = {
  A: { main: [[{ node: 'B', type: 'main', index: 0 }]] },
  B: { main: [[{ node: 'C', type: 'main', index: 0 }]] },
};
const graph = buildGraph(nodes, connections);
const task = (items: unknown[], start = 1000, source: ITaskData['source'] = []): ITaskData => ({ startTime: start, executionTime: 3, source, data: { main: [items.map((json) => ({ json })) as never] } });
const pinned = [{ json: { pinned: 1 } }, { json: { pinned: 2 } }];

describe('parentRuns (input panel)', () => {
  it('shows a pinned parent that never ran as one run of its pinned items', () => {
    const r = parentRuns(undefined, pinned, 0);
    expect(r.pinned).toBe(true);
    expect(r.runs).toHaveLength(1);
    expect(r.runs![0].data!.main[0]).toBe(pinned);
  });
  it('prefers pinned data over older or newer runs of the parent', () => {
    const runs = [task([{ old: 1 }], 10), task([{ old: 2 }], 20)];
    const r = parentRuns(runs, pinned, 0);
    expect(r.runs).toHaveLength(1);
    expect(r.runs![0].data!.main[0]).toEqual(pinned);
  });
  it('shows the runs when the parent is not pinned, or the path leaves another output', () => {
    const runs = [task([{ a: 1 }])];
    expect(parentRuns(runs, undefined, 0)).toEqual({ runs, pinned: false });
    expect(parentRuns(runs, pinned, 1)).toEqual({ runs, pinned: false });
    expect(parentRuns(undefined, undefined, 0)).toEqual({ runs: undefined, pinned: false });
  });
});

describe('nodeInput (expressions, completions, Code $json)', () => {
  it('reads a pinned parent that has not run', () => {
    const input = nodeInput({ runData: {}, pinData: { B: pinned } }, graph, 'C');
    expect(input.items).toEqual(pinned);
    expect(input.source?.main[0]?.previousNode).toBe('B');
  });
  it('reads the pinned data when the parent ran before it was pinned', () => {
    const runData: IRunData = { B: [task([{ old: true }])] };
    expect(nodeInput({ runData, pinData: { B: pinned } }, graph, 'C').items).toEqual(pinned);
  });
  it('reads the pinned data when the node itself ran on the parent\'s older output', () => {
    const runData: IRunData = { B: [task([{ old: true }])], C: [task([{ old: true }], 1001, [{ previousNode: 'B', previousNodeOutput: 0, previousNodeRun: 0 }])] };
    expect(nodeInput({ runData, pinData: { B: pinned } }, graph, 'C').items).toEqual(pinned);
    expect(nodeInput({ runData, pinData: {} }, graph, 'C').items).toEqual([{ json: { old: true } }]);
  });
  it('has nothing without runs or pinned data', () => {
    expect(nodeInput({ runData: {}, pinData: {} }, graph, 'C')).toEqual({ items: [], source: null });
  });
});
