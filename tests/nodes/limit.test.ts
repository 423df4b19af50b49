import { describe, expect, it } from 'vitest';
import { jsonOf, runChain } from './helpers.ts';

const limit = (parameters: Record<string, unknown>) => ({ name: 'Limit', type: 'n8n-nodes-base.limit', typeVersion: 1, parameters });
const five = [1, 2, 3, 4, 5].map((n) => ({ n }));

describe('Limit', () => {
  it('keeps the first item by default', async () => {
    expect(jsonOf(await runChain(five, [limit({})]), 'Limit')).toEqual([{ n: 1 }]);
  });
  it('keeps the first or last N items', async () => {
    expect(jsonOf(await runChain(five, [limit({ maxItems: 2 })]), 'Limit')).toEqual([{ n: 1 }, { n: 2 }]);
    expect(jsonOf(await runChain(five, [limit({ maxItems: 2, keep: 'lastItems' })]), 'Limit')).toEqual([{ n: 4 }, { n: 5 }]);
  });
  it('passes all items when there are fewer than the maximum', async () => {
    expect(jsonOf(await runChain(five, [limit({ maxItems: 10, keep: 'lastItems' })]), 'Limit')).toEqual(five);
  });
});
