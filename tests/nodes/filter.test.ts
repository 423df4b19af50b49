import { describe, expect, it } from 'vitest';
import { errorOf, jsonOf, registry, runChain } from './helpers.ts';

const filterNode = (typeVersion: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name: 'Filter',
  type: 'n8n-nodes-base.filter',
  typeVersion,
  parameters,
  ...extra,
});

const items = [{ n: 5, s: 'apple' }, { n: 15, s: 'banana' }, { n: 25, s: 'cherry' }];

describe('Filter description', () => {
  it('has n8n names and outputs', () => {
    const d = registry.get('n8n-nodes-base.filter', 2.2)!.description;
    expect(d.outputNames).toEqual(['Kept', 'Discarded']);
    expect(d.icon).toBe('fa:filter');
    expect(d.defaults.name).toBe('Filter');
    expect(registry.get('n8n-nodes-base.filter', 1)).toBeDefined();
  });
});

describe('Filter v1', () => {
  it('keeps items meeting all (AND) or any (OR) conditions', async () => {
    const conditions = {
      number: [{ value1: '={{ $json.n }}', operation: 'larger', value2: 10 }],
      string: [{ value1: '={{ $json.s }}', operation: 'startsWith', value2: 'b' }],
    };
    const and = await runChain(items, [filterNode(1, { conditions })]);
    expect(jsonOf(and, 'Filter', 0)).toEqual([items[1]]);
    expect(jsonOf(and, 'Filter', 1)).toEqual([items[0], items[2]]);
    const or = await runChain(items, [filterNode(1, { conditions, combineConditions: 'OR' })]);
    expect(jsonOf(or, 'Filter', 0)).toEqual([items[1], items[2]]);
  });
  it('fails on a value that is not a date', async () => {
    const run = await runChain([{ d: 'nope' }], [filterNode(1, { conditions: { dateTime: [{ value1: '={{ $json.d }}', value2: '2024-01-01' }] } })]);
    expect(errorOf(run, 'Filter')?.message).toBe('The value "nope" is not a valid DateTime.');
  });
});

describe('Filter v2', () => {
  const conditions = (typeValidation: string) => ({
    options: { caseSensitive: true, leftValue: '', typeValidation },
    conditions: [{ leftValue: '={{ $json.n }}', rightValue: 10, operator: { type: 'number', operation: 'gt' } }],
    combinator: 'and',
  });
  it('keeps passing items and discards the rest', async () => {
    const run = await runChain(items, [filterNode(2, { conditions: conditions('strict') })]);
    expect(jsonOf(run, 'Filter', 0)).toEqual([items[1], items[2]]);
    expect(jsonOf(run, 'Filter', 1)).toEqual([items[0]]);
  });
  it('strict types fail with a hint; continue on fail discards the item', async () => {
    const bad = await runChain([{ n: '12' }], [filterNode(2.1, { conditions: conditions('strict') })]);
    expect(errorOf(bad, 'Filter')?.message).toBe("Wrong type: '12' is a string but was expecting a number [condition 0, item 0]");
    const cont = await runChain([{ n: '12' }], [filterNode(2.1, { conditions: conditions('strict') }, { continueOnFail: true })]);
    expect(jsonOf(cont, 'Filter', 1)).toEqual([{ n: '12' }]);
    const loose = await runChain([{ n: '12' }], [filterNode(2.1, { conditions: conditions('loose'), looseTypeValidation: true })]);
    expect(jsonOf(loose, 'Filter', 0)).toEqual([{ n: '12' }]);
  });
});
