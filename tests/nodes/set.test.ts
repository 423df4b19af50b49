import { describe, expect, it } from 'vitest';
import { errorOf, jsonOf, output, runChain } from './helpers.ts';

const set = (typeVersion: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name: 'Set',
  type: 'n8n-nodes-base.set',
  typeVersion,
  parameters,
  ...extra,
});

describe('Set v1/v2', () => {
  it('keeps input fields, writes dot-notation paths and coerces booleans', async () => {
    const run = await runChain([{ a: 1 }], [
      set(1, { values: { string: [{ name: 'x.y', value: 'foo' }], boolean: [{ name: 'flag', value: 1 }], number: [{ name: 'list[1]', value: 5 }] } }),
    ]);
    expect(jsonOf(run, 'Set')).toEqual([{ a: 1, x: { y: 'foo' }, flag: true, list: [undefined, 5] }]);
  });
  it('keepOnlySet and dotNotation off', async () => {
    const run = await runChain([{ a: 1 }], [set(1, { keepOnlySet: true, values: { string: [{ name: 'x.y', value: 'foo' }] }, options: { dotNotation: false } })]);
    expect(jsonOf(run, 'Set')).toEqual([{ 'x.y': 'foo' }]);
  });
  it('version 2 turns numeric strings from expressions into numbers, version 1 does not', async () => {
    const params = { keepOnlySet: true, values: { number: [{ name: 'n', value: '={{ $json.s }}' }] } };
    const v1 = await runChain([{ s: '42' }], [set(1, params)]);
    const v2 = await runChain([{ s: '42' }], [set(2, params)]);
    expect(jsonOf(v1, 'Set')).toEqual([{ n: '42' }]);
    expect(jsonOf(v2, 'Set')).toEqual([{ n: 42 }]);
  });
});

describe('Edit Fields v3.0–3.2 (fields.values)', () => {
  it('converts each type and includes input fields by default', async () => {
    const run = await runChain([{ keep: true, s: '3.5', arr: '["a"]', obj: '{"k": 1}' }], [
      set(3, {
        fields: {
          values: [
            { name: 'num', type: 'numberValue', numberValue: '={{ $json.s }}' },
            { name: 'text', stringValue: '={{ 12 }}' },
            { name: 'bool', type: 'booleanValue', booleanValue: 'false' },
            { name: 'list', type: 'arrayValue', arrayValue: '={{ $json.arr }}' },
            { name: 'o', type: 'objectValue', objectValue: '={{ $json.obj }}' },
          ],
        },
      }),
    ]);
    expect(jsonOf(run, 'Set')).toEqual([{ keep: true, s: '3.5', arr: '["a"]', obj: '{"k": 1}', num: 3.5, text: '12', bool: false, list: ['a'], o: { k: 1 } }]);
  });
  it('resolves {{ }} inside object JSON text per item', async () => {
    const run = await runChain([{ n: 'Ann', tags: ['a', 'b'] }], [
      set(3.2, { include: 'none', fields: { values: [{ name: 'o', type: 'objectValue', objectValue: '={ "name": "{{ $json.n }}", "tags": {{ $json.tags }} }' }] } }),
    ]);
    expect(jsonOf(run, 'Set')).toEqual([{ o: { name: 'Ann', tags: ['a', 'b'] } }]);
  });
  it('fails with n8n\'s message on a conversion error, or keeps the value when told to ignore', async () => {
    const fields = { values: [{ name: 'n', type: 'numberValue', numberValue: 'abc' }] };
    const failing = await runChain([{}], [set(3.2, { include: 'none', fields })]);
    expect(failing.status).toBe('error');
    expect(errorOf(failing, 'Set')?.message).toBe("'n' expects a number but we got 'abc' [item 0]");
    expect(errorOf(failing, 'Set')?.description).toContain('Ignore Type Conversion Errors');
    const ignoring = await runChain([{}], [set(3.2, { include: 'none', fields, options: { ignoreConversionErrors: true } })]);
    expect(jsonOf(ignoring, 'Set')).toEqual([{ n: 'abc' }]);
  });
  it('selected and except include modes', async () => {
    const input = [{ a: 1, b: { c: 2, d: 3 }, e: 4 }];
    const selected = await runChain(input, [set(3.1, { include: 'selected', includeFields: 'a, b.c', fields: { values: [] } })]);
    expect(jsonOf(selected, 'Set')).toEqual([{ a: 1, c: 2 }]);
    const except = await runChain(input, [set(3.1, { include: 'except', excludeFields: 'b.d,e', fields: { values: [] } })]);
    expect(jsonOf(except, 'Set')).toEqual([{ a: 1, b: { c: 2 } }]);
  });
  it('continueOnFail gives the error on the item (with pairedItem inside json, like n8n)', async () => {
    const run = await runChain([{}], [set(3.2, { include: 'none', fields: { values: [{ name: 'b', type: 'booleanValue', booleanValue: 'maybe' }] } }, { continueOnFail: true })]);
    expect(jsonOf(run, 'Set')).toEqual([{ error: "'b' expects a boolean but we got 'maybe' [item 0]", pairedItem: { item: 0 } }]);
  });
});

describe('Edit Fields v3.3+ (assignments)', () => {
  const assignments = (list: Array<[string, string, unknown]>) => ({ assignments: list.map(([name, type, value], i) => ({ id: String(i), name, type, value })) });

  it('writes only the assignments unless other fields are included', async () => {
    const params = { assignments: assignments([['x', 'number', '={{ $json.a + 1 }}']]) };
    const only = await runChain([{ a: 1 }], [set(3.4, params)]);
    expect(jsonOf(only, 'Set')).toEqual([{ x: 2 }]);
    const withOthers = await runChain([{ a: 1 }], [set(3.4, { ...params, includeOtherFields: true })]);
    expect(jsonOf(withOthers, 'Set')).toEqual([{ a: 1, x: 2 }]);
    const except = await runChain([{ a: 1, b: 2 }], [set(3.3, { ...params, includeOtherFields: true, include: 'except', excludeFields: 'b' })]);
    expect(jsonOf(except, 'Set')).toEqual([{ a: 1, x: 2 }]);
  });
  it('null and undefined become null from 3.2 on', async () => {
    const run = await runChain([{}], [set(3.3, { assignments: assignments([['a', 'string', '={{ null }}'], ['b', 'number', '={{ undefined }}']]) })]);
    expect(jsonOf(run, 'Set')).toEqual([{ a: null, b: null }]);
  });
  it('3.4 keeps binary data with other fields unless stripBinary is on', async () => {
    const code = {
      name: 'Bin',
      type: 'n8n-nodes-base.code',
      typeVersion: 2,
      parameters: { jsCode: "return [{ json: { a: 1 }, binary: { file: { data: 'aGk=', mimeType: 'text/plain' } } }];" },
    };
    const keep = await runChain(null, [code, set(3.4, { includeOtherFields: true, assignments: assignments([]) })]);
    expect(output(keep, 'Set')[0].binary?.file?.data).toBe('aGk=');
    const strip = await runChain(null, [code, set(3.4, { includeOtherFields: true, assignments: assignments([]), options: { stripBinary: true } })]);
    expect(output(strip, 'Set')[0].binary).toBeUndefined();
  });
});

describe('Edit Fields JSON mode', () => {
  it('parses the JSON with expressions resolved per item', async () => {
    const run = await runChain([{ n: 1 }, { n: 2 }], [set(3.4, { mode: 'raw', jsonOutput: '={ "double": {{ $json.n * 2 }} }' })]);
    expect(jsonOf(run, 'Set')).toEqual([{ double: 2 }, { double: 4 }]);
  });
  it('repairs single quotes and trailing commas, and reports invalid JSON', async () => {
    const repaired = await runChain([{}], [set(3.4, { mode: 'raw', jsonOutput: "{'a': 1,}" })]);
    expect(jsonOf(repaired, 'Set')).toEqual([{ a: 1 }]);
    const broken = await runChain([{}], [set(3.4, { mode: 'raw', jsonOutput: '{ nope' })]);
    expect(errorOf(broken, 'Set')?.message).toBe("The 'JSON Output' in item 0 contains invalid JSON");
    const notObject = await runChain([{}], [set(3.4, { mode: 'raw', jsonOutput: '[1]' })]);
    expect(errorOf(notObject, 'Set')?.message).toBe("The 'JSON Output' in item 0 does not contain a valid JSON object");
  });
  it('duplicates items in manual runs', async () => {
    const run = await runChain([{}], [set(3.4, { mode: 'raw', jsonOutput: '{"a":1}', duplicateItem: true, duplicateCount: 2 })]);
    expect(jsonOf(run, 'Set')).toEqual([{ a: 1 }, { a: 1 }, { a: 1 }]);
  });
});
