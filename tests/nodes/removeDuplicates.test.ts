import { describe, expect, it } from 'vitest';
import { errorOf, jsonOf, output, registry, runChain } from './helpers.ts';
import { MemoryProcessedDataStore } from '../../src/engine/index.ts';
import { createDeduplicationHelpers } from '../../src/engine/deduplication.ts';
import type { INode } from '../../src/model/workflow.ts';

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
    describe('history across executions', () => {
      const SEEN = 'removeItemsSeenInPreviousExecutions';
      const ids = (values: unknown[]) => values.map((id) => ({ id }));
      // Each test gets its own store, as the server's database table would be.
      const runWith = (store: MemoryProcessedDataStore, items: unknown[], nodes: Array<ReturnType<typeof dedupe>>, workflowId = 'w') =>
        runChain(items, nodes, { workflowId, runOptions: { processedDataStore: store } });
      const seen = (parameters: Record<string, unknown> = {}, name = 'Dedupe') => ({ ...dedupe(2, { operation: SEEN, dedupeValue: '={{ $json.id }}', ...parameters }), name });

      it('"Value Is New": a second run drops the values the first run kept; the discarded go to the second list', async () => {
        const store = new MemoryProcessedDataStore();
        const first = await runWith(store, ids([1, 2, 2, 3]), [seen()]);
        expect(jsonOf(first, 'Dedupe')).toEqual(ids([1, 2, 2, 3]));
        expect(jsonOf(first, 'Dedupe', 1)).toEqual([]);
        const second = await runWith(store, ids([3, 4, 1, 5]), [seen()]);
        expect(jsonOf(second, 'Dedupe')).toEqual(ids([4, 5]));
        expect(jsonOf(second, 'Dedupe', 1)).toEqual(ids([1, 3])); // grouped by value, numeric-looking values in number order (as n8n)
        expect(second.data.resultData.runData.Dedupe[0].data?.main[0]?.map((i) => i.pairedItem)).toEqual([{ item: 1 }, { item: 3 }]);
        // Another workflow has a history of its own.
        expect(jsonOf(await runWith(store, ids([1]), [seen()], 'other'), 'Dedupe')).toEqual(ids([1]));
      });

      it('"Value Is Higher than Any Previous Value" keeps only values above the highest stored one', async () => {
        const store = new MemoryProcessedDataStore();
        const incremental = (name?: string) => seen({ logic: 'removeItemsUpToStoredIncrementalKey', incrementalDedupeValue: '={{ $json.id }}' }, name);
        expect(jsonOf(await runWith(store, ids([5, 2, 9]), [incremental()]), 'Dedupe')).toEqual(ids([2, 5, 9]));
        const second = await runWith(store, ids([9, 10, 3, 12]), [incremental()]);
        expect(jsonOf(second, 'Dedupe')).toEqual(ids([10, 12]));
        expect(jsonOf(second, 'Dedupe', 1)).toEqual(ids([3, 9]));
        expect(jsonOf(await runWith(store, ids([11, 13]), [incremental()]), 'Dedupe')).toEqual(ids([13]));
        const bad = await runWith(store, ids(['x']), [incremental()]);
        expect(errorOf(bad, 'Dedupe')?.message).toBe("The value 'x' is not a number. Please provide a number.");
      });

      it('"Value Is a Date Later than Any Previous Date" compares dates, not text', async () => {
        const store = new MemoryProcessedDataStore();
        const byDate = () => seen({ logic: 'removeItemsUpToStoredDate', dateDedupeValue: '={{ $json.at }}' });
        const at = (...values: string[]) => values.map((v) => ({ at: v }));
        await runWith(store, at('2024-08-09T13:44:16Z', '2024-08-01T00:00:00Z'), [byDate()]);
        const second = await runWith(store, at('2024-08-09T15:44:16+02:00', '2024-08-10T00:00:00Z', '2024-08-09T13:44:17Z'), [byDate()]);
        expect(jsonOf(second, 'Dedupe')).toEqual(at('2024-08-09T13:44:17Z', '2024-08-10T00:00:00Z'));
        expect(jsonOf(second, 'Dedupe', 1)).toEqual(at('2024-08-09T15:44:16+02:00'));
        const bad = await runWith(store, at('not a date'), [byDate()]);
        expect(errorOf(bad, 'Dedupe')?.message).toBe("The value 'not a date' is not a valid date. Please provide a valid date.");
      });

      it("keeps one history per node (by node id, so a rename keeps it) or one for the workflow", async () => {
        const store = new MemoryProcessedDataStore();
        const twoNodes = (scope: string) => [seen({ options: { scope } }, 'A'), seen({ options: { scope } }, 'B')];
        const perNode = await runWith(store, ids([1, 2]), twoNodes('node'));
        expect(jsonOf(perNode, 'B')).toEqual(ids([1, 2]));
        const renamed = await runWith(store, ids([2, 3]), [seen({}, 'Renamed')]);
        expect(jsonOf(renamed, 'Renamed')).toEqual(ids([3]));

        const shared = new MemoryProcessedDataStore();
        const perWorkflow = await runWith(shared, ids([1, 2]), twoNodes('workflow'));
        expect(jsonOf(perWorkflow, 'A')).toEqual(ids([1, 2]));
        expect(jsonOf(perWorkflow, 'B')).toEqual([]); // A recorded them first
        expect(jsonOf(perWorkflow, 'B', 1)).toEqual(ids([1, 2]));
      });

      it('a mode change needs the history cleared first', async () => {
        const store = new MemoryProcessedDataStore();
        await runWith(store, ids([1]), [seen()]);
        const changed = await runWith(store, ids([2]), [seen({ logic: 'removeItemsUpToStoredIncrementalKey', incrementalDedupeValue: '={{ $json.id }}' })]);
        expect(errorOf(changed, 'Dedupe')?.message).toContain('incompatible setting of the ‘Keep Items Where’ parameter');
      });

      it('history size: more items than fit fail, a nearly full history gives a hint, the helper drops the oldest values', async () => {
        const store = new MemoryProcessedDataStore();
        const small = seen({ options: { historySize: 4 } });
        const tooMany = await runWith(store, ids([1, 2, 3, 4, 5]), [small]);
        expect(errorOf(tooMany, 'Dedupe')?.message).toBe(
          'The number of items to be processed exceeds the maximum history size. Please increase the history size or reduce the number of items to be processed.',
        );
        const filling = await runWith(store, ids([1, 2, 3]), [small]);
        expect(filling.data.resultData.runData.Dedupe[0].hints?.[0]?.message).toContain('approaching the maximum history size (4 items)');
        const full = await runWith(store, ids([1, 2, 3, 4, 5]), [seen({ options: { historySize: 10 } })]);
        expect(jsonOf(full, 'Dedupe')).toEqual(ids([4, 5]));

        const node: INode = { id: 'x', name: 'X', type: 't', typeVersion: 1, position: [0, 0], parameters: {} };
        const helpers = createDeduplicationHelpers(new MemoryProcessedDataStore(), 'w', node);
        await helpers.checkProcessedAndRecord(['a', 'b', 'c'], 'node', { mode: 'entries', maxEntries: 3 });
        expect(await helpers.checkProcessedAndRecord(['d'], 'node', { mode: 'entries', maxEntries: 3 })).toEqual({ new: ['d'], processed: [] });
        expect(await helpers.getProcessedDataCount('node', { mode: 'entries' })).toBe(3);
        expect(await helpers.checkProcessedAndRecord(['a', 'c'], 'node', { mode: 'entries', maxEntries: 3 })).toEqual({ new: ['a'], processed: ['c'] });
        await helpers.removeProcessed(['c'], 'node', { mode: 'entries' });
        expect(await helpers.checkProcessedAndRecord(['c'], 'node', { mode: 'entries', maxEntries: 3 })).toEqual({ new: ['c'], processed: [] });
      });

      it('"Clear Deduplication History" empties the history of its scope and passes the items on', async () => {
        const store = new MemoryProcessedDataStore();
        await runWith(store, ids([1, 2]), [seen({ options: { scope: 'workflow' } })]);
        await runWith(store, ids([1]), [seen()]); // node scope: kept apart
        const clearNode = await runWith(store, ids([7]), [dedupe(2, { operation: 'clearDeduplicationHistory', mode: 'cleanDatabase' })]);
        expect(jsonOf(clearNode, 'Dedupe')).toEqual(ids([7]));
        expect(jsonOf(await runWith(store, ids([1, 3]), [seen({ options: { scope: 'workflow' } })]), 'Dedupe')).toEqual(ids([3]));
        await runWith(store, ids([7]), [dedupe(2, { operation: 'clearDeduplicationHistory', options: { scope: 'workflow' } })]);
        expect(jsonOf(await runWith(store, ids([1, 3]), [seen({ options: { scope: 'workflow' } })]), 'Dedupe')).toEqual(ids([1, 3]));
        expect(jsonOf(await runWith(store, ids([1]), [seen()]), 'Dedupe')).toEqual(ids([1]));
      });

      it('works without a store: the history lives in memory for the process', async () => {
        const workflowId = `memory-${Math.random()}`;
        await runChain(ids([1]), [seen()], { workflowId });
        expect(jsonOf(await runChain(ids([1, 2]), [seen()], { workflowId }), 'Dedupe')).toEqual(ids([2]));
      });
    });

    it('is the version new nodes get', () => {
      expect(registry.get('n8n-nodes-base.removeDuplicates')?.description.version).toBe(2);
      expect(registry.get('n8n-nodes-base.removeDuplicates', 1.1)?.description.version).toEqual([1, 1.1]);
    });
  });
});
