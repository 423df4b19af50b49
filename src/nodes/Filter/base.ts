// What both Filter versions share in the node list.
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';

export const filterBase = {
  name: 'n8n-nodes-base.filter',
  displayName: 'Filter',
  description: 'Remove items matching a condition',
  icon: 'fa:filter',
  iconColor: 'light-blue',
  group: ['transform'],
  defaultVersion: 2.3,
  defaults: { name: 'Filter', color: '#229eff' },
  inputs: ['main'],
  // One visible output; the discarded items are the run's second list, as in n8n.
  outputs: ['main'],
  outputNames: ['Kept', 'Discarded'],
  codex: {
    categories: ['Core Nodes'],
    subcategories: { 'Core Nodes': ['Flow', 'Data Transformation'] },
    alias: ['Router', 'Filter', 'Condition', 'Logic', 'Boolean', 'Branch'],
  },
} satisfies Omit<INodeTypeDescription, 'version' | 'properties'>;
