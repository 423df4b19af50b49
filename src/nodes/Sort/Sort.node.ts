// Sort: n8n-nodes-base.sort v1, orders items by fields, at random or with a compare function.
import type { NodeType } from '../types.ts';
import { sortProperties } from '../shared/items/sortProperties.ts';
import { runSort } from '../shared/items/sortOperation.ts';

export const sort: NodeType = {
  kind: 'regular',
  description: {
    name: 'n8n-nodes-base.sort',
    displayName: 'Sort',
    description: 'Change items order',
    icon: 'fa:sort',
    group: ['transform'],
    version: 1,
    defaults: { name: 'Sort' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Data Transformation'] }, alias: ['Sort', 'Order', 'Transform', 'Array', 'List', 'Item', 'Random'] },
    properties: sortProperties('The type of sorting to perform', 'The fields of the input items to sort by'),
  },
  async execute(ctx) {
    return [await runSort(ctx, ctx.getInputData())];
  },
};
