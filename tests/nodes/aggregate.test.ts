import { describe, expect, it } from 'vitest';
import { errorOf, jsonOf, output, runChain } from './helpers.ts';

const aggregate = (parameters: Record<string, unknown>) => ({ name: 'Aggregate', type: 'n8n-nodes-base.aggregate', typeVersion: 1, parameters });
const rows = [
  { id: 1, tags: ['a', null], user: { name: 'Ann' }, domain: 'x.com' },
  { id: 2, tags: ['b'], user: { name: 'Bo' }, domain: 'y.com' },
  { id: null, user: {}, domain: 'x.com' },
];

describe('Aggregate', () => {
  it('collects individual fields, nested ones under their last name, skipping missing and null values', async () => {
    const run = await runChain(rows, [aggregate({ fieldsToAggregate: { fieldToAggregate: [{ fieldToAggregate: 'id' }, { fieldToAggregate: 'user.name' }, { fieldToAggregate: 'tags' }] } })]);
    expect(jsonOf(run, 'Aggregate')).toEqual([{ id: [1, 2], name: ['Ann', 'Bo'], tags: [['a'], ['b']] }]);
    expect(run.data.resultData.runData.Aggregate[0].data?.main[0]?.[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
  });
  it('merges lists, keeps missing values and renames on request', async () => {
    const run = await runChain(rows, [
      aggregate({
        fieldsToAggregate: { fieldToAggregate: [{ fieldToAggregate: 'tags', renameField: true, outputFieldName: 'allTags' }, { fieldToAggregate: 'id' }] },
        options: { mergeLists: true, keepMissing: true },
      }),
    ]);
    expect(jsonOf(run, 'Aggregate')).toEqual([{ allTags: ['a', null, 'b', undefined], id: [1, 2, null] }]);
  });
  it('puts all item data in one list, with included or excluded fields', async () => {
    const all = await runChain(rows.slice(0, 2), [aggregate({ aggregate: 'aggregateAllItemData', include: 'specifiedFields', fieldsToInclude: 'id, domain' })]);
    expect(jsonOf(all, 'Aggregate')).toEqual([{ data: [{ id: 1, domain: 'x.com' }, { id: 2, domain: 'y.com' }] }]);
  });
  it('groups by fields', async () => {
    const run = await runChain(rows, [aggregate({ fieldsToAggregate: { fieldToAggregate: [{ fieldToAggregate: 'id' }] }, options: { groupByFields: 'domain' } })]);
    expect(jsonOf(run, 'Aggregate')).toEqual([
      { domain: 'x.com', id: [1] },
      { domain: 'y.com', id: [2] },
    ]);
    const clash = await runChain(rows, [aggregate({ aggregate: 'aggregateAllItemData', destinationFieldName: 'domain', options: { groupByFields: 'domain' } })]);
    expect(errorOf(clash, 'Aggregate')?.message).toBe("The destination field 'domain' conflicts with a Group By field 'domain'");
  });
  it('adds binary data of the aggregated items, renaming clashing keys', async () => {
    const bin = (n: string) => ({ data: Buffer.from(n).toString('base64'), mimeType: 'text/plain', fileSize: '1 B', fileExtension: 'txt' });
    const items = [{ json: { id: 1 }, binary: { file: bin('a') } }, { json: { id: 2 }, binary: { file: bin('b') } }];
    const run = await runChain(items, [aggregate({ fieldsToAggregate: { fieldToAggregate: [{ fieldToAggregate: 'id' }] }, options: { includeBinaries: true } })]);
    expect(Object.keys(output(run, 'Aggregate')[0].binary ?? {})).toEqual(['file', 'file_1']);
    const unique = await runChain(items, [aggregate({ fieldsToAggregate: { fieldToAggregate: [{ fieldToAggregate: 'id' }] }, options: { includeBinaries: true, keepOnlyUnique: true } })]);
    expect(Object.keys(output(unique, 'Aggregate')[0].binary ?? {})).toEqual(['file']);
  });
  it('refuses a repeated output field and hints at fields found nowhere', async () => {
    const twice = await runChain(rows, [aggregate({ fieldsToAggregate: { fieldToAggregate: [{ fieldToAggregate: 'id' }, { fieldToAggregate: 'id' }] } })]);
    expect(errorOf(twice, 'Aggregate')?.message).toBe("The 'id' output field is used more than once");
    const missing = await runChain(rows, [aggregate({ fieldsToAggregate: { fieldToAggregate: [{ fieldToAggregate: 'nope' }] } })]);
    expect(missing.data.resultData.runData.Aggregate[0].hints).toEqual([{ message: "The field 'nope' wasn't found in any input item" }]);
  });
});
