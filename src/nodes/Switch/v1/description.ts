// Switch version 1: four fixed outputs; each rule names the output it routes to.
import type { INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { switchBase } from '../base.ts';
import { dataTypeProperty, legacyRuleProperties, modeProperty } from '../legacyDescription.ts';

const outputIndex = (description: string) => ({
  displayName: 'Output',
  name: 'output',
  type: 'number' as const,
  typeOptions: { minValue: 0, maxValue: 3 },
  default: 0,
  description,
});

export const switchV1Description: INodeTypeDescription = {
  ...switchBase,
  version: 1,
  outputs: ['main', 'main', 'main', 'main'],
  outputNames: ['0', '1', '2', '3'],
  properties: [
    modeProperty,
    { ...outputIndex('The index of output to which to send data to'), displayOptions: { show: { mode: ['expression'] } } },
    dataTypeProperty,
    ...legacyRuleProperties(outputIndex('The index of output to which to send data to if rule matches'), false),
    {
      displayName: 'Fallback Output',
      name: 'fallbackOutput',
      type: 'options',
      displayOptions: { show: { mode: ['rules'] } },
      options: [
        { name: 'None', value: -1 },
        { name: '0', value: 0 },
        { name: '1', value: 1 },
        { name: '2', value: 2 },
        { name: '3', value: 3 },
      ],
      default: -1,
      description: 'The output to which to route all items which do not match any of the rules',
    },
  ],
};
