// The Remove Duplicates parameters (string field lists), shared by Remove Duplicates and Item Lists 3.
import type { INodeProperties } from '../../../model/nodeTypes.ts';
import { DISABLE_DOT_NOTATION } from './sortProperties.ts';

export const dedupeProperties: INodeProperties[] = [
  {
    displayName: 'Compare',
    name: 'compare',
    type: 'options',
    options: [
      { name: 'All Fields', value: 'allFields' },
      { name: 'All Fields Except', value: 'allFieldsExcept' },
      { name: 'Selected Fields', value: 'selectedFields' },
    ],
    default: 'allFields',
    description: 'The fields of the input items to compare to see if they are the same',
  },
  {
    displayName: 'Fields To Exclude',
    name: 'fieldsToExclude',
    type: 'string',
    placeholder: 'e.g. email, name',
    description: 'Fields in the input to exclude from the comparison',
    default: '',
    displayOptions: { show: { compare: ['allFieldsExcept'] } },
  },
  {
    displayName: 'Fields To Compare',
    name: 'fieldsToCompare',
    type: 'string',
    placeholder: 'e.g. email, name',
    description: 'Fields in the input to add to the comparison',
    default: '',
    displayOptions: { show: { compare: ['selectedFields'] } },
  },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    displayOptions: { show: { compare: ['allFieldsExcept', 'selectedFields'] } },
    options: [
      DISABLE_DOT_NOTATION,
      {
        displayName: 'Remove Other Fields',
        name: 'removeOtherFields',
        type: 'boolean',
        default: false,
        description: 'Whether to remove any fields that are not being compared. If disabled, will keep the values from the first of the duplicates.',
      },
    ],
  },
];
