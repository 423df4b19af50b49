import { describe, expect, it } from 'vitest';
import { parseNumberInput } from '../../src/app/editor/parameters/NumberInput.tsx';
import { coerceFilterValue } from '../../src/app/editor/parameters/FilterInput.tsx';
import { assignmentValueError } from '../../src/app/editor/parameters/AssignmentCollectionInput.tsx';

describe('parseNumberInput', () => {
  it('accepts numbers within bounds and precision', () => {
    expect(parseNumberInput('3', { minValue: 2, maxValue: 5 })).toBe(3);
    expect(parseNumberInput('2,5', {})).toBe(2.5);
  });
  it('explains what is wrong', () => {
    expect(parseNumberInput('', {})).toBe('Enter a number');
    expect(parseNumberInput('abc', {})).toBe('"abc" is not a number');
    expect(parseNumberInput('1', { minValue: 2 })).toBe('Must be at least 2');
    expect(parseNumberInput('6000', { maxValue: 5000 })).toBe('Must be at most 5000');
    expect(parseNumberInput('2.5', { numberPrecision: 0 })).toBe('Must be a whole number');
  });
});

describe('coerceFilterValue', () => {
  it('stores typed values in the operator type, expressions as text', () => {
    expect(coerceFilterValue('3', 'number')).toBe(3);
    expect(coerceFilterValue('3', 'string')).toBe('3');
    expect(coerceFilterValue('true', 'boolean')).toBe(true);
    expect(coerceFilterValue('={{ $json.n }}', 'number')).toBe('={{ $json.n }}');
    expect(coerceFilterValue('', 'number')).toBe('');
  });
});

describe('assignmentValueError', () => {
  it('checks fixed values against their type', () => {
    expect(assignmentValueError({ id: '1', name: 'n', type: 'number', value: 'x' })).toBe('"x" is not a number');
    expect(assignmentValueError({ id: '1', name: 'n', type: 'number', value: '5' })).toBeUndefined();
    expect(assignmentValueError({ id: '1', name: 'n', type: 'array', value: '{}' })).toBe('Not a JSON array');
    expect(assignmentValueError({ id: '1', name: 'n', type: 'object', value: '={{ $json }}' })).toBeUndefined();
  });
});
