// The Split Out parameters (string field lists), shared by Split Out and Item Lists 3.
import type { INodeProperties } from '../../../model/nodeTypes.ts';
import { DISABLE_DOT_NOTATION } from './sortProperties.ts';

export const INCLUDE_OPTIONS = [
  { name: 'No Other Fields', value: 'noOtherFields' },
  { name: 'All Other Fields', value: 'allOtherFields' },
  { name: 'Selected Other Fields', value: 'selectedOtherFields' },
];

export const splitOutProperties: INodeProperties[] = [
  {
    displayName: 'Fields To Split Out',
    name: 'fieldToSplitOut',
    type: 'string',
    default: '',
    required: true,
    placeholder: 'Drag fields from the left or type their names',
    description: 'The name of the input fields to break out into separate items. Separate multiple field names by commas. For binary data, use $binary.',
  },
  {
    displayName: 'Include',
    name: 'include',
    type: 'options',
    options: INCLUDE_OPTIONS,
    default: 'noOtherFields',
    description: 'Whether to copy any other fields into the new items',
  },
  {
    displayName: 'Fields To Include',
    name: 'fieldsToInclude',
    type: 'string',
    placeholder: 'e.g. email, name',
    description: 'Fields in the input items to aggregate together',
    default: '',
    displayOptions: { show: { include: ['selectedOtherFields'] } },
  },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    options: [
      DISABLE_DOT_NOTATION,
      { displayName: 'Destination Field Name', name: 'destinationFieldName', type: 'string', default: '', description: 'The field in the output under which to put the split field contents' },
      { displayName: 'Include Binary', name: 'includeBinary', type: 'boolean', default: false, description: 'Whether to include the binary data in the new items' },
    ],
  },
];
