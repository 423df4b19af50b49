// Execute Workflow Trigger v1: where a workflow called by Execute Workflow starts; it passes on
// the items the calling node sent (in a manual run, the start item).
import type { NodeType } from '../types.ts';

export const executeWorkflowTrigger: NodeType = {
  kind: 'trigger',
  description: {
    name: 'n8n-nodes-base.executeWorkflowTrigger',
    displayName: 'Execute Workflow Trigger',
    description: 'Helpers for calling other n8n workflows. Used for designing modular, microservice-like workflows.',
    icon: 'fa:sign-out-alt',
    iconColor: 'orange-red',
    group: ['trigger'],
    version: 1,
    eventTriggerDescription: '',
    maxNodes: 1,
    defaults: { name: 'When Executed by Another Workflow', color: '#ff6d5a' },
    inputs: [],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Helpers'] }, alias: ['Workflow', 'Call', 'Sub-workflow', 'Trigger'] },
    properties: [
      {
        displayName: 'Events',
        name: 'events',
        type: 'hidden',
        noDataExpression: true,
        options: [{ name: 'Workflow Call', value: 'worklfow_call', description: 'When executed by another workflow using Execute Workflow Trigger', action: 'When executed by Another Workflow' }],
        default: 'worklfow_call',
      },
      {
        displayName:
          "When an ‘execute workflow’ node calls this workflow, the execution starts here. Any data passed into the 'execute workflow' node will be output by this node.",
        name: 'notice',
        type: 'notice',
        default: '',
      },
    ],
  },
  async execute(ctx) {
    return [ctx.getInputData()];
  },
};
