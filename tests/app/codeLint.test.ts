// Lint markers of the code editor: the Code node's syntax errors and JSON parse errors.
import { describe, expect, it } from 'vitest';
import { lintJavaScript, lintJson } from '../../src/app/editor/parameters/code/codeLint.ts';
import { languageOf } from '../../src/app/editor/parameters/code/CodeInput.tsx';
import { fixedFromComputed } from '../../src/app/editor/parameters/expressionMode.ts';
import type { INodeProperties } from '../../src/model/nodeTypes.ts';

describe('lintJavaScript', () => {
  it('accepts the Code node’s body: top-level return and await', () => {
    expect(lintJavaScript('const a = await fetchIt();\nreturn $input.all();')).toEqual([]);
    expect(lintJavaScript('')).toEqual([]);
  });
  it('marks the first syntax error with line and column', () => {
    expect(lintJavaScript('const a = 1;\nreturn a +;\n')).toEqual([{ message: 'Unexpected token', line: 2, column: 11 }]);
    expect(lintJavaScript('for (const x of items) {\n  x.json.a = 1;\n')).toEqual([{ message: 'Unexpected token', line: 3, column: 1 }]);
  });
});

describe('lintJson', () => {
  it('marks where JSON stops being JSON', () => {
    expect(lintJson('{\n  "a": 1,\n  "b": \n}')).toEqual([{ message: expect.stringContaining('Unexpected'), line: 4, column: 1 }]);
    expect(lintJson("{ 'a': 1 }")[0]).toMatchObject({ line: 1, column: 3 });
    expect(lintJson('{"a": [1, 2]}')).toEqual([]);
    expect(lintJson('   ')).toEqual([]);
  });
});

describe('languageOf', () => {
  it('follows the parameter', () => {
    expect(languageOf('codeNodeEditor', 'javaScript')).toBe('javascript');
    expect(languageOf('codeNodeEditor', 'python')).toBe('python');
    expect(languageOf(undefined, undefined, 'json')).toBe('json');
    expect(languageOf('sqlEditor', undefined)).toBe('sql');
    expect(languageOf('htmlEditor', undefined)).toBe('html');
  });
});

describe('fixedFromComputed', () => {
  const prop = (type: INodeProperties['type'], extra: Partial<INodeProperties> = {}): INodeProperties => ({ name: 'p', displayName: 'P', type, default: type === 'number' ? 1 : '', ...extra });
  it('fits the computed value to the parameter type', () => {
    expect(fixedFromComputed(42, prop('number'))).toBe(42);
    expect(fixedFromComputed('7.5', prop('number'))).toBe(7.5);
    expect(fixedFromComputed('abc', prop('number'))).toBe(1);
    expect(fixedFromComputed('true', prop('boolean', { default: false }))).toBe(true);
    expect(fixedFromComputed({ a: 1 }, prop('string'))).toBe('{"a":1}');
    expect(fixedFromComputed(12, prop('string'))).toBe('12');
    const options = [
      { name: 'A', value: 'a' },
      { name: 'B', value: 'b' },
    ];
    expect(fixedFromComputed('b', prop('options', { options, default: 'a' }))).toBe('b');
    expect(fixedFromComputed('z', prop('options', { options, default: 'a' }))).toBe('a');
    expect(fixedFromComputed('a, z,b', prop('multiOptions', { options, default: [] }))).toEqual(['a', 'b']);
    expect(fixedFromComputed({ x: [1] }, prop('json'))).toBe('{\n  "x": [\n    1\n  ]\n}');
  });
});
