// The Summarize parameters, shared by Summarize and Item Lists "Summarize".
import type { INodeProperties } from '../../../../model/nodeTypes.ts';
import { NUMERICAL_AGGREGATIONS } from './aggregations.ts';

const fieldProperty = (description: string, displayOptions: INodeProperties['displayOptions']): INodeProperties => ({
  displayName: 'Field',
  name: 'field',
  type: 'string',
  default: '',
  description,
  placeholder: 'e.g. cost',
  hint: ' Enter the field name as text',
  displayOptions,
});

/** `emptyForCounts`: Summarize lets count and count unique include empty values too. */
export function fieldsToSummarizeProperty(emptyForCounts: boolean): INodeProperties {
  return {
    displayName: 'Fields to Summarize',
    name: 'fieldsToSummarize',
    type: 'fixedCollection',
    placeholder: 'Add Field',
    default: { values: [{ aggregation: 'count', field: '' }] },
    typeOptions: { multipleValues: true },
    options: [
      {
        displayName: '',
        name: 'values',
        values: [
          {
            displayName: 'Aggregation',
            name: 'aggregation',
            type: 'options',
            options: [
              { name: 'Append', value: 'append' },
              { name: 'Average', value: 'average' },
              { name: 'Concatenate', value: 'concatenate' },
              { name: 'Count', value: 'count' },
              { name: 'Count Unique', value: 'countUnique' },
              { name: 'Max', value: 'max' },
              { name: 'Min', value: 'min' },
              { name: 'Sum', value: 'sum' },
            ],
            default: 'count',
            description: 'How to combine the values of the field you want to summarize',
          },
          fieldProperty('The name of an input field that you want to summarize', { hide: { aggregation: [...NUMERICAL_AGGREGATIONS, 'countUnique', 'count', 'max', 'min'] } }),
          fieldProperty('The name of an input field that you want to summarize. The field should contain numerical values; null, undefined, empty strings would be ignored.', {
            show: { aggregation: NUMERICAL_AGGREGATIONS },
          }),
          fieldProperty('The name of an input field that you want to summarize; null, undefined, empty strings would be ignored', {
            show: { aggregation: ['countUnique', 'count', 'max', 'min'] },
          }),
          {
            displayName: 'Include Empty Values',
            name: 'includeEmpty',
            type: 'boolean',
            default: false,
            displayOptions: { show: { aggregation: emptyForCounts ? ['append', 'concatenate', 'count', 'countUnique'] : ['append', 'concatenate'] } },
          },
          {
            displayName: 'Separator',
            name: 'separateBy',
            type: 'options',
            default: ',',
            options: [
              { name: 'Comma', value: ',' },
              { name: 'Comma and Space', value: ', ' },
              { name: 'New Line', value: '\n' },
              { name: 'None', value: '' },
              { name: 'Space', value: ' ' },
              { name: 'Other', value: 'other' },
            ],
            hint: 'What to insert between values',
            displayOptions: { show: { aggregation: ['concatenate'] } },
          },
          {
            displayName: 'Custom Separator',
            name: 'customSeparator',
            type: 'string',
            default: '',
            displayOptions: { show: { aggregation: ['concatenate'], separateBy: ['other'] } },
          },
        ],
      },
    ],
  };
}

const splitBy = (displayName: string, displayOptions: INodeProperties['displayOptions']): INodeProperties => ({
  displayName,
  name: 'fieldsToSplitBy',
  type: 'string',
  placeholder: 'e.g. country, city',
  default: '',
  description: 'The name of the input fields that you want to split the summary by',
  hint: 'Enter the name of the fields as text (separated by commas)',
  displayOptions,
});

// The same parameter under two names: "group by" reads better when all groups share one item.
export const FIELDS_TO_SPLIT_BY: INodeProperties[] = [
  splitBy('Fields to Split By', { hide: { '/options.outputFormat': ['singleItem'] } }),
  splitBy('Fields to Group By', { show: { '/options.outputFormat': ['singleItem'] } }),
];

export const OUTPUT_FORMAT: INodeProperties = {
  displayName: 'Output Format',
  name: 'outputFormat',
  type: 'options',
  default: 'separateItems',
  options: [
    { name: 'Each Split in a Separate Item', value: 'separateItems' },
    { name: 'All Splits in a Single Item', value: 'singleItem' },
  ],
};

export const SKIP_EMPTY_SPLIT_FIELDS: INodeProperties = {
  displayName: 'Ignore items without valid fields to group by',
  name: 'skipEmptySplitFields',
  type: 'boolean',
  default: false,
};
