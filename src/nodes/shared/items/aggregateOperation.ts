// Aggregate over a node's parameters (string field lists); also Item Lists 3 "Concatenate Items".
import type { INodeExecutionData, IPairedItemData } from '../../../model/execution.ts';
import type { ExecuteFunctions } from '../../types.ts';
import { addBinariesToItem, aggregateAllItemData, aggregateIndividualFields, type FieldToAggregate } from './aggregate.ts';
import { prepareFieldsArray } from './fieldList.ts';

export interface AggregateOutput {
  item: INodeExecutionData;
  missingFields: string[];
}

export function runAggregate(ctx: ExecuteFunctions, items: INodeExecutionData[]): AggregateOutput {
  const aggregate = ctx.getNodeParameter('aggregate', 0, '') as string;
  let output: AggregateOutput;
  if (aggregate === 'aggregateIndividualFields') {
    const result = aggregateIndividualFields(ctx, items, ctx.getNodeParameter('fieldsToAggregate.fieldToAggregate', 0, []) as FieldToAggregate[], {
      disableDotNotation: ctx.getNodeParameter('options.disableDotNotation', 0, false) as boolean,
      mergeLists: ctx.getNodeParameter('options.mergeLists', 0, false) as boolean,
      keepMissing: ctx.getNodeParameter('options.keepMissing', 0, false) as boolean,
    });
    output = result;
  } else {
    const item = aggregateAllItemData(
      items,
      ctx.getNodeParameter('destinationFieldName', 0) as string,
      prepareFieldsArray(ctx, ctx.getNodeParameter('fieldsToInclude', 0, ''), 'Fields To Include'),
      prepareFieldsArray(ctx, ctx.getNodeParameter('fieldsToExclude', 0, ''), 'Fields To Exclude'),
    );
    output = { item, missingFields: [] };
  }
  if (ctx.getNodeParameter('options.includeBinaries', 0, false) as boolean) {
    const sources = ((output.item.pairedItem ?? []) as IPairedItemData[]).map((p) => items[p.item]);
    addBinariesToItem(output.item, sources, ctx.getNodeParameter('options.keepOnlyUnique', 0, false) as boolean);
  }
  return output;
}

/** n8n's hint for an input field that no item has. */
export function fieldNotFoundHint(field: string): string {
  return `The field '${field}' wasn't found in any input item`;
}
