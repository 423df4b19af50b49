import { describe, expect, it } from 'vitest';
import { errorOf, jsonOf, runChain } from './helpers.ts';

const summarize = (typeVersion: number, parameters: Record<string, unknown>) => ({ name: 'Sum', type: 'n8n-nodes-base.summarize', typeVersion, parameters });
const sales = [
  { shop: 'b', year: 2023, amount: 10, product: 'x' },
  { shop: 'a', year: 2023, amount: 5, product: 'y' },
  { shop: 'b', year: '2023', amount: 1, product: '' },
  { shop: 'a', year: 2024, amount: 'n/a', product: 'x' },
];

describe('Summarize', () => {
  it('aggregates across all items', async () => {
    const run = await runChain(sales, [
      summarize(1.1, {
        fieldsToSummarize: {
          values: [
            { aggregation: 'sum', field: 'amount' },
            { aggregation: 'average', field: 'amount' },
            { aggregation: 'min', field: 'amount' },
            { aggregation: 'countUnique', field: 'product' },
            { aggregation: 'count', field: 'product', includeEmpty: true },
            { aggregation: 'concatenate', field: 'product', separateBy: 'other', customSeparator: '|' },
            { aggregation: 'append', field: 'shop' },
          ],
        },
      }),
    ]);
    expect(jsonOf(run, 'Sum')).toEqual([
      { sum_amount: 16, average_amount: 16 / 3, min_amount: 1, unique_count_product: 2, count_product: 4, concatenated_product: 'x|y|x', appended_shop: ['b', 'a', 'b', 'a'] },
    ]);
  });
  it('splits by fields: v1 turns keys into text, v1.1 keeps their types', async () => {
    const params = { fieldsToSummarize: { values: [{ aggregation: 'count', field: 'shop' }] }, fieldsToSplitBy: 'year' };
    expect(jsonOf(await runChain(sales, [summarize(1, params)]), 'Sum')).toEqual([
      { year: '2023', count_shop: 3 },
      { year: '2024', count_shop: 1 },
    ]);
    expect(jsonOf(await runChain(sales, [summarize(1.1, params)]), 'Sum')).toEqual([
      { year: 2023, count_shop: 2 },
      { year: '2023', count_shop: 1 },
      { year: 2024, count_shop: 1 },
    ]);
  });
  it('puts all splits in one item', async () => {
    const run = await runChain(sales, [summarize(1.1, { fieldsToSummarize: { values: [{ aggregation: 'max', field: 'amount' }] }, fieldsToSplitBy: 'shop', options: { outputFormat: 'singleItem' } })]);
    expect(jsonOf(run, 'Sum')).toEqual([{ b: { max_amount: 10 }, a: { max_amount: 5 } }]);
  });
  it('fails on a missing field in v1 and hints in v1.1', async () => {
    const params = { fieldsToSummarize: { values: [{ aggregation: 'sum', field: 'nope' }] } };
    expect(errorOf(await runChain(sales, [summarize(1, params)]), 'Sum')?.message).toBe("The field 'nope' does not exist in any items");
    const v11 = await runChain(sales, [summarize(1.1, params)]);
    expect(jsonOf(v11, 'Sum')).toEqual([{ sum_nope: 0 }]);
    expect(v11.data.resultData.runData.Sum[0].hints).toEqual([{ message: "The field 'nope' does not exist in any items" }]);
  });
  it('needs at least one field', async () => {
    const run = await runChain(sales, [summarize(1.1, {})]);
    expect(errorOf(run, 'Sum')?.message).toBe("You need to add at least one aggregation to 'Fields to Summarize' with non empty 'Field'");
  });
});
