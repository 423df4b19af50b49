// Filter versions 2–2.3: one 'filter' parameter with typed conditions, like IF v2.
import type { INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { looseTypeValidationProperty, typeValidationStrictness } from '../../If/v2/description.ts';
import { filterBase } from '../base.ts';

export const filterV2Description: INodeTypeDescription = {
  ...filterBase,
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
