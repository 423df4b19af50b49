import { describe, expect, it } from 'vitest';
import { runWorkflow } from '../../src/engine/index.ts';
import type { IRun } from '../../src/engine/index.ts';
import type { INode, IWorkflowBase } from '../../src/model/workflow.ts';
import { errorOf, jsonOf, registry } from './helpers.ts';

async function compare(typeVersion: number, parameters: Record<string, unknown>, a: unknown[], b: unknown[]): Promise<IRun> {
  const code = (name: string, items: unknown[], y: number): INode => ({ id: name, name, type: 'n8n-nodes-base.code', typeVersion: 2, position: [200, y], parameters: { jsCode: `return ${JSON.stringify(items)};` } });
  const nodes: INode[] = [
    { id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
    code('A', a, 0),
    code('B', b, 100),
    { id: 'c', name: 'Compare', type: 'n8n-nodes-base.compareDatasets', typeVersion, position: [400, 0], parameters: { mergeByFields: { values: [{ field1: 'id', field2: 'id' }] }, ...parameters } },
  ];
  const connections: IWorkflowBase['connections'] = {
    Trigger: { main: [[{ node: 'A', type: 'main', index: 0 }, { node: 'B', type: 'main', index: 0 }]] },
    A: { main: [[{ node: 'Compare', type: 'main', index: 0 }]] },
    B: { main: [[{ node: 'Compare', type: 'main', index: 1 }]] },
  };
  return runWorkflow({ workflow: { id: 'w', name: 'c', active: false, nodes, connections, settings: { executionOrder: 'v1' } } as IWorkflowBase, nodeTypes: registry, mode: 'manual', executionId: '1' });
}

const A = [{ id: 1, name: 'a', qty: 1 }, { id: 2, name: 'b', qty: 2 }, { id: 3, name: 'c', qty: 3 }];
const B = [{ id: 2, name: 'b', qty: 2 }, { id: 3, name: 'c', qty: '3' }, { id: 4, name: 'd', qty: 4 }];

describe('Compare Datasets', () => {
  it('has four outputs named like n8n', () => {
    expect(registry.get('n8n-nodes-base.compareDatasets', 2.3)!.description.outputNames).toEqual(['In A only', 'Same', 'Different', 'In B only']);
  });
  it('sorts items into A only, same, different and B only (includeBoth from 2.1)', async () => {
    const r = await compare(2.3, {}, A, B);
    expect(jsonOf(r, 'Compare', 0)).toEqual([A[0]]);
    expect(jsonOf(r, 'Compare', 1)).toEqual([A[1]]);
    expect(jsonOf(r, 'Compare', 2)).toEqual([{ keys: { id: 3 }, same: { id: 3, name: 'c' }, different: { qty: { inputA: 3, inputB: '3' } } }]);
    expect(jsonOf(r, 'Compare', 3)).toEqual([B[2]]);
  });
  it('fuzzy compare treats 3 and "3" as the same; v1 defaults to input B\'s version', async () => {
    const fuzzy = await compare(2.3, { fuzzyCompare: true }, A, B);
    expect(jsonOf(fuzzy, 'Compare', 1)).toHaveLength(2);
    const v1 = await compare(1, {}, A, B);
    expect(jsonOf(v1, 'Compare', 2)).toEqual([B[1]]);
  });
  it('skips fields and mixes versions', async () => {
    const skip = await compare(2.3, { options: { skipFields: 'qty' } }, A, B);
    expect(jsonOf(skip, 'Compare', 1)).toHaveLength(2);
    const mix = await compare(2.3, { resolve: 'mix', preferWhenMix: 'input1', exceptWhenMix: 'qty' }, [{ id: 1, qty: 5, x: 'a' }], [{ id: 1, qty: 0, x: 'b' }]);
    expect(jsonOf(mix, 'Compare', 2)).toEqual([{ id: 1, qty: 0, x: 'a' }]);
  });
  it('before 2.2 a match field missing from an input fails', async () => {
    const r = await compare(2.1, {}, [{ other: 1 }], B);
    expect(errorOf(r, 'Compare')?.message).toBe("Field 'id' is not present in any of items in 'Input A'");
  });
});
