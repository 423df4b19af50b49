// Customer Datastore (n8n training): built-in fake customers, no network. For each input item
// it returns one person or the first `limit` (or all) people.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { NodeType } from '../types.ts';
import { TRAINING_CUSTOMERS } from './customers.ts';
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';

export const n8nTrainingCustomerDatastore: NodeType = {
  kind: 'regular',
  description: {
    name: 'n8n-nodes-base.n8nTrainingCustomerDatastore',
    displayName: 'Customer Datastore (n8n training)',
    description: 'Dummy node used for n8n training',
    icon: 'fa:database',
    group: ['transform'],
    version: 1,
    subtitle: '={{$parameter["operation"]}}',
    defaults: { name: 'Customer Datastore (n8n training)' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Helpers'] }, alias: ['training', 'customers', 'sample data'] },
    properties: [
      {
        displayName: 'Operation',
        name: 'operation',
        type: 'options',
        noDataExpression: true,
        options: [
          { name: 'Get One Person', value: 'getOnePerson' },
          { name: 'Get All People', value: 'getAllPeople' },
        ],
        default: 'getOnePerson',
      },
      {
        displayName: 'Return All',
        name: 'returnAll',
        type: 'boolean',
        displayOptions: { show: { operation: ['getAllPeople'] } },
        default: false,
        description: 'Whether to return all results or only up to a given limit',
      },
      {
        displayName: 'Limit',
        name: 'limit',
        type: 'number',
        displayOptions: { show: { operation: ['getAllPeople'], returnAll: [false] } },
        typeOptions: { minValue: 1, maxValue: 10 },
        default: 5,
        description: 'Max number of results to return',
      },
    ],
  },
  async execute(ctx) {
    const items = ctx.getInputData();
    const operation = ctx.getNodeParameter('operation', 0) as string;
    const out: INodeExecutionData[] = [];
    for (let i = 0; i < items.length; i++) {
      if (sliceDue()) await yieldToLoop();
      let people: readonly object[] = [];
      if (operation === 'getOnePerson') people = [TRAINING_CUSTOMERS[0]];
      if (operation === 'getAllPeople') {
        const returnAll = ctx.getNodeParameter('returnAll', i) as boolean;
        people = returnAll ? TRAINING_CUSTOMERS : TRAINING_CUSTOMERS.slice(0, ctx.getNodeParameter('limit', i) as number);
      }
      for (const person of people) out.push({ json: structuredClone(person) as INodeExecutionData['json'], pairedItem: { item: i } });
    }
    return [out];
  },
};
