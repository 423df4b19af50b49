// Remove Duplicates: n8n-nodes-base.removeDuplicates v1 and 1.1, drops items whose compared
// fields equal an earlier item's. (v2's "across executions" modes need a deduplication store.)
import type { NodeType } from '../types.ts';
import { dedupeProperties } from '../shared/items/dedupeProperties.ts';
import { runRemoveDuplicates } from '../shared/items/dedupeOperation.ts';

export const removeDuplicatesV1: NodeType = {
  kind: 'regular',
  description: {
    name: 'n8n-nodes-base.removeDuplicates',
    displayName: 'Remove Duplicates',
    description: 'Delete items with matching field values',
    icon: 'fa:clone',
    group: ['transform'],
    version: [1, 1.1],
    defaults: { name: 'Remove Duplicates' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Data Transformation'] }, alias: ['Dedupe', 'Deduplicate', 'Duplicates', 'Remove', 'Unique', 'Transform', 'Array', 'List', 'Item'] },
    properties: dedupeProperties,
  },
  async execute(ctx) {
    const nullsAllowed = ctx.getNode().typeVersion > 1;
    return [runRemoveDuplicates(ctx, ctx.getInputData(), { nullsAllowed })];
  },
};
