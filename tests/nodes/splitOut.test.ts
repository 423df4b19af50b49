import { describe, expect, it } from 'vitest';
import { errorOf, jsonOf, output, runChain } from './helpers.ts';

const splitOut = (parameters: Record<string, unknown>) => ({ name: 'Split', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters });
const input = [{ id: 7, list: [{ a: 1 }, { a: 2 }], tags: ['x', 'y'], obj: { p: 1, q: 2 }, one: 'solo' }];

describe('Split Out', () => {
  it('turns list entries into items, objects merged in when no other fields are kept', async () => {
    expect(jsonOf(await runChain(input, [splitOut({ fieldToSplitOut: 'list' })]), 'Split')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(jsonOf(await runChain(input, [splitOut({ fieldToSplitOut: '$json.tags' })]), 'Split')).toEqual([{ tags: 'x' }, { tags: 'y' }]);
  });
  it('splits object values and single values', async () => {
    expect(jsonOf(await runChain(input, [splitOut({ fieldToSplitOut: 'obj' })]), 'Split')).toEqual([{ obj: 1 }, { obj: 2 }]);
    expect(jsonOf(await runChain(input, [splitOut({ fieldToSplitOut: 'one' })]), 'Split')).toEqual([{ one: 'solo' }]);
  });
  it('splits several fields side by side into destination fields', async () => {
    const run = await runChain(input, [splitOut({ fieldToSplitOut: 'tags, obj', options: { destinationFieldName: 't, o' } })]);
    expect(jsonOf(run, 'Split')).toEqual([
      { t: 'x', o: 1 },
      { t: 'y', o: 2 },
    ]);
    const wrong = await runChain(input, [splitOut({ fieldToSplitOut: 'tags, obj', options: { destinationFieldName: 't' } })]);
    expect(errorOf(wrong, 'Split')?.message).toBe('If multiple fields to split out are given, the same number of destination fields must be given');
  });
  it('keeps all or selected other fields', async () => {
    const all = await runChain(input, [splitOut({ fieldToSplitOut: 'tags', include: 'allOtherFields' })]);
    expect(jsonOf(all, 'Split')[0]).toEqual({ id: 7, list: [{ a: 1 }, { a: 2 }], obj: { p: 1, q: 2 }, one: 'solo', tags: 'x' });
    const selected = await runChain(input, [splitOut({ fieldToSplitOut: 'tags', include: 'selectedOtherFields', fieldsToInclude: 'id' })]);
    expect(jsonOf(selected, 'Split')).toEqual([
      { tags: 'x', id: 7 },
      { tags: 'y', id: 7 },
    ]);
  });
  it('writes a dotted destination as a nested field and never into prototypes', async () => {
    const nested = await runChain(input, [splitOut({ fieldToSplitOut: 'tags', options: { destinationFieldName: 'out.tag' } })]);
    expect(jsonOf(nested, 'Split')).toEqual([{ out: { tag: 'x' } }, { out: { tag: 'y' } }]);
    const polluting = await runChain(input, [splitOut({ fieldToSplitOut: 'tags', options: { destinationFieldName: '__proto__.polluted' } })]);
    expect(jsonOf(polluting, 'Split')).toEqual([{ tags: 'x' }, { tags: 'y' }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('splits binary data with $binary and hints at fields found nowhere', async () => {
    const bin = { data: 'YQ==', mimeType: 'text/plain' };
    const run = await runChain([{ json: { id: 1 }, binary: { a: bin, b: bin } }], [splitOut({ fieldToSplitOut: '$binary' })]);
    expect(output(run, 'Split').map((i) => Object.keys(i.binary ?? {}))).toEqual([['a'], ['b']]);
    const missing = await runChain(input, [splitOut({ fieldToSplitOut: 'nope' })]);
    expect(jsonOf(missing, 'Split')).toEqual([]);
    expect(missing.data.resultData.runData.Split[0].hints).toEqual([{ message: "The field 'nope' wasn't found in any input item" }]);
  });
});
