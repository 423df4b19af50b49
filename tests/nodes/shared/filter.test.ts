import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { executeFilter, executeFilterCondition, FilterError, type FilterConditionValue, type FilterOptionsValue } from '../../../src/nodes/shared/filter/index.ts';

const loose: FilterOptionsValue = { caseSensitive: true, typeValidation: 'loose' };
const strict: FilterOptionsValue = { caseSensitive: true, typeValidation: 'strict' };

function cond(type: FilterConditionValue['operator']['type'], operation: string, leftValue: unknown, rightValue: unknown = '', extra: Partial<FilterConditionValue['operator']> = {}): FilterConditionValue {
  return { leftValue, rightValue, operator: { type, operation, ...extra } };
}

const run = (c: FilterConditionValue, o: FilterOptionsValue = strict) => executeFilterCondition(c, o);

describe('filter kernel: string', () => {
  it('compares with and without case sensitivity', () => {
    expect(run(cond('string', 'equals', 'Abc', 'abc'))).toBe(false);
    expect(run(cond('string', 'equals', 'Abc', 'abc'), { caseSensitive: false })).toBe(true);
    expect(run(cond('string', 'contains', 'hello world', 'lo w'))).toBe(true);
    expect(run(cond('string', 'notContains', 'hello', 'x'))).toBe(true);
    expect(run(cond('string', 'startsWith', 'hello', 'he'))).toBe(true);
    expect(run(cond('string', 'notStartsWith', 'hello', 'he'))).toBe(false);
    expect(run(cond('string', 'endsWith', 'hello', 'lo'))).toBe(true);
    expect(run(cond('string', 'notEndsWith', 'hello', 'lo'))).toBe(false);
    expect(run(cond('string', 'empty', ''))).toBe(true);
    expect(run(cond('string', 'notEmpty', 'x'))).toBe(true);
  });
  it('reads /pattern/flags and keeps the pattern case when ignoring case', () => {
    expect(run(cond('string', 'regex', 'Hello', '/^h/i'))).toBe(true);
    expect(run(cond('string', 'regex', 'Hello', '^h'))).toBe(false);
    expect(run(cond('string', 'notRegex', 'Hello', '^H'))).toBe(false);
    expect(run(cond('string', 'regex', 'HELLO', '^h'), { caseSensitive: false })).toBe(true);
  });
  it('exists / notExists on any type', () => {
    expect(run(cond('any', 'exists', null))).toBe(false);
    expect(run(cond('any', 'exists', 0))).toBe(true);
    expect(run(cond('any', 'notExists', undefined))).toBe(true);
  });
});

describe('filter kernel: number, boolean, dateTime', () => {
  it('compares numbers and converts numeric strings loosely', () => {
    expect(run(cond('number', 'gt', 5, 3))).toBe(true);
    expect(run(cond('number', 'lte', 3, 3))).toBe(true);
    expect(run(cond('number', 'equals', '10', 10), loose)).toBe(true);
    expect(() => run(cond('number', 'equals', 10, '10'))).toThrow("Wrong type: '10' is a string but was expecting a number");
    expect(run(cond('number', 'equals', 10, '10'), {})).toBe(true); // no typeValidation stored: loose
  });
  it('rejects wrong types with n8n messages', () => {
    expect(() => run(cond('number', 'equals', 'abc', 1), loose)).toThrow(
      "Conversion error: the string 'abc' can't be converted to a number [condition 0, item 0]",
    );
    expect(() => run(cond('number', 'equals', true, 1))).toThrow("Wrong type: 'true' is a boolean but was expecting a number [condition 0, item 0]");
    expect(() => run(cond('number', 'equals', 'a', 'b'))).toThrow('Comparison type expects a number but both fields are a string');
    try {
      run(cond('string', 'equals', 5, 'x'));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(FilterError);
      expect((e as FilterError).description).toContain('<code>.toString()</code>');
    }
  });
  it('booleans: version 1 uses truthiness, version 2 parses "false"', () => {
    expect(run(cond('boolean', 'true', 'false', '', { singleValue: true }), { typeValidation: 'loose', version: 1 })).toBe(true);
    expect(run(cond('boolean', 'true', 'false', '', { singleValue: true }), { typeValidation: 'loose', version: 2 })).toBe(false);
    expect(run(cond('boolean', 'false', 0, '', { singleValue: true }), { typeValidation: 'loose', version: 2 })).toBe(true);
    expect(run(cond('boolean', 'equals', true, true))).toBe(true);
  });
  it('dates from ISO strings and Luxon values', () => {
    expect(run(cond('dateTime', 'before', '2023-10-20T16:45:52.367Z', '2023-10-21'))).toBe(true);
    expect(run(cond('dateTime', 'after', DateTime.fromISO('2024-01-02'), '2024-01-01'))).toBe(true);
    expect(run(cond('dateTime', 'afterOrEquals', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z'))).toBe(true);
    expect(() => run(cond('dateTime', 'before', 'not a date', '2024-01-01'))).toThrow("Wrong type: 'not a date' is a string but was expecting a dateTime");
  });
});

describe('filter kernel: array and object', () => {
  it('array contains with case handling and length checks', () => {
    expect(run(cond('array', 'contains', ['Exotic', 'x'], 'exotic', { rightType: 'any' }), { caseSensitive: false })).toBe(true);
    expect(run(cond('array', 'contains', ['Exotic'], 'exotic', { rightType: 'any' }))).toBe(false);
    expect(run(cond('array', 'lengthGt', [1, 2], 1, { rightType: 'number' }))).toBe(true);
    expect(run(cond('array', 'empty', [], '', { singleValue: true }))).toBe(true);
    expect(run(cond('array', 'contains', '["a","b"]', 'a', { rightType: 'any' }), loose)).toBe(true);
  });
  it('object empty / notEmpty', () => {
    expect(run(cond('object', 'notEmpty', { a: 1 }, '', { singleValue: true }))).toBe(true);
    expect(run(cond('object', 'empty', {}, '', { singleValue: true }))).toBe(true);
  });
});

describe('executeFilter', () => {
  const c1 = cond('number', 'gt', 5, 3);
  const c2 = cond('number', 'lt', 5, 3);
  it('combines with and / or', () => {
    expect(executeFilter({ options: strict, conditions: [c1, c2], combinator: 'and' })).toBe(false);
    expect(executeFilter({ options: strict, conditions: [c1, c2], combinator: 'or' })).toBe(true);
  });
  it('names the failing condition and item', () => {
    expect(() => executeFilter({ options: strict, conditions: [c1, cond('number', 'gt', 'x', 1)], combinator: 'and' }, { itemIndex: 3 })).toThrow(
      '[condition 1, item 3]',
    );
  });
});
