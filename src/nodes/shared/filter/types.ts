// The value of a parameter of type 'filter' (n8n's FilterValue), as stored in workflow JSON.

export type FilterOperatorType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'dateTime' | 'any';

export interface FilterOperatorValue {
  type: FilterOperatorType;
  operation: string;
  /** Type of the right value when it differs from the left (e.g. array contains any). */
  rightType?: FilterOperatorType;
  /** The operator takes no right value (exists, isEmpty, true …). */
  singleValue?: boolean;
}

export interface FilterConditionValue {
  id?: string;
  leftValue: unknown;
  operator: FilterOperatorValue;
  rightValue: unknown;
}

export interface FilterOptionsValue {
  caseSensitive?: boolean;
  leftValue?: string;
  typeValidation?: 'strict' | 'loose';
  /**
   * 1 before IF 2.2 / Filter 2.2 / Switch 3.2; 2 converts booleans more strictly; 3 (IF 2.3 /
   * Filter 2.3 / Switch 3.4) also treats a blank string or empty array as an empty number.
   */
  version?: 1 | 2 | 3;
}

export interface FilterValue {
  options: FilterOptionsValue;
  conditions: FilterConditionValue[];
  combinator: 'and' | 'or';
}

export function isFilterValue(value: unknown): value is FilterValue {
  return typeof value === 'object' && value !== null && 'conditions' in value && 'combinator' in value;
}
