// Aggregate: n8n-nodes-base.aggregate v1, combines a field from many items (or whole items) into
// lists in a single item.
import type { INodeProperties } from '../../model/nodeTypes.ts';
import type { NodeType } from '../types.ts';
import { aggregateProperties } from '../shared/items/aggregateProperties.ts';
import { fieldNotFoundHint, runAggregate } from '../shared/items/aggregateOperation.ts';
import { prepareFieldsArray } from '../shared/items/fieldList.ts';
import { aggregateGroups } from './groupBy.ts';

const GROUP_BY_FIELDS: INodeProperties = {
  displayName: 'Group By Fields',
  name: 'groupByFields',
  type: 'string',
  default: '',
  placeholder: 'e.g. category, type',
  description: 'Comma-separated list of fields to group by. Creates one output item per unique combination of these field values. Dot-notation is supported to access nested fields.',
};

export const aggregate: NodeType = {
  kind: 'regular',
  description: {
    name: 'n8n-nodes-base.aggregate',
    displayName: 'Aggregate',
    description: 'Combine a field from many items into a list in a single item',
    icon: 'fa:layer-group',
    group: ['transform'],
    version: 1,
    defaults: { name: 'Aggregate' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Data Transformation'] }, alias: ['Aggregate', 'Combine', 'Flatten', 'Transform', 'Array', 'List', 'Item'] },
    properties: aggregateProperties.map((p) => (p.name === 'options' ? { ...p, placeholder: 'Add Option', options: [GROUP_BY_FIELDS, ...(p.options ?? [])] } : p)),
  },
  async execute(ctx) {
    const items = ctx.getInputData();
    const groupBy = prepareFieldsArray(ctx, ctx.getNodeParameter('options.groupByFields', 0, ''), 'Group By Fields');
    const { item, missingFields } = runAggregate(ctx, items);
    for (const field of missingFields) ctx.addHint(fieldNotFoundHint(field));
    return [groupBy.length ? aggregateGroups(ctx, items, groupBy) : [item]];
  },
};
