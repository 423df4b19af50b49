// Item Lists v1 and v2–2.2: field lists as fixedCollections of { fieldName }.
import type { INodeProperties, INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { DISABLE_DOT_NOTATION, sortProperties } from '../../shared/items/sortProperties.ts';
import { limitProperties } from '../../shared/items/limit.ts';
import { INCLUDE_OPTIONS } from '../../shared/items/splitOutProperties.ts';
import { summarizeProperties } from '../summarizeProperties.ts';
import { forOperation, itemListsBase, RESOURCE } from '../forOperation.ts';

function fieldList(name: string, displayName: string, placeholder: string, description: string, show: Record<string, string[]>): INodeProperties {
  return {
    displayName,
    name,
    type: 'fixedCollection',
    typeOptions: { multipleValues: true },
    placeholder,
    default: {},
    displayOptions: { show },
    options: [
      {
        displayName: '',
        name: 'fields',
        values: [{ displayName: 'Field Name', name: 'fieldName', type: 'string', default: '', description, placeholder: 'e.g. id', hint: ' Enter the field name as text' }],
      },
    ],
  };
}

function operationProperty(version: 1 | 2): INodeProperties {
  const action = (text: string, name: string) => (version === 1 ? text : name);
  return {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Concatenate Items', value: 'aggregateItems', description: 'Combine fields into a list in a single new item', action: action('Combine fields into a list in a single new item', 'Concatenate Items') },
      { name: 'Limit', value: 'limit', description: 'Remove items if there are too many', action: action('Remove items if there are too many', 'Limit') },
      { name: 'Remove Duplicates', value: 'removeDuplicates', description: 'Remove extra items that are similar', action: action('Remove extra items that are similar', 'Remove Duplicates') },
      { name: 'Sort', value: 'sort', description: 'Change the item order', action: action('Change the item order', 'Sort') },
      {
        name: 'Split Out Items',
        value: 'splitOutItems',
        description: version === 1 ? 'Turn a list inside item(s) into separate items' : "Turn a list or values of object's properties inside item(s) into separate items",
        action: action('Turn a list inside item(s) into separate items', 'Split Out Items'),
      },
      { name: 'Summarize', value: 'summarize', description: 'Aggregate items together (pivot table)', action: action('Aggregate items together (pivot table)', 'Summarize') },
    ],
    default: 'splitOutItems',
  };
}

const splitOut: INodeProperties[] = [
  { displayName: 'Field To Split Out', name: 'fieldToSplitOut', type: 'string', default: '', required: true, description: 'The name of the input field to break out into separate items' },
  { displayName: 'Include', name: 'include', type: 'options', options: INCLUDE_OPTIONS, default: 'noOtherFields', description: 'Whether to copy any other fields into the new items' },
  fieldList('fieldsToInclude', 'Fields To Include', 'Add Field To Include', 'A field in the input items to aggregate together', { include: ['selectedOtherFields'] }),
];

const aggregate: INodeProperties[] = [
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
  fieldList('fieldsToExclude', 'Fields To Exclude', 'Add Field To Exclude', 'A field in the input to exclude from the object in output array', { aggregate: ['aggregateAllItemData'], include: ['allFieldsExcept'] }),
  fieldList('fieldsToInclude', 'Fields To Include', 'Add Field To Include', 'Specify fields that will be included in output array', { aggregate: ['aggregateAllItemData'], include: ['specifiedFields'] }),
];

const removeDuplicates: INodeProperties[] = [
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
  fieldList('fieldsToExclude', 'Fields To Exclude', 'Add Field To Exclude', 'A field in the input to exclude from the comparison', { compare: ['allFieldsExcept'] }),
  fieldList('fieldsToCompare', 'Fields To Compare', 'Add Field To Compare', 'A field in the input to add to the comparison', { compare: ['selectedFields'] }),
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    displayOptions: { show: { compare: ['allFieldsExcept', 'selectedFields'] } },
    options: [
      {
        displayName: 'Remove Other Fields',
        name: 'removeOtherFields',
        type: 'boolean',
        default: false,
        description: 'Whether to remove any fields that are not being compared. If disabled, will keep the values from the first of the duplicates.',
      },
      DISABLE_DOT_NOTATION,
    ],
  },
];

const LEGACY_SORT_CODE = `// The two items to compare are in the variables a and b
// Access the fields in a.json and b.json
// Return -1 if a should go before b
// Return 1 if b should go before a
// Return 0 if there's no difference

fieldName = 'myField';

if (a.json[fieldName] < b.json[fieldName]) {
\t\treturn -1;
}
if (a.json[fieldName] > b.json[fieldName]) {
\t\treturn 1;
}
return 0;`;

const sort = sortProperties('The fields of the input items to compare to see if they are the same', 'The fields of the input items to compare to see if they are the same').map((p) =>
  p.name === 'code' ? { ...p, default: LEGACY_SORT_CODE, typeOptions: { alwaysOpenEditWindow: true, editor: 'code', rows: 10 } } : p,
);

const splitAndAggregateOptions: INodeProperties = {
  displayName: 'Options',
  name: 'options',
  type: 'collection',
  placeholder: 'Add Field',
  default: {},
  displayOptions: { show: { resource: ['itemList'], operation: ['splitOutItems', 'aggregateItems'] }, hide: { aggregate: ['aggregateAllItemData'] } },
  options: [
    { ...DISABLE_DOT_NOTATION, displayOptions: { show: { '/operation': ['splitOutItems', 'aggregateItems'] } } },
    { displayName: 'Destination Field Name', name: 'destinationFieldName', type: 'string', displayOptions: { show: { '/operation': ['splitOutItems'] } }, default: '', description: 'The field in the output under which to put the split field contents' },
    {
      displayName: 'Merge Lists',
      name: 'mergeLists',
      type: 'boolean',
      displayOptions: { show: { '/operation': ['aggregateItems'] } },
      default: false,
      description: 'Whether to merge the output into a single flat list (rather than a list of lists), if the field to aggregate is a list',
    },
    {
      displayName: 'Keep Missing And Null Values',
      name: 'keepMissing',
      type: 'boolean',
      displayOptions: { show: { '/operation': ['aggregateItems'] } },
      default: false,
      description: 'Whether to add a null entry to the aggregated list when there is a missing or null value',
    },
  ],
};

function legacyDescription(version: 1 | 2): INodeTypeDescription {
  return {
    ...itemListsBase,
    version: version === 1 ? 1 : [2, 2.1, 2.2],
    defaultVersion: 3.1,
    properties: [
      RESOURCE,
      operationProperty(version),
      ...forOperation('splitOutItems', splitOut),
      ...forOperation('aggregateItems', aggregate),
      ...forOperation('removeDuplicates', removeDuplicates),
      ...forOperation('sort', sort),
      ...forOperation('limit', limitProperties),
      splitAndAggregateOptions,
      ...forOperation('summarize', summarizeProperties),
    ],
  };
}

export const itemListsV1Description = legacyDescription(1);
export const itemListsV2Description = legacyDescription(2);
