import { describe, expect, it } from 'vitest';
import { errorOf, jsonOf, runChain } from './helpers.ts';
import { registry } from './helpers.ts';

const ifNode = (typeVersion: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name: 'If',
  type: 'n8n-nodes-base.if',
  typeVersion,
  parameters,
  ...extra,
});

const filter = (conditions: unknown[], options: Record<string, unknown> = { caseSensitive: true, typeValidation: 'strict' }, combinator = 'and') => ({
  options: { leftValue: '', ...options },
  conditions,
  combinator,
});

describe('IF description', () => {
  it('has n8n names, outputs and defaults', () => {
    const d = registry.get('n8n-nodes-base.if', 2.2)!.description;
    expect(d.outputNames).toEqual(['true', 'false']);
    expect(d.defaults.name).toBe('If');
    expect(d.icon).toBe('fa:map-signs');
    expect(registry.get('n8n-nodes-base.if', 1)!.description.version).toBe(1);
  });
});

describe('IF v1', () => {
  const items = [{ n: 5, s: 'Hello' }, { n: 15, s: 'World' }];
  it('routes by number and string conditions with ALL / ANY', async () => {
    const conditions = {
      number: [{ value1: '={{ $json.n }}', operation: 'larger', value2: 10 }],
      string: [{ value1: '={{ $json.s }}', operation: 'startsWith', value2: 'H' }],
    };
    const all = await runChain(items, [ifNode(1, { conditions })]);
    expect(jsonOf(all, 'If', 0)).toEqual([]);
    expect(jsonOf(all, 'If', 1)).toEqual(items);
    const any = await runChain(items, [ifNode(1, { conditions, combineOperation: 'any' })]);
    expect(jsonOf(any, 'If', 0)).toEqual(items);
  });
  it('regex, isEmpty and dates', async () => {
    const run = await runChain([{ s: 'abc', d1: '2024-01-02', d2: '2024-01-01' }, { s: '', d1: '2024-01-01', d2: '2024-01-02' }], [
      ifNode(1, {
        conditions: {
          string: [{ value1: '={{ $json.s }}', operation: 'regex', value2: '/^A/i' }],
          dateTime: [{ value1: '={{ $json.d1 }}', operation: 'after', value2: '={{ $json.d2 }}' }],
        },
      }),
    ]);
    expect(jsonOf(run, 'If', 0)).toEqual([{ s: 'abc', d1: '2024-01-02', d2: '2024-01-01' }]);
    const bad = await runChain([{ d: 'not a date' }], [ifNode(1, { conditions: { dateTime: [{ value1: '={{ $json.d }}', value2: '2024-01-01' }] } })]);
    expect(errorOf(bad, 'If')?.message).toBe('The value "not a date" is not a valid DateTime.');
  });
});

describe('IF v2', () => {
  it('evaluates typed conditions per item', async () => {
    const run = await runChain([{ tags: ['Exotic'], n: '12' }, { tags: [], n: '3' }], [
      ifNode(2, {
        conditions: filter(
          [
            { leftValue: '={{ $json.tags }}', rightValue: 'exotic', operator: { type: 'array', operation: 'contains', rightType: 'any' } },
            { leftValue: '={{ $json.n }}', rightValue: 10, operator: { type: 'number', operation: 'gt' } },
          ],
          { caseSensitive: false, typeValidation: 'loose' },
        ),
      }),
    ]);
    expect(jsonOf(run, 'If', 0)).toEqual([{ tags: ['Exotic'], n: '12' }]);
    expect(jsonOf(run, 'If', 1)).toEqual([{ tags: [], n: '3' }]);
  });
  it('strict type validation fails with n8n\'s message; loose converts', async () => {
    const conditions = [{ leftValue: '={{ $json.n }}', rightValue: 10, operator: { type: 'number', operation: 'gt' } }];
    const strict = await runChain([{ n: '12' }], [ifNode(2.1, { conditions: filter(conditions) })]);
    expect(strict.status).toBe('error');
    expect(errorOf(strict, 'If')?.message).toBe("Wrong type: '12' is a string but was expecting a number [condition 0, item 0]");
    const loose = await runChain([{ n: '12' }], [ifNode(2.1, { looseTypeValidation: true, conditions: filter(conditions, { caseSensitive: true, typeValidation: 'loose' }) })]);
    expect(jsonOf(loose, 'If', 0)).toEqual([{ n: '12' }]);
  });
  it('version 2.2 reads "false" as false for booleans', async () => {
    const conditions = [{ leftValue: '={{ $json.b }}', rightValue: '', operator: { type: 'boolean', operation: 'true', singleValue: true } }];
    const v2 = await runChain([{ b: 'false' }], [ifNode(2, { conditions: filter(conditions, { caseSensitive: true, typeValidation: 'loose', version: 1 }) })]);
    expect(jsonOf(v2, 'If', 0)).toEqual([{ b: 'false' }]);
    const v22 = await runChain([{ b: 'false' }], [ifNode(2.2, { conditions: filter(conditions, { caseSensitive: true, typeValidation: 'loose', version: 2 }) })]);
    expect(jsonOf(v22, 'If', 1)).toEqual([{ b: 'false' }]);
  });
  it('continueOnFail sends failing items to false', async () => {
    const conditions = [{ leftValue: '={{ $json.n }}', rightValue: 1, operator: { type: 'number', operation: 'equals' } }];
    const run = await runChain([{ n: 'x' }, { n: 1 }], [ifNode(2, { conditions: filter(conditions) }, { continueOnFail: true })]);
    expect(jsonOf(run, 'If', 0)).toEqual([{ n: 1 }]);
    expect(jsonOf(run, 'If', 1)).toEqual([{ n: 'x' }]);
  });
});
