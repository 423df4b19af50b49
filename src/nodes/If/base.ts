// What both IF versions share in the node list.
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';

export const ifBase = {
  name: 'n8n-nodes-base.if',
  displayName: 'If',
  description: 'Route items to different branches (true/false)',
  icon: 'fa:map-signs',
  iconColor: 'green',
  group: ['transform'],
  defaultVersion: 2.3,
  defaults: { name: 'If', color: '#408000' },
  inputs: ['main'],
  outputs: ['main', 'main'],
  outputNames: ['true', 'false'],
  codex: {
    categories: ['Core Nodes'],
    subcategories: { 'Core Nodes': ['Flow'] },
    alias: ['Router', 'Filter', 'Condition', 'Logic', 'Boolean', 'Branch'],
  },
} satisfies Omit<INodeTypeDescription, 'version' | 'properties'>;
