// Remove Duplicates: n8n-nodes-base.removeDuplicates v1 and 1.1 drop items whose compared
// fields equal an earlier item's; v2 (./v2.ts) puts that behind an Operation.
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';
import type { NodeType } from '../types.ts';
import { dedupeProperties } from '../shared/items/dedupeProperties.ts';
import { runRemoveDuplicates } from '../shared/items/dedupeOperation.ts';
import { removeDuplicatesV2 as buildV2 } from './v2.ts';

const base: Omit<INodeTypeDescription, 'version' | 'properties'> = {
  name: 'n8n-nodes-base.removeDuplicates',
  displayName: 'Remove Duplicates',
  description: 'Delete items with matching field values',
  icon: 'fa:clone',
  group: ['transform'],
  defaultVersion: 2,
  defaults: { name: 'Remove Duplicates' },
  inputs: ['main'],
  outputs: ['main'],
  codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Data Transformation'] }, alias: ['Dedupe', 'Deduplicate', 'Duplicates', 'Remove', 'Unique', 'Transform', 'Array', 'List', 'Item'] },
};

export const removeDuplicatesV1: NodeType = {
  kind: 'regular',
  description: { ...base, version: [1, 1.1], properties: dedupeProperties },
  async execute(ctx) {
    const nullsAllowed = ctx.getNode().typeVersion > 1;
    return [runRemoveDuplicates(ctx, ctx.getInputData(), { nullsAllowed })];
  },
};

export const removeDuplicatesV2: NodeType = buildV2(base);
