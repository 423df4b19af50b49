// Evaluating a whole filter value: all ('and') or any ('or') of its conditions.
import { executeFilterCondition } from './executeCondition.ts';
import type { FilterValue } from './types.ts';

export function executeFilter(value: FilterValue, { itemIndex }: { itemIndex?: number } = {}): boolean {
  const options = value.options ?? {};
  const pass = (condition: FilterValue['conditions'][number], index: number) => executeFilterCondition(condition, options, { index, itemIndex });
  const conditions = value.conditions ?? [];
  if (value.combinator === 'and') return conditions.every(pass);
  if (value.combinator === 'or') return conditions.some(pass);
  return false;
}
