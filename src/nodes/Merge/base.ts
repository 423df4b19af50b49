// What every Merge version shares in the node list.
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';
import type { INode } from '../../model/workflow.ts';

export const mergeBase = {
  name: 'n8n-nodes-base.merge',
  displayName: 'Merge',
  description: 'Merges data of multiple streams once data from both is available',
  icon: 'fa:code-branch',
  iconColor: 'light-blue',
  group: ['transform'],
  subtitle: '={{$parameter["mode"]}}',
  defaultVersion: 3.2,
  defaults: { name: 'Merge', color: '#00bbcc' },
  outputs: ['main'],
  codex: {
    categories: ['Core Nodes'],
    subcategories: { 'Core Nodes': ['Flow', 'Data Transformation'] },
    alias: ['Join', 'Concatenate', 'Wait'],
  },
} satisfies Omit<INodeTypeDescription, 'version' | 'properties' | 'inputs'>;

/** n8n: '={{ $parameter["mode"] === "chooseBranch" ? [0, 1] : 1 }}' (mode defaults to append). */
export function mergeRequiredInputs(node: INode): number | number[] {
  return node.parameters?.mode === 'chooseBranch' ? [0, 1] : 1;
}
