// Filter parameter kernel (IF v2, Filter v2, Switch v3): pure functions over FilterValue.
export type { FilterValue, FilterConditionValue, FilterOptionsValue, FilterOperatorValue, FilterOperatorType } from './types.ts';
export { isFilterValue } from './types.ts';
export { FilterError } from './errors.ts';
export { parseFilterConditionValues, parseSingleFilterValue } from './parseValues.ts';
export { executeFilterCondition, arrayContainsValue, parseRegexPattern } from './executeCondition.ts';
export { executeFilter } from './executeFilter.ts';
