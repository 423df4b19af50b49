// Set versions 1 and 2: typed values (boolean, number, string) written by name.
import type { INodeProperties, INodeTypeDescription } from '../../../model/nodeTypes.ts';

const NAME_DESCRIPTION = 'Name of the property to write data to. Supports dot-notation. Example: "data.person[0].name"';
const nameProperty: INodeProperties = { displayName: 'Name', name: 'name', type: 'string', default: 'propertyName', description: NAME_DESCRIPTION };

export const setV1Description: INodeTypeDescription = {
  name: 'n8n-nodes-base.set',
  displayName: 'Set',
  description: 'Sets values on items and optionally remove other values',
  icon: 'fa:pen',
  group: ['input'],
  version: [1, 2],
  defaults: { name: 'Set', color: '#0000FF' },
  inputs: ['main'],
  outputs: ['main'],
  codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Data Transformation'] }, alias: ['Set', 'JS', 'JSON', 'Filter', 'Transform', 'Map'] },
  properties: [
    {
      displayName: 'Keep Only Set',
      name: 'keepOnlySet',
      type: 'boolean',
      default: false,
      description: 'Whether only the values set on this node should be kept and all others removed',
    },
    {
      displayName: 'Values to Set',
      name: 'values',
      placeholder: 'Add Value',
      type: 'fixedCollection',
      typeOptions: { multipleValues: true, sortable: true },
      description: 'The value to set',
      default: {},
      options: [
        {
          name: 'boolean',
          displayName: 'Boolean',
          values: [nameProperty, { displayName: 'Value', name: 'value', type: 'boolean', default: false, description: 'The boolean value to write in the property' }],
        },
        {
          name: 'number',
          displayName: 'Number',
          values: [nameProperty, { displayName: 'Value', name: 'value', type: 'number', default: 0, description: 'The number value to write in the property' }],
        },
        {
          name: 'string',
          displayName: 'String',
          values: [nameProperty, { displayName: 'Value', name: 'value', type: 'string', default: '', description: 'The string value to write in the property' }],
        },
      ],
    },
    {
      displayName: 'Options',
      name: 'options',
      type: 'collection',
      placeholder: 'Add option',
      default: {},
      options: [
        {
          displayName: 'Dot Notation',
          name: 'dotNotation',
          type: 'boolean',
          default: true,
          description:
            '<p>By default, dot-notation is used in property names. This means that "a.b" will set the property "b" underneath "a" so { "a": { "b": value} }.<p></p>If that is not intended this can be deactivated, it will then set { "a.b": value } instead.</p>.',
        },
      ],
    },
  ],
};
