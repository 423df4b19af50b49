// Evaluating one filter condition (n8n's executeFilterCondition) after its values were
// converted to the operator's type.
import type { DateTime } from 'luxon';
import { createRegExp } from '../../../model/expressions/regex.ts';
import { parseFilterConditionValues, type ConditionMetadata } from './parseValues.ts';
import type { FilterConditionValue, FilterOptionsValue } from './types.ts';

/**
 * '/pattern/flags' or a bare pattern. A user's pattern: it runs in the regex worker with a
 * deadline (src/model/expressions/regex.ts), so a backtracking one cannot stall the server.
 */
export function parseRegexPattern(pattern: string): RegExp {
  const match = (pattern || '').match(/^\/(.*?)\/([gimusy]*)$/);
  return match ? createRegExp(match[1], match[2]) : createRegExp((pattern || '').toString());
}

export function arrayContainsValue(array: unknown[], value: unknown, ignoreCase: boolean): boolean {
  if (ignoreCase && typeof value === 'string') {
    const needle = value.toLocaleLowerCase();
    return array.some((item) => typeof item === 'string' && item.toLocaleLowerCase() === needle);
  }
  return array.includes(value);
}

function compareStrings(operation: string, left: string, right: string): boolean | undefined {
  switch (operation) {
    case 'empty':
      return left.length === 0;
    case 'notEmpty':
      return left.length !== 0;
    case 'equals':
      return left === right;
    case 'notEquals':
      return left !== right;
    case 'contains':
      return left.includes(right);
    case 'notContains':
      return !left.includes(right);
    case 'startsWith':
      return left.startsWith(right);
    case 'notStartsWith':
      return !left.startsWith(right);
    case 'endsWith':
      return left.endsWith(right);
    case 'notEndsWith':
      return !left.endsWith(right);
    case 'regex':
      return parseRegexPattern(right).test(left);
    case 'notRegex':
      return !parseRegexPattern(right).test(left);
  }
  return undefined;
}

function compareNumbers(operation: string, left: number, right: number, exists: boolean): boolean | undefined {
  switch (operation) {
    case 'empty':
      return !exists;
    case 'notEmpty':
      return exists;
    case 'equals':
      return left === right;
    case 'notEquals':
      return left !== right;
    case 'gt':
      return left > right;
    case 'lt':
      return left < right;
    case 'gte':
      return left >= right;
    case 'lte':
      return left <= right;
  }
  return undefined;
}

function compareDates(operation: string, left: DateTime | undefined, right: DateTime | undefined, exists: boolean): boolean | undefined {
  if (operation === 'empty') return !exists;
  if (operation === 'notEmpty') return exists;
  if (!left || !right) return false;
  const l = left.toMillis();
  const r = right.toMillis();
  switch (operation) {
    case 'equals':
      return l === r;
    case 'notEquals':
      return l !== r;
    case 'after':
      return l > r;
    case 'before':
      return l < r;
    case 'afterOrEquals':
      return l >= r;
    case 'beforeOrEquals':
      return l <= r;
  }
  return undefined;
}

function compareBooleans(operation: string, left: boolean, right: boolean, exists: boolean): boolean | undefined {
  switch (operation) {
    case 'empty':
      return !exists;
    case 'notEmpty':
      return exists;
    case 'true':
      return left;
    case 'false':
      return !left;
    case 'equals':
      return left === right;
    case 'notEquals':
      return left !== right;
  }
  return undefined;
}

function compareArrays(operation: string, left: unknown[], right: unknown, ignoreCase: boolean): boolean | undefined {
  const n = right as number;
  switch (operation) {
    case 'contains':
      return arrayContainsValue(left, right, ignoreCase);
    case 'notContains':
      return !arrayContainsValue(left, right, ignoreCase);
    case 'lengthEquals':
      return left.length === n;
    case 'lengthNotEquals':
      return left.length !== n;
    case 'lengthGt':
      return left.length > n;
    case 'lengthLt':
      return left.length < n;
    case 'lengthGte':
      return left.length >= n;
    case 'lengthLte':
      return left.length <= n;
    case 'empty':
      return left.length === 0;
    case 'notEmpty':
      return left.length !== 0;
  }
  return undefined;
}

function compareObjects(operation: string, left: unknown): boolean | undefined {
  switch (operation) {
    case 'empty':
      return !left || Object.keys(left).length === 0;
    case 'notEmpty':
      return !!left && Object.keys(left).length !== 0;
  }
  return undefined;
}

/** Throws FilterError when a value cannot be converted to the operator's type. */
export function executeFilterCondition(condition: FilterConditionValue, options: FilterOptionsValue, metadata: ConditionMetadata = {}): boolean {
  const ignoreCase = !options.caseSensitive;
  const { operator } = condition;
  const parsed = parseFilterConditionValues(condition, options, metadata);
  if (!parsed.ok) throw parsed.error;
  let { left, right } = parsed;

  const exists = left !== undefined && left !== null && !Number.isNaN(left);
  if (operator.operation === 'exists') return exists;
  if (operator.operation === 'notExists') return !exists;

  let result: boolean | undefined;
  switch (operator.type) {
    case 'string': {
      if (ignoreCase) {
        if (typeof left === 'string') left = left.toLocaleLowerCase();
        if (typeof right === 'string' && operator.operation !== 'regex' && operator.operation !== 'notRegex') right = right.toLocaleLowerCase();
      }
      result = compareStrings(operator.operation, (left ?? '') as string, (right ?? '') as string);
      break;
    }
    case 'number':
      result = compareNumbers(operator.operation, left as number, right as number, exists);
      break;
    case 'dateTime':
      result = compareDates(operator.operation, left as DateTime | undefined, right as DateTime | undefined, exists);
      break;
    case 'boolean':
      result = compareBooleans(operator.operation, left as boolean, right as boolean, exists);
      break;
    case 'array':
      result = compareArrays(operator.operation, (left ?? []) as unknown[], right, ignoreCase);
      break;
    case 'object':
      result = compareObjects(operator.operation, left);
      break;
  }
  // n8n lets an unknown operation of one type fall through to the next type's switch; every
  // operation it names is handled above, so unknown ones end as false like there.
  return result ?? false;
}
