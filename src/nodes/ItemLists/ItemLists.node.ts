// Item Lists: n8n-nodes-base.itemLists v1, v2–2.2 and v3–3.1 (split out, concatenate, remove
// duplicates, sort, limit, summarize in one node; n8n later split it into separate nodes).
import type { NodeType } from '../types.ts';
import { itemListsV1Description, itemListsV2Description } from './legacy/description.ts';
import { executeLegacy } from './legacy/execute.ts';
import { itemListsV3Description } from './v3/description.ts';
import { executeV3 } from './v3/execute.ts';

export const itemListsV1: NodeType = { kind: 'regular', description: itemListsV1Description, execute: executeLegacy };
export const itemListsV2: NodeType = { kind: 'regular', description: itemListsV2Description, execute: executeLegacy };
export const itemListsV3: NodeType = { kind: 'regular', description: itemListsV3Description, execute: executeV3 };
