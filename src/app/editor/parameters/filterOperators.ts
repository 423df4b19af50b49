// Operators of the filter parameter type (IF v2, Filter), as n8n's filter component offers them.
export interface FilterOperator {
  type: string;
  operation: string;
  name: string;
  /** No right-hand value. */
  singleValue?: boolean;
}

const COMMON = (type: string): FilterOperator[] => [
  { type, operation: 'exists', name: 'exists', singleValue: true },
  { type, operation: 'notExists', name: 'does not exist', singleValue: true },
  { type, operation: 'empty', name: 'is empty', singleValue: true },
  { type, operation: 'notEmpty', name: 'is not empty', singleValue: true },
];

export const FILTER_OPERATOR_GROUPS: Array<{ type: string; label: string; operators: FilterOperator[] }> = [
  {
    type: 'string',
    label: 'String',
    operators: [
      ...COMMON('string'),
      { type: 'string', operation: 'equals', name: 'is equal to' },
      { type: 'string', operation: 'notEquals', name: 'is not equal to' },
      { type: 'string', operation: 'contains', name: 'contains' },
      { type: 'string', operation: 'notContains', name: 'does not contain' },
      { type: 'string', operation: 'startsWith', name: 'starts with' },
      { type: 'string', operation: 'notStartsWith', name: 'does not start with' },
      { type: 'string', operation: 'endsWith', name: 'ends with' },
      { type: 'string', operation: 'notEndsWith', name: 'does not end with' },
      { type: 'string', operation: 'regex', name: 'matches regex' },
      { type: 'string', operation: 'notRegex', name: 'does not match regex' },
    ],
  },
  {
    type: 'number',
    label: 'Number',
    operators: [
      ...COMMON('number'),
      { type: 'number', operation: 'equals', name: 'is equal to' },
      { type: 'number', operation: 'notEquals', name: 'is not equal to' },
      { type: 'number', operation: 'gt', name: 'is greater than' },
      { type: 'number', operation: 'lt', name: 'is less than' },
      { type: 'number', operation: 'gte', name: 'is greater than or equal to' },
      { type: 'number', operation: 'lte', name: 'is less than or equal to' },
    ],
  },
  {
    type: 'dateTime',
    label: 'Date & Time',
    operators: [
      ...COMMON('dateTime'),
      { type: 'dateTime', operation: 'equals', name: 'is equal to' },
      { type: 'dateTime', operation: 'notEquals', name: 'is not equal to' },
      { type: 'dateTime', operation: 'after', name: 'is after' },
      { type: 'dateTime', operation: 'before', name: 'is before' },
      { type: 'dateTime', operation: 'afterOrEquals', name: 'is after or equal to' },
      { type: 'dateTime', operation: 'beforeOrEquals', name: 'is before or equal to' },
    ],
  },
  {
    type: 'boolean',
    label: 'Boolean',
    operators: [
      ...COMMON('boolean'),
      { type: 'boolean', operation: 'true', name: 'is true', singleValue: true },
      { type: 'boolean', operation: 'false', name: 'is false', singleValue: true },
      { type: 'boolean', operation: 'equals', name: 'is equal to' },
      { type: 'boolean', operation: 'notEquals', name: 'is not equal to' },
    ],
  },
  {
    type: 'array',
    label: 'Array',
    operators: [
      ...COMMON('array'),
      { type: 'array', operation: 'contains', name: 'contains' },
      { type: 'array', operation: 'notContains', name: 'does not contain' },
      { type: 'array', operation: 'lengthEquals', name: 'length equal to' },
      { type: 'array', operation: 'lengthNotEquals', name: 'length not equal to' },
      { type: 'array', operation: 'lengthGt', name: 'length greater than' },
      { type: 'array', operation: 'lengthLt', name: 'length less than' },
      { type: 'array', operation: 'lengthGte', name: 'length greater than or equal to' },
      { type: 'array', operation: 'lengthLte', name: 'length less than or equal to' },
    ],
  },
  { type: 'object', label: 'Object', operators: COMMON('object') },
];

export function operatorKey(o: { type: string; operation: string }): string {
  return `${o.type}:${o.operation}`;
}

export function findOperator(o: { type?: string; operation?: string } | undefined): FilterOperator | undefined {
  if (!o) return undefined;
  for (const g of FILTER_OPERATOR_GROUPS) for (const op of g.operators) if (op.type === o.type && op.operation === o.operation) return op;
  return undefined;
}
