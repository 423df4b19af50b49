// What every Switch version shares in the node list.
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';

export const switchBase = {
  name: 'n8n-nodes-base.switch',
  displayName: 'Switch',
  description: 'Route items depending on defined expression or rules',
  icon: 'fa:map-signs',
  iconColor: 'light-blue',
  group: ['transform'],
  defaultVersion: 3.4,
  defaults: { name: 'Switch', color: '#506000' },
  inputs: ['main'],
  codex: {
    categories: ['Core Nodes'],
    subcategories: { 'Core Nodes': ['Flow'] },
    alias: ['Router', 'If', 'Path', 'Filter', 'Condition', 'Logic', 'Branch', 'Case'],
  },
} satisfies Omit<INodeTypeDescription, 'version' | 'properties' | 'outputs'>;
