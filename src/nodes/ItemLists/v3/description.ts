// Item Lists v3 and 3.1: the operations of the later stand-alone nodes, field lists as text.
import type { INodeProperties, INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { aggregateProperties } from '../../shared/items/aggregateProperties.ts';
import { dedupeProperties } from '../../shared/items/dedupeProperties.ts';
import { limitProperties } from '../../shared/items/limit.ts';
import { sortProperties } from '../../shared/items/sortProperties.ts';
import { splitOutProperties } from '../../shared/items/splitOutProperties.ts';
import { summarizeProperties } from '../summarizeProperties.ts';
import { forOperation, itemListsBase, RESOURCE } from '../forOperation.ts';

const operation: INodeProperties = {
  displayName: 'Operation',
  name: 'operation',
  type: 'options',
  noDataExpression: true,
  displayOptions: { show: { resource: ['itemList'] } },
  options: [
    { name: 'Concatenate Items', value: 'concatenateItems', description: 'Combine fields into a list in a single new item', action: 'Concatenate Items' },
    { name: 'Limit', value: 'limit', description: 'Remove items if there are too many', action: 'Limit' },
    { name: 'Remove Duplicates', value: 'removeDuplicates', description: 'Remove extra items that are similar', action: 'Remove Duplicates' },
    { name: 'Sort', value: 'sort', description: 'Change the item order', action: 'Sort' },
    { name: 'Split Out Items', value: 'splitOutItems', description: "Turn a list or values of object's properties inside item(s) into separate items", action: 'Split Out Items' },
    { name: 'Summarize', value: 'summarize', description: 'Aggregate items together (pivot table)', action: 'Summarize' },
  ],
  default: 'splitOutItems',
};

export const itemListsV3Description: INodeTypeDescription = {
  ...itemListsBase,
  version: [3, 3.1],
  defaultVersion: 3.1,
  properties: [
    RESOURCE,
    operation,
    ...forOperation('concatenateItems', aggregateProperties),
    ...forOperation('limit', limitProperties),
    ...forOperation('removeDuplicates', dedupeProperties),
    ...forOperation('sort', sortProperties('The fields of the input items to compare to see if they are the same', 'The fields of the input items to compare to see if they are the same')),
    ...forOperation('splitOutItems', splitOutProperties),
    ...forOperation('summarize', summarizeProperties),
  ],
};
