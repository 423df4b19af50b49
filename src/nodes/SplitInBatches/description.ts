// Split In Batches (v1, v2) and Loop Over Items (v3) descriptions.
import type { INodeProperties, INodeTypeDescription } from '../../model/nodeTypes.ts';

const notice: INodeProperties = {
  displayName:
    'You may not need this node — n8n nodes automatically run once for each input item. <a href="https://docs.n8n.io/getting-started/key-concepts/looping.html#using-loops-in-n8n" target="_blank">More info</a>',
  name: 'splitInBatchesNotice',
  type: 'notice',
  default: '',
};

const batchSize = (def: number): INodeProperties => ({
  displayName: 'Batch Size',
  name: 'batchSize',
  type: 'number',
  typeOptions: { minValue: 1 },
  default: def,
  description: 'The number of items to return with each call',
});

const options = (placeholder: string, resetDescription: string): INodeProperties => ({
  displayName: 'Options',
  name: 'options',
  type: 'collection',
  placeholder,
  default: {},
  options: [{ displayName: 'Reset', name: 'reset', type: 'boolean', default: false, description: resetDescription }],
});

const OLD_RESET = 'Whether the node will be reset and so with the current input-data newly initialized';

const base = {
  name: 'n8n-nodes-base.splitInBatches',
  icon: 'fa:sync',
  iconColor: 'dark-green',
  group: ['organization'],
  description: 'Split data into batches and iterate over each batch',
  defaultVersion: 3,
  inputs: ['main'],
  codex: {
    categories: ['Core Nodes'],
    subcategories: { 'Core Nodes': ['Flow'] },
    alias: ['Loop', 'Concatenate', 'Batch', 'Split', 'Split In Batches'],
  },
} satisfies Partial<INodeTypeDescription>;

export const splitInBatchesV1Description: INodeTypeDescription = {
  ...base,
  displayName: 'Split In Batches',
  version: 1,
  defaults: { name: 'Split In Batches', color: '#007755' },
  outputs: ['main'],
  properties: [notice, batchSize(10), options('Add Option', OLD_RESET)],
};

export const splitInBatchesV2Description: INodeTypeDescription = {
  ...base,
  displayName: 'Split In Batches',
  version: 2,
  defaults: { name: 'Split In Batches', color: '#007755' },
  outputs: ['main', 'main'],
  outputNames: ['loop', 'done'],
  properties: [notice, batchSize(10), options('Add option', OLD_RESET)],
};

export const splitInBatchesV3Description: INodeTypeDescription = {
  ...base,
  displayName: 'Loop Over Items (Split in Batches)',
  version: 3,
  defaults: { name: 'Loop Over Items', color: '#007755' },
  outputs: ['main', 'main'],
  outputNames: ['done', 'loop'],
  properties: [
    notice,
    batchSize(1),
    options(
      'Add option',
      'Whether the node starts again from the beginning of the input items. This will treat incoming data as a new set rather than continuing with the previous items.',
    ),
  ],
};
