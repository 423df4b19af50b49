// n8n's global helper functions (extended-functions.ts): $min, $max, $average, $not,
// $ifEmpty, numberList, zip … ($if is syntax, see compile/expressions.ts).
import { extensionError, ExpressionError } from '../errors.ts';
import { checkArrayLength } from '../limits.ts';
import { average as arrayAverage } from './array.ts';

function numberList(start: number, end: number): number[] {
  const size = Math.abs(start - end) + 1;
  checkArrayLength(size);
  const out = new Array<number>(size);
  let cur = start;
  for (let i = 0; i < size; i++) out[i] = start < end ? cur++ : cur--;
  return out;
}

function zip(keys: unknown, values: unknown): Record<string, unknown> {
  if (!Array.isArray(keys) || !Array.isArray(values)) throw extensionError('keys and values must be arrays');
  if (keys.length !== values.length) throw extensionError('keys and values not of equal length');
  const out: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const k = String(keys[i]);
    if (k === '__proto__') Object.defineProperty(out, k, { value: values[i], enumerable: true, writable: true, configurable: true });
    else out[k] = values[i];
  }
  return out;
}

const average = (...args: unknown[]) => arrayAverage(args);
const not = (value: unknown) => !value;

function ifEmpty(...args: unknown[]): unknown {
  if (args.length !== 2) throw new ExpressionError('expected two arguments (value, defaultValue) for this function', { context: { type: 'extension' } });
  const [value, defaultValue] = args;
  if (value === undefined || value === null || value === '') return defaultValue;
  if (typeof value === 'object') {
    if (Array.isArray(value) && !value.length) return defaultValue;
    if (!Object.keys(value).length) return defaultValue;
  }
  return value;
}

export const EXTENDED_FUNCTIONS: Record<string, Function> = {
  min: Math.min,
  max: Math.max,
  not,
  average,
  numberList,
  zip,
  $min: Math.min,
  $max: Math.max,
  $average: average,
  $not: not,
  $ifEmpty: ifEmpty,
};
