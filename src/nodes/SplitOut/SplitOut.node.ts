// Split Out: n8n-nodes-base.splitOut v1, turns a list (or several side by side) inside items
// into separate items.
import type { NodeType } from '../types.ts';
import { splitOutProperties } from '../shared/items/splitOutProperties.ts';
import { runSplitOut } from '../shared/items/splitOutOperation.ts';
import { fieldNotFoundHint } from '../shared/items/aggregateOperation.ts';

export const splitOut: NodeType = {
  kind: 'regular',
  description: {
    name: 'n8n-nodes-base.splitOut',
    displayName: 'Split Out',
    description: 'Turn a list inside item(s) into separate items',
    icon: 'fa:stream',
    group: ['transform'],
    version: 1,
    defaults: { name: 'Split Out' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Data Transformation'] }, alias: ['Split', 'Nested', 'Transform', 'Array', 'List', 'Item'] },
    properties: splitOutProperties,
  },
  async execute(ctx) {
    const { items, seen } = await runSplitOut(ctx, ctx.getInputData(), { modern: true, destinationDotNotation: true });
    for (const [field, found] of seen) if (!found) ctx.addHint(fieldNotFoundHint(field));
    return [items];
  },
};
