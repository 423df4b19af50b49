// What both Date & Time versions share in the node list.
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';

export const dateTimeBase = {
  name: 'n8n-nodes-base.dateTime',
  displayName: 'Date & Time',
  icon: 'fa:calendar',
  group: ['transform'],
  defaultVersion: 2,
  subtitle: '={{$parameter["action"]}}',
  defaults: { name: 'Date & Time', color: '#408000' },
  inputs: ['main'],
  outputs: ['main'],
  codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Data Transformation'] }, alias: ['Date', 'Time', 'Timezone', 'Format', 'Luxon', 'Moment', 'Calendar'] },
} satisfies Omit<INodeTypeDescription, 'version' | 'properties' | 'description'>;
