import { describe, expect, it } from 'vitest';
import { toExpression, toFixed } from '../../src/app/editor/parameters/expressionMode.ts';
import type { INodeProperties } from '../../src/model/nodeTypes.ts';

const prop = (type: INodeProperties['type'], extra: Partial<INodeProperties> = {}): INodeProperties => ({ name: 'p', displayName: 'P', type, default: type === 'number' ? 1 : type === 'boolean' ? false : '', ...extra });

describe('toExpression', () => {
  it('wraps numbers and booleans, prefixes everything else', () => {
    expect(toExpression(42)).toBe('={{42}}');
    expect(toExpression(true)).toBe('={{true}}');
    expect(toExpression('hello')).toBe('=hello');
    expect(toExpression(undefined)).toBe('=');
  });
});

describe('toFixed', () => {
  it('takes a lone literal back', () => {
    expect(toFixed('={{42}}', prop('number'))).toBe(42);
    expect(toFixed('={{ true }}', prop('boolean'))).toBe(true);
    expect(toFixed('=hello', prop('string'))).toBe('hello');
    expect(toFixed("={{ 'x' }}", prop('string'))).toBe('x');
  });
  it('falls back to the default for computed values', () => {
    expect(toFixed('={{ $json.n * 2 }}', prop('number'))).toBe(1);
    expect(toFixed('=not a number', prop('number'))).toBe(1);
  });
  it('keeps only known options', () => {
    const options = [
      { name: 'A', value: 'a' },
      { name: 'B', value: 'b' },
    ];
    expect(toFixed('=a, c, b', prop('multiOptions', { options, default: [] }))).toEqual(['a', 'b']);
    expect(toFixed('=c', prop('options', { options, default: 'a' }))).toBe('a');
    expect(toFixed('=b', prop('options', { options, default: 'a' }))).toBe('b');
  });
});
