// Manual Trigger: where a run started from the editor begins.
import type { NodeType } from '../types.ts';

export const manualTrigger: NodeType = {
  kind: 'trigger',
  description: {
    name: 'n8n-nodes-base.manualTrigger',
    displayName: 'Manual Trigger',
    description: 'Runs the flow on clicking a button in Switchyard',
    icon: 'fa:mouse-pointer',
    group: ['trigger'],
    version: 1,
    defaults: { name: "When clicking 'Execute workflow'", color: '#909298' },
    inputs: [],
    outputs: ['main'],
    maxNodes: 1,
    eventTriggerDescription: '',
    triggerPanel: { header: '', executionsHelp: { active: '', inactive: "This is a manual trigger: click 'Execute workflow' to start a run." } },
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Other Trigger Nodes'] }, alias: ['manual', 'button', 'start'] },
    properties: [
      {
        displayName: "This node is where the workflow starts when you click the 'Execute workflow' button on the canvas",
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
