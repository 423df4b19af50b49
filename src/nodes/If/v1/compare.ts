// IF v1 comparison operations, with n8n v1's loose JavaScript semantics kept as they are:
// numbers and dates compare with `||` fallbacks, string operations call string methods on
// whatever value arrives (so a number with "Ends With" fails like in n8n).
import { DateTime } from 'luxon';
import { NodeOperationError } from '../../types.ts';
import type { INode } from '../../../model/workflow.ts';
import { createRegExp } from '../../../model/expressions/regex.ts';

type Value = unknown;
type Compare = (value1: Value, value2: Value) => boolean;

const isDateObject = (value: Value) => Object.prototype.toString.call(value) === '[object Date]';
const isDateInvalid = (value: Value) => (value as { toString(): string } | null | undefined)?.toString() === 'Invalid Date';

function isEmpty(value: Value): boolean {
  return (
    [undefined, null, '', NaN].includes(value as string) ||
    (typeof value === 'object' && value !== null && !isDateObject(value) ? Object.entries(value).length === 0 : false) ||
    (isDateObject(value) && isDateInvalid(value))
  );
}

function regexOf(value2: Value): RegExp {
  const match = String(value2 || '').match(/^\/(.*?)\/([gimusy]*)$/);
  // A user's pattern: it runs in the regex worker with a deadline (model/expressions/regex.ts).
  return match ? createRegExp(match[1], match[2]) : createRegExp(String(value2 || ''));
}

// `as never` keeps n8n's comparisons of mixed values (numbers, strings, dates) as written.
const n = (v: Value) => (v || 0) as never;
const s = (v: Value) => String(v || '');

export const compareOperations: Record<string, Compare> = {
  after: (a, b) => n(a) > n(b),
  before: (a, b) => n(a) < n(b),
  contains: (a, b) => s(a).includes(s(b)),
  notContains: (a, b) => !s(a).includes(s(b)),
  endsWith: (a, b) => (a as string).endsWith(b as string),
  notEndsWith: (a, b) => !(a as string).endsWith(b as string),
  equal: (a, b) => a === b,
  notEqual: (a, b) => a !== b,
  larger: (a, b) => n(a) > n(b),
  largerEqual: (a, b) => n(a) >= n(b),
  smaller: (a, b) => n(a) < n(b),
  smallerEqual: (a, b) => n(a) <= n(b),
  startsWith: (a, b) => (a as string).startsWith(b as string),
  notStartsWith: (a, b) => !(a as string).startsWith(b as string),
  isEmpty: (a) => isEmpty(a),
  isNotEmpty: (a) => !isEmpty(a),
  regex: (a, b) => !!s(a).match(regexOf(b)),
  notRegex: (a, b) => !s(a).match(regexOf(b)),
};

/** A dateTime condition's value as milliseconds (numbers are taken as they are). */
export function convertDateTime(node: INode, value: Value): number {
  let result: number | undefined;
  if (typeof value === 'string') result = new Date(value).getTime();
  else if (typeof value === 'number') result = value;
  // n8n turns Luxon values nested in parameters into ISO strings before the node sees them.
  else if (DateTime.isDateTime(value)) result = value.toMillis();
  else if (value instanceof Date) result = value.getTime();
  if (result === undefined || Number.isNaN(result)) {
    throw new NodeOperationError(node, `The value "${String(value)}" is not a valid DateTime.`);
  }
  return result;
}
