// The Sort parameters, shared by Sort and Item Lists "Sort".
import type { INodeProperties } from '../../../model/nodeTypes.ts';

export const DISABLE_DOT_NOTATION: INodeProperties = {
  displayName: 'Disable Dot Notation',
  name: 'disableDotNotation',
  type: 'boolean',
  default: false,
  description: 'Whether to disallow referencing child fields using `parent.child` in the field name',
};

export const DEFAULT_SORT_CODE = `// The two items to compare are in the variables a and b
// Access the fields in a.json and b.json
// Return -1 if a should go before b
// Return 1 if b should go before a
// Return 0 if there's no difference

fieldName = 'myField';

if (a.json[fieldName] < b.json[fieldName]) {
return -1;
}
if (a.json[fieldName] > b.json[fieldName]) {
return 1;
}
return 0;`;

export function sortProperties(typeDescription: string, fieldsDescription: string): INodeProperties[] {
  return [
    {
      displayName: 'Type',
      name: 'type',
      type: 'options',
      options: [
        { name: 'Simple', value: 'simple' },
        { name: 'Random', value: 'random' },
        { name: 'Code', value: 'code' },
      ],
      default: 'simple',
      description: typeDescription,
    },
    {
      displayName: 'Fields To Sort By',
      name: 'sortFieldsUi',
      type: 'fixedCollection',
      typeOptions: { multipleValues: true },
      placeholder: 'Add Field To Sort By',
      options: [
        {
          displayName: '',
          name: 'sortField',
          values: [
            { displayName: 'Field Name', name: 'fieldName', type: 'string', required: true, default: '', description: 'The field to sort by', placeholder: 'e.g. id', hint: ' Enter the field name as text' },
            {
              displayName: 'Order',
              name: 'order',
              type: 'options',
              options: [
                { name: 'Ascending', value: 'ascending' },
                { name: 'Descending', value: 'descending' },
              ],
              default: 'ascending',
              description: 'The order to sort by',
            },
          ],
        },
      ],
      default: {},
      description: fieldsDescription,
      displayOptions: { show: { type: ['simple'] } },
    },
    {
      displayName: 'Code',
      name: 'code',
      type: 'string',
      typeOptions: { alwaysOpenEditWindow: true, editor: 'jsEditor', rows: 10 },
      default: DEFAULT_SORT_CODE,
      description: 'Javascript code to determine the order of any two items',
      displayOptions: { show: { type: ['code'] } },
    },
    {
      displayName: 'Options',
      name: 'options',
      type: 'collection',
      placeholder: 'Add Field',
      default: {},
      displayOptions: { show: { type: ['simple'] } },
      options: [DISABLE_DOT_NOTATION],
    },
  ];
}
