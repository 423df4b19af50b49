// IF versions 2, 2.1, 2.2, 2.3: one 'filter' parameter holding typed conditions; the node
// version picks the filter kernel's version (2.2 → 2, 2.3 → 3).
import type { INodeProperties, INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { ifBase } from '../base.ts';

export const looseTypeValidationProperty: INodeProperties = {
  displayName: 'Convert types where required',
  description:
    'If the type of an expression doesn\'t match the type of the comparison, n8n will try to cast the expression to the required type. E.g. for booleans <code>"false"</code> or <code>0</code> will be cast to <code>false</code>',
  name: 'looseTypeValidation',
  type: 'boolean',
  default: true,
};

/** The editor resolves this into the filter value's options.typeValidation. */
export const typeValidationStrictness = (version: number) =>
  `={{ ($nodeVersion < ${version} ? $parameter.options.looseTypeValidation :  $parameter.looseTypeValidation) ? "loose" : "strict" }}`;

export const ifV2Description: INodeTypeDescription = {
  ...ifBase,
  version: [2, 2.1, 2.2, 2.3],
  properties: [
    {
      displayName: 'Conditions',
      name: 'conditions',
      placeholder: 'Add Condition',
      type: 'filter',
      default: {},
      typeOptions: {
        filter: {
          caseSensitive: '={{!$parameter.options.ignoreCase}}',
          typeValidation: typeValidationStrictness(2.1),
          version: '={{ $nodeVersion >= 2.3 ? 3 : $nodeVersion >= 2.2 ? 2 : 1 }}',
        },
      },
    },
    { ...looseTypeValidationProperty, default: false, displayOptions: { show: { '@version': [{ _cnd: { gte: 2.1 } }] } } },
    {
      displayName: 'Options',
      name: 'options',
      type: 'collection',
      placeholder: 'Add option',
      default: {},
      options: [
        { displayName: 'Ignore Case', description: 'Whether to ignore letter case when evaluating conditions', name: 'ignoreCase', type: 'boolean', default: true },
        { ...looseTypeValidationProperty, displayOptions: { show: { '@version': [{ _cnd: { lt: 2.1 } }] } } },
      ],
    },
  ],
};
