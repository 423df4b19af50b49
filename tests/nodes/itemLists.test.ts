import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runWorkflow } from '../../src/engine/index.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';
import { corpusDir } from '../corpus/run.ts';
import { errorOf, jsonOf, registry, runChain } from './helpers.ts';

const itemLists = (typeVersion: number, parameters: Record<string, unknown>) => ({ name: 'Lists', type: 'n8n-nodes-base.itemLists', typeVersion, parameters });
const input = [{ id: 1, list: [{ a: 1 }, { a: 2 }], tags: 'solo', group: 'x' }];

describe('Item Lists v1 and v2', () => {
  it('v1 splits one list and fails on a missing field or a non-list', async () => {
    // Objects are merged in only when no other fields are kept.
    expect(jsonOf(await runChain(input, [itemLists(1, { fieldToSplitOut: 'list', include: 'selectedOtherFields', fieldsToInclude: { fields: [{ fieldName: 'id' }] } })]), 'Lists')).toEqual([
      { id: 1, list: { a: 1 } },
      { id: 1, list: { a: 2 } },
    ]);
    expect(jsonOf(await runChain(input, [itemLists(1, { fieldToSplitOut: 'list' })]), 'Lists')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(errorOf(await runChain(input, [itemLists(1, { fieldToSplitOut: 'nope' })]), 'Lists')?.message).toBe("Couldn't find the field 'nope' in the input data");
    expect(errorOf(await runChain(input, [itemLists(1, { fieldToSplitOut: 'tags' })]), 'Lists')?.message).toBe("The provided field 'tags' is not an array");
  });
  it('v2.1 treats a missing field as empty; 2.2 splits several fields and single values', async () => {
    expect(jsonOf(await runChain(input, [itemLists(2.1, { fieldToSplitOut: 'nope' })]), 'Lists')).toEqual([]);
    expect(errorOf(await runChain(input, [itemLists(2.1, { fieldToSplitOut: 'tags' })]), 'Lists')?.message).toBe("The provided field 'tags' is not an array or object");
    const run = await runChain(input, [itemLists(2.2, { fieldToSplitOut: 'list, tags', options: { destinationFieldName: 'entry, tag' } })]);
    expect(jsonOf(run, 'Lists')).toEqual([{ entry: { a: 1 }, tag: 'solo' }, { entry: { a: 2 } }]);
  });
  it('v1 concatenates fields named in a fixed collection, checking they exist', async () => {
    const rows = [{ n: 1, x: 'a' }, { n: 2 }];
    const run = await runChain(rows, [itemLists(1, { operation: 'aggregateItems', fieldsToAggregate: { fieldToAggregate: [{ fieldToAggregate: 'n' }, { fieldToAggregate: 'x' }] } })]);
    expect(jsonOf(run, 'Lists')).toEqual([{ n: [1, 2], x: ['a'] }]);
    const missing = await runChain(rows, [itemLists(2, { operation: 'aggregateItems', fieldsToAggregate: { fieldToAggregate: [{ fieldToAggregate: 'y' }] } })]);
    expect(errorOf(missing, 'Lists')?.message).toBe("Couldn't find the field 'y' in the input data");
    const since21 = await runChain(rows, [itemLists(2.1, { operation: 'aggregateItems', fieldsToAggregate: { fieldToAggregate: [{ fieldToAggregate: 'y' }] } })]);
    expect(jsonOf(since21, 'Lists')).toEqual([{ y: [] }]);
  });
  it('summarizes with object keys: numeric groups first, keys as text', async () => {
    const rows = [{ k: 'b', v: 1 }, { k: 2, v: 2 }, { k: 'a', v: 3 }, { k: 1, v: 4 }];
    const run = await runChain(rows, [itemLists(2, { operation: 'summarize', fieldsToSummarize: { values: [{ aggregation: 'sum', field: 'v' }] }, fieldsToSplitBy: 'k' })]);
    expect(jsonOf(run, 'Lists')).toEqual([
      { k: '1', sum_v: 4 },
      { k: '2', sum_v: 2 },
      { k: 'b', sum_v: 1 },
      { k: 'a', sum_v: 3 },
    ]);
  });
  it('removes duplicates by fields named in a fixed collection', async () => {
    const rows = [{ a: 1, b: 1 }, { a: 1, b: 2 }];
    const run = await runChain(rows, [itemLists(1, { operation: 'removeDuplicates', compare: 'selectedFields', fieldsToCompare: { fields: [{ fieldName: 'a' }] } })]);
    expect(jsonOf(run, 'Lists')).toEqual([{ a: 1, b: 1 }]);
  });
});

describe('Item Lists v3', () => {
  const mixed = [{ v: '1' }, { v: 1 }, { v: '1' }, { v: true }];
  it('3.0 refuses mixed types when removing duplicates, 3.1 orders them', async () => {
    expect(errorOf(await runChain(mixed, [itemLists(3, { operation: 'removeDuplicates' })]), 'Lists')?.message).toBe("'v' isn't always the same type");
    expect(jsonOf(await runChain(mixed, [itemLists(3.1, { operation: 'removeDuplicates' })]), 'Lists')).toEqual([{ v: '1' }, { v: 1 }, { v: true }]);
  });
  it('concatenates items, limits and sorts like the stand-alone nodes', async () => {
    const rows = [{ n: 3 }, { n: 1 }, { n: 2 }];
    expect(jsonOf(await runChain(rows, [itemLists(3.1, { operation: 'concatenateItems', aggregate: 'aggregateAllItemData', destinationFieldName: 'all' })]), 'Lists')).toEqual([{ all: rows }]);
    expect(jsonOf(await runChain(rows, [itemLists(3.1, { operation: 'limit', maxItems: 2, keep: 'lastItems' })]), 'Lists')).toEqual([{ n: 1 }, { n: 2 }]);
    expect(jsonOf(await runChain(rows, [itemLists(3.1, { operation: 'sort', sortFieldsUi: { sortField: [{ fieldName: 'n' }] } })]), 'Lists')).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });
  it('splits out with text field lists and includes selected fields', async () => {
    const run = await runChain(input, [itemLists(3, { fieldToSplitOut: 'list', include: 'selectedOtherFields', fieldsToInclude: 'group' })]);
    expect(jsonOf(run, 'Lists')).toEqual([
      { list: { a: 1 }, group: 'x' },
      { list: { a: 2 }, group: 'x' },
    ]);
  });
});

// n8n keeps this file's expectations in its .test.ts, not in the JSON.
describe('Item Lists corpus file without pinData', () => {
  const dir = corpusDir();
  const file = dir && join(dir, 'ItemLists', 'workflow.aggregateItems.json');
  it.skipIf(!file || !existsSync(file))('aggregates as n8n expects in workflow.aggregateItems.json', async () => {
    const workflow = JSON.parse(readFileSync(file as string, 'utf8')) as IWorkflowBase;
    const run = await runWorkflow({ workflow, nodeTypes: registry, mode: 'manual', executionId: '1' });
    const json = (name: string) => run.data.resultData.runData[name][0].data?.main[0]?.map((i) => i.json);
    const rows = [1, 2, 3, 4, 5].map((id, i) => ({ id, char: 'abcde'[i] }));
    expect(json('fields aggregate and rename')).toEqual([{ data: [1, 2, 3, 4, 5] }]);
    expect(json('aggregate all fields into list')).toEqual([{ data: rows }]);
    expect(json('aggregate selected fields into list')).toEqual([{ data: rows.map(({ id }) => ({ id })) }]);
    expect(json('aggregate all fields except selected into list')).toEqual([{ output: rows.map(({ id }) => ({ id })) }]);
  });
});
