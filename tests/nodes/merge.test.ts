import { describe, expect, it } from 'vitest';
import { runWorkflow } from '../../src/engine/index.ts';
import type { IRun } from '../../src/engine/index.ts';
import type { INode, IWorkflowBase } from '../../src/model/workflow.ts';
import { errorOf, jsonOf, registry } from './helpers.ts';

const A = [{ id: 1, data: 'a', text: 'foo' }, { id: 2, data: 'b', text: 'foo' }];
const B = [{ id: 1, data: 'c', tag: 'x' }, { id: 2, data: 'd', tag: 'x' }, { id: 3, data: 'e', tag: 'x' }];

/** Trigger → one Code node per input list → Merge (input i), in the given execution order. */
async function runMerge(typeVersion: number, parameters: Record<string, unknown>, inputs: unknown[][], order: 'v0' | 'v1' = 'v1'): Promise<IRun> {
  const nodes: INode[] = [{ id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }];
  const connections: IWorkflowBase['connections'] = { Trigger: { main: [[]] } };
  inputs.forEach((items, i) => {
    const name = `In${i + 1}`;
    nodes.push({ id: name, name, type: 'n8n-nodes-base.code', typeVersion: 2, position: [200, i * 100], parameters: { jsCode: `return ${JSON.stringify(items)};` } });
    connections.Trigger.main[0]!.push({ node: name, type: 'main', index: 0 });
    connections[name] = { main: [[{ node: 'Merge', type: 'main', index: i }]] };
  });
  nodes.push({ id: 'm', name: 'Merge', type: 'n8n-nodes-base.merge', typeVersion, position: [400, 0], parameters });
  const workflow = { id: 'w', name: 'm', active: false, nodes, connections, settings: { executionOrder: order } } as IWorkflowBase;
  return runWorkflow({ workflow, nodeTypes: registry, mode: 'manual', executionId: '1' });
}

describe('Merge description', () => {
  it('has n8n names per version', () => {
    expect(registry.get('n8n-nodes-base.merge', 1)!.description.inputNames).toEqual(['Input 1', 'Input 2']);
    const v3 = registry.get('n8n-nodes-base.merge', 3.2)!;
    expect(v3.description.icon).toBe('fa:code-branch');
    const node = { id: 'm', name: 'Merge', type: 'n8n-nodes-base.merge', typeVersion: 3, position: [0, 0] as [number, number], parameters: { numberInputs: 4 } };
    expect(v3.inputsFor!(node)).toHaveLength(4);
    expect(v3.requiredInputsFor!({ ...node, parameters: { mode: 'chooseBranch' } })).toEqual([0, 1]);
    expect(v3.requiredInputsFor!(node)).toBe(1);
  });
});

describe('Merge v1', () => {
  it('append, merge by index, multiplex, pass-through and wait', async () => {
    expect(jsonOf(await runMerge(1, {}, [A, B]), 'Merge')).toEqual([...A, ...B]);
    expect(jsonOf(await runMerge(1, { mode: 'mergeByIndex', join: 'outer' }, [A, B]), 'Merge')).toEqual([
      { id: 1, data: 'c', text: 'foo', tag: 'x' },
      { id: 2, data: 'd', text: 'foo', tag: 'x' },
      B[2],
    ]);
    expect(jsonOf(await runMerge(1, { mode: 'multiplex' }, [A, B]), 'Merge')).toHaveLength(6);
    expect(jsonOf(await runMerge(1, { mode: 'passThrough', output: 'input2' }, [A, B]), 'Merge')).toEqual(B);
    expect(jsonOf(await runMerge(1, { mode: 'wait' }, [A, B]), 'Merge')).toEqual([{}]);
  });
  it('key modes compare keys as strings; mergeByKey honours "overwrite"', async () => {
    const keyed = (mode: string, extra = {}) => runMerge(1, { mode, propertyName1: 'id', propertyName2: 'id', ...extra }, [[...A, { id: 9 }], [{ id: '1', data: 'z', more: 1 }]]);
    expect(jsonOf(await keyed('keepKeyMatches'), 'Merge')).toEqual([A[0]]);
    expect(jsonOf(await keyed('removeKeyMatches'), 'Merge')).toEqual([A[1], { id: 9 }]);
    expect(jsonOf(await keyed('mergeByKey'), 'Merge')[0]).toEqual({ id: 1, data: 'z', text: 'foo', more: 1 });
    expect(jsonOf(await keyed('mergeByKey', { overwrite: 'undefined' }), 'Merge')[0]).toEqual({ id: 1, data: 'a', text: 'foo', more: 1 });
  });
});

describe('Merge v2', () => {
  const byFields = (extra: Record<string, unknown>) => ({ mode: 'combine', mergeByFields: { values: [{ field1: 'id', field2: 'id' }] }, options: {}, ...extra });
  it('combines by fields with every join mode', async () => {
    expect(jsonOf(await runMerge(2, byFields({}), [A, B]), 'Merge')).toEqual([
      { id: 1, data: 'c', text: 'foo', tag: 'x' },
      { id: 2, data: 'd', text: 'foo', tag: 'x' },
    ]);
    expect(jsonOf(await runMerge(2, byFields({ joinMode: 'keepNonMatches' }), [A, B]), 'Merge')).toEqual([{ ...B[2], _source: 'input2' }]);
    expect(jsonOf(await runMerge(2, byFields({ joinMode: 'keepEverything' }), [A, B]), 'Merge')).toHaveLength(3);
    // Current n8n: enriching input 2 keeps input 1's values on clashes unless told otherwise.
    expect(jsonOf(await runMerge(2, byFields({ joinMode: 'enrichInput2' }), [A, B]), 'Merge')).toEqual([
      { id: 1, data: 'a', text: 'foo', tag: 'x' },
      { id: 2, data: 'b', text: 'foo', tag: 'x' },
      B[2],
    ]);
    const suffixed = await runMerge(2, byFields({ options: { clashHandling: { values: { resolveClash: 'addSuffix' } } } }), [A, B]);
    expect(jsonOf(suffixed, 'Merge')[0]).toEqual({ id_1: 1, data_1: 'a', text_1: 'foo', id_2: 1, data_2: 'c', tag_2: 'x' });
  });
  it('fuzzy compare matches 1 and "1"; v2 requires the fields, 2.1 does not', async () => {
    const fuzzy = await runMerge(2.1, byFields({ options: { fuzzyCompare: true } }), [[{ id: 1 }], [{ id: '1', x: 1 }]]);
    expect(jsonOf(fuzzy, 'Merge')).toEqual([{ id: '1', x: 1 }]);
    const strict = await runMerge(2.1, byFields({}), [[{ id: 1 }], [{ id: '1', x: 1 }]]);
    expect(jsonOf(strict, 'Merge')).toEqual([]);
    const missing = await runMerge(2, byFields({}), [[{ other: 1 }], [{ id: 1 }]]);
    expect(errorOf(missing, 'Merge')?.message).toBe("Field 'id' is not present in any of items in 'Input 1'");
  });
  it('by position with clash handling and unpaired items, and cross join', async () => {
    const pos = await runMerge(2, { mode: 'combine', combinationMode: 'mergeByPosition', options: { clashHandling: { values: { resolveClash: 'preferInput1' } }, includeUnpaired: true } }, [A, B]);
    expect(jsonOf(pos, 'Merge')).toEqual([{ id: 1, data: 'a', text: 'foo', tag: 'x' }, { id: 2, data: 'b', text: 'foo', tag: 'x' }, B[2]]);
    const cross = await runMerge(2, { mode: 'combine', combinationMode: 'multiplex', options: {} }, [A, B]);
    expect(jsonOf(cross, 'Merge')).toHaveLength(6);
  });
  it('choose branch waits for both inputs in v1 order', async () => {
    const both = await runMerge(2.1, { mode: 'chooseBranch', output: 'input2' }, [A, B]);
    expect(jsonOf(both, 'Merge')).toEqual(B);
    const empty = await runMerge(2.1, { mode: 'chooseBranch', output: 'empty' }, [A, B]);
    expect(jsonOf(empty, 'Merge')).toEqual([{}]);
  });
});

describe('Merge v3', () => {
  it('appends any number of inputs', async () => {
    const r = await runMerge(3, { numberInputs: 3 }, [[{ a: 1 }], [{ b: 1 }], [{ c: 1 }]]);
    expect(jsonOf(r, 'Merge')).toEqual([{ a: 1 }, { b: 1 }, { c: 1 }]);
  });
  it('combines by position (last input wins) and by fields from a field list', async () => {
    const pos = await runMerge(3, { mode: 'combine', combineBy: 'combineByPosition', numberInputs: 3 }, [[{ v: 1, a: 1 }], [{ v: 2 }], [{ v: 3 }, { v: 4 }]]);
    expect(jsonOf(pos, 'Merge')).toEqual([{ v: 3, a: 1 }]);
    const fields = await runMerge(3.1, { mode: 'combine', combineBy: 'combineByFields', fieldsToMatchString: 'id', options: {} }, [A, B]);
    expect(jsonOf(fields, 'Merge')).toHaveLength(2);
  });
  it('choose branch checks the input number; SQL mode fails clearly', async () => {
    const bad = await runMerge(3, { mode: 'chooseBranch', useDataOfInput: 3 }, [A, B]);
    expect(errorOf(bad, 'Merge')?.message).toBe("Input 3 doesn't exist");
    const sql = await runMerge(3.2, { mode: 'combineBySql' }, [A, B]);
    expect(errorOf(sql, 'Merge')?.message).toBe('The SQL Query mode is not supported in Switchyard yet');
  });
});
