// Item Lists "Summarize": groups in a plain object (string keys, see KeyMode 'objectKeys').
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import type { ExecuteFunctions } from '../types.ts';
import { fieldGetter } from '../shared/items/fieldAccess.ts';
import { splitList } from '../shared/items/splitOutOperation.ts';
import type { Aggregation } from '../shared/items/summarize/aggregations.ts';
import { checkFieldsExist, requireSummarizeFields, summarize, summarizeRows, type SummarizeOptions } from '../shared/items/summarize/summarize.ts';

/** `checkFields`: before 2.1 a field to summarize must exist in some item. */
export function summarizeItemList(ctx: ExecuteFunctions, items: INodeExecutionData[], checkFields: boolean): INodeExecutionData[] {
  const options = ctx.getNodeParameter('options', 0, {}) as SummarizeOptions & { disableDotNotation?: boolean };
  const fieldsToSplitBy = splitList(ctx.getNodeParameter('fieldsToSplitBy', 0, ''));
  const fieldsToSummarize = ctx.getNodeParameter('fieldsToSummarize.values', 0, []) as Aggregation[];
  requireSummarizeFields(ctx, fieldsToSummarize);
  const getValue = fieldGetter(options.disableDotNotation);
  if (checkFields) checkFieldsExist(ctx, summarizeRows(items) as IDataObject[], fieldsToSummarize, getValue);
  return summarize({ items, fieldsToSplitBy, fieldsToSummarize, options, getValue, keyMode: 'objectKeys' });
}
