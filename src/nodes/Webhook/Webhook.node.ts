// Webhook: starts a run when its URL is called. The server builds the item from the request
// ({ headers, params, query, body, webhookUrl, executionMode } plus binary) and passes it as the
// start node's input, on the output of the request's method when a v2 node listens to several.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { NodeType } from '../types.ts';
import { webhookProperties } from './description.ts';
import { webhookOutputs } from './settings.ts';

export const webhook: NodeType = {
  kind: 'trigger',
  description: {
    name: 'n8n-nodes-base.webhook',
    displayName: 'Webhook',
    description: 'Starts the workflow when a webhook is called',
    icon: 'fa:bolt',
    group: ['trigger'],
    version: [1, 1.1, 2, 2.1],
    defaultVersion: 2,
    defaults: { name: 'Webhook', color: '#885577' },
    inputs: [],
    outputs: ['main'],
    dynamicOutputs: true,
    eventTriggerDescription: 'Waiting for you to call the Test URL',
    activationMessage: 'You can now make calls to your production webhook URL.',
    triggerPanel: {
      header: '',
      executionsHelp: {
        inactive:
          "Webhooks have two modes: test and production. <br /> <br /> <b>Use test mode while you build your workflow</b>. Click the 'listen' button, then make a request to the test URL. The executions will show up in the editor.<br /> <br /> <b>Use production mode to run your workflow automatically</b>. <a data-key=\"activate\">Activate</a> the workflow, then make requests to the production URL. These executions will show up in the executions list, but not in the editor.",
        active:
          "Webhooks have two modes: test and production. <br /> <br /> <b>Use test mode while you build your workflow</b>. Click the 'listen' button, then make a request to the test URL. The executions will show up in the editor.<br /> <br /> <b>Use production mode to run your workflow automatically</b>. Since the workflow is activated, you can make requests to the production URL. These executions will show up in the <a data-key=\"executions\">executions list</a>, but not in the editor.",
      },
      activationHint: "Once you've finished building your workflow, run it without having to click this button by using the production webhook URL.",
    },
    webhooks: [{ name: 'default', httpMethod: '={{$parameter["httpMethod"]}}', path: '={{$parameter["path"]}}', responseMode: '={{$parameter["responseMode"]}}', isFullPath: true }],
    codex: { categories: ['Development', 'Core Nodes'], subcategories: { 'Core Nodes': ['Helpers', 'Other Trigger Nodes'] }, alias: ['HTTP', 'API', 'Build', 'WH'] },
    // Spec 001 §4.1: a Basic/Header Auth webhook without its credential has a credentials issue.
    credentials: [
      { name: 'httpBasicAuth', required: true, displayOptions: { show: { authentication: ['basicAuth'] } } },
      { name: 'httpHeaderAuth', required: true, displayOptions: { show: { authentication: ['headerAuth'] } } },
    ],
    properties: webhookProperties,
  },
  outputsFor: webhookOutputs,
  async execute(ctx) {
    // Manual (test) runs: the request's item arrives on the input of its method's output.
    const outputs: INodeExecutionData[][] = [];
    const n = Math.max(1, ctx.getNumberOfInputs());
    for (let i = 0; i < n; i++) outputs.push(ctx.getInputData(i));
    return outputs;
  },
};
