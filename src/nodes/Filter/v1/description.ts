// Filter version 1: IF v1's typed conditions, combined with AND or OR.
import type { INodeProperties, INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { ifV1Description } from '../../If/v1/description.ts';
import { filterBase } from '../base.ts';

const ifConditions = ifV1Description.properties.find((p) => p.name === 'conditions') as INodeProperties;

export const filterV1Description: INodeTypeDescription = {
  ...filterBase,
  version: 1,
  properties: [
    ifConditions,
    {
      displayName: 'Combine Conditions',
      name: 'combineConditions',
      type: 'options',
      options: [
        { name: 'AND', description: 'Items are passed to the next node only if they meet all the conditions', value: 'AND' },
        { name: 'OR', description: 'Items are passed to the next node if they meet at least one condition', value: 'OR' },
      ],
      default: 'AND',
      description: 'How to combine the conditions: AND requires all conditions to be true, OR requires at least one condition to be true',
    },
  ],
};
