// Limit: n8n-nodes-base.limit v1, keeps the first or last N items.
import type { NodeType } from '../types.ts';
import { limitItems, limitProperties } from '../shared/items/limit.ts';

export const limit: NodeType = {
  kind: 'regular',
  description: {
    name: 'n8n-nodes-base.limit',
    displayName: 'Limit',
    description: 'Restrict the number of items',
    icon: 'fa:compress-arrows-alt',
    group: ['transform'],
    version: 1,
    defaults: { name: 'Limit' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Data Transformation'] }, alias: ['Limit', 'Remove', 'Slice', 'Transform', 'Array', 'List', 'Item'] },
    properties: limitProperties,
  },
  async execute(ctx) {
    const items = ctx.getInputData();
    const maxItems = ctx.getNodeParameter('maxItems', 0) as number;
    const keep = ctx.getNodeParameter('keep', 0) as string;
    return [limitItems(items, maxItems, keep)];
  },
};
