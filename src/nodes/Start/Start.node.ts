// Start: the legacy start node of older n8n workflows (replaced by Manual Trigger).
import type { NodeType } from '../types.ts';

export const start: NodeType = {
  kind: 'trigger',
  description: {
    name: 'n8n-nodes-base.start',
    displayName: 'Start',
    description: 'Starts the workflow execution from this node (legacy; use Manual Trigger)',
    icon: 'fa:play',
    group: ['input'],
    version: 1,
    defaults: { name: 'Start', color: '#00e000' },
    inputs: [],
    outputs: ['main'],
    maxNodes: 1,
    hidden: true,
    codex: { categories: ['Core Nodes'] },
    properties: [],
  },
  async execute(ctx) {
    return [ctx.getInputData()];
  },
};
