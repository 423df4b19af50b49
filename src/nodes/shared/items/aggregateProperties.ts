// The Aggregate parameters (string field lists), shared by Aggregate and Item Lists 3 "Concatenate Items".
import type { INodeProperties } from '../../../model/nodeTypes.ts';
import { DISABLE_DOT_NOTATION } from './sortProperties.ts';

const onlyIndividual = { hide: { '/aggregate': ['aggregateAllItemData'] } };

export const aggregateProperties: INodeProperties[] = [
  {
    displayName: 'Aggregate',
    name: 'aggregate',
    type: 'options',
    default: 'aggregateIndividualFields',
    options: [
      { name: 'Individual Fields', value: 'aggregateIndividualFields' },
      { name: 'All Item Data (Into a Single List)', value: 'aggregateAllItemData' },
    ],
  },
  {
    displayName: 'Fields To Aggregate',
    name: 'fieldsToAggregate',
    type: 'fixedCollection',
    typeOptions: { multipleValues: true },
    placeholder: 'Add Field To Aggregate',
    default: { fieldToAggregate: [{ fieldToAggregate: '', renameField: false }] },
    displayOptions: { show: { aggregate: ['aggregateIndividualFields'] } },
    options: [
      {
        displayName: '',
        name: 'fieldToAggregate',
        values: [
          { displayName: 'Input Field Name', name: 'fieldToAggregate', type: 'string', default: '', description: 'The name of a field in the input items to aggregate together', placeholder: 'e.g. id', hint: ' Enter the field name as text' },
          { displayName: 'Rename Field', name: 'renameField', type: 'boolean', default: false, description: 'Whether to give the field a different name in the output' },
          {
            displayName: 'Output Field Name',
            name: 'outputFieldName',
            displayOptions: { show: { renameField: [true] } },
            type: 'string',
            default: '',
            description: 'The name of the field to put the aggregated data in. Leave blank to use the input field name.',
          },
        ],
      },
    ],
  },
  {
    displayName: 'Put Output in Field',
    name: 'destinationFieldName',
    type: 'string',
    displayOptions: { show: { aggregate: ['aggregateAllItemData'] } },
    default: 'data',
    description: 'The name of the output field to put the data in',
  },
  {
    displayName: 'Include',
    name: 'include',
    type: 'options',
    default: 'allFields',
    options: [
      { name: 'All Fields', value: 'allFields' },
      { name: 'Specified Fields', value: 'specifiedFields' },
      { name: 'All Fields Except', value: 'allFieldsExcept' },
    ],
    displayOptions: { show: { aggregate: ['aggregateAllItemData'] } },
  },
  {
    displayName: 'Fields To Exclude',
    name: 'fieldsToExclude',
    type: 'string',
    placeholder: 'e.g. email, name',
    default: '',
    displayOptions: { show: { aggregate: ['aggregateAllItemData'], include: ['allFieldsExcept'] } },
  },
  {
    displayName: 'Fields To Include',
    name: 'fieldsToInclude',
    type: 'string',
    placeholder: 'e.g. email, name',
    default: '',
    displayOptions: { show: { aggregate: ['aggregateAllItemData'], include: ['specifiedFields'] } },
  },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    options: [
      { ...DISABLE_DOT_NOTATION, displayOptions: onlyIndividual },
      {
        displayName: 'Merge Lists',
        name: 'mergeLists',
        type: 'boolean',
        default: false,
        description: 'Whether to merge the output into a single flat list (rather than a list of lists), if the field to aggregate is a list',
        displayOptions: onlyIndividual,
      },
      { displayName: 'Include Binaries', name: 'includeBinaries', type: 'boolean', default: false, description: 'Whether to include the binary data in the new item' },
      {
        displayName: 'Keep Only Unique Binaries',
        name: 'keepOnlyUnique',
        type: 'boolean',
        default: false,
        description: 'Whether to keep only unique binaries by comparing mime types, file types, file sizes and file extensions',
        displayOptions: { show: { includeBinaries: [true] } },
      },
      {
        displayName: 'Keep Missing And Null Values',
        name: 'keepMissing',
        type: 'boolean',
        default: false,
        description: 'Whether to add a null entry to the aggregated list when there is a missing or null value',
        displayOptions: onlyIndividual,
      },
    ],
  },
];
