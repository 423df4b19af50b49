// Merge: n8n-nodes-base.merge, versions 1, 2–2.1 and 3–3.2.
export { mergeV1 } from './v1/MergeV1.node.ts';
export { mergeV2 } from './v2/MergeV2.node.ts';
export { mergeV3 } from './v3/MergeV3.node.ts';
