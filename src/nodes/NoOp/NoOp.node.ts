// No Operation: passes its items on unchanged (a named sink or junction).
import type { NodeType } from '../types.ts';

export const noOp: NodeType = {
  kind: 'regular',
  description: {
    name: 'n8n-nodes-base.noOp',
    displayName: 'No Operation, do nothing',
    description: 'No Operation',
    icon: 'fa:arrow-right',
    group: ['organization'],
    version: 1,
    defaults: { name: 'No Operation, do nothing', color: '#b0b0b0' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Helpers', 'Flow'] }, alias: ['nothing', 'noop', 'pass'] },
    properties: [],
  },
  async execute(ctx) {
    return [ctx.getInputData()];
  },
};
