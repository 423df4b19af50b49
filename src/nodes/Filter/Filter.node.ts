// Filter: n8n-nodes-base.filter, versions 1 and 2–2.3.
export { filterV1 } from './v1/FilterV1.node.ts';
export { filterV2 } from './v2/FilterV2.node.ts';
