// Summarize: n8n-nodes-base.summarize v1 and 1.1, sums, counts, averages … a field across items,
// optionally split into groups (a pivot table).
import type { IDataObject } from '../../model/workflow.ts';
import type { NodeType } from '../types.ts';
import { fieldGetter } from '../shared/items/fieldAccess.ts';
import { DISABLE_DOT_NOTATION } from '../shared/items/sortProperties.ts';
import { FIELDS_TO_SPLIT_BY, OUTPUT_FORMAT, SKIP_EMPTY_SPLIT_FIELDS, fieldsToSummarizeProperty } from '../shared/items/summarize/properties.ts';
import { checkFieldsExist, requireSummarizeFields, summarize as summarizeItems, summarizeRows, type SummarizeOptions } from '../shared/items/summarize/summarize.ts';
import type { Aggregation } from '../shared/items/summarize/aggregations.ts';
import { splitList } from '../shared/items/splitOutOperation.ts';

export const summarize: NodeType = {
  kind: 'regular',
  description: {
    name: 'n8n-nodes-base.summarize',
    displayName: 'Summarize',
    description: 'Sum, count, max, etc. across items',
    icon: 'fa:calculator',
    group: ['transform'],
    version: [1, 1.1],
    defaults: { name: 'Summarize' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Data Transformation'] }, alias: ['Append', 'Array', 'Average', 'Concatenate', 'Count', 'Group', 'Item', 'List', 'Max', 'Min', 'Pivot', 'Sum', 'Summarise', 'Summarize', 'Transform', 'Unique'] },
    properties: [
      fieldsToSummarizeProperty(true),
      ...FIELDS_TO_SPLIT_BY,
      {
        displayName: 'Options',
        name: 'options',
        type: 'collection',
        placeholder: 'Add option',
        default: {},
        options: [
          {
            displayName: 'Continue if Field Not Found',
            name: 'continueIfFieldNotFound',
            type: 'boolean',
            default: false,
            description: "Whether to continue if field to summarize can't be found in any items and return single empty item, otherwise an error would be thrown",
            displayOptions: { hide: { '@version': [{ _cnd: { gte: 1.1 } }] } },
          },
          DISABLE_DOT_NOTATION,
          OUTPUT_FORMAT,
          SKIP_EMPTY_SPLIT_FIELDS,
        ],
      },
    ],
  },
  async execute(ctx) {
    const items = ctx.getInputData();
    const options = ctx.getNodeParameter('options', 0, {}) as SummarizeOptions & { disableDotNotation?: boolean; continueIfFieldNotFound?: boolean };
    const fieldsToSplitBy = splitList(ctx.getNodeParameter('fieldsToSplitBy', 0, ''));
    const fieldsToSummarize = ctx.getNodeParameter('fieldsToSummarize.values', 0, []) as Aggregation[];
    requireSummarizeFields(ctx, fieldsToSummarize);
    const getValue = fieldGetter(options.disableDotNotation);
    const version = ctx.getNode().typeVersion;
    const output = summarizeItems({ items, fieldsToSplitBy, fieldsToSummarize, options, getValue, keyMode: version === 1 ? 'string' : 'typed' });
    try {
      checkFieldsExist(ctx, summarizeRows(items) as IDataObject[], fieldsToSummarize, getValue);
    } catch (error) {
      // From 1.1 a missing field is a hint on the output, not a failure.
      if (version > 1 || options.continueIfFieldNotFound) ctx.addHint((error as Error).message);
      else throw error;
    }
    return [output];
  },
};
