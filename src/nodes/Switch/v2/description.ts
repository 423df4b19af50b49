// Switch version 2: as many outputs as rules (or "Outputs Amount" in expression mode).
import type { INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { switchBase } from '../base.ts';
import { dataTypeProperty, legacyRuleProperties, modeProperty } from '../legacyDescription.ts';

export const switchV2Description: INodeTypeDescription = {
  ...switchBase,
  version: 2,
  outputs: ['main'],
  dynamicOutputs: true,
  properties: [
    modeProperty,
    {
      displayName: 'Output',
      name: 'output',
      type: 'string',
      displayOptions: { show: { mode: ['expression'] } },
      default: '',
      description: 'The index of output to which to send data to',
    },
    {
      displayName: 'Outputs Amount',
      name: 'outputsAmount',
      type: 'number',
      displayOptions: { show: { mode: ['expression'] } },
      default: 4,
      description: 'Amount of outputs to create',
    },
    dataTypeProperty,
    ...legacyRuleProperties(
      { displayName: 'Output Key', name: 'outputKey', type: 'string', default: '', description: 'The label of output to which to send data to if rule matches' },
      true,
    ),
    {
      displayName: 'Fallback Output Name or ID',
      name: 'fallbackOutput',
      type: 'options',
      displayOptions: { show: { mode: ['rules'] } },
      typeOptions: { loadOptionsDependsOn: ['rules.rules'], loadOptionsMethod: 'getFallbackOutputOptions' },
      default: -1,
      description:
        'The output to which to route all items which do not match any of the rules. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
    },
  ],
};
