import { describe, expect, it } from 'vitest';
import { validateFieldType } from '../../../src/nodes/shared/typeValidation.ts';
import { getPath, setPath, unsetPath } from '../../../src/nodes/shared/path.ts';

describe('validateFieldType', () => {
  it('converts loosely like n8n', () => {
    expect(validateFieldType('f', '3.14', 'number')).toEqual({ valid: true, newValue: 3.14 });
    expect(validateFieldType('f', ' ', 'number')).toEqual({ valid: true, newValue: 0 });
    expect(validateFieldType('f', 'TRUE', 'boolean')).toEqual({ valid: true, newValue: true });
    expect(validateFieldType('f', '0', 'boolean')).toEqual({ valid: true, newValue: false });
    expect(validateFieldType('f', "['a', 'b']", 'array')).toEqual({ valid: true, newValue: ['a', 'b'] });
    expect(validateFieldType('f', '{a: 1}', 'object')).toEqual({ valid: true, newValue: { a: 1 } });
  });
  it('words errors as n8n does', () => {
    expect(validateFieldType('count', 'hello', 'number')).toEqual({ valid: false, errorMessage: "'count' expects a number but we got 'hello'" });
    expect(validateFieldType('flag', '3', 'boolean')).toEqual({ valid: false, errorMessage: "'flag' expects a boolean but we got '3'" });
    expect(validateFieldType('list', '3', 'array')).toEqual({ valid: false, errorMessage: "'list' expects a array but we got '3'" });
    expect(validateFieldType('n', [1], 'number', { strict: true })).toEqual({ valid: false, errorMessage: "'n' expects a number but we got array" });
  });
});

describe('property paths (lodash semantics)', () => {
  it('creates arrays for index segments and objects otherwise', () => {
    const o: Record<string, unknown> = {};
    setPath(o, 'list[1]', 'b');
    setPath(o, 'a.b.c', 1);
    expect(o).toEqual({ list: [undefined, 'b'], a: { b: { c: 1 } } });
    expect(getPath(o, 'a.b.c')).toBe(1);
    expect(getPath(o, "a['b'].c")).toBe(1);
    unsetPath(o, 'a.b.c');
    expect(o.a).toEqual({ b: {} });
  });
  it('uses an existing key with a dot as it is', () => {
    const o: Record<string, unknown> = { 'a.b': 1 };
    setPath(o, 'a.b', 2);
    expect(o).toEqual({ 'a.b': 2 });
  });
  it('never writes into prototypes', () => {
    const o: Record<string, unknown> = {};
    setPath(o, 'toString.call', 'x');
    setPath(o, '__proto__.polluted', 1);
    expect(Object.prototype.hasOwnProperty.call(Object.prototype.toString, 'call')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((o.toString as unknown as { call: string }).call).toBe('x');
  });
});
