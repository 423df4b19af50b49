import { describe, expect, it } from 'vitest';
import { errorOf, jsonOf, registry, runChain } from './helpers.ts';

const sw = (typeVersion: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name: 'Switch',
  type: 'n8n-nodes-base.switch',
  typeVersion,
  parameters,
  ...extra,
});

const filter = (leftValue: string, rightValue: unknown, operation = 'equals', type = 'string') => ({
  options: { caseSensitive: true, leftValue: '', typeValidation: 'strict' },
  conditions: [{ leftValue, rightValue, operator: { type, operation } }],
  combinator: 'and',
});

const items = [{ n: 1, s: 'a' }, { n: 2, s: 'b' }, { n: 3, s: 'c' }];

describe('Switch description', () => {
  it('has n8n names, icon and versions', () => {
    const d = registry.get('n8n-nodes-base.switch', 3.2)!.description;
    expect(d.defaults.name).toBe('Switch');
    expect(d.icon).toBe('fa:map-signs');
    expect(d.codex?.categories).toEqual(['Core Nodes']);
    expect(registry.get('n8n-nodes-base.switch', 1)!.description.outputNames).toEqual(['0', '1', '2', '3']);
    expect(registry.get('n8n-nodes-base.switch', 3.3)).toBeDefined();
  });
  it('computes dynamic outputs from parameters', () => {
    const v3 = registry.get('n8n-nodes-base.switch', 3)!;
    const node = (parameters: Record<string, unknown>) => ({ id: 'x', name: 'S', type: 'n8n-nodes-base.switch', typeVersion: 3, position: [0, 0] as [number, number], parameters });
    expect(v3.outputsFor!(node({}))).toEqual(['0']);
    expect(v3.outputsFor!(node({ rules: { values: [{ outputKey: 'A' }, {}] }, options: { fallbackOutput: 'extra', renameFallbackOutput: 'Else' } }))).toEqual(['A', '1', 'Else']);
    expect(v3.outputsFor!(node({ mode: 'expression', numberOutputs: 2 }))).toEqual(['0', '1']);
    const v2 = registry.get('n8n-nodes-base.switch', 2)!;
    expect(v2.outputsFor!(node({ rules: { rules: [{ outputKey: 'x' }, { outputKey: 'y' }] } }))).toEqual(['x', 'y']);
  });
});

describe('Switch v1', () => {
  it('routes by expression to one of four outputs', async () => {
    const run = await runChain(items, [sw(1, { mode: 'expression', output: '={{ $json.n }}' })]);
    expect(jsonOf(run, 'Switch', 0)).toEqual([]);
    expect(jsonOf(run, 'Switch', 1)).toEqual([items[0]]);
    expect(jsonOf(run, 'Switch', 3)).toEqual([items[2]]);
  });
  it('routes by rules with a fallback output', async () => {
    const run = await runChain(items, [
      sw(1, { value1: '={{ $json.n }}', rules: { rules: [{ operation: 'equal', value2: 1, output: 2 }, { operation: 'larger', value2: 2, output: 0 }] }, fallbackOutput: 3 }),
    ]);
    expect(jsonOf(run, 'Switch', 2)).toEqual([items[0]]);
    expect(jsonOf(run, 'Switch', 0)).toEqual([items[2]]);
    expect(jsonOf(run, 'Switch', 3)).toEqual([items[1]]);
  });
  it('fails on an output out of range, or reports it with continue on fail', async () => {
    const run = await runChain([{ n: 7 }], [sw(1, { mode: 'expression', output: '={{ $json.n }}' })]);
    expect(errorOf(run, 'Switch')?.message).toBe('The ouput 7 is not allowed. It has to be between 0 and 3!');
    const cont = await runChain([{ n: 7 }], [sw(1, { mode: 'expression', output: '={{ $json.n }}' }, { continueOnFail: true })]);
    expect(jsonOf(cont, 'Switch', 0)).toEqual([{ error: 'The ouput 7 is not allowed. It has to be between 0 and 3!' }]);
  });
});

describe('Switch v2', () => {
  it('has one output per rule and routes strings and dates', async () => {
    const run = await runChain(items, [
      sw(2, { dataType: 'string', value1: '={{ $json.s }}', rules: { rules: [{ value2: 'c', outputKey: 'C' }, { operation: 'regex', value2: '/^[ab]$/' }] } }),
    ]);
    expect(run.data.resultData.runData.Switch[0].data?.main).toHaveLength(2);
    expect(jsonOf(run, 'Switch', 0)).toEqual([items[2]]);
    expect(jsonOf(run, 'Switch', 1)).toEqual([items[0], items[1]]);
    const dates = await runChain([{ d: '2024-01-05' }], [
      sw(2, { dataType: 'dateTime', value1: '={{ $json.d }}', rules: { rules: [{ operation: 'before', value2: '2024-01-01' }, { operation: 'after', value2: '2024-01-01' }] } }),
    ]);
    expect(jsonOf(dates, 'Switch', 1)).toEqual([{ d: '2024-01-05' }]);
  });
  it('expression mode creates "Outputs Amount" outputs', async () => {
    const run = await runChain(items, [sw(2, { mode: 'expression', outputsAmount: 3, output: '={{ $json.n - 1 }}' })]);
    expect([0, 1, 2].map((i) => jsonOf(run, 'Switch', i))).toEqual([[items[0]], [items[1]], [items[2]]]);
  });
});

describe('Switch v3', () => {
  const rules = { values: [{ conditions: filter('={{ $json.s }}', 'a') }, { conditions: filter('={{ $json.n }}', 1, 'gte', 'number') }] };
  it('sends each item to the first matching rule', async () => {
    const run = await runChain(items, [sw(3.2, { rules })]);
    expect(jsonOf(run, 'Switch', 0)).toEqual([items[0]]);
    expect(jsonOf(run, 'Switch', 1)).toEqual([items[1], items[2]]);
  });
  it('sends to all matching outputs and to an extra fallback output', async () => {
    const all = await runChain(items, [sw(3.2, { rules, options: { allMatchingOutputs: true } })]);
    expect(jsonOf(all, 'Switch', 1)).toEqual(items);
    const one = { values: [{ conditions: filter('={{ $json.s }}', 'b') }] };
    const fb = await runChain(items, [sw(3, { rules: one, options: { fallbackOutput: 'extra' } })]);
    expect(jsonOf(fb, 'Switch', 0)).toEqual([items[1]]);
    expect(jsonOf(fb, 'Switch', 1)).toEqual([items[0], items[2]]);
    const toFirst = await runChain(items, [sw(3, { rules: one, options: { fallbackOutput: 0 } })]);
    expect(jsonOf(toFirst, 'Switch', 0)).toEqual([items[0], items[1], items[2]]);
  });
  it('expression mode checks the index range with n8n\'s messages', async () => {
    const run = await runChain(items, [sw(3, { mode: 'expression', numberOutputs: 3, output: '={{ $json.n - 1 }}' })]);
    expect(jsonOf(run, 'Switch', 2)).toEqual([items[2]]);
    const bad = await runChain([{ n: 3 }], [sw(3, { mode: 'expression', numberOutputs: 3, output: '={{ $json.n }}' })]);
    expect(errorOf(bad, 'Switch')?.message).toBe('The ouput 3 is not allowed. ');
    expect(errorOf(bad, 'Switch')?.description).toBe('Output indexes are zero based, if you want to use the extra output use 2');
  });
  it('strict type validation fails unless loose validation is on (3.1+)', async () => {
    const numeric = { values: [{ conditions: filter('={{ $json.s }}', 1, 'equals', 'number') }] };
    const bad = await runChain([{ s: '1' }], [sw(3.1, { rules: numeric })]);
    expect(errorOf(bad, 'Switch')?.message).toBe("Wrong type: '1' is a string but was expecting a number [condition 0, item 0]");
    const loose = { values: [{ conditions: { ...filter('={{ $json.s }}', 1, 'equals', 'number'), options: { caseSensitive: true, leftValue: '', typeValidation: 'loose' } } }] };
    const ok = await runChain([{ s: '1' }], [sw(3.1, { rules: loose, looseTypeValidation: true })]);
    expect(jsonOf(ok, 'Switch', 0)).toEqual([{ s: '1' }]);
  });
});
