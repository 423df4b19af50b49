// n8n's updateDisplayOptions for Item Lists: shows each operation's properties only for it.
import type { INodeProperties } from '../../model/nodeTypes.ts';

export function forOperation(operation: string | string[], properties: INodeProperties[]): INodeProperties[] {
  const operations = Array.isArray(operation) ? operation : [operation];
  return properties.map((p) => ({
    ...p,
    displayOptions: { ...p.displayOptions, show: { resource: ['itemList'], operation: operations, ...p.displayOptions?.show } },
  }));
}

export const RESOURCE: INodeProperties = {
  displayName: 'Resource',
  name: 'resource',
  type: 'hidden',
  options: [{ name: 'Item List', value: 'itemList' }],
  default: 'itemList',
};

export const itemListsBase = {
  name: 'n8n-nodes-base.itemLists',
  displayName: 'Item Lists',
  description: 'Helper for working with lists of items and transforming arrays',
  icon: 'fa:list',
  group: ['input' as const],
  subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
  defaults: { name: 'Item Lists' },
  inputs: ['main'],
  outputs: ['main'],
  // Split into Aggregate, Split Out, Sort … in n8n 1.x; kept for existing workflows.
  hidden: true,
  codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Data Transformation'] }, alias: ['Aggregate', 'Sort', 'Limit', 'Split', 'Summarize', 'Remove Duplicates', 'Transform', 'Array', 'List', 'Item'] },
};
