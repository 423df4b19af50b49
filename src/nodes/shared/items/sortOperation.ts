// The Sort operation over a node's parameters (type, sortFieldsUi, code, options).
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { ExecuteFunctions } from '../../types.ts';
import { shuffleItems, sortByCode, sortByFields, type SortField } from './sortItems.ts';

export async function runSort(ctx: ExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  const type = ctx.getNodeParameter('type', 0) as string;
  if (type === 'random') return shuffleItems([...items]);
  if (type === 'simple') {
    const disableDotNotation = ctx.getNodeParameter('options.disableDotNotation', 0, false) as boolean;
    const ui = ctx.getNodeParameter('sortFieldsUi', 0) as { sortField?: SortField[] };
    return sortByFields(ctx, items, ui.sortField, disableDotNotation);
  }
  return sortByCode(ctx, items, ctx.getNodeParameter('code', 0) as string);
}
