// Switch versions 3–3.4: rules built on the filter kernel (one output per rule, optional
// fallback output), or an expression that returns the output index.
import type { INodeProperties, INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { looseTypeValidationProperty, typeValidationStrictness } from '../../If/v2/description.ts';
import { switchBase } from '../base.ts';

const numberOutputs: INodeProperties = {
  displayName: 'Number of Outputs',
  name: 'numberOutputs',
  type: 'number',
  default: 4,
  description: 'How many outputs to create',
};

export const switchV3Description: INodeTypeDescription = {
  ...switchBase,
  version: [3, 3.1, 3.2, 3.3, 3.4],
  subtitle: '=mode: {{ $parameter["mode"] === "expression" ? "Expression" : "Rules" }}',
  outputs: ['main'],
  dynamicOutputs: true,
  properties: [
    {
      displayName: 'Mode',
      name: 'mode',
      type: 'options',
      noDataExpression: true,
      options: [
        { name: 'Rules', value: 'rules', description: 'Build a matching rule for each output' },
        { name: 'Expression', value: 'expression', description: 'Write an expression to return the output index' },
      ],
      default: 'rules',
      description: 'How data should be routed',
    },
    { ...numberOutputs, displayOptions: { show: { mode: ['expression'], '@version': [{ _cnd: { lt: 3.3 } }] } } },
    { ...numberOutputs, noDataExpression: true, displayOptions: { show: { mode: ['expression'], '@version': [{ _cnd: { gte: 3.3 } }] } } },
    {
      displayName: 'Output Index',
      name: 'output',
      type: 'number',
      hint: 'The index to route the item to, starts at 0',
      displayOptions: { show: { mode: ['expression'] } },
      default: '={{}}',
      description:
        'The output index to send the input item to. Use an expression to calculate which input item should be routed to which output. The expression must return a number.',
    },
    {
      displayName: 'Routing Rules',
      name: 'rules',
      placeholder: 'Add Routing Rule',
      type: 'fixedCollection',
      typeOptions: { multipleValues: true, sortable: true },
      default: {
        values: [
          {
            conditions: {
              options: { caseSensitive: true, leftValue: '', typeValidation: 'strict' },
              conditions: [{ leftValue: '', rightValue: '', operator: { type: 'string', operation: 'equals' } }],
              combinator: 'and',
            },
          },
        ],
      },
      displayOptions: { show: { mode: ['rules'] } },
      options: [
        {
          name: 'values',
          displayName: 'Values',
          values: [
            {
              displayName: 'Conditions',
              name: 'conditions',
              placeholder: 'Add Condition',
              type: 'filter',
              default: {},
              typeOptions: {
                multipleValues: false,
                filter: {
                  caseSensitive: '={{!$parameter.options.ignoreCase}}',
                  typeValidation: typeValidationStrictness(3.1),
                  version: '={{ $nodeVersion >= 3.4 ? 3 : $nodeVersion >= 3.2 ? 2 : 1 }}',
                },
              },
            },
            { displayName: 'Rename Output', name: 'renameOutput', type: 'boolean', default: false },
            {
              displayName: 'Output Name',
              name: 'outputKey',
              type: 'string',
              default: '',
              description: 'The label of output to which to send data to if rule matches',
              displayOptions: { show: { renameOutput: [true] } },
            },
          ],
        },
      ],
    },
    { ...looseTypeValidationProperty, default: false, displayOptions: { show: { '@version': [{ _cnd: { gte: 3.1 } }] } } },
    {
      displayName: 'Options',
      name: 'options',
      type: 'collection',
      placeholder: 'Add option',
      default: {},
      displayOptions: { show: { mode: ['rules'] } },
      options: [
        {
          displayName: 'Fallback Output',
          name: 'fallbackOutput',
          type: 'options',
          typeOptions: { loadOptionsDependsOn: ['rules.values', '/rules', '/rules.values'], loadOptionsMethod: 'getFallbackOutputOptions' },
          default: 'none',
          description: 'If no rule matches the item will be sent to this output, by default they will be ignored',
        },
        { displayName: 'Ignore Case', description: 'Whether to ignore letter case when evaluating conditions', name: 'ignoreCase', type: 'boolean', default: true },
        { ...looseTypeValidationProperty, displayOptions: { show: { '@version': [{ _cnd: { lt: 3.1 } }] } } },
        {
          displayName: 'Rename Fallback Output',
          name: 'renameFallbackOutput',
          type: 'string',
          placeholder: 'e.g. Fallback',
          default: '',
          displayOptions: { show: { fallbackOutput: ['extra'] } },
        },
        {
          displayName: 'Send data to all matching outputs',
          name: 'allMatchingOutputs',
          type: 'boolean',
          default: false,
          description: 'Whether to send data to all outputs meeting conditions (and not just the first one)',
        },
      ],
    },
  ],
};
