// Error Trigger: starts an error workflow. The server runs it in mode 'error' with n8n's item
// ({ execution: { id, url, retryOf, error, lastNodeExecuted, mode }, workflow: { id, name } });
// a manual run without input shows n8n's example item.
import type { NodeType } from '../types.ts';

export const errorTrigger: NodeType = {
  kind: 'trigger',
  description: {
    name: 'n8n-nodes-base.errorTrigger',
    displayName: 'Error Trigger',
    description: 'Triggers the workflow when another workflow has an error',
    icon: 'fa:bug',
    group: ['trigger'],
    version: 1,
    defaults: { name: 'Error Trigger', color: '#0000FF' },
    eventTriggerDescription: '',
    inputs: [],
    outputs: ['main'],
    maxNodes: 1,
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Other Trigger Nodes'] } },
    properties: [
      {
        displayName:
          'This node will trigger when there is an error in another workflow, as long as that workflow is set up to do so. <a href="https://docs.n8n.io/integrations/core-nodes/n8n-nodes-base.errortrigger" target="_blank">More info</a>',
        name: 'notice',
        type: 'notice',
        default: '',
      },
    ],
  },
  async execute(ctx) {
    const items = ctx.getInputData();
    if (ctx.getMode() === 'manual' && items.length === 1 && Object.keys(items[0].json).length === 0 && items[0].binary === undefined) {
      const id = 231;
      return [[{
        json: {
          execution: { id, url: `/workflow/1/executions/${id}`, retryOf: '34', error: { message: 'Example Error Message', stack: 'Stacktrace' }, lastNodeExecuted: 'Node With Error', mode: 'manual' },
          workflow: { id: '1', name: 'Example Workflow' },
        },
      }]];
    }
    return [items];
  },
};
