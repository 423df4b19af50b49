// Keeping only the first or last N items (Limit, Item Lists "Limit").
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { INodeProperties } from '../../../model/nodeTypes.ts';

export function limitItems(items: INodeExecutionData[], maxItems: number, keep: string): INodeExecutionData[] {
  if (maxItems > items.length) return items;
  return keep === 'firstItems' ? items.slice(0, maxItems) : items.slice(items.length - maxItems, items.length);
}

export const limitProperties: INodeProperties[] = [
  {
    displayName: 'Max Items',
    name: 'maxItems',
    type: 'number',
    typeOptions: { minValue: 1 },
    default: 1,
    description: 'If there are more items than this number, some are removed',
  },
  {
    displayName: 'Keep',
    name: 'keep',
    type: 'options',
    options: [
      { name: 'First Items', value: 'firstItems' },
      { name: 'Last Items', value: 'lastItems' },
    ],
    default: 'firstItems',
    description: 'When removing items, whether to keep the ones at the start or the ending',
  },
];
