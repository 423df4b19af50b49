// n8n Form Trigger (n8n-nodes-base.formTrigger 1, 2, 2.1–2.5): starts a run when its hosted form
// is submitted. The server serves the form at /form/<path> (active workflow) and
// /form-test/<path> (the editor listening), checks the submission and passes the item (fields by
// label, submittedAt, formMode, uploads as binary) as this node's input; see src/server/forms.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { NodeType } from '../types.ts';
import { formTriggerPanel, formTriggerV1Properties, formTriggerV2Properties } from './description.ts';

export const FORM_TRIGGER_NODE_TYPE = 'n8n-nodes-base.formTrigger';
export const FORM_NODE_TYPE = 'n8n-nodes-base.form';

const base = {
  name: FORM_TRIGGER_NODE_TYPE,
  displayName: 'n8n Form Trigger',
  description: 'Generate webforms in n8n and pass their responses to the workflow',
  icon: 'fa:tasks',
  group: ['trigger'] as Array<'trigger'>,
  defaults: { name: 'On form submission', color: '#e06c75' },
  inputs: [],
  outputs: ['main'],
  eventTriggerDescription: 'Waiting for you to submit the form',
  activationMessage: 'You can now make calls to your production Form URL.',
  triggerPanel: formTriggerPanel,
  codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Other Trigger Nodes'] }, alias: ['table', 'submit', 'post', 'page', 'step', 'stage', 'multi'] },
};

async function passInput(ctx: { getInputData(i?: number): INodeExecutionData[] }): Promise<INodeExecutionData[][]> {
  // Runs get the submitted item as input from the server (like the Webhook node).
  return [ctx.getInputData()];
}

export const formTriggerV1: NodeType = {
  kind: 'trigger',
  description: {
    ...base,
    version: 1,
    defaults: { name: 'n8n Form Trigger', color: '#e06c75' },
    webhooks: [
      { name: 'setup', httpMethod: 'GET', responseMode: 'onReceived', path: 'n8n-form' },
      { name: 'default', httpMethod: 'POST', responseMode: '={{$parameter["responseMode"]}}', path: 'n8n-form' },
    ],
    properties: formTriggerV1Properties,
  },
  execute: passInput,
};

export const formTriggerV2: NodeType = {
  kind: 'trigger',
  description: {
    ...base,
    version: [2, 2.1, 2.2, 2.3, 2.4, 2.5],
    defaultVersion: 2.5,
    webhooks: [
      { name: 'setup', httpMethod: 'GET', responseMode: 'onReceived', isFullPath: true, path: '={{$parameter["path"]}}' },
      { name: 'default', httpMethod: 'POST', responseMode: '={{$parameter["responseMode"]}}', isFullPath: true, path: '={{$parameter["path"]}}' },
    ],
    credentials: [{ name: 'httpBasicAuth', required: true, displayOptions: { show: { authentication: ['basicAuth'] } } }],
    properties: formTriggerV2Properties,
  },
  execute: passInput,
};
