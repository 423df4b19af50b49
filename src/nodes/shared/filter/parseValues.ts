// Converting a condition's left and right values to the operator's type before comparing
// (n8n's parseFilterConditionValues): strict validation rejects other types, loose converts.
import { validateFieldType, type ValidationResult } from '../typeValidation.ts';
import { FilterError } from './errors.ts';
import type { FilterConditionValue, FilterOperatorType, FilterOptionsValue } from './types.ts';

export interface ConditionMetadata {
  index?: number;
  itemIndex?: number;
  /** Editor-time checks: values that are still expressions are not errors. */
  unresolvedExpressions?: boolean;
  errorFormat?: 'full' | 'inline';
}

export function parseSingleFilterValue(value: unknown, type: FilterOperatorType, strict = false, version = 1): ValidationResult {
  if (type === 'any' || value === null || value === undefined) return { valid: true, newValue: value };
  if (type === 'boolean' && !strict) {
    // Version 2 understands "false" and 0; version 1 used JavaScript truthiness.
    if (version >= 2) {
      const result = validateFieldType('filter', value, type);
      if (result.valid) return result;
    }
    return { valid: true, newValue: Boolean(value) };
  }
  if (type === 'number') {
    if (Number.isNaN(value)) return { valid: true, newValue: value };
    // Version 3 (IF 2.3, Filter 2.3, Switch 3.4): a blank string or an empty array is an
    // empty number (null) instead of converting to 0 (loose) or failing (strict).
    const isEmptyString = typeof value === 'string' && value.trim() === '';
    const isEmptyArray = Array.isArray(value) && value.length === 0;
    if ((isEmptyString || isEmptyArray) && version >= 3) return { valid: true, newValue: null };
  }
  return validateFieldType('filter', value, type, { strict, parseStrings: true });
}

const withIndefiniteArticle = (noun: string): string => `${'aeiou'.includes(noun.charAt(0)) ? 'an' : 'a'} ${noun}`;

const CONVERSION_FUNCTIONS: Record<string, string> = { string: '.toString()', number: '.toNumber()', boolean: '.toBoolean()' };

export type ParsedValues = { ok: true; left: unknown; right: unknown } | { ok: false; error: FilterError };

export function parseFilterConditionValues(condition: FilterConditionValue, options: FilterOptionsValue, metadata: ConditionMetadata = {}): ParsedValues {
  const index = metadata.index ?? 0;
  const itemIndex = metadata.itemIndex ?? 0;
  const errorFormat = metadata.errorFormat ?? 'full';
  const strict = options.typeValidation === 'strict';
  const version = options.version ?? 1;
  const { operator } = condition;
  const rightType = operator.rightType ?? operator.type;
  const left = parseSingleFilterValue(condition.leftValue, operator.type, strict, version);
  const right = parseSingleFilterValue(condition.rightValue, rightType, strict, version);
  const isUnresolved = (v: unknown) => !!metadata.unresolvedExpressions && typeof v === 'string' && v.startsWith('=');
  const leftValid = left.valid || isUnresolved(condition.leftValue);
  const rightValid = right.valid || !!operator.singleValue || isUnresolved(condition.rightValue);
  const suffix = errorFormat === 'full' ? `[condition ${index}, item ${itemIndex}]` : `[item ${itemIndex}]`;

  const invalidTypeMessage = (type: string, fromType: string, value: string) => {
    const from = fromType.toLocaleLowerCase();
    if (strict) return `Wrong type: '${value}' is ${withIndefiniteArticle(from)} but was expecting ${withIndefiniteArticle(type)} ${suffix}`;
    return `Conversion error: the ${from} '${value}' can't be converted to ${withIndefiniteArticle(type)} ${suffix}`;
  };
  const typeDescription = (isStrict: boolean) =>
    isStrict ? "Try changing the type of comparison. Alternatively you can enable 'Convert types where required'." : 'Try changing the type of the comparison.';
  const invalidTypeDescription = (type: string, position: 'first' | 'second') => {
    const fn = CONVERSION_FUNCTIONS[type];
    if (strict && fn) {
      return `
<p>Try either:</p>
<ol>
  <li>Enabling 'Convert types where required'</li>
  <li>Converting the ${position} field to ${withIndefiniteArticle(type)} by adding <code>${fn}</code></li>
</ol>
\t\t\t`;
    }
    return typeDescription(strict);
  };

  if (!leftValid && !rightValid && typeof condition.leftValue === typeof condition.rightValue) {
    return {
      ok: false,
      error: new FilterError(
        `Comparison type expects ${withIndefiniteArticle(operator.type)} but both fields are ${withIndefiniteArticle(typeof condition.leftValue)}`,
        typeDescription(strict),
      ),
    };
  }
  if (!leftValid) {
    return {
      ok: false,
      error: new FilterError(invalidTypeMessage(operator.type, typeof condition.leftValue, String(condition.leftValue)), invalidTypeDescription(operator.type, 'first')),
    };
  }
  if (!rightValid) {
    return {
      ok: false,
      error: new FilterError(invalidTypeMessage(rightType, typeof condition.rightValue, String(condition.rightValue)), invalidTypeDescription(rightType, 'second')),
    };
  }
  return { ok: true, left: left.valid ? left.newValue : undefined, right: right.valid ? right.newValue : undefined };
}
