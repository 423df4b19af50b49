// Item Lists v3 and 3.1: each operation as the stand-alone node does it.
import type { INodeExecutionData } from '../../../model/execution.ts';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import { runAggregate } from '../../shared/items/aggregateOperation.ts';
import { runRemoveDuplicates } from '../../shared/items/dedupeOperation.ts';
import { limitItems } from '../../shared/items/limit.ts';
import { runSort } from '../../shared/items/sortOperation.ts';
import { runSplitOut } from '../../shared/items/splitOutOperation.ts';
import { summarizeItemList } from '../summarizeOperation.ts';

export async function executeV3(ctx: ExecuteFunctions): Promise<INodeExecutionData[][]> {
  const items = ctx.getInputData();
  const resource = ctx.getNodeParameter('resource', 0) as string;
  const operation = ctx.getNodeParameter('operation', 0) as string;
  if (resource !== 'itemList') throw new NodeOperationError(ctx.getNode(), `The resource "${resource}" is not known`);
  switch (operation) {
    case 'concatenateItems':
      return [[runAggregate(ctx, items).item]];
    case 'limit':
      return [limitItems(items, ctx.getNodeParameter('maxItems', 0) as number, ctx.getNodeParameter('keep', 0) as string)];
    case 'removeDuplicates':
      // 3.1 orders mixed value types instead of refusing them.
      return [runRemoveDuplicates(ctx, items, { orderByType: ctx.getNode().typeVersion >= 3.1 })];
    case 'sort':
      return [await runSort(ctx, items)];
    case 'splitOutItems':
      return [(await runSplitOut(ctx, items, { modern: true })).items];
    case 'summarize':
      return [summarizeItemList(ctx, items, false)];
    default:
      throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" is not known`);
  }
}
