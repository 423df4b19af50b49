// Remove Duplicates over a node's parameters, field lists given as strings ("a, b").
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { ExecuteFunctions } from '../../types.ts';
import { prepareFieldsArray } from './fieldList.ts';
import { removeDuplicateItems, type CompareMode, type DedupeRules } from './removeDuplicates.ts';

export function runRemoveDuplicates(ctx: ExecuteFunctions, items: INodeExecutionData[], rules: DedupeRules): INodeExecutionData[] {
  const compare = ctx.getNodeParameter('compare', 0) as CompareMode;
  const fields =
    compare === 'allFieldsExcept'
      ? prepareFieldsArray(ctx, ctx.getNodeParameter('fieldsToExclude', 0, ''), 'Fields To Exclude')
      : compare === 'selectedFields'
        ? prepareFieldsArray(ctx, ctx.getNodeParameter('fieldsToCompare', 0, ''), 'Fields To Compare')
        : [];
  return removeDuplicateItems(
    ctx,
    items,
    {
      compare,
      fields,
      disableDotNotation: ctx.getNodeParameter('options.disableDotNotation', 0, false) as boolean,
      removeOtherFields: ctx.getNodeParameter('options.removeOtherFields', 0, false) as boolean,
    },
    rules,
  );
}
