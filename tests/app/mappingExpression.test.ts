import { describe, expect, it } from 'vitest';
import { generatePath, getMappedExpression, getMappedResult, insertIntoExpression } from '../../src/app/editor/ndv/mapping/mappingExpression.ts';

describe('getMappedExpression', () => {
  it('maps the input node with $json', () => {
    expect(getMappedExpression({ nodeName: 'Set', distance: 1, path: ['name'] })).toBe('{{ $json.name }}');
    expect(getMappedExpression({ nodeName: 'Set', distance: 1, path: ['user', 'email'] })).toBe('{{ $json.user.email }}');
  });
  it('maps a node further back with $(name).item.json', () => {
    expect(getMappedExpression({ nodeName: 'HTTP Request', distance: 2, path: ['id'] })).toBe("{{ $('HTTP Request').item.json.id }}");
    expect(getMappedExpression({ nodeName: "Bob's node", distance: 3, path: ['id'] })).toBe("{{ $('Bob\\'s node').item.json.id }}");
  });
  it('quotes keys that are not identifiers and indexes lists', () => {
    expect(generatePath('$json', ['my key', 'a.b', 0, 'x-y', '$ok', '1st'])).toBe("$json['my key']['a.b'][0]['x-y'].$ok['1st']");
    expect(generatePath('$json', ["it's"])).toBe("$json['it\\'s']");
    expect(getMappedExpression({ nodeName: 'A', distance: 1, path: [] })).toBe('{{ $json }}');
  });
});

describe('getMappedResult', () => {
  it('turns a fixed value into the expression', () => {
    expect(getMappedResult({}, '{{ $json.name }}', 'hello')).toBe('={{ $json.name }}');
    expect(getMappedResult({}, '{{ $json.name }}', 42)).toBe('={{ $json.name }}');
    expect(getMappedResult({}, '{{ $json.name }}', undefined)).toBe('={{ $json.name }}');
  });
  it('appends to an expression', () => {
    expect(getMappedResult({}, '{{ $json.b }}', '={{ $json.a }}')).toBe('={{ $json.a }} {{ $json.b }}');
  });
  it('gives a data-path parameter the bare path', () => {
    expect(getMappedResult({ requiresDataPath: 'single' }, '{{ $json.user.email }}', '')).toBe('user.email');
    expect(getMappedResult({ requiresDataPath: 'multiple' }, '{{ $json.b }}', 'a')).toBe('a, b');
    // Not from the input node: the expression.
    expect(getMappedResult({ requiresDataPath: 'single' }, "{{ $('A').item.json.b }}", '')).toBe("={{ $('A').item.json.b }}");
  });
});

describe('insertIntoExpression', () => {
  it('inserts at the position, else at the end', () => {
    expect(insertIntoExpression('=Hi  there', '{{ $json.n }}', 3)).toBe('=Hi {{ $json.n }} there');
    expect(insertIntoExpression('=Hi', '{{ $json.n }}', undefined)).toBe('=Hi{{ $json.n }}');
    expect(insertIntoExpression('=Hi', '{{ $json.n }}', 99)).toBe('=Hi{{ $json.n }}');
  });
});
