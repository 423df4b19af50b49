import { describe, expect, it } from 'vitest';
import { errorOf, jsonOf, output, registry, runChain } from './helpers.ts';

const dedupe = (typeVersion: number, parameters: Record<string, unknown>) => ({ name: 'Dedupe', type: 'n8n-nodes-base.removeDuplicates', typeVersion, parameters });
const rows = [
  { id: 1, name: 'a', meta: { x: 1 } },
  { id: 2, name: 'a', meta: { x: 1 } },
  { id: 1, name: 'a', meta: { x: 1 } },
  { id: 3, name: 'b', meta: { x: 2 } },
];

describe('Remove Duplicates', () => {
  it('compares all fields and keeps the first of equal items, in input order', async () => {
    expect(jsonOf(await runChain(rows, [dedupe(1, {})]), 'Dedupe')).toEqual([rows[0], rows[1], rows[3]]);
  });
  it('compares selected or all-but-excluded fields, nested ones with dot notation', async () => {
    expect(jsonOf(await runChain(rows, [dedupe(1, { compare: 'selectedFields', fieldsToCompare: 'meta.x' })]), 'Dedupe')).toEqual([rows[0], rows[3]]);
    expect(jsonOf(await runChain(rows, [dedupe(1, { compare: 'allFieldsExcept', fieldsToExclude: 'id' })]), 'Dedupe')).toEqual([rows[0], rows[3]]);
  });
  it('removes the other fields on request, lineage pointing at the kept input items', async () => {
    const run = await runChain(rows, [dedupe(1, { compare: 'selectedFields', fieldsToCompare: 'name, meta.x', options: { removeOtherFields: true } })]);
    expect(jsonOf(run, 'Dedupe')).toEqual([
      { name: 'a', meta: { x: 1 } },
      { name: 'b', meta: { x: 2 } },
    ]);
    expect(run.data.resultData.runData.Dedupe[0].data?.main[0]?.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 3 }]);
  });
  it('refuses mixed types; v1.1 allows nulls and names the items', async () => {
    const mixed = [{ v: 1 }, { v: '1' }];
    expect(errorOf(await runChain(mixed, [dedupe(1, {})]), 'Dedupe')?.message).toBe("'v' isn't always the same type");
    const v11 = await runChain([...mixed], [dedupe(1.1, {})]);
    expect(errorOf(v11, 'Dedupe')?.description).toBe("The type of this field varies between items, in item [0] it's a number and in item [1] it's a string ");
    const withNull = await runChain([{ v: 1 }, { v: null }, { v: 1 }], [dedupe(1.1, {})]);
    expect(output(withNull, 'Dedupe').map((i) => i.json)).toEqual([{ v: 1 }, { v: null }]);
  });
  it('names a missing field', async () => {
    const run = await runChain([{ a: 1 }, { b: 2 }], [dedupe(1, { compare: 'selectedFields', fieldsToCompare: 'a' })]);
    expect(errorOf(run, 'Dedupe')?.message).toBe("'a' field is missing from some input items");
  });

  describe('v2', () => {
    it('"Remove Items Repeated Within Current Input" (the default operation) compares like v1.1', async () => {
      expect(jsonOf(await runChain(rows, [dedupe(2, { compare: 'selectedFields', fieldsToCompare: 'id' })]), 'Dedupe')).toEqual([rows[0], rows[1], rows[3]]);
      const run = await runChain(rows, [dedupe(2, { operation: 'removeDuplicateInputItems', compare: 'allFieldsExcept', fieldsToExclude: 'id', options: { removeOtherFields: true } })]);
      expect(jsonOf(run, 'Dedupe')).toEqual([{ name: 'a', meta: { x: 1 } }, { name: 'b', meta: { x: 2 } }]);
      const withNull = await runChain([{ v: 1 }, { v: null }, { v: 1 }], [dedupe(2, {})]);
      expect(jsonOf(withNull, 'Dedupe')).toEqual([{ v: 1 }, { v: null }]);
    });
    it('the history operations fail clearly until a deduplication store exists', async () => {
      const seen = await runChain(rows, [dedupe(2, { operation: 'removeItemsSeenInPreviousExecutions', dedupeValue: '={{ $json.id }}' })]);
      expect(errorOf(seen, 'Dedupe')?.message).toBe('The operation "Remove Items Processed in Previous Executions" is not supported yet');
      const clear = await runChain(rows, [dedupe(2, { operation: 'clearDeduplicationHistory' })]);
      expect(errorOf(clear, 'Dedupe')?.message).toBe('The operation "Clear Deduplication History" is not supported yet');
    });
    it('is the version new nodes get', () => {
      expect(registry.get('n8n-nodes-base.removeDuplicates')?.description.version).toBe(2);
      expect(registry.get('n8n-nodes-base.removeDuplicates', 1.1)?.description.version).toEqual([1, 1.1]);
    });
  });
});
