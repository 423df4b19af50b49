// The aggregations of Summarize and Item Lists "Summarize": what each one makes of a field's
// values across a group of items, and the output key it writes ("sum_price").
import type { IDataObject } from '../../../../model/workflow.ts';

export type AggregationType = 'append' | 'average' | 'concatenate' | 'count' | 'countUnique' | 'max' | 'min' | 'sum';

export interface Aggregation {
  aggregation: AggregationType;
  field: string;
  includeEmpty?: boolean;
  separateBy?: string;
  customSeparator?: string;
}

export type ValueGetter = (item: IDataObject, field: string) => unknown;

export const NUMERICAL_AGGREGATIONS = ['average', 'sum'];

const PREFIX: Record<AggregationType, string> = {
  append: 'appended_',
  average: 'average_',
  concatenate: 'concatenated_',
  count: 'count_',
  countUnique: 'unique_count_',
  max: 'max_',
  min: 'min_',
  sum: 'sum_',
};

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** Output keys lose brackets and quotes; spaces and dots become underscores. */
export function normalizeFieldName(name: string): string {
  return name.replace(/[\][""]/g, '').replace(/[ .]/g, '_');
}

export function aggregationKey(entry: Aggregation): string {
  return normalizeFieldName(`${PREFIX[entry.aggregation] ?? 'count_'}${entry.field}`);
}

export function aggregate(items: IDataObject[], entry: Aggregation, getValue: ValueGetter): unknown {
  const { aggregation, field } = entry;
  let data = items;
  if (NUMERICAL_AGGREGATIONS.includes(aggregation)) data = data.filter((item) => typeof getValue(item, field) === 'number');
  const values = () => data.map((item) => getValue(item, field));
  const withoutEmpty = () => values().filter((v) => !isEmpty(v));
  switch (aggregation) {
    case 'append':
      return entry.includeEmpty ? values() : withoutEmpty();
    case 'concatenate': {
      const separator = entry.separateBy === 'other' ? entry.customSeparator : entry.separateBy;
      return (entry.includeEmpty ? values() : withoutEmpty())
        .map((v) => (typeof v === 'object' ? JSON.stringify(v) : v === undefined ? 'undefined' : v))
        .join(separator);
    }
    case 'average':
      return (values() as number[]).reduce((acc, v) => acc + v, 0) / data.length;
    case 'sum':
      return (values() as number[]).reduce((acc, v) => acc + v, 0);
    case 'min':
    case 'max': {
      let best: unknown;
      for (const v of withoutEmpty()) {
        if (best === undefined || (aggregation === 'min' ? (v as number) < (best as number) : (v as number) > (best as number))) best = v;
      }
      return best ?? null;
    }
    case 'countUnique':
      return new Set(entry.includeEmpty ? values() : withoutEmpty()).size;
    default:
      return entry.includeEmpty ? data.length : withoutEmpty().length;
  }
}
